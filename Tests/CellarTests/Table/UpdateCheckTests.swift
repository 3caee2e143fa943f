import CellarTestSupport
import Testing

@testable import Cellar

/// A batch whose data source disagrees with what the table was told throws
/// UIKit's message (UIKit stops the app with it), and the table then asks
/// the data source afresh instead of drawing rows it no longer has.
@Suite struct UpdateCheckTests {
    func table(_ sections: [[String]]) throws -> (ModelSource, TableView) {
        let ds = ModelSource(sections)
        let t = ds.makeTable()
        _ = try drawn(t)
        return (ds, t)
    }

    @Test func rowCountThatDisagreesThrowsUIKitsMessage() throws {
        let (ds, t) = try table([["a", "b", "c", "d"]])
        ds.sections[0].append("e")
        #expect(
            throws: CellarError(
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
            )
        ) { try t.performBatchUpdates {} }
        #expect(try drawn(t) == ds.expectedLines)
    }

    @Test func movesCountInAndOut() throws {
        let (ds, t) = try table([["a", "b"], ["c"]])
        ds.sections = [["b"], ["c", "a", "x"]]
        #expect(
            throws: CellarError(
                "Invalid update: invalid number of rows in section 1. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (1 moved in, 0 moved out)."
            )
        ) { try t.moveRow(at: IndexPath(0, 0), to: IndexPath(1, 1)) }
    }

    @Test func sectionCountThatDisagreesThrowsUIKitsMessage() throws {
        let (ds, t) = try table([["a"], ["b"]])
        ds.sections.append(["c"])
        ds.sections.remove(at: 0)
        #expect(
            throws: CellarError(
                "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted)."
            )
        ) { try t.deleteSections([0]) }
    }

    /// A mistaken update, and UIKit's message for it.
    enum Mistake: String, CaseIterable, Sendable {
        case deletePastEnd, reloadPastEnd, deleteInMissingSection, insertPastEnd, deleteMissingSection
        case insertSectionPastEnd, deleteAndReload, moveMissingRow

        func tell(_ t: TableView) throws {
            switch self {
            case .deletePastEnd: try t.deleteRows(at: [IndexPath(0, 2)])
            case .reloadPastEnd: try t.reloadRows(at: [IndexPath(0, 5)])
            case .deleteInMissingSection: try t.deleteRows(at: [IndexPath(3, 0)])
            case .insertPastEnd: try t.insertRows(at: [IndexPath(0, 4)])
            case .deleteMissingSection: try t.deleteSections([1])
            case .insertSectionPastEnd: try t.insertSections([2])
            case .deleteAndReload:
                try t.performBatchUpdates {
                    try t.deleteRows(at: [IndexPath(0, 0)])
                    try t.reloadRows(at: [IndexPath(0, 0)])
                }
            case .moveMissingRow: try t.moveRow(at: IndexPath(0, 7), to: IndexPath(0, 0))
            }
        }

        var message: String {
            switch self {
            case .deletePastEnd: "attempt to delete row 2 from section 0 which only contains 2 rows before the update"
            // UIKit tells a reload as the delete it turns it into.
            case .reloadPastEnd: "attempt to delete row 5 from section 0 which only contains 2 rows before the update"
            case .deleteInMissingSection:
                "attempt to delete row 0 from section 3, but there are only 1 sections before the update"
            case .insertPastEnd:
                "attempt to insert row 4 into section 0, but there are only 2 rows in section 0 after the update"
            case .deleteMissingSection: "attempt to delete section 1, but there are only 1 sections before the update"
            case .insertSectionPastEnd: "attempt to insert section 2 but there are only 1 sections after the update"
            case .deleteAndReload: "attempt to delete and reload the same index path ([0, 0])"
            case .moveMissingRow:
                "attempt to move index path ([0, 7]) that does not exist - there are only 2 rows in section 0 before the update"
            }
        }
    }

    @Test(arguments: Mistake.allCases)
    func badIndexesThrowUIKitsMessages(_ mistake: Mistake) throws {
        let (ds, t) = try table([["a", "b"]])
        #expect(throws: CellarError(mistake.message)) { try mistake.tell(t) }
        withExtendedLifetime(ds) {}
    }

    @Test func updatesBeforeTheFirstRenderJustLoad() throws {
        let ds = ModelSource([["a"]])
        let t = ds.makeTable()
        ds.sections[0] += ["b", "c"]
        // The table never asked for its counts: nothing to check against, as in UIKit.
        try t.insertRows(at: [IndexPath(0, 1)])
        #expect(try drawn(t) == [" a", " b", " c"])
    }
}
