import Testing

@testable import Cellar

@Suite("A diffable snapshot's item mutations")
struct SnapshotItemMutationTests {
    @Test func appendItemsGoesToTheLastSectionWhenNoneIsNamed() throws {
        var s = try snapshot([("a", ["1"]), ("b", ["2"])])
        try s.appendItems(["3", "4"])
        try s.appendItems(["0"], toSection: "a")
        #expect(try layout(s) == [["1", "0"], ["2", "3", "4"]])
        expectConsistent(s)
    }

    @Test func insertItemsBeforeAndAfterAnItem() throws {
        var s = try snapshot([("a", ["1", "4"]), ("b", ["7"])])
        try s.insertItems(["2", "3"], beforeItem: "4")
        try s.insertItems(["5"], afterItem: "4")
        try s.insertItems(["8"], afterItem: "7")
        try s.insertItems(["0"], beforeItem: "1")
        #expect(try layout(s) == [["0", "1", "2", "3", "4", "5"], ["7", "8"]])
        expectConsistent(s)
    }

    /// UIKit moves an item appended or inserted again into its new place.
    @Test func anItemAddedAgainMovesIntoPlace() throws {
        var s = try snapshot([("a", ["1", "2", "3"]), ("b", ["4"])])
        try s.appendItems(["1"], toSection: "b")
        #expect(try layout(s) == [["2", "3"], ["4", "1"]])
        try s.insertItems(["4", "9"], beforeItem: "2")
        #expect(try layout(s) == [["4", "9", "2", "3"], ["1"]])
        expectConsistent(s)
    }

    @Test func deleteItemsPassesOverItemsNotThere() throws {
        var s = try snapshot([("a", ["1", "2", "3"]), ("b", ["4", "5"])])
        s.deleteItems(["2", "5", "nope"])
        #expect(try layout(s) == [["1", "3"], ["4"]])
        #expect(s.indexOfItem("2") == nil)
        expectConsistent(s)
        s.deleteItems(["1", "3", "4"])
        #expect(try layout(s) == [[], []])
        expectConsistent(s)
    }

    @Test func deleteAllItemsLeavesNoSectionsAsUIKit() throws {
        var s = try snapshot([("a", ["1"]), ("b", ["2"])])
        try s.reloadItems(["1"])
        s.deleteAllItems()
        #expect(s.numberOfSections == 0)
        #expect(s.numberOfItems == 0)
        #expect(s.reloadedItemIdentifiers.isEmpty)
        expectConsistent(s)
    }

    @Test func moveItemBeforeAndAfterAnotherAcrossSections() throws {
        var s = try snapshot([("a", ["1", "2", "3"]), ("b", ["4", "5"])])
        try s.moveItem("1", afterItem: "3")
        #expect(try layout(s) == [["2", "3", "1"], ["4", "5"]])
        try s.moveItem("5", beforeItem: "2")
        #expect(try layout(s) == [["5", "2", "3", "1"], ["4"]])
        try s.moveItem("2", afterItem: "4")
        #expect(try layout(s) == [["5", "3", "1"], ["4", "2"]])
        expectConsistent(s)
    }

    @Test func reloadAndReconfigureMarksAreKeptInOrderOnce() throws {
        var s = try snapshot([("a", ["1", "2", "3"])])
        try s.reloadItems(["3", "1"])
        try s.reloadItems(["3"])
        try s.reconfigureItems(["2"])
        #expect(s.reloadedItemIdentifiers == ["3", "1"])
        #expect(s.reconfiguredItemIdentifiers == ["2"])
        s.deleteItems(["3"])
        #expect(s.reloadedItemIdentifiers == ["1"])
        try s.appendItems(["3"])
        try s.reloadItems(["3"])
        #expect(s.reloadedItemIdentifiers == ["1", "3"])
    }

    @Test func aMovedItemKeepsItsMark() throws {
        var s = try snapshot([("a", ["1", "2"])])
        try s.reconfigureItems(["1"])
        try s.moveItem("1", afterItem: "2")
        #expect(s.reconfiguredItemIdentifiers == ["1"])
    }
}
