import CellarTestSupport
import Testing

@testable import Cellar

/// Rows keep their configured cells between frames; reloads, reconfigures
/// and section updates ask the data source for the rows they name only.
@Suite struct RowUpdateTests {
    /// A table over `sections`, drawn once, its data source's record of rows asked for cleared.
    func shown(_ sections: [[String]], height: Int? = nil) throws -> (ModelSource, TableView) {
        let ds = ModelSource(sections)
        let t = ds.makeTable(height: height)
        _ = try drawn(t)
        _ = ds.takeAsked()
        return (ds, t)
    }

    @Test(arguments: [nil, 10] as [Int?])
    func keptCellsAreDrawnWithoutAskingAgain(height: Int?) throws {
        let ds = ModelSource([["a", "b", "c"]])
        let t = ds.makeTable(height: height)
        #expect(try drawn(t) == [" a", " b", " c"])
        #expect(ds.takeAsked() == [IndexPath(0, 0), IndexPath(0, 1), IndexPath(0, 2)])
        #expect(t.indexPathsForVisibleRows == [IndexPath(0, 0), IndexPath(0, 1), IndexPath(0, 2)])
        #expect(t.visibleCells.map { $0.listContentConfiguration?.text } == ["a", "b", "c"])
        #expect(t.cellForRow(at: IndexPath(0, 1)) === ds.returned[IndexPath(0, 1)])
        // The data changes; UIKit shows it only once the table is told.
        ds.sections[0][1] = "B"
        #expect(try drawn(t) == [" a", " b", " c"])
        #expect(ds.takeAsked().isEmpty)
        t.reloadData()
        #expect(try drawn(t) == [" a", " B", " c"])
    }

    @Test(arguments: [nil, 10] as [Int?])
    func reloadRowsAsksForThoseRowsAndDeselectsThem(height: Int?) throws {
        let (ds, t) = try shown([["a", "b", "c"]], height: height)
        t.selectRow(at: IndexPath(0, 1))
        ds.sections[0][1] = "B"
        try t.reloadRows(at: [IndexPath(0, 1)], with: .fade)
        #expect(try drawn(t) == [" a", " B", " c"])
        #expect(ds.takeAsked() == [IndexPath(0, 1)])
        // UIKit: a reloaded row comes back unselected.
        #expect(t.indexPathsForSelectedRows.isEmpty)
    }

    @Test(arguments: [nil, 10] as [Int?])
    func reconfigureRowsRunsTheConfigurationOnTheSameCell(height: Int?) throws {
        let (ds, t) = try shown([["a", "b", "c"]], height: height)
        let cell = try #require(t.cellForRow(at: IndexPath(0, 2)))
        t.selectRow(at: IndexPath(0, 2))
        ds.sections[0][2] = "C"
        try t.reconfigureRows(at: [IndexPath(0, 2)])
        // Asked at once, and the dequeue handed back the row's own cell.
        #expect(ds.takeAsked() == [IndexPath(0, 2)])
        #expect(ds.returned[IndexPath(0, 2)] === cell)
        #expect(t.cellForRow(at: IndexPath(0, 2)) === cell)
        #expect(try drawn(t).dropLast() == [" a", " b"])
        #expect(cell.listContentConfiguration?.text == "C")
        #expect(ds.takeAsked().isEmpty)
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 2)])
    }

    @Test func reconfigureLeavesRowsOffScreenForLater() throws {
        let (ds, t) = try shown([(0..<10).map { "r\($0)" }], height: 3)
        ds.sections[0][8] = "R8"
        try t.reconfigureRows(at: [IndexPath(0, 8)])
        #expect(ds.takeAsked().isEmpty)
        try t.scroll(toOffset: 7)
        #expect(try drawn(t) == [" r7", " R8", " r9"])
    }

    @Test func deletingRowsAtTheEndPullsTheViewportBackOverTheLastRows() throws {
        // As UIKit: the content got shorter than the offset shows, so the
        // offset comes back to the last screenful instead of blank lines.
        let (ds, t) = try shown([(0..<10).map { "r\($0)" }], height: 3)
        try t.scroll(toOffset: 7)
        #expect(try drawn(t) == [" r7", " r8", " r9"])
        ds.sections[0].removeLast(2)
        try t.deleteRows(at: [IndexPath(0, 8), IndexPath(0, 9)], with: .automatic)
        // At the next frame, as UIKit's next layout pass.
        #expect(try drawn(t) == [" r5", " r6", " r7"])
        #expect(t.contentOffset == 5)
        // A table shorter than its viewport starts at the top.
        ds.sections[0].removeLast(7)
        try t.deleteRows(at: (1..<8).map { IndexPath(0, $0) }, with: .automatic)
        #expect(try drawn(t) == [" r0"])
        #expect(t.contentOffset == 0)
    }

    @Test func sectionUpdatesCarryTheOtherSections() throws {
        let (ds, t) = try shown([["a0", "a1"], ["b0"], ["c0", "c1"]])
        ds.sections.remove(at: 1)
        ds.sections.insert(["n0"], at: 0)
        try t.performBatchUpdates {
            try t.deleteSections([1])
            try t.insertSections([0], with: .automatic)
        }
        #expect(try drawn(t) == ds.expectedLines)
        #expect(ds.takeAsked() == [IndexPath(0, 0)])
        ds.sections.swapAt(0, 2)
        try t.performBatchUpdates {
            try t.moveSection(2, toSection: 0)
            try t.moveSection(0, toSection: 2)
        }
        #expect(try drawn(t) == ds.expectedLines)
        #expect(ds.takeAsked().isEmpty)
        ds.sections[1] = ["x", "y", "z"]
        try t.reloadSections([1], with: .none)
        #expect(try drawn(t) == ds.expectedLines)
        #expect(ds.takeAsked() == [IndexPath(1, 0), IndexPath(1, 1), IndexPath(1, 2)])
    }

    @Test func batchDeletesBeforeInsertsWhateverTheOrder() throws {
        let (ds, t) = try shown([["a", "b", "c", "d"]])
        t.selectRow(at: IndexPath(0, 3))
        // Delete b (index before), insert x at 0 and y at 3 (indexes after).
        ds.sections[0] = ["x", "a", "c", "y", "d"]
        var completed: Bool?
        try t.performBatchUpdates(
            {
                try t.insertRows(at: [IndexPath(0, 0), IndexPath(0, 3)])
                try t.deleteRows(at: [IndexPath(0, 1)])
            }, completion: { completed = $0 })
        #expect(completed == true)
        #expect(try drawnTexts(t) == ds.texts)
        #expect(ds.takeAsked() == [IndexPath(0, 0), IndexPath(0, 3)])
        // d moved from 3 to 4 and kept its selection.
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 4)])
    }

    @Test func movedRowsKeepCellAndSelection() throws {
        let (ds, t) = try shown([["a", "b"], ["c"]])
        let a = try #require(t.cellForRow(at: IndexPath(0, 0)))
        t.selectRow(at: IndexPath(0, 0))
        try t.focusRow(at: IndexPath(0, 0))
        ds.sections = [["b"], ["c", "a"]]
        try t.moveRow(at: IndexPath(0, 0), to: IndexPath(1, 1))
        #expect(t.indexPathForFocusedRow == IndexPath(1, 1))
        #expect(try drawn(t) == [" b", " c", "▌a"])
        #expect(ds.takeAsked().isEmpty)
        #expect(t.cellForRow(at: IndexPath(1, 1)) === a)
        #expect(t.indexPathsForSelectedRows == [IndexPath(1, 1)])
    }

    @Test func nestedBatchesJoinTheOuterOne() throws {
        let ds = ModelSource([["a"]])
        let t = ds.makeTable()
        _ = try drawn(t)
        var order: [String] = []
        ds.sections[0] = ["a", "b", "c"]
        try t.performBatchUpdates(
            {
                try t.insertRows(at: [IndexPath(0, 1)])
                try t.performBatchUpdates(
                    { try t.insertRows(at: [IndexPath(0, 2)]) }, completion: { _ in order.append("inner") })
                // Counts are checked once, at the end of the outer batch.
                order.append("block")
            }, completion: { _ in order.append("outer") })
        #expect(order == ["block", "inner", "outer"])
        #expect(try drawn(t) == [" a", " b", " c"])
    }

    @Test func aThrowingBlockLeavesTheTableAskingAgain() throws {
        struct Stop: Error {}
        let ds = ModelSource([["a", "b"]])
        let t = ds.makeTable()
        _ = try drawn(t)
        t.selectRow(at: IndexPath(0, 0))
        var completed = false
        #expect(throws: Stop.self) {
            try t.performBatchUpdates(
                {
                    ds.sections[0].removeLast()
                    throw Stop()
                }, completion: { _ in completed = true })
        }
        #expect(!completed)
        // The half-told change is dropped: the next render asks the data source.
        #expect(try drawn(t) == ["▌a"])
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
    }
}
