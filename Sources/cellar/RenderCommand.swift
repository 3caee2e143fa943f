import ArgumentParser
import Cellar
import CellarDocuments
import CellarText

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

    @Option(help: "Viewport offset in lines from the top of the content.")
    var offset: Int = 0

    @Option(help: "Colour: auto, always or never.")
    var color: ColorMode = .auto

    @Option(help: "Output: plain, ansi, svg or html (default: plain or ansi, as --color decides).")
    var format: OutputFormat?

    @Option(help: "Colours of svg and html output: light or dark.")
    var theme: ThemeName = .light

    @Option(help: "The title of svg and html output (html default: Cellar table).")
    var title: String?

    @Flag(help: "Print render statistics to stderr as `key: value` lines.")
    var stats = false

    @Flag(help: "Draw the table in editing mode (delete/insert controls, reorder column, editing accessories).")
    var editing = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Draw East Asian Ambiguous characters (±, °, α, Ж, ①, …) two columns wide, as CJK terminals do "
                + "(default: the table file's ambiguousWide, else off; this flag overrides the file)."))
    var ambiguousWide: Bool?

    @Option(
        name: .customLong("styles"), help: "A directory of Lua cell styles (repeatable; default: Styles/ when present)."
    )
    var styles: [String] = []

    @OptionGroup var input: FileSizeOption

    @OptionGroup(title: "Input") var document: DocumentOptions

    func run() throws {
        do {
            try render()
        } catch let e as CellarError {
            Terminal.printError("cellar: \(e)")
            throw ExitCode(1)
        } catch let e as WriteError {
            Terminal.printError("cellar: \(Terminal.outputError(e))")
            throw ExitCode(1)
        }
    }

    func render() throws {
        if let width, !InputLimits.width.contains(width) {
            throw CellarError(InputLimits.message("--width", InputLimits.width, got: "\(width)"))
        }
        if let height, !InputLimits.height.contains(height) {
            throw CellarError(InputLimits.message("--height", InputLimits.height, got: "\(height)"))
        }
        guard InputLimits.offset.contains(offset) else {
            throw CellarError(InputLimits.message("--offset", InputLimits.offset, got: "\(offset)"))
        }
        let env = Terminal.environment
        let registry = Registry()
        try StyleHooks.load(StyleHooks.directories(styles), into: registry)
        let source = try LoadedTable.load(
            DocumentInput.read(file, format: document.inputFormat, sizeLimit: input.maxFileSize),
            options: document.tableOptions())
        try source.validate(against: registry)
        let table = source.makeTableView(registry: registry)
        table.width = width ?? min(Terminal.width(environment: env), InputLimits.width.upperBound)
        if let height, let problem = InputLimits.viewportProblem(width: table.width, height: height) {
            throw CellarError("--height: " + problem)
        }
        try source.checkRowHeights(width: table.width)
        table.viewportHeight = height
        table.contentOffset = offset
        table.setEditing(editing)
        if let ambiguousWide { table.ambiguousWide = ambiguousWide }
        let useColor = color.usesColor(environment: env, outputIsTerminal: Terminal.stdoutIsTerminal)
        let out = HeldOutput()
        try table.render(to: OutputFormat.writer(format, useColor: useColor, theme: theme, title: title, sink: out))
        try out.commit()
        if stats { for line in table.statistics.lines { Terminal.printError(line) } }
    }
}

extension ColorMode: ExpressibleByArgument {}
