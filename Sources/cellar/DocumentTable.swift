import Cellar
import CellarDocuments

/// A document's table as `render` and `browse` both build it: the styles
/// registered (`--styles`), the document loaded and checked against them,
/// its data source kept alive by the table.
enum DocumentTable {
    static func load(
        file: String, styles: [String], maxFileSize: Int, width: Int,
        ambiguousWide: Bool?
    ) throws -> (table: TableView, document: TableDocument) {
        let registry = Registry()
        try StyleHooks.load(StyleHooks.directories(styles), into: registry)
        let document = try TableDocument.load(path: file, sizeLimit: maxFileSize)
        try document.validate(against: registry)
        let source = DocumentDataSource(document: document)
        let table = source.makeTableView(registry: registry)
        table.width = width
        try document.checkRowHeights(width: width)
        if let ambiguousWide { table.ambiguousWide = ambiguousWide }
        return (table, document)
    }
}
