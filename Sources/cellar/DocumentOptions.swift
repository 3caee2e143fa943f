import ArgumentParser
import Cellar
import CellarDocuments
import CellarText

/// How `render` and `browse` read their input, and the document's top-level
/// keys as flags (each given one overrides the file's); read as `settings`.
struct DocumentOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The input's format (default: from the file name, else guessed from the bytes).",
            valueName: "yaml|json|jsonl|csv|tsv"))
    var inputFormat: InputFormat?

    @Option(
        help: ArgumentHelp("The cell style of rows that name no `cell` (default: default).", valueName: "IDENTIFIER"))
    var cell: String?

    @Option(
        help: ArgumentHelp(
            "Consecutive rows with the same value under KEY form a section headed by it "
                + "(JSON Lines, CSV and TSV).", valueName: "KEY"))
    var sectionBy: String?

    @Flag(help: "A section index from the first letters of the section headers.")
    var indexTitles = false

    @Option(
        help: ArgumentHelp(
            "A JSON Lines, CSV or TSV key (column) that neither the row's style, the table nor --section-by reads: "
                + "an error (default) or passed over.", valueName: "error|ignore"))
    var extraKeys = ExtraKeys.error

    @Option(help: "The table's style (overrides the document's `style`).")
    var tableStyle: TableStyle?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Every row's height: automatic or a number of lines (overrides the document's `rowHeight`).",
            valueName: "LINES"),
        transform: DocumentOptions.rowHeight)
    var rowHeight: RowHeight?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Lines a row is taken to have until it is measured (only the rows shown are measured).",
            valueName: "LINES"))
    var estimatedRowHeight: Int?

    @Flag(
        help: ArgumentHelp(
            "Neither read nor write Cellar's cache: the load index (a big file's rows, kept once checked, and "
                + "a YAML file's JSON form, so the next load of the unchanged file skips the check) and the "
                + "style manifest (which style file defines which identifier, so only the styles used load)."))
    var noIndexCache = false

    /// `--row-height`'s value.
    static func rowHeight(_ text: String) throws -> RowHeight {
        if text == "automatic" { return .automatic }
        guard let n = Int(text), (0...TableView.maximumRowHeight).contains(n) else {
            throw ValidationError(
                "--row-height must be 'automatic' or a whole number of lines from 0 to \(TableView.maximumRowHeight) (got '\(Sanitizer.excerpt(text))')"
            )
        }
        return .fixed(n)
    }

    /// The values given, as plain data.
    var settings: DocumentSettings {
        DocumentSettings(
            inputFormat: inputFormat, cell: cell, sectionBy: sectionBy, indexTitles: indexTitles,
            extraKeys: extraKeys, tableStyle: tableStyle, rowHeight: rowHeight, estimatedRowHeight: estimatedRowHeight,
            noIndexCache: noIndexCache)
    }
}

extension InputFormat: ExpressibleByArgument {}
extension TableStyle: ExpressibleByArgument {}
extension ExtraKeys: ExpressibleByArgument {}
