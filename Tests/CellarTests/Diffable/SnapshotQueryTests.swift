import Testing

@testable import Cellar

@Suite("A diffable snapshot's queries")
struct SnapshotQueryTests {
    let s: Snap

    init() throws {
        s = try snapshot([("fruit", ["apple", "pear"]), ("empty", []), ("veg", ["kale", "leek", "okra"])])
    }

    @Test func countsSectionsAndItemsAsUIKit() throws {
        #expect(s.numberOfSections == 3)
        #expect(s.numberOfItems == 5)
        #expect(try s.numberOfItems(inSection: "veg") == 3)
        #expect(try s.numberOfItems(inSection: "empty") == 0)
        expectConsistent(s)
    }

    @Test func listsIdentifiersInTableOrder() throws {
        #expect(s.sectionIdentifiers == ["fruit", "empty", "veg"])
        #expect(s.itemIdentifiers == ["apple", "pear", "kale", "leek", "okra"])
        #expect(try s.itemIdentifiers(inSection: "fruit") == ["apple", "pear"])
    }

    @Test func findsWhereAnItemAndASectionAre() {
        #expect(s.sectionIdentifier(containingItem: "leek") == "veg")
        #expect(s.sectionIdentifier(containingItem: "plum") == nil)
        #expect(s.indexOfItem("kale") == 2)
        #expect(s.indexOfItem("plum") == nil)
        #expect(s.indexOfSection("veg") == 2)
        #expect(s.indexOfSection("meat") == nil)
        #expect(s.indexPath(for: "okra") == IndexPath(row: 2, section: 2))
        #expect(s.itemIdentifier(at: IndexPath(row: 1, section: 0)) == "pear")
        #expect(s.itemIdentifier(at: IndexPath(row: 0, section: 1)) == nil)
        #expect(s.itemIdentifier(at: IndexPath(row: -1, section: 0)) == nil)
    }

    @Test func anUnknownSectionIsAnErrorForItsItems() {
        let expected =
            "Section identifier was not found in the snapshot: meat. You can verify the section exists by calling indexOfSection(_:) (which has O(1) performance)."
        #expect(message { _ = try s.itemIdentifiers(inSection: "meat") } == expected)
        #expect(message { _ = try s.numberOfItems(inSection: "meat") } == expected)
    }

    @Test func anEmptySnapshotHasNothing() {
        let e = Snap()
        #expect(e.numberOfSections == 0)
        #expect(e.numberOfItems == 0)
        #expect(e.itemIdentifiers.isEmpty)
        expectConsistent(e)
    }

    /// A snapshot of 100,000 items, half of them appended one by one (each
    /// append keeps the indexes of that section's tail only), answers
    /// lookups from its indexes, also after an insert at the front.
    @Test func aHundredThousandItemSnapshotIsBuiltAndQueriedByIndex() throws {
        var big = DiffableDataSourceSnapshot<Int, Int>()
        try big.appendSections([0, 1])
        try big.appendItems(Array(0..<50_000), toSection: 0)
        for i in 50_000..<100_000 { try big.appendItems([i]) }
        #expect(big.numberOfItems == 100_000)
        #expect(big.indexOfItem(99_999) == 99_999)
        #expect(big.indexPath(for: 60_000) == IndexPath(row: 10_000, section: 1))
        #expect(big.sectionIdentifier(containingItem: 49_999) == 0)
        try big.insertItems([-1], beforeItem: 0)
        #expect(big.indexOfItem(99_999) == 100_000)
        #expect(big.indexPath(for: 0) == IndexPath(row: 1, section: 0))
    }
}
