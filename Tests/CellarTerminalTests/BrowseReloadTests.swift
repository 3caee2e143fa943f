import Cellar
import CellarTestSupport
import Testing

@testable import CellarTerminal

/// Draws every row as one word (a style saved with another look shows another).
private final class Look: CellStyle {
    let reuseIdentifier = "look"
    let word: String
    var fails = false
    init(_ word: String) { self.word = word }
    func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        if fails { throw CellarError("new.lua:3: boom") }
    }
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode { .label(Label(word)) }
}

@Suite struct BrowseReloadTests {
    private func session(_ rows: EditableRows) -> BrowseSession {
        let s = BrowseSession(table: rows.table())
        s.keepsActions = true
        s.focus(s.firstRow)
        return s
    }

    private func registry(_ style: Look) throws -> Registry {
        let r = Registry()
        try r.register(style, forCellReuseIdentifier: "look")
        return r
    }

    /// The session's edits and states live on: the deleted row stays
    /// deleted, the selection, the swiped row and its focused action, the
    /// focus and the offset stay on their rows, and the new look shows.
    @Test func aStyleSaveKeepsEverythingTheSessionDid() throws {
        let rows = EditableRows((0..<8).map { "row \($0)" })
        let s = session(rows)
        for key: Key in [.character("j"), .character("e"), .character("d"), .character("y"), .character("e")] {
            s.handle(key)
        }
        #expect(rows.rows.count == 7)
        for key: Key in [.enter, .character("G"), .character("l")] { s.handle(key) }
        let offset = s.table.contentOffset
        #expect(s.mode == .swiped(IndexPath(0, 6)) && offset > 0)
        let recorded = s.performed.count
        try s.restyle(with: try registry(Look("NEW")))
        #expect(rows.rows.count == 7)
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(0, 1)])
        #expect(s.focus == IndexPath(0, 6) && s.table.contentOffset == offset)
        #expect(s.mode == .swiped(IndexPath(0, 6)) && s.table.indexPathForSwipedRow == IndexPath(0, 6))
        #expect(s.table.focusedSwipeActionTitle == "Delete")
        let text = try s.table.renderText()
        #expect(text.contains("NEW") && !text.contains("row "))
        // Nothing to replay: the case draws the same table with the styles it is run with.
        #expect(s.performed.count == recorded)
    }

    @Test func aStyleThatFailsToDrawIsTakenBackAndTheSessionGoesOn() throws {
        let rows = EditableRows(["a", "b", "c"])
        let s = session(rows)
        s.handle(.enter)
        let before = try s.table.renderText()
        let broken = Look("NEW")
        broken.fails = true
        #expect(throws: CellarError("new.lua:3: boom")) { try s.restyle(with: try registry(broken)) }
        #expect(try s.table.renderText() == before)
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(0, 0)])
    }

    /// A document read again: the selection and the focus follow their rows
    /// by value (a row inserted above moves them down; a row gone loses its
    /// selection), and the recording starts again from the new table, with
    /// the selection taken back as taps so the case replays it.
    @Test func aDocumentReloadKeepsTheSelectionAndFocusOfRowsStillThere() throws {
        let rows = EditableRows(["a", "b", "c", "d"])
        let s = session(rows)
        s.handle(.character("j"))
        s.handle(.enter)  // b selected
        s.handle(.character("j"))
        s.handle(.character("j"))  // focus on d
        let read = EditableRows(["new", "a", "b", "d"])
        s.replaceTable(with: read.table())
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(0, 2)])
        #expect(s.focus == IndexPath(0, 3))
        let steps = s.performed.compactMap { event -> TableAction? in
            if case .action(let a) = event { return a }
            return nil
        }
        guard case .selectRow(IndexPath(0, 2))? = steps.first else {
            Issue.record("the selection was not taken back as a tap: \(steps)")
            return
        }
        #expect(steps.contains { if case .focusRow(IndexPath(0, 3)) = $0 { true } else { false } })
        // A row no longer there keeps no selection; the focus stays at its place.
        s.replaceTable(with: EditableRows(["x", "y", "z", "w"]).table())
        #expect(s.table.indexPathsForSelectedRows.isEmpty)
        #expect(s.focus == IndexPath(0, 3))
    }

    /// With the document's text, the recording goes on: the actions before
    /// stay, and the carrying taps become one `reload` event (one frame in
    /// the replay, as the person saw one screen).
    @Test func aDocumentReloadWithItsTextIsOneRecordedEvent() throws {
        let s = session(EditableRows(["a", "b", "c", "d"]))
        s.handle(.character("j"))
        s.handle(.enter)  // b selected
        let before = s.performed.count
        s.replaceTable(with: EditableRows(["new", "a", "b", "d"]).table(), text: "rows: [new, a, b, d]\n")
        #expect(s.performed.count == before + 1)
        guard case .reload(let text, let actions)? = s.performed.last else {
            Issue.record("no reload event: \(s.performed)")
            return
        }
        #expect(text == "rows: [new, a, b, d]\n")
        guard case .selectRow(IndexPath(0, 2))? = actions.first else {
            Issue.record("the selection was not carried as a tap: \(actions)")
            return
        }
        #expect(actions.contains { if case .focusRow(IndexPath(0, 2)) = $0 { true } else { false } })
    }

    @Test func rowOrderFindsRowsAcrossSectionsEmptyOnesIncluded() {
        let source = ArrayDataSource([[row("default", "a")], [], [row("default", "b"), row("default", "c")]])
        let order = RowOrder(source.makeTable())
        #expect(order.indexPath(ordinal: 0) == IndexPath(0, 0))
        #expect(order.indexPath(ordinal: 1) == IndexPath(2, 0))
        #expect(order.indexPath(ordinal: 2) == IndexPath(2, 1))
        #expect(order.indexPath(ordinal: 3) == nil && order.indexPath(ordinal: -1) == nil)
        #expect(order.ordinal(of: IndexPath(2, 1)) == 2)
    }
}
