import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// A Swift data source that edits and moves rows, recording UIKit's calls.
private final class EditingSource: TableViewDataSource, TableViewDelegate {
    var rows: [[String]]
    var calls: [String] = []
    var editable: (IndexPath) -> Bool = { _ in true }
    var style: (IndexPath) -> EditingStyle = { _ in .delete }
    var movable: (IndexPath) -> Bool = { _ in true }
    var redirect: (IndexPath, IndexPath) -> IndexPath = { $1 }
    /// false: commit tells the table of a delete but forgets the data (the table must catch it).
    var removesData = true

    init(_ rows: [[String]]) { self.rows = rows }

    func numberOfSections(in tableView: TableView) -> Int { rows.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
    func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: ip)
        try cell.configure(with: .object(["text": .string(rows[ip.section][ip.row])]), at: ip)
        return cell
    }
    var indexTitles: [String]?
    func sectionIndexTitles(for tableView: TableView) -> [String]? { indexTitles }
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        calls.append("section for \(title) at \(index)")
        return title == "#" ? rows.count - 1 : index
    }
    func tableView(_ tableView: TableView, canEditRowAt ip: IndexPath) -> Bool { editable(ip) }
    func tableView(_ tableView: TableView, editingStyleForRowAt ip: IndexPath) -> EditingStyle { style(ip) }
    func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt ip: IndexPath) throws {
        calls.append("commit \(editingStyle.rawValue) \(ip)")
        if editingStyle == .delete {
            if removesData { rows[ip.section].remove(at: ip.row) }
            try tableView.deleteRows(at: [ip])
        } else {
            rows[ip.section].insert("new", at: ip.row)
            try tableView.insertRows(at: [ip])
        }
    }
    func tableView(_ tableView: TableView, canMoveRowAt ip: IndexPath) -> Bool { movable(ip) }
    func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt from: IndexPath,
        toProposedIndexPath proposed: IndexPath
    ) -> IndexPath {
        calls.append("target \(from) proposed \(proposed)")
        return redirect(from, proposed)
    }
    func tableView(_ tableView: TableView, moveRowAt from: IndexPath, to: IndexPath) throws {
        calls.append("move \(from) to \(to)")
        let text = rows[from.section].remove(at: from.row)
        rows[to.section].insert(text, at: to.row)
    }

    func makeTable(height: Int? = nil) -> TableView {
        let t = TableView(registry: Registry())
        t.dataSource = self
        t.delegate = self
        t.width = 20
        t.viewportHeight = height
        t.separatorStyle = .none
        return t
    }
}

@Suite struct TableActionTests {
    @Test func deleteGoesThroughTheButtonThenCommit() throws {
        let ds = EditingSource([["a", "b", "c"]])
        let t = ds.makeTable()
        try t.perform(.setEditing(true))
        try t.perform(.tapDeleteControl(IndexPath(0, 1)))
        #expect(t.indexPathForDeleteConfirmation == IndexPath(0, 1))
        #expect(lines(try t.renderText())[1].trimmingTrailingSpaces() == "             Delete")
        #expect(ds.calls.isEmpty)
        try t.perform(.confirmDelete(IndexPath(0, 1)))
        #expect(ds.calls == ["commit delete [0, 1]"])
        #expect(
            lines(try t.renderText()).map { $0.trimmingTrailingSpaces() } == [
                " ⊖ a              ≡", " ⊖ c              ≡",
            ])
    }

    @Test func aConfirmedDeleteKeepsTheOtherRowsHeights() throws {
        let ds = EditingSource([(0..<300).map { "row \($0)" }])
        let t = ds.makeTable(height: 6)
        t.setEditing(true)
        _ = try t.renderText()  // settles all 300 rows
        #expect(t.statistics.heightsMeasured >= 300)
        try t.perform(.tapDeleteControl(IndexPath(0, 150)))
        try t.perform(.confirmDelete(IndexPath(0, 150)))
        t.resetStatistics()
        _ = try t.renderText()
        #expect(t.statistics.heightsMeasured <= 6)  // the rows on screen, nothing settled again
        #expect(t.contentHeight == 299)
    }

    @Test func aCommitThatForgetsTheDataFailsTheCountRule() throws {
        let ds = EditingSource([["a", "b"]])
        ds.removesData = false
        let t = ds.makeTable()
        _ = try t.renderText()
        t.setEditing(true)
        try t.perform(.tapDeleteControl(IndexPath(0, 0)))
        #expect(
            throws: CellarError(
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (2) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
            )
        ) {
            try t.perform(.confirmDelete(IndexPath(0, 0)))
        }
    }

    @Test func editingControlsThatDoNotShowCannotBeTapped() throws {
        let ds = EditingSource([["a", "b", "c"]])
        ds.editable = { $0.row != 1 }
        ds.style = { $0.row == 2 ? .insert : .delete }
        let t = ds.makeTable()
        #expect(
            throws: CellarError(
                "the table is not editing, so row [0, 0] shows no editing control (begin editing first)")
        ) {
            try t.perform(.tapDeleteControl(IndexPath(0, 0)))
        }
        t.setEditing(true)
        #expect(
            throws: CellarError(
                "row [0, 1] cannot be edited: the data source's tableView(_:canEditRowAt:) returns false for it")
        ) {
            try t.perform(.tapDeleteControl(IndexPath(0, 1)))
        }
        #expect(throws: CellarError("row [0, 2] shows ⊕ (editing style insert), not ⊖")) {
            try t.perform(.tapDeleteControl(IndexPath(0, 2)))
        }
        #expect(throws: CellarError("row [0, 0] shows no Delete button (tap its ⊖ first)")) {
            try t.perform(.confirmDelete(IndexPath(0, 0)))
        }
        try t.perform(.tapInsertControl(IndexPath(0, 2), row: nil))
        #expect(ds.calls == ["commit insert [0, 2]"])
        #expect(ds.rows[0] == ["a", "b", "new", "c"])
    }

    @Test func aTapElsewhereOnlyDismissesTheDeleteButton() throws {
        let ds = EditingSource([["a", "b"]])
        let t = ds.makeTable()
        t.allowsSelectionDuringEditing = true
        t.setEditing(true)
        try t.perform(.tapDeleteControl(IndexPath(0, 0)))
        try t.perform(.selectRow(IndexPath(0, 1)))
        #expect(t.indexPathForDeleteConfirmation == nil)
        #expect(t.indexPathsForSelectedRows.isEmpty)
        try t.perform(.selectRow(IndexPath(0, 1)))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 1)])
        // A tap on another row's ⊖ also only dismisses the button.
        try t.perform(.tapDeleteControl(IndexPath(0, 0)))
        try t.perform(.tapDeleteControl(IndexPath(0, 1)))
        #expect(t.indexPathForDeleteConfirmation == nil)
    }

    @Test func reorderAsksTheDelegateThenMovesTheData() throws {
        let ds = EditingSource([["a", "b"], ["c"]])
        ds.movable = { [unowned ds] ip in ds.rows[ip.section][ip.row] != "b" }
        ds.redirect = { from, proposed in proposed.section == from.section ? proposed : IndexPath(from.section, 1) }
        let t = ds.makeTable()
        t.setEditing(true)
        try t.perform(.selectRow(IndexPath(0, 0)))  // nothing: no selection while editing
        try t.perform(.reorder(from: IndexPath(0, 0), to: IndexPath(1, 0)))
        #expect(ds.calls == ["target [0, 0] proposed [1, 0]", "move [0, 0] to [0, 1]"])
        #expect(ds.rows == [["b", "a"], ["c"]])
        #expect(
            throws: CellarError(
                "row [0, 0] cannot be moved: the data source's tableView(_:canMoveRowAt:) returns false for it, so it shows no ≡"
            )
        ) {
            try t.perform(.reorder(from: IndexPath(0, 0), to: IndexPath(0, 1)))
        }
        #expect(throws: CellarError("cannot move row [0, 1] to [1, 2]: section 1 has room for rows 0 to 1")) {
            try t.perform(.reorder(from: IndexPath(0, 1), to: IndexPath(1, 2)))
        }
    }

    @Test func anIndexTitleScrollsItsSectionToTheTop() throws {
        let ds = EditingSource([["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2"]])
        ds.indexTitles = ["A", "B", "#"]
        let t = ds.makeTable(height: 3)
        try t.perform(.tapIndexTitle("B"))
        #expect(ds.calls == ["section for B at 1"])
        #expect(t.contentOffset == 3)
        try t.perform(.tapIndexTitle("#"))
        #expect(t.contentOffset == 5)  // section 2 starts at 6; the content ends at 8
        #expect(throws: CellarError("no section index title 'Z' (its titles: A B #)")) {
            try t.perform(.tapIndexTitle("Z"))
        }
    }

    @Test func selectionIsSingleByDefaultAndMultipleOnRequest() throws {
        let ds = EditingSource([["a", "b", "c"]])
        let t = ds.makeTable()
        try t.perform(.selectRow(IndexPath(0, 0)))
        try t.perform(.selectRow(IndexPath(0, 2)))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 2)])
        t.setEditing(true)
        t.allowsMultipleSelectionDuringEditing = true
        try t.perform(.selectRow(IndexPath(0, 0)))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0), IndexPath(0, 2)])
        #expect(lines(try t.renderText()).map { $0.prefix(3) } == ["▌◉ ", " ○ ", "▌◉ "])
        #expect(
            throws: CellarError(
                "row [0, 1] shows a selection circle, not ⊖: the table selects several rows while editing (allowsMultipleSelectionDuringEditing)"
            )
        ) {
            try t.perform(.tapDeleteControl(IndexPath(0, 1)))
        }
    }

    @Test func aStyleMayAskToDeselectAfterSelecting() throws {
        final class ButtonStyle: CellStyle {
            let reuseIdentifier = "button"
            func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
            func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {}
            func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode { .empty }
            func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {
                cell.requestsDeselection = true
            }
        }
        let registry = Registry()
        try registry.register(ButtonStyle(), forCellReuseIdentifier: "button")
        let ds = ArrayDataSource([[row("button", "x"), row("default", "y")]])
        let t = ds.makeTable(registry: registry)
        try t.perform(.selectRow(IndexPath(0, 1)))
        try t.perform(.selectRow(IndexPath(0, 0)))
        #expect(t.indexPathsForSelectedRows.isEmpty)
        // The delegate heard the selection; the deselection is programmatic, as deselectRow in didSelectRowAt.
        #expect(ds.events == ["select [0, 1]", "deselect [0, 1]", "select [0, 0]"])
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

@Suite struct ReorderStateTests {
    /// A recording built-in style: the states its cells were updated with.
    private final class StateLog: CellStyle {
        let reuseIdentifier = "log"
        var reordering: [Bool] = []
        func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
        func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {}
        func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode { .empty }
        func updateConfiguration(_ cell: Cell, state: CellState) throws { reordering.append(state.isReordering) }
    }

    private final class Source: TableViewDataSource {
        func numberOfSections(in tableView: TableView) -> Int { 1 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
        func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
            try tableView.dequeueReusableCell(withIdentifier: "log", for: ip)
        }
        func tableView(_ tableView: TableView, canMoveRowAt ip: IndexPath) -> Bool { true }
        func tableView(_ tableView: TableView, moveRowAt from: IndexPath, to: IndexPath) throws {}
    }

    @Test func aLiftedRowIsReorderingUntilPutBack() throws {
        let registry = Registry()
        let log = StateLog()
        try registry.register(log, forCellReuseIdentifier: "log")
        let source = Source()
        let t = TableView(registry: registry)
        t.dataSource = source
        t.width = 10
        t.viewportHeight = 1
        // Only an editing table shows ≡ to lift a row by.
        #expect(throws: CellarError.self) { try t.perform(.beginReorder(IndexPath(0, 0))) }
        t.setEditing(true)
        _ = try t.renderText()
        #expect(log.reordering.last == false)
        try t.perform(.beginReorder(IndexPath(0, 0)))
        #expect(t.reorderingRow == IndexPath(0, 0))
        _ = try t.renderText()
        #expect(log.reordering.last == true)
        try t.perform(.endReorder)
        _ = try t.renderText()
        #expect(log.reordering.last == false)
        // Nothing is held now: putting it back again acts on nothing and is refused.
        #expect(throws: CellarError.self) { try t.perform(.endReorder) }
        #expect(throws: CellarError.self) { try t.perform(.endSwipe) }
        // A drop ends the gesture too.
        try t.perform(.beginReorder(IndexPath(0, 0)))
        try t.perform(.reorder(from: IndexPath(0, 0), to: IndexPath(0, 0)))
        #expect(t.reorderingRow == nil)
    }
}
