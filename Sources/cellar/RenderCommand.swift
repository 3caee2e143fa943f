import ArgumentParser
import Cellar
import CellarDocuments
import CellarLua
import CellarText
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cellar render FILE`: a table document drawn as text.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a table (a YAML or JSON document, JSON Lines, CSV or TSV) as text."
    )

    @Argument(help: "The table (.yaml, .yml, .json, .jsonl, .ndjson, .csv or .tsv; - reads standard input).")
    var file: String

    @Option(help: "Width in columns (default: the terminal's width, else $COLUMNS, else 80).")
    var width: Int?

    @Option(help: "Viewport height in lines (default: the whole table, streamed).")
    var height: Int?

    @Option(
        help:
            "Viewport offset in lines from the top of the content (needs --height; clamped to the content, as a scroll is)."
    )
    var offset: Int?

    @OptionGroup var colorOption: ColorOption

    @Option(help: "Output: plain, ansi, svg or html (default: plain or ansi, as --color decides).")
    var format: OutputFormat?

    @Option(help: "Colours of svg and html output: light or dark; styles read it as ctx.theme.")
    var theme: ThemeName = .light

    @Option(help: "The title of svg and html output (html default: Cellar table).")
    var title: String?

    @Flag(help: "Print render statistics to stderr as `key: value` lines.")
    var stats = false

    @Flag(help: "Send the styles' print output to stderr, with the style and row (as CELLAR_LOG=1 does).")
    var log = false

    @Flag(help: "Draw the table in editing mode (delete/insert controls, reorder column, editing accessories).")
    var editing = false

    @Flag(
        help:
            "Draw a long table with one table, never shared with a second one on the other core (the same bytes either way; see README)."
    )
    var noSplit = false

    @OptionGroup var ambiguousWideOption: AmbiguousWideOption

    @OptionGroup var styles: StylesOption

    @OptionGroup var styleCheck: StyleCheckOption

    @OptionGroup var input: FileSizeOption

    @OptionGroup(title: "Input") var document: DocumentOptions

    func validate() throws {
        try CLIError.checkRange("--width", width, InputLimits.width)
        try CLIError.checkRange("--height", height, InputLimits.height)
        try CLIError.checkRange("--offset", offset, InputLimits.offset)
        if offset != nil, height == nil {
            throw CLIError.fail("--offset needs --height: without a viewport the whole table is drawn")
        }
    }

    /// Rows piped in as JSON Lines, CSV or TSV (`-` with `--input-format`)
    /// are drawn as they arrive when nothing drawn needs the whole table
    /// first: no viewport (`--height`), no sections from the data
    /// (`--section-by`) or section index (`--index-titles`), and plain or
    /// ANSI text (SVG and HTML are sized to the whole table).
    var drawsRowsAsTheyArrive: Bool {
        guard file == "-", let f = document.inputFormat, [.jsonl, .csv, .tsv].contains(f) else { return false }
        return height == nil && document.sectionBy == nil && !document.indexTitles
            && (format == nil || format == .plain || format == .ansi)
    }

    func run() throws {
        do { try render() } catch { throw CLIError.report(error) }
    }

    func render() throws {
        // Read by the Lua engine as it starts: set before styles load.
        if log { setenv("CELLAR_LOG", "1", 1) }
        let env = Terminal.environment
        EmojiVariation.vs16Widens = EmojiVariation.setting(
            environment: env, outputIsTerminal: Terminal.stdoutIsTerminal)
        let piped = drawsRowsAsTheyArrive
        TruncatedFileSignal.install()
        let (table, source) = try DocumentTable.load(
            file: file, document: document, styleDirectories: styles.directories, limits: styleCheck.limits,
            maxFileSize: input.maxFileSize, piped: piped, mapFile: true, stylesWhenUsed: true)
        table.width = width ?? min(Terminal.width(environment: env), InputLimits.width.upperBound)
        if let height, let problem = InputLimits.viewportProblem(width: table.width, height: height) {
            throw CellarError("--height: " + problem)
        }
        try source.checkRowHeights(width: table.width)
        table.viewportHeight = height
        table.setEditing(editing)
        if let ambiguousWide = ambiguousWideOption.ambiguousWide { table.ambiguousWide = ambiguousWide }
        table.appearance = theme == .dark ? .dark : .light
        if let offset { try table.scroll(toOffset: offset) }
        let useColor = colorOption.color.usesColor(environment: env, outputIsTerminal: Terminal.stdoutIsTerminal)
        // Piped rows are written as they are drawn; anything else is held until the render succeeds.
        let out = piped ? HeldOutput(holdLimit: 0) : HeldOutput()
        let writer = { (sink: ByteSink) in
            OutputFormat.writer(format, useColor: useColor, theme: theme, title: title, sink: sink)
        }
        let statistics: RenderStatistics
        if let partner = try sharedRenderPartner(table, source) {
            try table.renderStream(
                sharedWith: partner, into: out, runItems: Self.runItemsFromEnvironment, writer: writer)
            statistics = table.statistics + partner.statistics
        } else {
            try table.render(to: writer(out))
            statistics = table.statistics
        }
        try out.commit()
        if stats { for line in statistics.lines { Terminal.printError(line) } }
        // All is written. A document of many sections is many small allocations (titles, heights,
        // section records), which freeing one by one takes a while; the kernel takes the memory back whole.
        if Accelerators.enabled(.quickExit) { exitProcess(0) }
    }

    /// `CELLAR_SHARED_RUN_ITEMS` (1 to 1,048,576): the items in one run of a
    /// shared render, for tests and measurements; else the table's default.
    static var runItemsFromEnvironment: Int? {
        guard let text = ProcessInfo.processInfo.environment["CELLAR_SHARED_RUN_ITEMS"], let n = Int(text),
            (1...(1 << 20)).contains(n)
        else { return nil }
        return n
    }

    /// A second table for a whole-table render of text that both cores can
    /// share (`TableView.canShareRender`): the same rows, its own styles
    /// (Lua styles in a state of their own). Nil when the render is one
    /// table's: styles' print output (`--log` or `CELLAR_LOG`) and SVG and
    /// HTML pictures are drawn by one table, in order.
    private func sharedRenderPartner(_ table: TableView, _ source: LoadedTable) throws -> TableView? {
        guard !noSplit, !StyleLoader.logsPrints, !drawsRowsAsTheyArrive,
            format == nil || format == .plain || format == .ansi,
            try table.canShareRender(identifiers: source.styleIdentifiers)
        else { return nil }
        let registry = Registry()
        try DocumentTable.loadStyles(
            for: source, from: styles.directories, into: registry, limits: styleCheck.limits,
            cache: document.cacheDirectory)
        return source.makePartnerTableView(registry: try source.registry(over: registry))
    }
}
