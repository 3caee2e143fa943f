import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// A data source and delegate with swipe configurations, recording UIKit's calls.
private final class SwipeSource: TableViewDataSource, TableViewDelegate {
    var rows: [String]
    var calls: [String] = []
    var editable = true
    var leading: SwipeActionsConfiguration?
    var trailing: SwipeActionsConfiguration?

    init(_ rows: [String]) { self.rows = rows }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: ip)
        try cell.configure(with: .object(["text": .string(rows[ip.row])]), at: ip)
        return cell
    }
    func tableView(_ tableView: TableView, canEditRowAt ip: IndexPath) -> Bool { editable }
    func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt ip: IndexPath) throws {
        calls.append("commit \(editingStyle.rawValue) \(ip)")
        rows.remove(at: ip.row)
        try tableView.deleteRows(at: [ip])
    }
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt ip: IndexPath)
        -> SwipeActionsConfiguration?
    { leading }
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt ip: IndexPath)
        -> SwipeActionsConfiguration?
    { trailing }

    func makeTable() -> TableView {
        let t = TableView(registry: Registry())
        t.dataSource = self
        t.delegate = self
        t.width = 24
        t.separatorStyle = .none
        return t
    }
}

/// Keeps the canvas a render writes, to read its styles.
private final class KeptCanvas: CanvasWriter {
    var canvas: Canvas?
    func write(_ canvas: Canvas, lines: Range<Int>) throws { self.canvas = canvas }
    func flush() throws {}
}

/// The CellarError `body` throws (nil, with an issue recorded, if none).
private func cellarError(_ body: () throws -> Void) -> CellarError? {
    do { try body() } catch let e as CellarError { return e } catch {
        Issue.record("expected a CellarError, got \(error)")
        return nil
    }
    Issue.record("expected an error")
    return nil
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

@Suite struct SwipeActionTests {
    private func text(_ t: TableView) throws -> [String] {
        lines(try t.renderText()).map { $0.trimmingTrailingSpaces() }
    }

    @Test func aDeletableRowGetsUIKitsTrailingDeleteAndNoLeadingActions() throws {
        let ds = SwipeSource(["apple", "bread"])
        let t = ds.makeTable()
        t.viewportHeight = 2
        try t.perform(.swipe(IndexPath(0, 1), edge: .trailing, full: false))
        #expect(t.indexPathForSwipedRow == IndexPath(0, 1) && t.swipedEdge == .trailing)
        #expect(t.swipeActionTitles == ["Delete"])
        // The row slides left by the button's width; the button takes the trailing edge.
        #expect(try text(t) == [" apple", "                 Delete"])
        #expect(t.cellForRow(at: IndexPath(0, 1))?.state.isSwiped == true)
        #expect(t.cellForRow(at: IndexPath(0, 0))?.state.isSwiped == false)
        #expect(throws: CellarError.self) { try t.perform(.swipe(IndexPath(0, 0), edge: .leading, full: false)) }
        let e = cellarError { try t.swipeRow(at: IndexPath(0, 0), edge: .leading) }
        #expect(e?.message.hasPrefix("row [0, 0] has no leading swipe actions") == true)
    }

    @Test func aRowThatCannotBeEditedHasNoTrailingActions() throws {
        let ds = SwipeSource(["apple"])
        ds.editable = false
        let t = ds.makeTable()
        let e = cellarError { try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false)) }
        #expect(e?.message.hasPrefix("row [0, 0] has no trailing swipe actions") == true)
        #expect(t.indexPathForSwipedRow == nil)
    }

    @Test func buttonsAreLaidOutFromTheRevealedEdgeInward() throws {
        let ds = SwipeSource(["apple"])
        ds.trailing = SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Flag"), ContextualAction(style: .normal, title: "More"),
        ])
        ds.leading = SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Pin"), ContextualAction(style: .normal, title: "Read"),
        ])
        let t = ds.makeTable()
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        #expect(try text(t) == ["             More  Flag"])
        try t.perform(.swipe(IndexPath(0, 0), edge: .leading, full: false))
        #expect(try text(t) == [" Pin  Read  apple"])
        try t.perform(.focusSwipeAction(IndexPath(0, 0), title: "Read"))
        #expect(try text(t) == [" Pin [Read] apple"])
        #expect(t.focusedSwipeActionTitle == "Read")
    }

    @Test func oneRowIsSwipedAtATimeAndATapElsewhereOnlyClosesIt() throws {
        let ds = SwipeSource(["a", "b", "c"])
        let t = ds.makeTable()
        t.viewportHeight = 2
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        try t.perform(.swipe(IndexPath(0, 1), edge: .trailing, full: false))
        #expect(t.indexPathForSwipedRow == IndexPath(0, 1))
        _ = try t.renderText()
        #expect(t.cellForRow(at: IndexPath(0, 0))?.state.isSwiped == false)
        try t.perform(.selectRow(IndexPath(0, 2)))
        #expect(t.indexPathForSwipedRow == nil)
        #expect(t.indexPathsForSelectedRows.isEmpty)
        // A scroll closes the row and still scrolls.
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        try t.perform(.scrollToOffset(1))
        #expect(t.indexPathForSwipedRow == nil && t.contentOffset == 1)
    }

    @Test func aDestructiveActionDeletesThroughCommit() throws {
        let ds = SwipeSource(["a", "b", "c"])
        ds.trailing = SwipeActionsConfiguration(actions: [
            ContextualAction(style: .destructive, title: "Trash"), ContextualAction(style: .normal, title: "Flag"),
        ])
        let t = ds.makeTable()
        try t.perform(.swipe(IndexPath(0, 1), edge: .trailing, full: false))
        try t.perform(.tapSwipeAction(IndexPath(0, 1), title: "Trash"))
        #expect(ds.calls == ["commit delete [0, 1]"])
        #expect(t.indexPathForSwipedRow == nil)
        #expect(try text(t) == [" a", " c"])
        // A full swipe performs the first action at once.
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: true))
        #expect(ds.calls == ["commit delete [0, 1]", "commit delete [0, 0]"])
        #expect(try text(t) == [" c"])
    }

    @Test func aFullSwipeOnlyRevealsWhenTheConfigurationSaysSo() throws {
        let ds = SwipeSource(["a"])
        var config = SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Trash")])
        config.performsFirstActionWithFullSwipe = false
        ds.trailing = config
        let t = ds.makeTable()
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: true))
        #expect(ds.calls.isEmpty)
        #expect(t.indexPathForSwipedRow == IndexPath(0, 0))
    }

    @Test func aHandlerActsAloneAndAnActionWithoutOneIsRecordedOnTheRow() throws {
        let ds = SwipeSource(["a", "b"])
        var handled: [String] = []
        ds.trailing = SwipeActionsConfiguration(actions: [
            ContextualAction(style: .destructive, title: "Trash") { action, ip in
                handled.append("\(action.title) \(ip)")
                return true
            },
            ContextualAction(style: .normal, title: "Flag"),
        ])
        let t = ds.makeTable()
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        try t.perform(.tapSwipeAction(IndexPath(0, 0), title: "Trash"))
        #expect(handled == ["Trash [0, 0]"])
        #expect(ds.calls.isEmpty)  // the handler deletes if it wants to, as in UIKit
        try t.perform(.swipe(IndexPath(0, 1), edge: .trailing, full: false))
        try t.perform(.tapSwipeAction(IndexPath(0, 1), title: "Flag"))
        _ = try t.renderText()
        #expect(t.cellForRow(at: IndexPath(0, 1))?.state.custom == ["swipeAction": .string("Flag")])
    }

    @Test func tappingAnActionNotShownFailsClearly() throws {
        let ds = SwipeSource(["a", "b"])
        let t = ds.makeTable()
        var e = cellarError { try t.perform(.tapSwipeAction(IndexPath(0, 0), title: "Delete")) }
        #expect(e?.message == "row [0, 0] shows no swipe actions (swipe it first)")
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        e = cellarError { try t.perform(.tapSwipeAction(IndexPath(0, 0), title: "Flag")) }
        #expect(e?.message == "row [0, 0] shows no swipe action 'Flag' (it shows: 'Delete')")
        e = cellarError { try t.perform(.tapSwipeAction(IndexPath(0, 1), title: "Delete")) }
        #expect(e?.message == "row [0, 1] shows no swipe actions (swipe it first; row [0, 0] is swiped)")
    }

    @Test func theEditingDeleteButtonSetsSwipedAndRowsDoNotSwipeWhileEditing() throws {
        let ds = SwipeSource(["a", "b"])
        let t = ds.makeTable()
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        try t.perform(.setEditing(true))
        #expect(t.indexPathForSwipedRow == nil)
        try t.perform(.tapDeleteControl(IndexPath(0, 1)))
        _ = try t.renderText()
        #expect(t.cellForRow(at: IndexPath(0, 1))?.state.isSwiped == true)
        let e = cellarError { try t.swipeRow(at: IndexPath(0, 0), edge: .trailing) }
        #expect(e?.message == "row [0, 0] cannot be swiped while the table is editing (end editing first)")
        try t.perform(.tapDeleteControl(IndexPath(0, 1)))
        _ = try t.renderText()
        #expect(t.cellForRow(at: IndexPath(0, 1))?.state.isSwiped == false)
    }

    @Test func buttonsAreDrawnInTheirColours() throws {
        let ds = SwipeSource(["a"])
        ds.trailing = SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Flag", backgroundColor: ContextualAction.systemColors["orange"]),
            ContextualAction(style: .destructive, title: "Trash"),
        ])
        let t = ds.makeTable()
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        let kept = KeptCanvas()
        try t.render(to: kept)
        let canvas = try #require(kept.canvas)
        #expect(canvas[23, 0].style.foreground == .palette(208))
        #expect(canvas[14, 0].style.foreground == .semantic(.destructive))
        #expect(canvas[14, 0].style.attributes.contains(.inverse))
        #expect(canvas[8, 0].style.foreground != .semantic(.destructive))
    }
}
