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

    @Argument(
        help: ArgumentHelp(
            "The table (.yaml, .yml, .json, .jsonl, .ndjson, .csv or .tsv; - reads standard input, "
                + "and a pipe such as <(command) is read as it is)."))
    var file: String

    // A number's value is read whatever it starts with, so `--width -1` is
    // refused for its range, not taken for a missing value.
    @Option(parsing: .unconditional, help: "Width in columns (default: the terminal's width, else $COLUMNS, else 80).")
    var width: Int?

    @Option(parsing: .unconditional, help: "Viewport height in lines (default: the whole table, streamed).")
    var height: Int?

    @Option(
        parsing: .unconditional,
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

    /// The values given, as plain data: what the render runs from.
    var settings: RenderSettings {
        RenderSettings(
            file: file, width: width, height: height, offset: offset, color: colorOption.color, format: format,
            theme: theme, title: title, stats: stats, log: log, editing: editing, noSplit: noSplit,
            ambiguousWide: ambiguousWideOption.ambiguousWide, styles: styles.given,
            checkStyles: styleCheck.checkStyles, maxFileSize: input.maxFileSize, document: document.settings)
    }

    func validate() throws { try settings.validate() }

    func run() throws { try settings.run() }
}
