import CellarTestSupport
import Testing

@testable import Cellar

@Suite("A diffable data source")
struct DiffableDataSourceTests {
    @Test func answersTheTableFromItsSnapshot() throws {
        let t = DiffableTable()
        try t.dataSource.apply(try snapshot([(0, [1, 2]), (1, [3])]))
        #expect(t.table.numberOfSections == 2)
        #expect(t.table.numberOfRows(inSection: 0) == 2)
        #expect(try t.drawnItems() == [1, 2, 3])
        #expect(t.dataSource.itemIdentifier(for: IndexPath(row: 0, section: 1)) == 3)
        #expect(t.dataSource.itemIdentifier(for: IndexPath(row: 5, section: 1)) == nil)
        #expect(t.dataSource.indexPath(for: 2) == IndexPath(row: 1, section: 0))
        #expect(t.dataSource.indexPath(for: 9) == nil)
        #expect(t.dataSource.sectionIdentifier(for: 1) == 1)
        #expect(t.dataSource.sectionIdentifier(for: 2) == nil)
        #expect(t.dataSource.index(for: 1) == 1)
    }

    @Test func theDrawnRowsFollowEachApply() throws {
        let t = DiffableTable()
        var s = try snapshot([(0, [1, 2, 3])])
        try t.dataSource.apply(s)
        #expect(try t.drawnItems() == [1, 2, 3])
        try s.moveItem(3, beforeItem: 1)
        s.deleteItems([2])
        try s.appendSections([1])
        try s.appendItems([4, 5])
        try t.dataSource.apply(s)
        #expect(try t.drawnItems() == [3, 1, 4, 5])
    }

    @Test func snapshotComesBackWithoutMarksAndCompletionRuns() throws {
        let t = DiffableTable()
        var s = try snapshot([(0, [1, 2])])
        try s.reloadItems([1])
        try s.reconfigureItems([2])
        var completed = false
        try t.dataSource.apply(s, animatingDifferences: false) { completed = true }
        #expect(completed)
        let back = t.dataSource.snapshot()
        #expect(back.itemIdentifiers == [1, 2])
        #expect(back.reloadedItemIdentifiers.isEmpty)
        #expect(back.reconfiguredItemIdentifiers.isEmpty)
    }

    @Test func aCellProviderThatReturnsNilIsAnErrorNamingTheRow() throws {
        let t = DiffableTable()
        t.nilFor = 2
        try t.dataSource.apply(try snapshot([(0, [1, 2])]))
        #expect(
            message { _ = try t.table.renderText() }
                == "the cell provider returned nil for row [0, 1] (item 2): it must return a cell dequeued from the table"
        )
    }

    @Test func aCellProviderThatThrowsFailsTheRender() throws {
        let t = DiffableTable()
        t.throwFor = 1
        try t.dataSource.apply(try snapshot([(0, [1])]))
        #expect(message { _ = try t.table.renderText() } == "no cell for item 1")
    }

    @Test func applySnapshotUsingReloadDataAsksForEveryRowAgainAndClearsTheSelection() throws {
        let t = DiffableTable()
        try t.dataSource.apply(try snapshot([(0, [1, 2, 3])]))
        _ = try t.drawn()
        t.table.selectRow(at: IndexPath(row: 1, section: 0))
        _ = t.takeAsked()
        try t.dataSource.applySnapshotUsingReloadData(try snapshot([(0, [1, 2, 3])]))
        #expect(try t.drawnItems() == [1, 2, 3])
        #expect(t.takeAsked() == [1, 2, 3])
        #expect(t.table.indexPathsForSelectedRows.isEmpty)
    }

    /// An apply from inside the cell provider (here, while a reconfigure
    /// runs inside the outer apply) would change the snapshot the table is
    /// being answered from: it is refused, and the outer apply finishes.
    @Test func anApplyInsideAnotherIsRefused() throws {
        let t = TableView(registry: Registry())
        t.viewportHeight = 10
        var inner: String?
        var dataSource: TableViewDiffableDataSource<Int, Int>?
        dataSource = TableViewDiffableDataSource(tableView: t) { tableView, indexPath, item in
            if item == 2, let ds = dataSource {
                inner = message { try ds.apply(try snapshot([(0, [7])])) }
            }
            return try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        }
        let ds = try #require(dataSource)
        try ds.apply(try snapshot([(0, [1, 2])]))
        _ = try t.renderText()
        #expect(
            inner?.hasPrefix("apply was called while another change of this diffable data source was running") == true)
        inner = nil
        var s = ds.snapshot()
        try s.reconfigureItems([2])
        try ds.apply(s)
        #expect(inner?.hasPrefix("apply was called while another change") == true)
        #expect(ds.snapshot().itemIdentifiers == [1, 2])
    }

    @Test func aTableWithoutItsDataSourceStillTakesSnapshots() throws {
        var t: DiffableTable? = DiffableTable()
        let ds = try #require(t?.dataSource)
        t = nil
        try ds.apply(try snapshot([(0, [1])]))
        #expect(ds.snapshot().itemIdentifiers == [1])
        #expect(ds.tableView == nil)
    }
}
