import ArgumentParser
import Cellar
import CellarDocuments
import CellarGolden
import CellarLua
import CellarTerminal
import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cellar browse FILE`: the table live in the terminal, on the same
/// table, registry, styles and drawing as `render`.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a table document in the terminal: focus, select, edit, reorder, swipe, jump by index.",
        discussion: "Keys:\n" + BrowseHelp.text
    )

    @Argument(help: "The table (.yaml, .yml, .json, .jsonl, .ndjson, .csv or .tsv; not -, as stdin is the keyboard).")
    var file: String

    @OptionGroup var styles: StylesOption
    @OptionGroup var styleCheck: StyleCheckOption
    @OptionGroup var colorOption: ColorOption
    @OptionGroup var wide: AmbiguousWideOption

    @Flag(inversion: .prefixedNo, help: "Reload styles and the document when they change on disk.")
    var watch = true

    @Option(
        help: ArgumentHelp(
            "On quit, write the session's actions as a golden case (then `cellar test --update CASE` draws its frames).",
            valueName: "CASE.case.yaml"))
    var record: String?

    @OptionGroup var document: DocumentOptions

    @OptionGroup var input: FileSizeOption

    func run() throws {
        // The options' own errors first, so a bad value is named even without a terminal.
        if file == "-" { throw CLIError.fail("FILE must be a file (stdin is the keyboard)", prefix: "cellar browse") }
        if let kind = InputFile.specialKind(file) {
            throw CLIError.fail(
                "FILE must be a regular file, not \(kind) (browse reads it again when it changes)",
                prefix: "cellar browse")
        }
        if let record, let problem = recordProblem(record) {
            throw CLIError.fail("--record: " + problem, prefix: "cellar browse")
        }
        do { for directory in styles.given { _ = try StyleLoader.styleFiles(in: directory) } } catch {
            throw CLIError.report(error, prefix: "cellar browse")
        }
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw CLIError.fail("needs a terminal on stdin and stdout", prefix: "cellar browse")
        }
        do {
            try browse()
        } catch let e as TerminalError {
            throw CLIError.fail("\(e)", prefix: "cellar browse")
        } catch {
            throw CLIError.report(error)
        }
    }

    /// Why `--record` could not write a case that draws what the session
    /// shows, or nil: a case names a YAML or JSON document and nothing else.
    private func recordProblem(_ record: String) -> String? {
        guard record.hasSuffix(".case.yaml") else { return "needs a file named NAME.case.yaml (got '\(record)')" }
        // Checked before the session, so a long session is not lost at the end.
        let directory = record.lastIndex(of: "/").map { String(record[..<$0]) } ?? "."
        guard access(directory.isEmpty ? "/" : directory, W_OK) == 0 else {
            return "cannot write the case in '\(directory)' (no such directory, or not writable)"
        }
        guard [".yaml", ".yml", ".json"].contains(where: file.lowercased().hasSuffix) else {
            return "a golden case's table is a YAML or JSON document (got '\(file)')"
        }
        let d = document
        if d.inputFormat != nil || d.cell != nil || d.sectionBy != nil || d.indexTitles || d.tableStyle != nil
            || d.rowHeight != nil || d.estimatedRowHeight != nil
        {
            return "a golden case cannot hold document flags (put them in the document's keys instead)"
        }
        return nil
    }

    private func browse() throws {
        let env = Terminal.environment
        EmojiVariation.vs16Widens = EmojiVariation.setting(environment: env, outputIsTerminal: true)
        let width = min(RawTerminal.size()?.width ?? 80, InputLimits.width.upperBound)
        let (table, source) = try DocumentTable.load(
            file: file, document: document.settings, styleDirectories: styles.directories, limits: styleCheck.limits,
            maxFileSize: input.maxFileSize)
        table.width = width
        try source.checkRowHeights(width: width)
        if let ambiguousWide = wide.ambiguousWide { table.ambiguousWide = ambiguousWide }
        let session = BrowseSession(table: table)
        session.keepsActions = record != nil
        // A document saved during the session leaves other rows on disk: the
        // case then holds the text the session started from.
        let startText = record == nil ? nil : BrowseReloader.text(of: file)
        let useColor = colorOption.color.usesColor(environment: env, outputIsTerminal: true)
        let screen = BrowseScreen(fileName: Terminal.sanitized(file), useColor: useColor)
        let loop = BrowseLoop(session: session, screen: screen)
        if watch,
            let reloader = BrowseReloader(
                file: file, source: source, document: document.settings, styleDirectories: styles.directories,
                limits: styleCheck.limits, maxFileSize: input.maxFileSize, ambiguousWide: wide.ambiguousWide)
        {
            loop.watches.append((reloader.watcher.fd, { reloader.reload(session) }))
        }
        try loop.run()
        if let record, let start = session.startSize {
            var recorder = GoldenRecorder(tablePath: file, width: start.width, height: start.height)
            recorder.styleDirectories = styles.given
            recorder.startText = startText
            for event in session.performed {
                switch event {
                case .action(let action): recorder.record(action)
                case .resize(let width, let height): recorder.recordResize(width: width, height: height)
                case .reload(let text, let actions): recorder.recordReload(text: text, then: actions)
                }
            }
            try recorder.write(to: record)
        }
    }
}
