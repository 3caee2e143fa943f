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
}
