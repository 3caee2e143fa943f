import Testing

@testable import Cellar

@Suite("The difference between two snapshots")
struct SnapshotDifferenceTests {
    typealias Move = SnapshotDifference.Move

    func ip(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    @Test func insertsAndDeletesNameNewAndOldPositions() throws {
        let old = try snapshot([("a", ["1", "2", "3"])])
        let new = try snapshot([("a", ["2", "4", "3"])])
        let d = SnapshotDifference(from: old, to: new)
        #expect(d.deletedRows == [ip(0, 0)])
        #expect(d.insertedRows == [ip(0, 1)])
        #expect(d.movedRows.isEmpty)
        #expect(try BatchModel.play(d, on: old, asking: new) == layout(new))
    }

    /// Moving one item to the front moves that item only, not the others.
    @Test func onlyTheFewestRowsMove() throws {
        let old = try snapshot([("a", ["1", "2", "3", "4", "5"])])
        let new = try snapshot([("a", ["5", "1", "2", "3", "4"])])
        let d = SnapshotDifference(from: old, to: new)
        #expect(d.movedRows == [Move(from: ip(0, 4), to: ip(0, 0))])
        #expect(d.insertedRows.isEmpty && d.deletedRows.isEmpty)
    }

    /// A section no mutation touched shares its rows with the old snapshot
    /// and is not looked at row by row; a section with the same items
    /// rebuilt, and every changed one, is.
    @Test func sectionsTheAppLeftAloneAreSkipped() throws {
        let old = try snapshot([("a", ["1", "2"]), ("b", ["3", "4"]), ("c", ["5"]), ("d", ["6"])])
        var new = old
        try new.insertItems(["7"], beforeItem: "3")
        new.deleteItems(["6"])
        try new.appendItems(["6"], toSection: "d")
        try new.moveSection("c", beforeSection: "a")
        let kept = Array(repeating: true, count: 4)
        let skipped = UnchangedSections(old, new, kept, enabled: true)
        // c moved, untouched: skipped on both sides at its two indexes.
        #expect(skipped.old == [0, 2] && skipped.new == [1, 0])
        #expect(UnchangedSections(old, new, kept, enabled: false).new.isEmpty)
        #expect(
            SnapshotDifference(from: old, to: new) == SnapshotDifference(from: old, to: new, skipsSharedRows: false))
    }

    @Test func anItemThatChangesSectionMoves() throws {
        let old = try snapshot([("a", ["1", "2"]), ("b", ["3"])])
        let new = try snapshot([("a", ["2"]), ("b", ["3", "1"])])
        let d = SnapshotDifference(from: old, to: new)
        #expect(d.movedRows == [Move(from: ip(0, 0), to: ip(1, 1))])
        #expect(try BatchModel.play(d, on: old, asking: new) == layout(new))
    }

    /// Rows of a deleted or inserted section go with it; the sections that
    /// swap places move one, and their rows do not move at all.
    @Test func sectionsCarryTheirRows() throws {
        let old = try snapshot([("a", ["1"]), ("b", ["2", "3"]), ("c", ["4"])])
        let new = try snapshot([("c", ["4"]), ("b", ["2", "3"]), ("d", ["5"])])
        let d = SnapshotDifference(from: old, to: new)
        #expect(d.deletedSections == [0])
        #expect(d.insertedSections == [2])
        #expect(d.movedSections.count == 1)
        #expect(d.deletedRows.isEmpty && d.insertedRows.isEmpty && d.movedRows.isEmpty)
        #expect(try BatchModel.play(d, on: old, asking: new) == layout(new))
    }

    @Test func reloadsAndReconfiguresNameOldRows() throws {
        let old = try snapshot([("a", ["1", "2", "3"])])
        var new = old
        new.deleteItems(["1"])
        try new.reloadItems(["3"])
        try new.reconfigureItems(["2"])
        let d = SnapshotDifference(from: old, to: new)
        #expect(d.reloadedRows == [ip(0, 2)])
        #expect(d.reconfiguredRows == [ip(0, 1)])
        #expect(d.deletedRows == [ip(0, 0)])
    }

    /// A batch cannot move and reload one row: the row is deleted and inserted.
    @Test func aReloadedItemThatMovesIsDeletedAndInserted() throws {
        let old = try snapshot([("a", ["1", "2", "3"])])
        var new = old
        try new.moveItem("1", afterItem: "3")
        try new.reloadItems(["1"])
        let d = SnapshotDifference(from: old, to: new)
        #expect(d.movedRows.isEmpty)
        #expect(d.deletedRows == [ip(0, 0)])
        #expect(d.insertedRows == [ip(0, 2)])
        #expect(d.reloadedRows.isEmpty)
        #expect(try BatchModel.play(d, on: old, asking: new) == layout(new))
    }

    @Test func aReloadedSectionIsDeletedAndInsertedWithItsRows() throws {
        let old = try snapshot([("a", ["1"]), ("b", ["2"])])
        var new = old
        try new.reloadSections(["b"])
        try new.reconfigureItems(["2"])
        let d = SnapshotDifference(from: old, to: new)
        #expect(d.deletedSections == [1])
        #expect(d.insertedSections == [1])
        #expect(d.reconfiguredRows.isEmpty)
    }

    @Test func theSameSnapshotIsNoDifference() throws {
        let old = try snapshot([("a", ["1", "2"])])
        #expect(SnapshotDifference(from: old, to: old).isEmpty)
        var marked = old
        try marked.reconfigureItems(["2"])
        #expect(!SnapshotDifference(from: old, to: marked).isEmpty)
    }

    @Test func theLongestIncreasingSubsequenceIsALongestOne() {
        #expect(LongestIncreasingSubsequence.positions(in: []) == [])
        #expect(LongestIncreasingSubsequence.positions(in: [3, 1, 2]) == [1, 2])
        #expect(
            LongestIncreasingSubsequence.positions(in: [5, 0, 1, 9, 2, 3]).map { [5, 0, 1, 9, 2, 3][$0] } == [
                0, 1, 2, 3,
            ])
        var random = RandomSnapshots(seed: 7)
        for _ in 0..<200 {
            let values = Array(Set((0..<random.int(0..<30)).map { _ in random.int(0..<100) })).shuffled(
                using: &random.generator)
            let run = LongestIncreasingSubsequence.positions(in: values)
            #expect(run == run.sorted())
            #expect(zip(run, run.dropFirst()).allSatisfy { values[$0] < values[$1] })
            #expect(run.count == BatchModel.longestIncreasingLength(values))
        }
    }
}
