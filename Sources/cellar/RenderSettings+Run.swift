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

/// `cellar render`'s work, from its settings.
extension RenderSettings {
    func run() throws {
        do { try render() } catch { throw CLIError.report(error) }
    }

    private func render() throws {
        // Read by the Lua engine as it starts: set before styles load.
        if log { setenv("CELLAR_LOG", "1", 1) }
        let env = Terminal.environment
        EmojiVariation.vs16Widens = EmojiVariation.setting(
            environment: env, outputIsTerminal: Terminal.stdoutIsTerminal)
        let piped = drawsRowsAsTheyArrive
        TruncatedFileSignal.install()
        let (table, source) = try DocumentTable.load(
            file: file, document: document, styleDirectories: styleDirectories, limits: limits,
            maxFileSize: maxFileSize, piped: piped, mapFile: true, stylesWhenUsed: true)
        table.width = width ?? min(Terminal.width(environment: env), InputLimits.width.upperBound)
        if let height, let problem = InputLimits.viewportProblem(width: table.width, height: height) {
            throw CellarError("--height: " + problem)
        }
        try source.checkRowHeights(width: table.width)
        table.viewportHeight = height
        table.setEditing(editing)
        if let ambiguousWide { table.ambiguousWide = ambiguousWide }
        table.appearance = theme == .dark ? .dark : .light
        if let offset { try table.scroll(toOffset: offset) }
        let useColor = color.usesColor(environment: env, outputIsTerminal: Terminal.stdoutIsTerminal)
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
            for: source, from: styleDirectories, into: registry, limits: limits, cache: document.cacheDirectory)
        return source.makePartnerTableView(registry: try source.registry(over: registry))
    }
}
