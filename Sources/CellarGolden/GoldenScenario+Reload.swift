import Cellar
import CellarDocuments

/// The `reload: {table: …}` step: what `cellar browse --watch` does when the
/// document is saved (`BrowseReloader`, `BrowseSession.replaceTable`), so a
/// recorded session replays past the save to the frame the person saw.
extension GoldenScenario {
    /// A table read from `text` in `old`'s place, at its size, offset and
    /// focus mark, with the styles the case runs with (the new document's
    /// own `register:` identifiers on top, as browse loads them again);
    /// then `then`, the actions browse
    /// performed to carry the selection, editing, offset and focus over.
    static func reloaded(
        _ old: TableView, text: String, then: [TableAction], styles: Registry, _ scenario: GoldenCase
    ) throws -> (TableView, StreamedDataSource) {
        let document = try textDocument(text, scenario, "reload's table")
        let registry = try document.registry(over: styles)
        try document.validate(against: registry)
        try document.checkRowHeights(width: old.width)
        let source = StreamedDataSource(document: document)
        let table = source.makeTableView(registry: registry)
        table.width = old.width
        table.viewportHeight = old.viewportHeight
        table.contentOffset = old.contentOffset
        table.showsFocusMark = old.showsFocusMark
        table.ambiguousWide = old.ambiguousWide
        // Browse draws the new table once off screen before it takes over.
        _ = try table.renderText()
        for action in then { try table.perform(action) }
        return (table, source)
    }

    /// A document given as a text in the case: its lines are the text's own,
    /// not the case file's, so its errors name it, `CASE (what):LINE:COLUMN`.
    package static func textDocument(_ text: String, _ scenario: GoldenCase, _ what: String) throws
        -> StreamedDocument
    {
        try StreamedDocument.load(
            DocumentInput(path: scenario.path + " (\(what))", bytes: Array(text.utf8), format: .yaml))
    }
}
