import CellarDocuments
import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

@Suite struct HeightIndexTests {
    @Test func matchesNaivePrefixSums() {
        var rng = SystemRandomNumberGenerator()
        var index = HeightIndex(count: 300, base: 2)
        var heights = [Int](repeating: 2, count: 300)
        for _ in 0..<400 {
            let i = Int.random(in: 0..<300, using: &rng)
            let h = Int.random(in: 0...5, using: &rng)
            if Bool.random(using: &rng) { index.set(i, h) } else { index.setEstimate(i, h) }
            heights[i] = h
        }
        #expect(index.total == heights.reduce(0, +))
        var start = 0
        for i in 0..<300 {
            #expect(index.start(i) == start)
            for y in start..<(start + heights[i]) {
                let found = index.item(atOffset: y)
                #expect(found?.index == i && found?.start == start)
            }
            start += heights[i]
        }
        #expect(index.item(atOffset: start) == nil)
        #expect(index.item(atOffset: -1) == nil)
    }
}

/// The reference's heightForRowAt: the first row of each section is tall
/// (80 points → 4 lines here), every other row is automatic.
final class FirstRowTallDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt ip: IndexPath) -> RowHeight? {
        ip.row == 0 ? .fixed(4) : .automatic
    }
}

@Suite struct HeightTests {
    @Test func referenceDelegateMakesFirstRowOfEachSectionTall() throws {
        let ds = ArrayDataSource([
            [row("default", "first A"), row("subtitle", "a", "b")],
            [row("default", "first B"), row("default", "c")],
        ])
        let delegate = FirstRowTallDelegate()
        let t = ds.makeTable(width: 20)
        t.delegate = delegate
        let out = lines(try t.renderText())
        // UIKit centres a cell's content in a taller row.
        #expect(out == ["", " first A", "", "", " a", " b", "", " first B", "", "", " c"])
        t.viewportHeight = 4
        t.contentOffset = 6
        #expect(lines(try t.renderText()) == ["", " first B", "", ""])
        #expect(t.contentHeight == 11)
    }

    @Test func referenceHeightsInADocument() throws {
        let yaml = """
            separatorStyle: none
            sections:
              - rows:
                  - {cell: default, text: first A, height: 4}
                  - {cell: subtitle, text: a, secondaryText: b}
              - rows:
                  - {cell: default, text: first B, height: 4}
                  - {cell: default, text: c, height: automatic}
            """
        let (out, t) = try render(yaml, width: 20)
        #expect(lines(out) == ["", " first A", "", "", " a", " b", "", " first B", "", "", " c"])
        #expect(t.statistics.heightsMeasured == 2)
    }

    @Test func fixedRowHeightNeedsNoMeasuring() throws {
        let ds = ArrayDataSource([(0..<1000).map { row("subtitle", "r\($0)", "d") }])
        let t = TableView(registry: Registry())
        t.dataSource = ds
        t.rowHeight = .fixed(1)
        t.separatorStyle = .none
        t.width = 20
        t.viewportHeight = 3
        t.contentOffset = 500
        #expect(lines(try t.renderText()) == [" r500", " r501", " r502"])
        #expect(t.contentHeight == 1000)
        #expect(t.statistics.heightsMeasured == 0)
        #expect(ds.cellForRowCalls == 3)
    }

    /// As UIKit's heightForRowAt: every row's height is asked once, up
    /// front, and a viewport then configures only its own rows.
    @Test func declaredRowHeightsAreAskedOncePerRow() throws {
        let ds = ArrayDataSource([(0..<5000).map { row("default", "r\($0)") }])
        var asked = 0
        ds.heights = { _ in
            asked += 1
            return .fixed(2)
        }
        let t = ds.makeTable(width: 20, height: 6)
        t.separatorStyle = .none
        t.contentOffset = 2 * 3000
        #expect(lines(try t.renderText()) == [" r3000", "", " r3001", "", " r3002", ""])
        #expect(t.contentHeight == 2 * 5000)
        #expect(asked == 5000)
        #expect(t.statistics.heightsMeasured == 0)
        #expect(ds.cellForRowCalls == 3)
    }

    @Test func automaticHeightsAreMeasuredAtTheCurrentWidth() throws {
        let long = row(
            "default", "one two three four five six", nil,
            ["textProperties": .object(["numberOfLines": .int(0), "lineBreakMode": .string("wordWrap")])])
        let ds = ArrayDataSource([[long]])
        let t = ds.makeTable(width: 40)
        #expect(lines(try t.renderText()).count == 1)
        t.width = 12
        #expect(lines(try t.renderText()) == [" one two", " three four", " five six"])
    }

    @Test func withEstimatesOnlyVisibleRowsAreConfiguredAndMeasured() throws {
        let ds = ArrayDataSource([(0..<10_000).map { row($0 % 2 == 0 ? "subtitle" : "value1", "r\($0)", "d") }])
        let t = ds.makeTable(width: 30, height: 40)
        t.estimatedRowHeight = 1
        t.contentOffset = 7_000
        let out = lines(try t.renderText())
        #expect(out.count == 40)
        #expect(ds.cellForRowCalls <= 42)
        #expect(t.statistics.rowsConfigured == ds.cellForRowCalls)
        #expect(t.statistics.heightsMeasured <= 42)
        // Measured subtitle rows (2 lines) replaced their estimate of 1.
        #expect(t.contentHeight > 10_000)
        #expect(t.contentHeight < 10_000 + 42)
    }

    @Test func withoutEstimatesEveryRowIsMeasuredFirst() throws {
        let ds = ArrayDataSource([(0..<100).map { row("subtitle", "r\($0)", "d") }])
        let t = ds.makeTable(width: 30, height: 4)
        t.contentOffset = 100
        #expect(lines(try t.renderText()) == [" r50", " d", " r51", " d"])
        #expect(t.statistics.heightsMeasured >= 100)
        #expect(t.statistics.cellsCreated <= 3)
    }

    @Test func negativeHeightsAreErrors() throws {
        let ds = ArrayDataSource([[row("default", "a")]])
        ds.heights = { _ in .fixed(-2) }
        let t = ds.makeTable()
        #expect(throws: CellarError("height for row [0, 0] must not be negative (got -2)")) { try t.renderText() }
        #expect {
            try streamedDocument("sections:\n  - rows:\n      - {cell: default, height: -1}\n", path: "h.yaml")
        } throws: { "\($0)" == "h.yaml:3:33: height must not be negative (got -1)" }
        #expect {
            try streamedDocument("sections:\n  - rows:\n      - {cell: default, height: tall}\n", path: "h.yaml")
        } throws: { "\($0)".hasPrefix("h.yaml:3:33: height must be 'automatic' or a whole number") }
    }
}

@Suite struct StateHeightTests {
    /// A style whose selected look takes an extra line (as a Lua style might).
    final class GrowOnSelect: CellStyle {
        let reuseIdentifier = "grow"
        func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
        func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
            cell.contentConfiguration = ListContentConfiguration(text: row["text"]?.stringValue)
        }
        func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
            let title = ViewNode.label(
                Label((state.isSelected ? "선택됨: " : "") + (cell.listContentConfiguration?.text ?? "")))
            return state.isSelected ? .stack(.vertical([title, .label(Label("details"))])) : title
        }
    }

    @Test func selectionChangesAreMeasuredAgain() throws {
        let registry = Registry()
        try registry.register(GrowOnSelect(), forCellReuseIdentifier: "grow")
        let (out, t) = try render(
            "separatorStyle: none\nestimatedRowHeight: 1\nsections:\n  - rows: [{cell: grow, text: a}, {cell: grow, text: b}]\n",
            width: 20, height: 4, registry: registry)
        #expect(lines(out) == [" a", " b", "", ""])
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(lines(try t.renderText()) == ["▌선택됨: a", "▌details", " b", ""])
        try t.userDeselectRow(at: IndexPath(0, 0))
        #expect(lines(try t.renderText()) == [" a", " b", "", ""])
    }
}

@Suite struct SparseHeightIndexTests {
    /// The sparse form (fixed rows) answers like the dense one, and turns
    /// dense on the first change without losing anything.
    @Test func sparseMatchesDense() {
        var rng = SplitMix(seed: 7)
        for _ in 0..<200 {
            let count = 1 + rng.next(60)
            let base = 1 + rng.next(3)
            var exceptions: [(index: Int, height: Int, known: Bool)] = []
            for i in 0..<count where rng.next(4) == 0 { exceptions.append((i, rng.next(4), rng.next(2) == 0)) }
            let baseKnown = rng.next(2) == 0
            var sparse = HeightIndex(count: count, base: base, baseIsKnown: baseKnown, exceptions: exceptions)
            var heights = [Int](repeating: base, count: count)
            var knowns = [Bool](repeating: baseKnown, count: count)
            for e in exceptions {
                heights[e.index] = e.height
                knowns[e.index] = e.known
            }
            func check(_ idx: HeightIndex) {
                #expect(idx.total == heights.reduce(0, +))
                var start = 0
                for i in 0..<count {
                    #expect(idx.start(i) == start)
                    #expect(idx.height(i) == heights[i])
                    #expect(idx.isKnown(i) == knowns[i])
                    for y in start..<(start + heights[i]) {
                        let found = idx.item(atOffset: y)
                        #expect(found?.index == i && found?.start == start)
                    }
                    start += heights[i]
                }
                #expect(idx.item(atOffset: start) == nil)
            }
            check(sparse)
            for _ in 0..<(1 + rng.next(6)) {
                let i = rng.next(count)
                let h = rng.next(5)
                switch rng.next(3) {
                case 0:
                    sparse.set(i, h)
                    heights[i] = h
                    knowns[i] = true
                case 1:
                    sparse.setEstimate(i, h)
                    heights[i] = h
                    knowns[i] = false
                default:
                    sparse.forget(i)
                    knowns[i] = false
                }
                check(sparse)
            }
        }
    }

    /// A table of many sections starts with more exceptions than the limit:
    /// the first change turns it dense, and every height, estimate and
    /// offset is what it was (heights near the largest kept included).
    @Test func aSparseIndexTurnedDenseKeepsEveryHeight() {
        var rng = SplitMix(seed: 11)
        let count = 3 * HeightIndex.sparseLimit + 7
        var heights = [Int](repeating: 2, count: count)
        var knowns = [Bool](repeating: false, count: count)
        var exceptions: [(index: Int, height: Int, known: Bool)] = []
        for i in 0..<count where rng.next(2) == 0 {
            let h = i == 5 ? Int(Int32.max) + 9 : rng.next(4)
            let known = rng.next(2) == 0
            exceptions.append((i, h, known))
            heights[i] = min(h, Int(Int32.max) - (known ? 0 : 2))
            knowns[i] = known
        }
        #expect(exceptions.count > HeightIndex.sparseLimit)
        var index = HeightIndex(count: count, base: 2, baseIsKnown: false, exceptions: exceptions)
        index.set(count - 1, 3)
        heights[count - 1] = 3
        knowns[count - 1] = true
        #expect(!index.isSparseForm)
        #expect(index.total == heights.reduce(0, +))
        var start = 0
        for i in 0..<count {
            #expect(index.start(i) == start && index.height(i) == heights[i] && index.isKnown(i) == knowns[i])
            if heights[i] > 0, heights[i] < 10 {
                let found = index.item(atOffset: start + heights[i] - 1)
                #expect(found?.index == i && found?.start == start)
            }
            start += heights[i]
        }
    }

    @Test func fixedHeightTablesStaySparse() throws {
        let ds = ArrayDataSource([(0..<100_000).map { row("default", "r\($0)") }])
        let t = TableView(registry: Registry())
        t.dataSource = ds
        t.rowHeight = .fixed(2)
        t.width = 20
        t.viewportHeight = 4
        t.contentOffset = 150_001
        // Slots are 2 lines + a separator: offset 150001 is the second line of row 50000.
        #expect(lines(try t.renderText()) == ["", " " + String(repeating: "─", count: 19), " r50001", ""])
        #expect(ds.cellForRowCalls == 2)
        #expect(t.contentHeight == 100_000 * 3 - 1)
        #expect(t.statistics.heightsMeasured == 0)
        #expect(t.layout?.index?.isSparseForm == true)
        // Selection cannot change a fixed height: still sparse.
        try t.userSelectRow(at: IndexPath(0, 50_000))
        #expect(lines(try t.renderText())[0] == "▌")
        #expect(t.layout?.index?.isSparseForm == true)
        // Per-row heights from a delegate settle every row: dense once past the limit.
        let delegate = FirstRowTallDelegate()
        t.delegate = delegate
        _ = try t.renderText()
        #expect(t.layout?.index?.isSparseForm == false)
        // Row 0 is 4 lines, the others automatic (1 line each), plus 99,999 separators.
        #expect(t.contentHeight == 4 + 99_999 + 99_999)
    }
}

/// Rows 0, 3, 6, … are two-line subtitles, the rest one-line defaults; the
/// delegate estimates each row's height exactly (as an app that knows its
/// row kinds would) and counts the calls.
final class EstimatingDelegate: TableViewDelegateEstimating {
    var calls = 0
    func tableView(_ tableView: TableView, estimatedHeightForRowAt ip: IndexPath) -> Int? {
        calls += 1
        return ip.row % 3 == 0 ? 2 : nil  // nil: the table's estimatedRowHeight
    }
}

/// The same delegate without the estimating protocol: asking it would cost calls.
final class PlainCountingDelegate: TableViewDelegate {
    var calls = 0
    func tableView(_ tableView: TableView, indentationLevelForRowAt ip: IndexPath) -> Int {
        calls += 1
        return 0
    }
}

@Suite struct RowEstimateTests {
    func rows(_ n: Int) -> ArrayDataSource {
        ArrayDataSource([(0..<n).map { $0 % 3 == 0 ? row("subtitle", "s\($0)", "d\($0)") : row("default", "r\($0)") }])
    }

    @Test func perRowEstimatesPlaceTheViewportAndAreAskedOncePerRow() throws {
        let ds = rows(1000)
        let d = EstimatingDelegate()
        let t = ds.makeTable(width: 20, height: 4)
        t.delegate = d
        t.estimatedRowHeight = 1
        // 1000 rows: 334 of two lines, 666 of one.
        #expect(t.contentHeight == 334 * 2 + 666)
        #expect(d.calls == 1000)
        // Each group of three rows takes 4 lines: offset 400 starts row 300.
        t.contentOffset = 400
        #expect(lines(try t.renderText()) == [" s300", " d300", " r301", " r302"])
        #expect(ds.cellForRowCalls == 3)
        // Estimates are not asked again while the layout stands.
        t.contentOffset = 800
        _ = try t.renderText()
        #expect(d.calls == 1000)
        #expect(t.contentHeight == 334 * 2 + 666)
    }

    @Test func estimatingDelegateTurnsEstimatesOnByItself() throws {
        let ds = rows(30)
        let d = EstimatingDelegate()
        let t = ds.makeTable(width: 20, height: 2)
        t.delegate = d  // no estimatedRowHeight: estimates still on, nil answers count 1
        t.contentOffset = 4
        #expect(lines(try t.renderText()) == [" s3", " d3"])
        #expect(ds.cellForRowCalls == 1)  // not every row settled up front
    }

    @Test func wrongEstimatesAreReplacedAsRowsAreMeasured() throws {
        final class Wrong: TableViewDelegateEstimating {
            func tableView(_ tableView: TableView, estimatedHeightForRowAt ip: IndexPath) -> Int? { 5 }
        }
        let ds = rows(6)
        let d = Wrong()
        let t = ds.makeTable(width: 20, height: 3)
        t.delegate = d
        #expect(t.contentHeight == 30)
        _ = try t.renderText()
        // Row 0 (two lines) and row 1 (one) are measured; four rows remain at 5.
        #expect(t.contentHeight == 2 + 1 + 4 * 5)
    }

    @Test func badEstimateIsAnError() throws {
        final class Negative: TableViewDelegateEstimating {
            func tableView(_ tableView: TableView, estimatedHeightForRowAt ip: IndexPath) -> Int? { -1 }
        }
        let ds = rows(2)
        let d = Negative()
        let t = ds.makeTable(width: 20, height: 3)
        t.delegate = d
        #expect(throws: CellarError("estimated height for row [0, 0] must be from 0 to 10000 (got -1)")) {
            try t.renderText()
        }
    }

    @Test func delegateWithoutEstimatesCostsNoCallsAtSetup() throws {
        let ds = rows(100_000)
        let d = PlainCountingDelegate()
        let t = ds.makeTable(width: 20, height: 4)
        t.delegate = d
        t.estimatedRowHeight = 1
        t.contentOffset = 50_000
        _ = try t.renderText()
        // Only the rows on screen asked the delegate anything.
        #expect(d.calls <= 8)
        #expect(ds.cellForRowCalls <= 5)
    }
}
