import Cellar
import CellarText
import Testing

@testable import CellarDocuments

/// A streamed table decodes the rows it draws, not the rows it has.
@Suite struct StreamedLazinessTests {
    static let rows = 100_000

    func source(_ format: InputFormat, rows: Int = Self.rows) throws -> StreamedDataSource {
        var text = format == .csv ? "cell,text,secondaryText\n" : ""
        for i in 0..<rows {
            text +=
                format == .csv
                ? "value1,Row \(i),\(i % 97)\n"
                : "{\"cell\": \"value1\", \"text\": \"Row \(i)\", \"secondaryText\": \"\(i % 97)\"}\n"
        }
        let input = DocumentInput(path: "big.\(format.rawValue)", bytes: Array(text.utf8), format: format)
        return StreamedDataSource(
            document: try StreamedDocument.load(input, options: TableOptions(estimatedRowHeight: 1)))
    }

    @Test(arguments: [InputFormat.jsonl, .csv])
    func aDeepViewportDecodesAboutItsRows(format: InputFormat) throws {
        let source = try source(format)
        let table = source.makeTableView(registry: Registry())
        table.width = 30
        // Each row and its separator take two lines: 40 rows from row 75 000.
        table.viewportHeight = 80
        table.contentOffset = 150_000
        let text = try table.renderText()
        #expect(text.hasPrefix(" Row 75000"))
        #expect((40...44).contains(source.rowsDecoded), "decoded \(source.rowsDecoded)")
    }

    @Test func aFullRenderDecodesEachRowOnce() throws {
        // Fewer rows than the viewport tests: each is drawn here.
        let source = try source(.jsonl, rows: 10_000)
        let table = source.makeTableView(registry: Registry())
        table.width = 30
        let sink = MemorySink()
        try table.render(to: PlainWriter(sink: sink))
        #expect(source.rowsDecoded == 10_000)
    }

    /// Deletes and moves deep in a big table, while editing, decode the rows
    /// drawn: the edits are kept over the row index, not over decoded rows.
    @Test func editsDeepInATableDecodeAboutTheRowsDrawn() throws {
        let source = try source(.jsonl)
        let table = source.makeTableView(registry: Registry())
        table.width = 40
        table.viewportHeight = 80
        table.contentOffset = 150_000
        table.setEditing(true)
        let deleted = IndexPath(0, 75_000)
        try table.perform(.tapDeleteControl(deleted))
        try table.perform(.confirmDelete(deleted))
        try table.perform(.reorder(from: IndexPath(0, 75_001), to: IndexPath(0, 75_003)))
        let text = try table.renderText()
        #expect(source.tableView(table, numberOfRowsInSection: 0) == Self.rows - 1)
        #expect(!text.contains("Row 75000 "))
        let order = ["Row 75001 ", "Row 75003 ", "Row 75004 ", "Row 75002 "].compactMap {
            text.range(of: $0)?.lowerBound
        }
        #expect(order.count == 4 && order == order.sorted(), "\(text)")
        #expect(source.rowsDecoded < 200, "decoded \(source.rowsDecoded)")
    }
}
