import Cellar
import CellarSnapshotTesting
import SnapshotTesting
import Testing

/// A table built in Swift, locked by swift-snapshot-testing: the recorded
/// references sit beside this file in `__Snapshots__/TableSnapshotTests/`.
/// Each strategy is also shown to fail once the drawing changes, against
/// the same reference (`verifySnapshot` returns the failure instead of
/// recording it).
@Suite(.cellarSnapshots) struct TableSnapshotTests {
    @Test func linesAtTheTableWidth() {
        assertSnapshot(of: Pantry().makeTable(), as: .lines, named: "pantry")
    }

    @Test func linesAtOtherWidthsGiveTheTableItsWidthBack() {
        let table = Pantry().makeTable(width: 36)
        assertSnapshot(of: table, as: .lines(width: 24), named: "narrow")
        assertSnapshot(of: table, as: .lines(width: 52), named: "wide")
        #expect(table.width == 36)
    }

    @Test func ansiInBothAppearances() {
        let table = Pantry().makeTable()
        assertSnapshot(of: table, as: .ansi, named: "light")
        assertSnapshot(of: table, as: .ansi(appearance: .dark), named: "dark")
        #expect(table.appearance == .light)
    }

    /// A selection, a swipe, the Flag button (the app's handler), a scroll,
    /// a full swipe that deletes through the data source, and the Edit
    /// button: every frame of the viewport, with the style marks.
    @Test func framesOfUserActions() {
        let pantry = Pantry()
        let table = pantry.makeTable(width: 40, height: 10)
        let actions: [TableAction] = [
            .selectRow(IndexPath(0, 1)),
            .swipe(IndexPath(0, 0), edge: .trailing, full: false),
            .tapSwipeAction(IndexPath(0, 0), title: "Flag"),
            .scrollToRow(IndexPath(1, 0)),
            .swipe(IndexPath(1, 0), edge: .trailing, full: true),
            .setEditing(true),
        ]
        assertSnapshot(of: table, as: .frames(actions, marks: true), named: "pantry")
        #expect(pantry.events == ["select 0 1", "flag 0 0"])
        #expect(pantry.sections[1].foods.map(\.name) == ["Leek"])
    }

    // MARK: Each strategy fails when the drawing changes

    /// Checks `table` against a reference recorded by `test` and returns the failure.
    func failure(
        _ table: TableView, as strategy: Snapshotting<TableView, String>, named name: String, recordedBy test: String
    )
        -> String?
    {
        verifySnapshot(of: table, as: strategy, named: name, record: .never, testName: test)
    }

    @Test func aRenamedRowFailsTheLines() throws {
        let pantry = Pantry()
        pantry.sections[0].foods[1].name = "배나무"
        let message = try #require(
            failure(pantry.makeTable(), as: .lines, named: "pantry", recordedBy: "linesAtTheTableWidth()"))
        #expect(message.contains("배나무"))
        #expect(failure(Pantry().makeTable(), as: .lines, named: "pantry", recordedBy: "linesAtTheTableWidth()") == nil)
    }

    @Test func anotherWidthFailsTheWidthVariant() {
        let table = Pantry().makeTable()
        let test = "linesAtOtherWidthsGiveTheTableItsWidthBack()"
        #expect(failure(table, as: .lines(width: 25), named: "narrow", recordedBy: test) != nil)
        #expect(failure(table, as: .lines(width: 24), named: "narrow", recordedBy: test) == nil)
    }

    /// Only the dark variant of the note's colour changes: the light
    /// snapshot still matches, the dark one fails, and the plain text (no
    /// colours) cannot tell.
    @Test func aChangedDarkColourFailsOnlyTheDarkSnapshot() throws {
        let pantry = Pantry()
        pantry.noteColor = .dynamic(light: 0x8A_4B_00, dark: 0x00_C8_70)
        let table = pantry.makeTable()
        let test = "ansiInBothAppearances()"
        #expect(failure(table, as: .ansi, named: "light", recordedBy: test) == nil)
        let message = try #require(failure(table, as: .ansi(appearance: .dark), named: "dark", recordedBy: test))
        #expect(message.contains("␛[0;38;2;0;200;112mSoft"))
        #expect(failure(table, as: .lines, named: "pantry", recordedBy: "linesAtTheTableWidth()") == nil)
    }

    @Test func anActionLeftOutFailsTheFrames() {
        let table = Pantry().makeTable(width: 40, height: 10)
        let actions: [TableAction] = [.selectRow(IndexPath(0, 1))]
        #expect(
            failure(table, as: .frames(actions, marks: true), named: "pantry", recordedBy: "framesOfUserActions()")
                != nil)
    }

    /// A refused action fails the test with its number and the table's
    /// reason, and that text is the snapshot, so it never matches a drawing.
    @Test func aRefusedActionFailsNamingIt() {
        let table = Pantry().makeTable()
        let actions: [TableAction] = [.selectRow(IndexPath(0, 0)), .selectRow(IndexPath(0, 9))]
        withKnownIssue {
            let message = failure(table, as: .frames(actions), named: "pantry", recordedBy: "framesOfUserActions()")
            #expect(message?.contains("action 2: select [0, 9]: ") == true)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("action 2: select [0, 9]: ") }
        }
    }
}
