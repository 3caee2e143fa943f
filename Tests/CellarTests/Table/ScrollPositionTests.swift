import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// scrollToRow(at:at:animated:) and selectRow(at:animated:scrollPosition:)
/// with UIKit's scroll positions, clamped to the content.
@Suite struct ScrollPositionTests {
    /// Twenty one-line rows in a viewport five lines tall.
    func table() -> (ModelSource, TableView) {
        let ds = ModelSource([(0..<20).map { "r\($0)" }])
        return (ds, ds.makeTable(height: 5))
    }

    @Test func positionsPutTheRowWhereUIKitDoes() throws {
        let (ds, t) = table()
        try t.scrollToRow(at: IndexPath(0, 10), at: .top, animated: true)
        #expect(t.contentOffset == 10)
        try t.scrollToRow(at: IndexPath(0, 10), at: .middle, animated: false)
        #expect(t.contentOffset == 8)
        #expect(try drawn(t)[2] == " r10")
        try t.scrollToRow(at: IndexPath(0, 10), at: .bottom, animated: false)
        #expect(t.contentOffset == 6)
        #expect(try drawn(t).last == " r10")
        // Near the ends the content stops the scroll.
        try t.scrollToRow(at: IndexPath(0, 19), at: .top, animated: false)
        #expect(t.contentOffset == 15)
        try t.scrollToRow(at: IndexPath(0, 1), at: .bottom, animated: false)
        #expect(t.contentOffset == 0)
        withExtendedLifetime(ds) {}
    }

    @Test func noneScrollsTheLeastThatShowsTheRow() throws {
        let (ds, t) = table()
        try t.scrollToRow(at: IndexPath(0, 12), at: .none, animated: false)
        #expect(t.contentOffset == 8)  // below: to the bottom
        try t.scrollToRow(at: IndexPath(0, 10), at: .none, animated: false)
        #expect(t.contentOffset == 8)  // in view: no scroll
        try t.scrollToRow(at: IndexPath(0, 3), at: .none, animated: false)
        #expect(t.contentOffset == 3)  // above: to the top
        withExtendedLifetime(ds) {}
    }

    @Test func selectRowScrollsUnlessThePositionIsNone() throws {
        let (ds, t) = table()
        try t.selectRow(at: IndexPath(0, 15), animated: false, scrollPosition: .none)
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 15)])
        #expect(t.contentOffset == 0)
        try t.selectRow(at: IndexPath(0, 12), animated: true, scrollPosition: .middle)
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 12)])
        #expect(t.contentOffset == 10)
        #expect(try drawn(t)[2] == "▌r12")
        #expect(throws: CellarError.self) {
            try t.selectRow(at: IndexPath(0, 20), animated: false, scrollPosition: .top)
        }
        try t.selectRow(at: nil, animated: false, scrollPosition: .top)
        #expect(t.indexPathsForSelectedRows.isEmpty)
        withExtendedLifetime(ds) {}
    }

    @Test func separatorsTakeTheTableColourAndTheCellsInset() throws {
        let ds = ModelSource([["a", "b", "c"]])
        let t = ds.makeTable(width: 12)
        t.separatorStyle = .singleLine
        t.separatorInset = 2
        _ = try drawn(t)
        t.cellForRow(at: IndexPath(0, 1))?.separatorInset = 6
        #expect(try drawn(t) == [" a", "  ──────────", " b", "      ──────", " c"])
        let plain = MemorySink()
        try t.render(to: ANSIWriter(sink: plain))
        t.separatorColor = .rgb(0x12, 0x34, 0x56)
        let coloured = MemorySink()
        try t.render(to: ANSIWriter(sink: coloured))
        #expect(!plain.string.contains("38;2;18;52;86"))
        #expect(coloured.string.contains("38;2;18;52;86"))
    }
}
