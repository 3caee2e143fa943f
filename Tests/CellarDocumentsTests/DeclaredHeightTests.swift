import Cellar
import CellarTestSupport
import Testing

@testable import CellarDocuments

/// Rows that each declare a `height`: kept two bytes a row, answered as
/// UIKit's heightForRowAt, and checked against the width without working
/// out where each row is in the file (that reads the bytes before the row:
/// done for every row, a long table's check would take quadratic time).
@Suite struct DeclaredHeightTests {
    static func load(_ text: String, _ format: InputFormat) throws -> StreamedDocument {
        try StreamedDocument.load(
            DocumentInput(path: "t.\(format.rawValue)", bytes: Array(text.utf8), format: format))
    }

    static func csv(rows: Int, height: (Int) -> String) -> String {
        "cell,text,height\n" + (0..<rows).map { "default,Row \($0),\(height($0))\n" }.joined()
    }

    static func json(rows: Int, height: (Int) -> String) -> String {
        let rows = (0..<rows).map { "{\"text\": \"Row \($0)\", \"height\": \(height($0))}" }
        return "{\"sections\": [{\"rows\": [\n" + rows.joined(separator: ",\n") + "\n]}]}"
    }

    @Test func checkingEveryRowsHeightLooksUpNoLocation() throws {
        for doc in [
            try Self.load(Self.csv(rows: 3000) { _ in "2" }, .csv),
            try Self.load(Self.json(rows: 3000) { _ in "2" }, .json),
        ] {
            let before = doc.locationsLookedUp
            try doc.checkRowHeights(width: 80)
            #expect(doc.locationsLookedUp == before)
        }
    }

    @Test func aRowTooTallForTheWidthIsNamedByItsLine() throws {
        let doc = try Self.load(Self.csv(rows: 3000) { $0 == 1234 ? "10000" : "2" }, .csv)
        let before = doc.locationsLookedUp
        do {
            try doc.checkRowHeights(width: 1000)
            Issue.record("a row 10000 lines tall at 1000 columns passed")
        } catch {
            #expect("\(error)".hasPrefix("t.csv:1236:1: a row 10000 lines tall cannot be drawn 1000 columns wide"))
        }
        // Only the failing row's location was worked out.
        #expect(doc.locationsLookedUp == before + 1)
        try doc.checkRowHeights(width: 400)
        // Rows checked from a later row on (rows piped in since) pass that tall row by.
        try doc.checkRowHeights(width: 1000, from: 1235)
    }

    @Test func heightsAreKeptByRowAndAnsweredAsDeclared() throws {
        let doc = try Self.load(
            Self.csv(rows: 6) { ["", "3", "automatic", "0", "", "10000"][$0] }, .csv)
        #expect(
            (0..<7).map { doc.found.declaredHeights[$0] } == [
                nil, .fixed(3), .automatic, .fixed(0), nil, .fixed(10_000), nil,
            ])
        #expect(doc.found.declaredHeights.fixedRows().map(\.row) == [1, 3, 5])
        #expect(doc.found.declaredHeights.fixedRows(from: 3).map(\.row) == [3, 5])
        #expect(doc.found.declaredHeights.fixedRows(from: 6).map(\.row) == [])
        // The tallest from a row on: what the check of the rows from there compares first.
        #expect(doc.found.declaredHeights.tallestFixed() == 10_000)
        #expect(doc.found.declaredHeights.tallestFixed(from: 2) == 10_000)
        #expect(doc.found.declaredHeights.tallestFixed(from: 3) == 10_000)
        #expect(doc.found.declaredHeights.tallestFixed(from: 6) == nil)
        #expect(try Self.load(Self.csv(rows: 3) { ["", "0", ""][$0] }, .csv).found.declaredHeights.tallestFixed() == 0)
        #expect(
            try Self.load(Self.csv(rows: 3) { ["", "automatic", ""][$0] }, .csv).found.declaredHeights.tallestFixed()
                == nil)
        let source = StreamedDataSource(document: doc)
        let table = source.makeTableView(registry: Registry())
        #expect(source.tableView(table, heightForRowAt: IndexPath(0, 1)) == .fixed(3))
        #expect(source.tableView(table, heightForRowAt: IndexPath(0, 2)) == .automatic)
        #expect(source.tableView(table, heightForRowAt: IndexPath(0, 4)) == nil)
        #expect(try Self.load(Self.csv(rows: 3) { _ in "" }, .csv).found.declaredHeights.isEmpty)
    }

    /// The height of the row whose cell was just configured is answered
    /// from that row (`remembersLastCell`) as when the row is found again,
    /// for its own path and another's, and after an edit moves the rows.
    @Test func theLastCellsRowAnswersItsHeightAsWhenFoundAgain() throws {
        let text = Self.csv(rows: 6) { ["", "3", "automatic", "0", "", "5"][$0] }
        func answers(remembering: Bool) throws -> [RowHeight?] {
            let source = StreamedDataSource(document: try Self.load(text, .csv))
            source.remembersLastCell = remembering
            let table = source.makeTableView(registry: Registry())
            var out: [RowHeight?] = []
            for r in 0..<6 {
                _ = try source.tableView(table, cellForRowAt: IndexPath(0, r))
                out.append(source.tableView(table, heightForRowAt: IndexPath(0, r)))
                out.append(source.tableView(table, heightForRowAt: IndexPath(0, (r + 1) % 6)))
            }
            // A row inserted before the last cell's row: that path is now the new row's.
            _ = try source.tableView(table, cellForRowAt: IndexPath(0, 1))
            try source.insert(
                .object(["text": .string("new"), "height": .int(7)]), at: IndexPath(0, 1),
                checkedAgainst: table.registry)
            out.append(source.tableView(table, heightForRowAt: IndexPath(0, 1)))
            out.append(source.tableView(table, heightForRowAt: IndexPath(0, 2)))
            return out
        }
        let found = try answers(remembering: false)
        #expect(found.suffix(2) == [.fixed(7), .fixed(3)])
        #expect(try answers(remembering: true) == found)
    }

    /// An added row's height reads as a stored row's: a whole float is its lines (as a file written by
    /// Python's json holds it, and a row copied from one); one a load refuses is refused, and one given new
    /// data (`setRowValue`, unchecked) is the table's.
    @Test func anAddedRowsHeightReadsAsAStoredRowsDoes() throws {
        let source = StreamedDataSource(document: try Self.load(Self.csv(rows: 1) { _ in "" }, .csv))
        let table = source.makeTableView(registry: Registry())
        let heights: [Value] = [.double(2.0), .int(3), .string("automatic")]
        for (k, h) in heights.enumerated() {
            try source.insert(
                .object(["text": .string("new"), "height": h]), at: IndexPath(0, k), checkedAgainst: table.registry)
        }
        #expect(
            (0..<heights.count).map { source.tableView(table, heightForRowAt: IndexPath(0, $0)) } == [
                .fixed(2), .fixed(3), .automatic,
            ])
        for h: Value in [.double(2.5), .int(-1), .string("tall")] {
            #expect(throws: CellarError.self) {
                try source.insert(
                    .object(["text": .string("new"), "height": h]), at: IndexPath(0, 0), checkedAgainst: table.registry)
            }
            source.setRowValue(.object(["text": .string("set"), "height": h]), at: IndexPath(0, 3))
            #expect(source.tableView(table, heightForRowAt: IndexPath(0, 3)) == nil)
        }
    }

    @Test func aViewportOfALongTableOfDeclaredHeightsDecodesOnlyItsRows() throws {
        let doc = try Self.load(Self.csv(rows: 5000) { _ in "2" }, .csv)
        let source = StreamedDataSource(document: doc)
        let table = source.makeTableView(registry: Registry())
        table.width = 30
        table.viewportHeight = 6
        // Each row is 2 lines and a separator.
        try table.scroll(toOffset: 3 * 1000)
        let text = try table.renderText()
        #expect(text.hasPrefix(" Row 1000\n\n ─"))
        #expect(table.statistics.heightsMeasured == 0)
        #expect(source.rowsDecoded <= 3)
    }
}
