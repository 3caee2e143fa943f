import Cellar
import CellarTestSupport
import Testing

@testable import CellarTerminal

@Suite struct BrowseSessionTests {
    private func session(rows: Int = 30, height: Int = 5, style: TableStyle = .plain)
        -> (BrowseSession, ArrayDataSource)
    {
        let source = ArrayDataSource([(0..<rows).map { .object(["text": .string("row \($0)")]) }])
        let table = TableView(style: style, registry: Registry())
        table.retainedDataSource = source
        table.dataSource = source
        table.delegate = source
        table.separatorStyle = .none
        table.width = 20
        table.viewportHeight = height
        let s = BrowseSession(table: table)
        s.keepsActions = true
        s.focus(s.firstRow)
        return (s, source)
    }

    @Test func movingFocusKeepsItInViewAsTheScrollStepClamps() {
        let (s, _) = session()
        for _ in 0..<7 { s.handle(.character("j")) }
        #expect(s.focus == IndexPath(0, 7))
        #expect(s.table.contentOffset == 3)  // row 7 on the last of 5 lines
        s.handle(.character("G"))
        #expect(s.focus == IndexPath(0, 29))
        #expect(s.table.contentOffset == 25)
        s.handle(.home)
        #expect(s.focus == IndexPath(0, 0) && s.table.contentOffset == 0)
        #expect(
            s.performed.allSatisfy { event in
                if case .action(.focusRow) = event { return true }
                if case .action(.scrollToOffset) = event { return true }
                return false
            })
    }

    @Test func aResizeAfterTheFirstSizeIsRecordedWithTheScrollThatKeepsTheFocusInView() {
        let (s, _) = session(height: 10)
        s.resize(width: 20, height: 10)  // the first size: where a recording starts
        #expect(s.startSize.map { [$0.width, $0.height] } == [20, 10])
        s.handle(.end)
        let before = s.performed.count
        s.resize(width: 30, height: 4)
        #expect(s.table.width == 30 && s.table.viewportHeight == 4)
        #expect(s.table.contentOffset == 26)  // row 29 on the last of 4 lines
        // One event: the runner's resize step scrolls the same way itself.
        #expect(s.performed.count == before + 1)
        guard case .resize(30, 4)? = s.performed.last else {
            Issue.record("the resize was not recorded: \(String(describing: s.performed.last))")
            return
        }
        s.resize(width: 30, height: 4)
        #expect(s.performed.count == before + 1)  // the same size is no event
    }

    @Test func theSessionsTableDrawsTheFocusMark() throws {
        let (s, _) = session()
        #expect(try s.table.renderText().hasPrefix("❯row 0"))
        s.handle(.enter)
        #expect(try s.table.renderText().hasPrefix("➤row 0"))
    }

    /// willSelect may refuse a tap or move it to another row: the status
    /// line says so instead of "tapped row N".
    @Test func enterSaysWhenATapIsRefusedOrRedirected() {
        let (s, source) = session()
        source.willSelect = { ip in ip.row == 0 ? nil : ip.row == 1 ? IndexPath(0, 3) : ip }
        s.handle(.enter)
        #expect(s.message == "tapped row 1: refused, nothing selected")
        #expect(s.table.indexPathsForSelectedRows.isEmpty)
        s.handle(.character("j"))
        s.handle(.enter)
        #expect(s.message == "tapped row 2: selected row 4 instead")
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(0, 3)])
        s.handle(.character("j"))
        s.handle(.enter)
        #expect(s.message == "tapped row 3")
    }

    @Test func enterTapsTheFocusedRowThroughTheDelegate() {
        let (s, source) = session()
        s.handle(.down)
        s.handle(.enter)
        #expect(source.events == ["select [0, 1]"])
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(0, 1)])
    }

    @Test func aResizeThatScrollsKeepsTheSwipedRowOpenAsItsRecordedStepDoes() throws {
        let (s, source) = session(rows: 10, height: 3)
        source.trailingSwipeActions = { _ in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Flag")])
        }
        s.resize(width: 20, height: 3)  // the session's first size
        for _ in 0..<2 { s.handle(.character("j")) }
        s.handle(.character("l"))
        s.resize(width: 20, height: 1)  // row 2 is the third line: the resize scrolls to it
        #expect(s.table.contentOffset == 2)
        #expect(s.mode == .swiped(IndexPath(0, 2)))
        #expect(s.table.indexPathForSwipedRow == IndexPath(0, 2))
        #expect(lines(try s.table.renderText()).first?.hasSuffix("[Flag]") == true)
    }

    @Test func swipeKeysRevealChooseAndCloseActions() throws {
        let (s, source) = session()
        source.trailingSwipeActions = { ip in
            ip.row == 1
                ? SwipeActionsConfiguration(actions: [
                    ContextualAction(style: .normal, title: "Flag"), ContextualAction(style: .normal, title: "More"),
                ]) : nil
        }
        s.handle(.character("j"))
        s.handle(.character("l"))
        #expect(s.mode == .swiped(IndexPath(0, 1)))
        #expect(s.mode.name == "swiped")
        #expect(s.table.swipeActionTitles == ["Flag", "More"])
        // The first action is chosen at once, so Enter performs it; Tab moves on and wraps.
        #expect(s.table.focusedSwipeActionTitle == "Flag")
        s.handle(.tab)
        #expect(s.table.focusedSwipeActionTitle == "More")
        #expect(lines(try s.table.renderText())[1].contains("[More]"))
        s.handle(.tab)
        #expect(s.table.focusedSwipeActionTitle == "Flag")
        s.handle(.backTab)
        #expect(s.table.focusedSwipeActionTitle == "More")
        s.handle(.escape)
        #expect(s.mode == .browse && s.table.indexPathForSwipedRow == nil)
        #expect(!s.wantsQuit)
        s.handle(.character("l"))
        s.handle(.enter)
        #expect(s.mode == .browse)
        #expect(s.message == "Flag: row 2")
        // Recorded as the actions the golden steps name (GoldenRecorderTests checks their text).
        let last = Array(s.performed.suffix(3))
        guard last.count == 3, case .action(.swipe(IndexPath(0, 1), .trailing, false)) = last[0],
            case .action(.focusSwipeAction(IndexPath(0, 1), "Flag")) = last[1],
            case .action(.tapSwipeAction(IndexPath(0, 1), "Flag")) = last[2]
        else {
            Issue.record("performed: \(last)")
            return
        }
        #expect(s.table.cellForRow(at: IndexPath(0, 1))?.state.custom["swipeAction"] == .string("Flag"))
        // No leading actions: the status line says why, and the mode stays.
        s.handle(.character("h"))
        #expect(s.mode == .browse)
        #expect(s.message.hasPrefix("row [0, 1] has no leading swipe actions"))
    }

    @Test func aTapElsewhereClosesTheSwipedRowAndTheModeFollows() throws {
        let (s, _) = session()
        s.handle(.character("l"))
        #expect(s.mode == .swiped(IndexPath(0, 0)))
        s.handle(.character("j"))  // any other key closes the row first, then acts
        #expect(s.mode == .browse && s.table.indexPathForSwipedRow == nil)
        #expect(s.focus == IndexPath(0, 1))
        s.handle(.character("l"))
        _ = try s.table.renderText()
        s.handle(.mouse(MouseEvent(kind: .press(button: 0), x: 2, y: 3)))
        #expect(s.mode == .browse && s.table.indexPathForSwipedRow == nil)
    }

    /// A document read again closes the swiped row under the session and
    /// the mode follows, recording no `end_swipe` (which, with nothing
    /// open, the table refuses and a case could not replay).
    @Test func aDocumentReloadClosesTheSwipedRowAndRecordsNoEmptyStep() throws {
        let (s, source) = session()
        s.handle(.character("l"))
        #expect(s.mode == .swiped(IndexPath(0, 0)))
        let new = TableView(registry: Registry())
        new.dataSource = source
        new.delegate = source
        s.replaceTable(with: new)
        #expect(s.table.indexPathForSwipedRow == nil && s.mode == .browse)
        #expect(
            !s.performed.contains { event in
                if case .action(.endSwipe) = event { return true }
                return false
            })
        s.handle(.character("j"))
        #expect(s.focus == IndexPath(0, 1))
    }

    @Test func editingKeysNeedEditingFirstAndQuitKeysQuit() {
        let (s, _) = session()
        s.handle(.character("d"))
        #expect(s.message == "press e to edit first")
        s.handle(.escape)
        #expect(s.wantsQuit)
    }

    @Test func aClickOnTheDetailButtonTapsTheAccessoryElsewhereTheRow() throws {
        let (s, source) = session()
        source.sections[0][2] = .object(["text": .string("info"), "accessory": .string("detailButton")])
        _ = try s.table.renderText()
        s.handle(.mouse(MouseEvent(kind: .press(button: 0), x: s.table.width - 1, y: 2)))
        #expect(source.events == ["accessory [0, 2]"])
        s.handle(.mouse(MouseEvent(kind: .press(button: 0), x: 2, y: 3)))
        #expect(source.events == ["accessory [0, 2]", "select [0, 3]"])
        #expect(s.focus == IndexPath(0, 3))
    }

    @Test func aClickOnTheDetailButtonInAnInsetGroupedBoxTapsTheAccessory() throws {
        let (s, source) = session(style: .insetGrouped)
        source.sections[0][1] = .object(["text": .string("info"), "accessory": .string("detailDisclosureButton")])
        let lines = try s.table.renderText().split(separator: "\n", omittingEmptySubsequences: false)
        // ⓘ › ends inside the box: find ⓘ's column on the row's line.
        let line = try #require(lines.firstIndex { $0.contains("info") })
        let text = lines[line]
        // Every character on the line is one column wide.
        let column = text.distance(from: text.startIndex, to: try #require(text.firstIndex(of: "ⓘ")))
        s.handle(.mouse(MouseEvent(kind: .press(button: 0), x: column, y: line)))
        #expect(source.events == ["accessory [0, 1]"])
        // The box's side, past the accessory, is no accessory.
        s.handle(.mouse(MouseEvent(kind: .press(button: 0), x: s.table.width - 2, y: line)))
        #expect(source.events == ["accessory [0, 1]", "select [0, 1]"])
    }

    @Test func theFocusedRowsCellIsInTheFocusedState() throws {
        let (s, _) = session()
        _ = try s.table.renderText()
        #expect(s.table.cellForRow(at: IndexPath(0, 0))?.state.isFocused == true)
        s.handle(.down)
        _ = try s.table.renderText()
        #expect(s.table.cellForRow(at: IndexPath(0, 0))?.state.isFocused == false)
        #expect(s.table.cellForRow(at: IndexPath(0, 1))?.state.isFocused == true)
    }

    @Test func pagesMoveTheFocusAViewportAtATime() {
        let (s, _) = session()
        s.handle(.pageDown)
        #expect(s.focus == IndexPath(0, 5))
        s.handle(.character(" "))
        #expect(s.focus == IndexPath(0, 10))
        #expect(s.table.contentOffset == 6)
        s.handle(.pageUp)
        #expect(s.focus == IndexPath(0, 5))
        s.handle(.end)
        s.handle(.pageDown)
        #expect(s.focus == IndexPath(0, 29))
    }

    @Test func wheelScrollsAndTheFocusFollowsIntoView() {
        let (s, _) = session()
        s.handle(.mouse(MouseEvent(kind: .wheelDown, x: 0, y: 0)))
        #expect(s.table.contentOffset == BrowseSession.wheelLines)
        #expect(s.focus == IndexPath(0, BrowseSession.wheelLines))
    }

    @Test func rightArrowTapsTheDetailButtonAsIDoes() throws {
        let (s, source) = session()
        source.sections[0][1] = .object(["text": .string("info"), "accessory": .string("detailButton")])
        _ = try s.table.renderText()  // as each frame of the loop does: the cells show their accessories
        s.handle(.right)  // row 0 has no detail button: a message, no call
        #expect(source.events.isEmpty && s.message.contains("no detail button"))
        s.handle(.down)
        s.handle(.right)
        #expect(source.events == ["accessory [0, 1]"])
    }

    @Test func rReloadsTheDataKeepingTheFocus() {
        let (s, source) = session()
        s.handle(.down)
        s.handle(.down)
        source.sections[0][2] = .object(["text": .string("changed")])
        s.handle(.character("r"))
        #expect(s.message == "reloaded" && s.focus == IndexPath(0, 2))
        #expect(
            s.performed.contains { event in
                if case .action(.reloadData) = event { return true }
                return false
            })
        #expect((try? s.table.renderText())?.contains("changed") == true)
    }

    @Test func nOrEscapeKeepsTheRowWhoseDeleteButtonShows() {
        for cancel in [Key.character("n"), .escape] {
            let (s, _) = session()
            s.handle(.character("e"))
            s.handle(.character("d"))
            #expect(s.mode == .confirmingDelete(IndexPath(0, 0)))
            #expect(s.table.indexPathForDeleteConfirmation == IndexPath(0, 0))
            s.handle(cancel)
            #expect(s.mode == .editing && s.message == "kept row 1")
            #expect(s.table.indexPathForDeleteConfirmation == nil)
            #expect(s.table.numberOfRows(inSection: 0) == 30)
        }
    }

    /// UIKit's chevron is no control: a click on › of ⓘ › selects the row,
    /// a click on ⓘ taps the accessory.
    @Test func aClickOnTheChevronOfADetailDisclosureButtonSelectsTheRow() throws {
        let (s, source) = session()
        source.sections[0][1] = .object(["text": .string("info"), "accessory": .string("detailDisclosureButton")])
        let lines = try s.table.renderText().split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines[1]
        let chevron = text.distance(from: text.startIndex, to: try #require(text.firstIndex(of: "›")))
        let info = text.distance(from: text.startIndex, to: try #require(text.firstIndex(of: "ⓘ")))
        s.handle(.mouse(MouseEvent(kind: .press(button: 0), x: chevron, y: 1)))
        #expect(source.events == ["select [0, 1]"])
        s.handle(.mouse(MouseEvent(kind: .press(button: 0), x: info, y: 1)))
        #expect(source.events == ["select [0, 1]", "accessory [0, 1]"])
    }

    /// While reordering, the lifted row moves with each ↑/↓ (the rows below
    /// it shift), stays lifted, and Enter drops it there; Esc puts it back.
    @Test func theLiftedRowMovesLiveAndEscapePutsItBack() throws {
        let rows = EditableRows((0..<6).map { "row \($0)" })
        let s = BrowseSession(table: rows.table())
        s.keepsActions = true
        s.focus(s.firstRow)
        for key: Key in [.character("e"), .character("j"), .character("m"), .character("j"), .character("j")] {
            s.handle(key)
        }
        #expect(rows.texts == ["row 0", "row 2", "row 3", "row 1", "row 4", "row 5"])
        #expect(s.table.reorderingRow == IndexPath(0, 3) && s.focus == IndexPath(0, 3))
        #expect(s.mode == .reordering(from: IndexPath(0, 1), to: IndexPath(0, 3)))
        #expect(try s.table.renderText().split(separator: "\n")[3].contains("row 1"))
        s.handle(.escape)
        #expect(rows.texts == (0..<6).map { "row \($0)" })
        #expect(s.table.reorderingRow == nil && s.focus == IndexPath(0, 1) && s.mode == .editing)
        for key: Key in [.character("m"), .character("k"), .enter] { s.handle(key) }
        #expect(rows.texts == ["row 1", "row 0", "row 2", "row 3", "row 4", "row 5"])
        #expect(s.table.reorderingRow == nil && s.message == "moved row 2 to 1")
    }
}
