import CellarTestSupport
import Testing

@testable import Cellar

/// A style whose hooks a test can make fail, and whose selection marks the cell.
final class MarkingStyle: CellStyle {
    final class Storage {
        var mark = false
        var text = ""
    }
    let reuseIdentifier = "marking"
    var failPrepare = false
    func makeCell() throws -> Cell {
        let c = Cell(reuseIdentifier: reuseIdentifier)
        c.storage = Storage()
        return c
    }
    func prepareForReuse(_ cell: Cell) throws {
        if failPrepare {
            throw CellarError("prepare failed for a cell that showed row \(cell.indexPath.map { "\($0)" } ?? "?")")
        }
    }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        (cell.storage as? Storage)?.text = row["text"]?.stringValue ?? ""
    }
    func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {
        (cell.storage as? Storage)?.mark = true
    }
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        let s = cell.storage as? Storage
        return .label(Label((s?.mark == true ? "*" : "-") + (s?.text ?? "")))
    }
}

@Suite struct ReuseIdentifierTests {
    /// One style object under two identifiers (UIKit registers a class under
    /// any identifier): each identifier's cells go back to its own queue.
    @Test func oneStyleUnderTwoIdentifiersKeepsTwoQueues() throws {
        let registry = Registry()
        let style = MarkingStyle()
        try registry.register(style, forCellReuseIdentifier: "basicStyleCell")
        try registry.register(style, forCellReuseIdentifier: "myCellType")
        let rows = (0..<8).map { i in row(i % 2 == 0 ? "basicStyleCell" : "myCellType", "r\(i)") }
        let ds = ArrayDataSource([rows])
        let t = ds.makeTable(width: 20, height: 2, registry: registry)
        t.estimatedRowHeight = 1
        _ = try t.renderText()
        t.resetStatistics()
        try t.scroll(toOffset: 2)
        _ = try t.renderText()
        let s = t.statistics
        #expect(s.perIdentifier["basicStyleCell"]?.reused == 1)
        #expect(s.perIdentifier["myCellType"]?.reused == 1)
        #expect(s.cellsCreated == 0)
        #expect(s.perIdentifier["marking"] == nil)
        for ip in t.visibleIndexPaths {
            #expect(t.cellForRow(at: ip)?.reuseIdentifier == (ip.row % 2 == 0 ? "basicStyleCell" : "myCellType"))
        }
    }

    /// A queue is found by its identifier's text, whichever string holds it:
    /// the one it was made with, a copy, or the same text built anew (long
    /// identifiers are stored apart, short ones inline; two long ones of one
    /// length differ only in their last byte).
    @Test func aQueueIsFoundByTheIdentifiersTextNotItsStorage() throws {
        let registry = Registry()
        let names = ["short", "aRatherLongIdentifierOfCells1", "aRatherLongIdentifierOfCells2"]
        for name in names { try registry.register(MarkingStyle(), forCellReuseIdentifier: name) }
        let pool = ReusePool(registry: registry)
        let queues = try names.map { try pool.queue(for: $0).takeUnretainedValue() }
        for (name, queue) in zip(names, queues) {
            let rebuilt = String(decoding: Array(name.utf8), as: UTF8.self)
            #expect(try pool.queue(for: rebuilt).takeUnretainedValue() === queue)
            #expect(try pool.queue(for: name).takeUnretainedValue() === queue)
        }
        #expect(queues[1] !== queues[2])
    }

    /// A built-in under another name: its cells are reused under that name.
    @Test func aBuiltinUnderAnotherIdentifierIsReused() throws {
        let base = Registry()
        let registry = Registry(copying: base)
        try registry.register(try #require(base.style(for: "subtitle")), forCellReuseIdentifier: "myCellType")
        #expect(base.style(for: "myCellType") == nil)
        let ds = ArrayDataSource([(0..<6).map { row("myCellType", "r\($0)", "d") }])
        let t = ds.makeTable(width: 20, height: 4, registry: registry)
        t.estimatedRowHeight = 2
        _ = try t.renderText()
        try t.scroll(toOffset: 4)
        _ = try t.renderText()
        #expect((t.statistics.perIdentifier["myCellType"]?.reused ?? 0) > 0)
        #expect(t.statistics.perIdentifier["subtitle"] == nil)
    }

    /// A throwing prepareForReuse fails the scroll that dequeues the cell,
    /// naming the row it was being prepared for.
    @Test func aFailingPrepareForReuseFailsTheScroll() throws {
        let registry = Registry()
        let style = MarkingStyle()
        try registry.register(style, forCellReuseIdentifier: "marking")
        let ds = ArrayDataSource([(0..<6).map { row("marking", "r\($0)") }])
        let t = ds.makeTable(width: 20, height: 2, registry: registry)
        t.estimatedRowHeight = 1
        _ = try t.renderText()
        style.failPrepare = true
        #expect { try t.scroll(toOffset: 2) } throws: {
            "\($0)".hasPrefix("prepare failed") && "\($0)".hasSuffix(", dequeued for row [0, 2]")
        }
    }

    /// A full render is a viewport tall enough for the whole table: what a
    /// hook sets on a row's cell shows on that row only.
    @Test func aFullRenderKeepsATappedRowsCell() throws {
        let registry = Registry()
        try registry.register(MarkingStyle(), forCellReuseIdentifier: "marking")
        let ds = ArrayDataSource([(0..<4).map { row("marking", "r\($0)") }])
        let t = ds.makeTable(width: 20, registry: registry)
        #expect(lines(try t.renderText()) == [" -r0", " -r1", " -r2", " -r3"])
        try t.userSelectRow(at: IndexPath(0, 1))
        #expect(lines(try t.renderText()) == [" -r0", "▌*r1", " -r2", " -r3"])
        #expect(lines(try t.renderText()) == [" -r0", "▌*r1", " -r2", " -r3"])
    }

    @Test func rowsAreWrittenAsCasesWriteThem() {
        #expect("\(IndexPath(0, 1))" == "[0, 1]")
    }

    @Test func theUnknownIdentifierMessageSaysWhatToDoInCellar() {
        let m = Registry.unknownIdentifierMessage("nope")
        #expect(m.contains("register a Lua style") && m.contains("default, subtitle, value1, value2"))
        #expect(!m.contains("nib") && !m.contains("storyboard"))
    }
}
