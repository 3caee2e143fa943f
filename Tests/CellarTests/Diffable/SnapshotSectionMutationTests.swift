import Testing

@testable import Cellar

@Suite("A diffable snapshot's section mutations")
struct SnapshotSectionMutationTests {
    @Test func insertSectionsBeforeAndAfterASection() throws {
        var s = try snapshot([("b", ["1"]), ("d", ["2"])])
        try s.insertSections(["a"], beforeSection: "b")
        try s.insertSections(["c"], afterSection: "b")
        try s.insertSections(["e", "f"], afterSection: "d")
        #expect(s.sectionIdentifiers == ["a", "b", "c", "d", "e", "f"])
        #expect(try layout(s) == [[], ["1"], [], ["2"], [], []])
        #expect(s.indexOfItem("2") == 1)
        expectConsistent(s)
    }

    @Test func aSectionAddedAgainMovesWithItsItems() throws {
        var s = try snapshot([("a", ["1"]), ("b", ["2"]), ("c", ["3"])])
        try s.appendSections(["a"])
        #expect(s.sectionIdentifiers == ["b", "c", "a"])
        try s.insertSections(["a", "x"], beforeSection: "b")
        #expect(try layout(s) == [["1"], [], ["2"], ["3"]])
        #expect(s.sectionIdentifiers == ["a", "x", "b", "c"])
        expectConsistent(s)
    }

    @Test func deleteSectionsTakesTheirItemsAndMarks() throws {
        var s = try snapshot([("a", ["1", "2"]), ("b", ["3"]), ("c", ["4"])])
        try s.reloadItems(["1", "3"])
        try s.reloadSections(["a", "b"])
        s.deleteSections(["a", "nope"])
        #expect(s.sectionIdentifiers == ["b", "c"])
        #expect(s.itemIdentifiers == ["3", "4"])
        #expect(s.sectionIdentifier(containingItem: "1") == nil)
        #expect(s.reloadedItemIdentifiers == ["3"])
        #expect(s.reloadedSectionIdentifiers == ["b"])
        expectConsistent(s)
    }

    @Test func moveSectionBeforeAndAfterAnother() throws {
        var s = try snapshot([("a", ["1"]), ("b", ["2"]), ("c", ["3"])])
        try s.moveSection("a", afterSection: "c")
        #expect(s.sectionIdentifiers == ["b", "c", "a"])
        try s.moveSection("c", beforeSection: "b")
        #expect(s.sectionIdentifiers == ["c", "b", "a"])
        #expect(s.itemIdentifiers == ["3", "2", "1"])
        #expect(s.indexPath(for: "1") == IndexPath(row: 0, section: 2))
        expectConsistent(s)
    }
}
