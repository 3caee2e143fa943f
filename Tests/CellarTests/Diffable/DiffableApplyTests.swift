import CellarTestSupport
import Testing

@testable import Cellar

/// What one apply tells the table, seen from the cell provider and the screen.
@Suite("Applying a snapshot")
struct DiffableApplyTests {
    /// A table showing items 1…6 in two sections, drawn once; the provider's record cleared.
    func shown() throws -> DiffableTable {
        let t = DiffableTable()
        try t.dataSource.apply(try snapshot([(0, [1, 2, 3]), (1, [4, 5, 6])]))
        _ = try t.drawn()
        _ = t.takeAsked()
        return t
    }

    @Test func reconfiguringAsksForThoseItemsOnly() throws {
        let t = try shown()
        var s = t.dataSource.snapshot()
        try s.reconfigureItems([2, 6])
        try t.dataSource.apply(s)
        #expect(t.takeAsked() == [2, 6])
        #expect(try t.drawnItems() == [1, 2, 3, 4, 5, 6])
        #expect(t.takeAsked() == [])
    }

    /// A reconfigured row keeps its cell: the provider's dequeue hands it back.
    @Test func aReconfiguredRowKeepsItsCell() throws {
        let t = try shown()
        let before = try #require(t.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        var s = t.dataSource.snapshot()
        try s.reconfigureItems([2])
        try t.dataSource.apply(s)
        #expect(t.table.cellForRow(at: IndexPath(row: 1, section: 0)) === before)
    }

    @Test func reloadingAsksForThoseItemsOnly() throws {
        let t = try shown()
        var s = t.dataSource.snapshot()
        try s.reloadItems([3])
        try s.reloadSections([1])
        try t.dataSource.apply(s)
        #expect(try t.drawnItems() == [1, 2, 3, 4, 5, 6])
        #expect(t.takeAsked().sorted() == [3, 4, 5, 6])
    }

    @Test func movesAndDeletesAskForNothingAndInsertsForTheNewOnly() throws {
        let t = try shown()
        var s = t.dataSource.snapshot()
        try s.moveItem(6, beforeItem: 1)
        try s.moveSection(1, beforeSection: 0)
        s.deleteItems([2])
        try s.insertItems([9], afterItem: 3)
        try t.dataSource.apply(s)
        #expect(try t.drawnItems() == [4, 5, 6, 1, 3, 9])
        #expect(t.takeAsked() == [9])
    }

    /// As UIKit's batch updates: a selected row stays selected where its item goes.
    @Test func theSelectionFollowsItsItem() throws {
        let t = try shown()
        t.table.selectRow(at: IndexPath(row: 2, section: 0))
        var s = t.dataSource.snapshot()
        try s.moveItem(3, beforeItem: 1)
        try s.insertItems([0], beforeItem: 3)
        try t.dataSource.apply(s)
        #expect(t.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
        #expect(t.dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0)) == 3)
    }

    /// A provider that throws while rows are reconfigured fails the apply:
    /// the data source keeps the snapshot it had and the table, asking again,
    /// draws that.
    @Test func aProviderThatThrowsFailsTheApplyAndTheOldSnapshotStays() throws {
        let t = try shown()
        var s = t.dataSource.snapshot()
        s.deleteItems([1])
        try s.reconfigureItems([5])
        t.throwFor = 5
        #expect(message { try t.dataSource.apply(s) } == "no cell for item 5")
        #expect(t.dataSource.snapshot().itemIdentifiers == [1, 2, 3, 4, 5, 6])
        t.throwFor = nil
        #expect(try t.drawnItems() == [1, 2, 3, 4, 5, 6])
    }

    @Test func theSameSnapshotAgainTellsTheTableNothing() throws {
        let t = try shown()
        try t.dataSource.apply(t.dataSource.snapshot())
        #expect(try t.drawnItems() == [1, 2, 3, 4, 5, 6])
        #expect(t.takeAsked() == [])
    }

    /// The animation is UIKit's to name; the table ends the same.
    @Test func animationsChangeNothingDrawn() throws {
        let t = try shown()
        t.dataSource.defaultRowAnimation = .fade
        var s = t.dataSource.snapshot()
        s.deleteItems([4])
        try t.dataSource.apply(s, animatingDifferences: false)
        #expect(try t.drawnItems() == [1, 2, 3, 5, 6])
    }
}
