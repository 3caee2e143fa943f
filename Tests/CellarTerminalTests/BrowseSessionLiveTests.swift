import Cellar
import CellarTestSupport
import Testing

@testable import CellarTerminal

/// The session under a table the app changes: updates between keys, a
/// delegate that reloads, the terminal's focus.
@Suite struct BrowseSessionLiveTests {
    private func session(rows: Int = 10) -> (BrowseSession, ArrayDataSource) {
        let source = ArrayDataSource([(0..<rows).map { row("default", "job \($0)") }])
        let table = source.makeTable(width: 20, height: 5)
        table.retainedDataSource = source
        let s = BrowseSession(table: table)
        s.focus(IndexPath(0, 0))
        return (s, source)
    }

    /// A delegate that reloads the table when a row is selected, as apps
    /// that show a row's details in place do.
    private final class ReloadingDelegate: TableViewDelegate {
        var selected: [IndexPath] = []
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) throws {
            selected.append(indexPath)
            tableView.reloadData()
        }
    }

    @Test func aDelegateThatReloadsOnSelectionLeavesTheFocusOnTheRow() {
        let (s, _) = session()
        let delegate = ReloadingDelegate()
        s.table.delegate = delegate
        s.handle(.character("j"))
        s.handle(.character("j"))
        s.handle(.enter)
        #expect(delegate.selected == [IndexPath(0, 2)])
        #expect(s.focus == IndexPath(0, 2))
    }

    @Test func anUpdateThatClosesTheSwipedRowEndsTheSwipeModeAndKeepsTheFocus() {
        let (s, source) = session()
        source.trailingSwipeActions = { _ in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Stop")])
        }
        s.handle(.character("j"))
        s.handle(.character("l"))
        #expect(s.mode == .swiped(IndexPath(0, 1)))
        s.table.reloadData()
        s.tableChanged(focusWas: IndexPath(0, 1))
        #expect(s.mode == .browse && s.focus == IndexPath(0, 1))
    }

    @Test func anUpdateThatRemovesTheFocusedRowFocusesTheRowBefore() throws {
        let (s, source) = session()
        s.focus(IndexPath(0, 9))
        source.sections[0].removeLast(2)
        s.table.reloadData()
        s.tableChanged(focusWas: IndexPath(0, 9))
        #expect(s.focus == IndexPath(0, 7))
    }

    @Test func anUpdateThatBeginsEditingPutsTheKeysInEditingMode() {
        let (s, _) = session()
        s.table.setEditing(true)
        s.tableChanged(focusWas: s.focus)
        #expect(s.mode == .editing)
    }

    @Test func focusReportsMoveTheRowFocusOnlyWhenTheSessionFollowsThem() throws {
        let (s, _) = session()
        s.handle(.character("j"))
        s.handle(.focusOut)
        #expect(s.focus == IndexPath(0, 1))  // browse keeps its focus
        s.followsTerminalFocus = true
        s.handle(.focusOut)
        #expect(s.focus == nil)
        _ = try s.table.renderText()
        #expect(s.table.cellForRow(at: IndexPath(0, 1))?.state.isFocused == false)
        s.handle(.focusIn)
        #expect(s.focus == IndexPath(0, 1))
        _ = try s.table.renderText()
        #expect(s.table.cellForRow(at: IndexPath(0, 1))?.state.isFocused == true)
    }
}
