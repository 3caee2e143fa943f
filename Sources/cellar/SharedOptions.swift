import ArgumentParser
import Cellar
import CellarDocuments
import CellarLua
import CellarText

// Options several commands take, each declared once and adopted with
// `@OptionGroup`, so their spelling, help and defaults cannot drift apart.

/// `--styles DIR` (repeatable): where Lua cell styles are loaded from.
struct StylesOption: ParsableArguments {
    @Option(
        name: .customLong("styles"),
        help: ArgumentHelp(
            "A directory of Lua cell styles (repeatable; default: Styles/ when present).", valueName: "DIR"))
    var given: [String] = []

    /// The directories given, else `Styles/` when it exists here.
    var directories: [String] { StyleHooks.directories(given) }
}

/// `--check-styles`: debug mode for Lua styles (as `CELLAR_DEBUG=1`).
struct StyleCheckOption: ParsableArguments {
    @Flag(
        name: .customLong("check-styles"),
        help: ArgumentHelp(
            "Check Lua styles: a hook that uses a table lent to an earlier call (row, config, ctx, state, "
                + "event) fails at that line (also on with CELLAR_DEBUG=1)."))
    var checkStyles = false

    /// The sandbox's settings for the styles these commands load.
    var limits: LuaLimits { Self.limits(checkStyles: checkStyles) }

    /// The sandbox's settings, with `--check-styles` given or not.
    static func limits(checkStyles: Bool) -> LuaLimits {
        var limits = LuaLimits()
        if checkStyles { limits.checksHookTables = true }
        return limits
    }
}

/// `--color auto|always|never`.
struct ColorOption: ParsableArguments {
    @Option(help: "Colour: auto, always or never.")
    var color: ColorMode = .auto
}

/// `--ambiguous-wide` / `--no-ambiguous-wide`: unset keeps the table's own setting.
struct AmbiguousWideOption: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Draw East Asian Ambiguous characters (±, °, α, Ж, ①, …) two columns wide, as CJK terminals do "
                + "(default: the table file's ambiguousWide, else off; this flag overrides the file)."))
    var ambiguousWide: Bool?
}

/// `--max-file-size SIZE`, shared by the commands that read documents and cases.
/// Unset, each file gets the default for how it is read (see the help).
struct FileSizeOption: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Largest file read whole: bytes, or with K, M or G. Applies to standard input, files `browse` "
                + "shows and a YAML file whose JSON form the disk refuses (default "
                + "\(InputFile.describe(size: InputFile.heldDocumentLimit))), and to `test`'s cases, goldens and "
                + "tables (default \(InputFile.describe(size: InputFile.defaultSizeLimit))). A file that `render` "
                + "maps (JSON, JSON Lines, CSV, TSV, and YAML through its JSON form on disk) has no limit unless "
                + "this is given.",
            valueName: "SIZE"),
        transform: FileSizeOption.size)
    var maxFileSize: Int?

    /// `--max-file-size`'s value in bytes.
    static func size(_ text: String) throws -> Int {
        guard let bytes = InputFile.parseSize(text) else {
            throw ValidationError(
                "--max-file-size must be a size such as 64M, 2G or 1000000 (got '\(Sanitizer.excerpt(text))')")
        }
        return bytes
    }
}

extension ColorMode: ExpressibleByArgument {}
