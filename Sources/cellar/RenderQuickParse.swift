import ArgumentParser
import Cellar
import CellarDocuments

/// `cellar render FILE [options]`, the invocation scripts make once a table,
/// read by hand into `RenderSettings`: ArgumentParser's parse reflects the
/// command (a `Mirror` of every option group, a conformance look-up for every
/// wrapper and value type, a `Decoder` pass), and even a `RenderCommand` made
/// by hand instantiates each wrapper's generic type, most of a small table's
/// start-up in a static binary. An accelerator (`CellarCommand.quickRender`;
/// its plain twin is ArgumentParser's parse).
///
/// Invariant: `parse` gives nil (declines) or the settings of the command
/// ArgumentParser's `RenderCommand.parse` gives for the same arguments,
/// before `validate()` (the caller's, as ArgumentParser calls it: it reports
/// its own failure in Cellar's words either way): every option under the
/// name ArgumentParser gives it, each value read by the same
/// `init(argument:)` or transform, a repeated option read in order (the
/// last value stands; `--styles` collects). It declines whatever it does not
/// read as ArgumentParser does — a short or unknown option, `--`, a flag
/// with `=`, `--name=` with nothing after it, a value missing or starting
/// with a dash, a value ArgumentParser would refuse, a second file or none —
/// so help and every error of ArgumentParser's still come from
/// ArgumentParser. `RenderQuickParseTests` holds both to the same settings
/// over generated argument lists, and `options`' names to render's options.
enum RenderQuickParse {
    /// How one option is read: a flag sets its property; an option with a
    /// value reads it, false when ArgumentParser would refuse the value.
    enum Reader: Sendable {
        case flag(@Sendable (inout RenderSettings) -> Void)
        case value(@Sendable (inout RenderSettings, String) -> Bool)
    }

    /// Every option of `render` by its long name (without `--`). A new
    /// option of `render` goes here too: the tests fail until it does. A
    /// list, searched in turn: a dictionary's first use costs more here
    /// than the search (a conformance look-up in a static binary).
    static let options: [(name: String, reader: Reader)] = [
        ("width", value { (c, v: Int) in c.width = v }),
        ("height", value { (c, v: Int) in c.height = v }),
        ("offset", value { (c, v: Int) in c.offset = v }),
        ("color", value { (c, v: ColorMode) in c.color = v }),
        ("format", value { (c, v: OutputFormat) in c.format = v }),
        ("theme", value { (c, v: ThemeName) in c.theme = v }),
        ("title", value { (c, v: String) in c.title = v }),
        ("stats", .flag { $0.stats = true }),
        ("log", .flag { $0.log = true }),
        ("editing", .flag { $0.editing = true }),
        ("no-split", .flag { $0.noSplit = true }),
        ("ambiguous-wide", .flag { $0.ambiguousWide = true }),
        ("no-ambiguous-wide", .flag { $0.ambiguousWide = false }),
        ("styles", value { (c, v: String) in c.styles.append(v) }),
        ("check-styles", .flag { $0.checkStyles = true }),
        ("max-file-size", transformed(FileSizeOption.size) { c, v in c.maxFileSize = v }),
        ("input-format", value { (c, v: InputFormat) in c.document.inputFormat = v }),
        ("cell", value { (c, v: String) in c.document.cell = v }),
        ("section-by", value { (c, v: String) in c.document.sectionBy = v }),
        ("index-titles", .flag { $0.document.indexTitles = true }),
        ("extra-keys", value { (c, v: ExtraKeys) in c.document.extraKeys = v }),
        ("table-style", value { (c, v: TableStyle) in c.document.tableStyle = v }),
        ("row-height", transformed(DocumentOptions.rowHeight) { c, v in c.document.rowHeight = v }),
        ("estimated-row-height", value { (c, v: Int) in c.document.estimatedRowHeight = v }),
        ("no-index-cache", .flag { $0.document.noIndexCache = true }),
    ]

    /// The settings for `arguments` (those after `render`), or nil to leave
    /// them to ArgumentParser.
    static func parse(_ arguments: [String]) -> RenderSettings? {
        var settings = RenderSettings(file: "")
        var file: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if isValue(argument) {
                guard file == nil else { return nil }
                file = argument
                continue
            }
            guard argument.hasPrefix("--") else { return nil }
            let body = argument.dropFirst(2)
            let equals = body.firstIndex(of: "=")
            guard let reader = reader(named: body[..<(equals ?? body.endIndex)]) else { return nil }
            switch reader {
            case .flag(let set):
                guard equals == nil else { return nil }
                set(&settings)
            case .value(let read):
                let text: String
                if let equals {
                    text = String(body[body.index(after: equals)...])
                    // ArgumentParser reads `--name=` as `--name`, its value the next argument.
                    guard !text.isEmpty else { return nil }
                } else {
                    guard index < arguments.endIndex, isValue(arguments[index]) else { return nil }
                    text = arguments[index]
                    index += 1
                }
                guard read(&settings, text) else { return nil }
            }
        }
        guard let file else { return nil }
        settings.file = file
        return settings
    }

    /// The reader of the option called `name`.
    static func reader(named name: Substring) -> Reader? {
        options.first { $0.name == name }?.reader
    }

    /// Whether ArgumentParser reads `argument` as a value (a positional
    /// argument or an option's next value), not as an option or `--`.
    private static func isValue(_ argument: String) -> Bool {
        argument.utf8.first != UInt8(ascii: "-") || argument == "-"
    }

    /// A value read by the type's `init(argument:)`, as ArgumentParser reads it.
    private static func value<T: ExpressibleByArgument>(
        _ set: @escaping @Sendable (inout RenderSettings, T) -> Void
    ) -> Reader {
        .value { command, text in
            guard let value = T(argument: text) else { return false }
            set(&command, value)
            return true
        }
    }

    /// A value read by the option's own transform.
    private static func transformed<T>(
        _ transform: @escaping @Sendable (String) throws -> T,
        _ set: @escaping @Sendable (inout RenderSettings, T) -> Void
    ) -> Reader {
        .value { command, text in
            guard let value = try? transform(text) else { return false }
            set(&command, value)
            return true
        }
    }
}
