import CellarTestSupport
import Testing

@testable import Cellar

/// As UIKit apps do: a subclass gives section titles and lets rows be
/// edited and moved.
final class TitledDataSource: TableViewDiffableDataSource<Int, Int> {
    var deleted: [Int] = []

    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section).map { "Section \($0)" }
    }

    override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section == 0 ? "end of the first" : nil
    }

    override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(
        _ tableView: TableView, commit editingStyle: EditingStyle, forRowAt indexPath: IndexPath
    ) throws {
        guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
        deleted.append(item)
        var s = snapshot()
        s.deleteItems([item])
        try apply(s)
    }
}

@Suite("A diffable data source subclassed as UIKit apps do")
struct DiffableSubclassTests {
    func make() throws -> (DiffableTable, TitledDataSource) {
        let t = DiffableTable(makeDataSource: { TitledDataSource(tableView: $0, cellProvider: $1) })
        let ds = try #require(t.dataSource as? TitledDataSource)
        try ds.apply(try snapshot([(0, [1, 2]), (7, [3])]))
        return (t, ds)
    }

    @Test func drawsTheSubclassesSectionTitles() throws {
        let (t, _) = try make()
        let drawn = try t.drawn()
        #expect(drawn.contains { $0.contains("SECTION 0") || $0.contains("Section 0") })
        #expect(drawn.contains { $0.contains("SECTION 7") || $0.contains("Section 7") })
        #expect(drawn.contains { $0.contains("end of the first") })
    }

    @Test func theBaseClassEditsAndMovesNothing() throws {
        let t = DiffableTable()
        try t.dataSource.apply(try snapshot([(0, [1, 2])]))
        #expect(!t.dataSource.tableView(t.table, canEditRowAt: IndexPath(row: 0, section: 0)))
        #expect(!t.dataSource.tableView(t.table, canMoveRowAt: IndexPath(row: 0, section: 0)))
        #expect(
            message { try t.dataSource.tableView(t.table, commit: .delete, forRowAt: IndexPath(row: 0, section: 0)) }
                == "the diffable data source does not commit editing (delete at [0, 0]): override tableView(_:commit:forRowAt:) in a subclass"
        )
    }

    @Test func aMovedRowMovesItsItemInTheSnapshot() throws {
        let (t, ds) = try make()
        _ = try t.drawn()
        t.table.setEditing(true)
        try t.table.reorderRow(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))
        #expect(try layout(ds.snapshot()) == [[2], [3, 1]])
        #expect(try t.drawnItems() == [2, 3, 1])
        try t.table.reorderRow(from: IndexPath(row: 1, section: 1), to: IndexPath(row: 0, section: 0))
        #expect(try layout(ds.snapshot()) == [[1, 2], [3]])
    }

    @Test func aSubclassCommitsADeleteByApplying() throws {
        let (t, ds) = try make()
        _ = try t.drawn()
        t.table.setEditing(true)
        try ds.tableView(t.table, commit: .delete, forRowAt: IndexPath(row: 1, section: 0))
        #expect(ds.deleted == [2])
        #expect(try t.drawnItems() == [1, 3])
    }
}
