import Cellar
import CellarText
import Testing

@testable import CellarDocuments

/// Rows decoded ahead (`RowPrefetch`) go into the boxes of rows the table
/// has read and given back (`ParsedRowData.refill`), and a reused box holds
/// exactly what the style's own configure makes of the row.
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
            let box = try #require(a.parsed)
            #expect(BuiltinCellStyle.configure(ahead, exchanging: box))
            // As the data source does: the box goes back to be filled again.
            prefetch.giveBack(box)
            try own.configure(with: row.data, at: IndexPath(0, i))
            #expect(ahead.listContentConfiguration == own.listContentConfiguration, "row \(i)")
            #expect(ahead.accessory == own.accessory && ahead.indentationLevel == own.indentationLevel, "row \(i)")
        }
        prefetch.stop()
        #expect(prefetch.boxesReused > 0)
    }

    /// A render through the data source gives each prefetched row's box
    /// back once the cell has taken its fields, so the boxes go round (more
    /// rows than the chunks that may wait: the decoding waits for some back).
    @Test func aRenderGivesTheBoxesBack() throws {
        let rows = (0..<(RowPrefetch.queuedChunks + 8) * RowPrefetch.chunkRows).map { i in
            "{\"cell\": \"subtitle\", \"text\": \"Item \(i)\", \"secondaryText\": \"detail \(i) 가나다\"}"
        }
        let doc = try StreamedDocument.load(
            DocumentInput(path: "t.jsonl", bytes: Array((rows.joined(separator: "\n") + "\n").utf8), format: .jsonl),
            options: TableOptions())
        let source = StreamedDataSource(document: doc)
        source.threadMinimumRows = 0
        let table = source.makeTableView(registry: Registry())
        try table.render(to: PlainWriter(sink: MemorySink()))
        let prefetch = try #require(source.prefetch)
        prefetch.stop()
        #expect(prefetch.boxesReused >= 4 * RowPrefetch.chunkRows)
    }
}

/// A viewport without estimates measures every row in order, passing over
/// the rows of a fixed height: the prefetch follows (`RowPrefetch.take`
/// skips those rows) instead of stopping at the first one, and rows the
/// table decodes itself are read straight into the built-in fields. The
/// viewport draws what it draws without the prefetch.
@Suite struct MeasuredViewportPrefetchTests {
    static func table(threads: Bool) throws -> (TableView, StreamedDataSource) {
        let rows = (0..<3_000).map { i in
            let height = i % 4 == 3 ? ", \"height\": 2" : ""
            return "{\"cell\": \"value1\", \"text\": \"Row \(i) 한글\", \"secondaryText\": \"\(i % 97) 🍎\"\(height)}"
        }
        let doc = try StreamedDocument.load(
            DocumentInput(path: "t.jsonl", bytes: Array((rows.joined(separator: "\n") + "\n").utf8), format: .jsonl),
            options: TableOptions())
        let source = StreamedDataSource(document: doc)
        source.threadMinimumRows = threads ? 0 : Int.max
        let table = source.makeTableView(registry: Registry())
        table.width = 40
        table.viewportHeight = 12
        table.contentOffset = 2_000
        return (table, source)
    }

    @Test func theMeasurePassKeepsItsPrefetch() throws {
        let (table, source) = try Self.table(threads: true)
        let text = try table.renderText()
        // Every row but those of a fixed height is measured, and all but the
        // first (which starts the prefetch) come from the prefetch.
        #expect(source.rowsDecodedAhead >= 3_000 * 3 / 4 - 1)
        let (plain, plainSource) = try Self.table(threads: false)
        #expect(text == (try plain.renderText()))
        #expect(plainSource.rowsDecodedAhead == 0)
        #expect(text.contains("Row 889 한글"))
    }

    @Test func takePassesOverAFewRowsOnly() throws {
        let doc = try Self.table(threads: true).1.document
        let prefetch = try #require(
            RowPrefetch(
                doc.decoder, from: 0, builtins: BuiltinIdentifiers(Registry(), defaultCell: "default"),
                ambiguousWide: false))
        defer { prefetch.stop() }
        #expect(try #require(prefetch.take(0)).cell == "value1")
        #expect(prefetch.take(1 + RowPrefetch.maximumSkip) != nil)
        #expect(prefetch.expected == 2 + RowPrefetch.maximumSkip)
        #expect(prefetch.take(prefetch.expected + RowPrefetch.maximumSkip + 1) == nil)
    }
}
