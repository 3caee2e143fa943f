import Cellar
import Testing

@testable import CellarDocuments

/// Rows decoded ahead (`RowPrefetch`) go into the boxes of rows the table
/// has read (`ParsedRowData.refill`), and a reused box holds exactly what
/// the style's own configure makes of the row.
@Suite struct RowPrefetchBoxReuseTests {
    @Test func rowsDecodedAheadReuseBoxesAndMatchRowsDecodedAlone() throws {
        let rows = (0..<3_000).map { i in
            i % 2 == 0
                ? "{\"cell\": \"value1\", \"text\": \"Row \(i) 한글\", \"secondaryText\": \"\(i % 97) 🍎\"}"
                : "{\"cell\": \"subtitle\", \"text\": \"Item \(i)\", \"secondaryText\": \"detail \(i) 가나다\", \"image\": \"🍊\", \"accessory\": \"checkmark\", \"indentation\": \(i % 3)}"
        }
        let body = rows.joined(separator: "\n") + "\n"
        let doc = try StreamedDocument.load(
            DocumentInput(path: "t.jsonl", bytes: Array(body.utf8), format: .jsonl), options: TableOptions())
        let registry = Registry()
        let builtins = BuiltinIdentifiers(registry, defaultCell: "default")
        let prefetch = try #require(RowPrefetch(doc.decoder, from: 0, builtins: builtins, ambiguousWide: false))
        let table = TableView(registry: registry)
        // One cell each, reused for every row, as a render reuses its cell:
        // the exchange leaves the cell's previous fields in the box.
        let ahead = try table.dequeueReusableCell(withIdentifier: "subtitle", for: IndexPath(0, 0))
        let own = try table.dequeueReusableCell(withIdentifier: "subtitle", for: IndexPath(0, 1))
        for i in 0..<rows.count {
            let a = try #require(prefetch.take(i))
            let row = try doc.styleRow(i)
            #expect(a.cell == row.cell)
            #expect(BuiltinCellStyle.configure(ahead, exchanging: try #require(a.parsed)))
            try own.configure(with: row.data, at: IndexPath(0, i))
            #expect(ahead.listContentConfiguration == own.listContentConfiguration, "row \(i)")
            #expect(ahead.accessory == own.accessory && ahead.indentationLevel == own.indentationLevel, "row \(i)")
        }
        prefetch.stop()
        #expect(prefetch.boxesReused > 0)
    }
}
