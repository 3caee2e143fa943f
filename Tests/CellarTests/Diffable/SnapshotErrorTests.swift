import Testing

@testable import Cellar

/// Where UIKit traps, a snapshot throws UIKit's message, and is left as it was.
@Suite("A diffable snapshot's errors")
struct SnapshotErrorTests {
    let start: Snap

    init() throws { start = try snapshot([("a", ["1", "2"]), ("b", ["3"])]) }

    /// Runs `change` on a copy of `start`; returns its message and whether the copy is unchanged.
    func failing(_ change: (inout Snap) throws -> Void) throws -> (String?, Bool) {
        var s = start
        let m = message { try change(&s) }
        return (m, try layout(s) == layout(start) && s.reloadedItemIdentifiers.isEmpty)
    }

    @Test func duplicateItemsInOneCallAreUIKitsFatalError() throws {
        let (m, unchanged) = try failing { try $0.appendItems(["x", "y", "x", "y", "x"]) }
        #expect(m == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(x, y)}")
        #expect(unchanged)
        let (m2, _) = try failing { try $0.insertItems(["z", "z"], beforeItem: "1") }
        #expect(m2 == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(z)}")
    }

    @Test func aLongListOfDuplicatesIsCountedNotAllNamed() throws {
        let many = (0..<20).map(String.init)
        let (m, _) = try failing { try $0.appendItems(many + many) }
        #expect(
            m
                == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(0, 1, 2, 3, 4, 5, 6, 7, … and 12 more)}"
        )
    }

    @Test func duplicateSectionsInOneCallAreUIKitsFatalError() throws {
        let (m, unchanged) = try failing { try $0.appendSections(["c", "c"]) }
        #expect(m == "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(c)}")
        #expect(unchanged)
        let (m2, _) = try failing { try $0.insertSections(["d", "d"], afterSection: "a") }
        #expect(m2 == "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(d)}")
    }

    @Test func appendingItemsWithNoSectionsIsUIKitsError() {
        var s = Snap()
        #expect(
            message { try s.appendItems(["1"]) }
                == "There are currently no sections in the data source. Please add a section first.")
    }

    @Test func anUnknownSectionIsNamed() throws {
        let notFound =
            "Section identifier was not found in the snapshot: z. You can verify the section exists by calling indexOfSection(_:) (which has O(1) performance)."
        for change: (inout Snap) throws -> Void in [
            { try $0.appendItems(["9"], toSection: "z") },
            { try $0.insertSections(["c"], beforeSection: "z") },
            { try $0.insertSections(["c"], afterSection: "z") },
            { try $0.moveSection("z", beforeSection: "a") },
            { try $0.moveSection("a", afterSection: "z") },
        ] {
            let (m, unchanged) = try failing(change)
            #expect(m == notFound)
            #expect(unchanged)
        }
    }

    @Test func anUnknownItemIsNamed() throws {
        let notFound =
            "Item identifier was not found in the snapshot: 9. You can verify the item exists by calling indexOfItem(_:) (which has O(1) performance)."
        for change: (inout Snap) throws -> Void in [
            { try $0.insertItems(["5"], beforeItem: "9") },
            { try $0.insertItems(["1"], afterItem: "9") },
            { try $0.moveItem("9", beforeItem: "1") },
            { try $0.moveItem("1", afterItem: "9") },
        ] {
            let (m, unchanged) = try failing(change)
            #expect(m == notFound)
            #expect(unchanged)
        }
    }

    @Test func markingWhatIsNotThereIsUIKitsError() throws {
        var (m, unchanged) = try failing { try $0.reloadItems(["1", "9"]) }
        #expect(m == "Attempted to reload item identifier that does not exist in the snapshot: 9")
        #expect(unchanged)
        (m, _) = try failing { try $0.reconfigureItems(["9"]) }
        #expect(m == "Attempted to reconfigure item identifier that does not exist in the snapshot: 9")
        (m, _) = try failing { try $0.reloadSections(["z"]) }
        #expect(m == "Attempted to reload section identifier that does not exist in the snapshot: z")
    }

    @Test func movingOntoItselfIsUIKitsError() throws {
        var (m, unchanged) = try failing { try $0.moveItem("1", afterItem: "1") }
        #expect(m == "Invalid update: destination for item move is the same as the source [1].")
        #expect(unchanged)
        (m, _) = try failing { try $0.moveSection("a", beforeSection: "a") }
        #expect(m == "Invalid update: destination for section move is the same as the source [a].")
    }

    @Test func insertingNextToAnIdentifierBeingInsertedIsUIKitsError() throws {
        var (m, unchanged) = try failing { try $0.insertItems(["5", "1"], afterItem: "1") }
        #expect(m == "Invalid update: destination for insertion operation [1] is in the insertion identifier list.")
        #expect(unchanged)
        (m, _) = try failing { try $0.insertSections(["a"], beforeSection: "a") }
        #expect(m == "Invalid update: destination for section operation [a] is in the inserted section list.")
    }

    /// An identifier may be text an app read: in a message it is bounded,
    /// and an escape sequence in it shows instead of acting.
    @Test func identifiersAreBoundedAndSanitisedInTheMessage() throws {
        let huge = String(repeating: "x", count: 10_000)
        var (m, _) = try failing { try $0.moveItem(huge, afterItem: "1") }
        #expect((m?.utf8.count ?? 0) < 2_000)
        (m, _) = try failing { try $0.appendItems(["\u{1B}[2J", "\u{1B}[2J"]) }
        #expect(m == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(␛[2J)}")
    }
}
