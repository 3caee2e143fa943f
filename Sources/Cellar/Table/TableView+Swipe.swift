import CellarText

/// A row swiped open: the edge, the actions it shows (asked once, when the
/// row was swiped, as UIKit asks), and the one keyboard focus is on.
struct SwipedRow {
    var indexPath: IndexPath
    var edge: SwipeEdge
    var actions: [ContextualAction]
    var focusedAction: Int?
}

/// Swipe actions as UIKit handles them: a swipe asks the delegate for the
/// edge's configuration and reveals its buttons; one row is swiped at a
/// time; a tap on a button (or a full swipe) performs an action.
extension TableView {
    /// The row swiped open, if any (its cell is `isSwiped`).
    public var indexPathForSwipedRow: IndexPath? { rowStates.swipe?.indexPath }
    /// The edge the swiped row shows its actions at.
    public var swipedEdge: SwipeEdge? { rowStates.swipe?.edge }
    /// The titles of the swiped row's actions, in the configuration's order.
    public var swipeActionTitles: [String] { rowStates.swipe?.actions.map(\.title) ?? [] }
    /// The swiped row's action keyboard focus is on, if any.
    public var focusedSwipeActionTitle: String? {
        guard let open = rowStates.swipe, let i = open.focusedAction, open.actions.indices.contains(i) else {
            return nil
        }
        return open.actions[i].title
    }

    /// The actions a swipe from `edge` reveals on a row: the delegate's
    /// leading/trailingSwipeActionsConfigurationForRowAt (a document's row
    /// keys answer there), else the style's (a Lua `swipe_actions` hook),
    /// else UIKit's default: a trailing Delete for a row the data source
    /// lets edit whose editing style is delete; no leading actions.
    public func swipeActionsConfiguration(at indexPath: IndexPath, edge: SwipeEdge) throws
        -> SwipeActionsConfiguration?
    {
        try checkIndexPath(indexPath, try currentLayout())
        if let d = activeDelegate {
            let given =
                edge == .leading
                ? d.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
                : d.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
            if let given { return given }
        }
        var found: SwipeActionsConfiguration?
        try withCell(indexPath) { cell in
            if let actions = try cell.style?.swipeActions(for: cell, state: cell.state, edge: edge) {
                found = SwipeActionsConfiguration(actions: actions)
            } else if edge == .trailing, try editingStyle(for: cell, at: indexPath) == .delete {
                found = SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete")])
            }
        }
        return found
    }

    /// A swipe across a row from `edge`: its actions show (any other row's
    /// close). A `full` swipe performs the first action at once when the
    /// configuration says so (performsFirstActionWithFullSwipe).
    public func swipeRow(at indexPath: IndexPath, edge: SwipeEdge, full: Bool = false) throws {
        let row = Self.describe(indexPath)
        try checkIndexPath(indexPath, try currentLayout())
        guard !isEditing else {
            throw CellarError("row \(row) cannot be swiped while the table is editing (end editing first)")
        }
        guard let config = try swipeActionsConfiguration(at: indexPath, edge: edge), let first = config.actions.first
        else {
            let why =
                edge == .leading
                ? "neither the delegate nor the style gives any, and UIKit gives none by default"
                : "neither the delegate nor the style gives any, and UIKit's Delete needs a row the data source lets edit whose editing style is delete"
            throw CellarError("row \(row) has no \(edge.rawValue) swipe actions (\(why))")
        }
        endSwipe()
        if full && config.performsFirstActionWithFullSwipe {
            try performSwipeAction(first, at: indexPath, edge: edge)
            return
        }
        rowStates.swipe = SwipedRow(indexPath: indexPath, edge: edge, actions: config.actions)
        invalidateRow(indexPath, reconfigure: false)
    }

    /// A tap on one of the swiped row's buttons: the row closes, then the action is performed.
    public func tapSwipeAction(at indexPath: IndexPath, title: String) throws {
        let open = try openSwipe(at: indexPath)
        guard let action = open.actions.first(where: { $0.title == title }) else {
            throw CellarError(
                "row \(Self.describe(indexPath)) shows no swipe action '\(Sanitizer.excerpt(title))' (it shows: \(Self.titles(open)))"
            )
        }
        endSwipe()
        try performSwipeAction(action, at: indexPath, edge: open.edge)
    }

    /// Keyboard focus on one of the swiped row's buttons (nil: none), drawn highlighted.
    public func focusSwipeAction(at indexPath: IndexPath, title: String?) throws {
        let open = try openSwipe(at: indexPath)
        var focused: Int?
        if let title {
            guard let i = open.actions.firstIndex(where: { $0.title == title }) else {
                throw CellarError(
                    "row \(Self.describe(indexPath)) shows no swipe action '\(Sanitizer.excerpt(title))' (it shows: \(Self.titles(open)))"
                )
            }
            focused = i
        }
        rowStates.swipe?.focusedAction = focused
        invalidateRow(indexPath, reconfigure: false)
    }

    /// Closes the swiped row, if any (UIKit: a tap elsewhere, a scroll).
    public func endSwipe() {
        guard let ip = rowStates.swipe?.indexPath else { return }
        rowStates.swipe = nil
        invalidateRow(ip, reconfigure: false)
    }

    private func openSwipe(at indexPath: IndexPath) throws -> SwipedRow {
        try checkIndexPath(indexPath, try currentLayout())
        guard let open = rowStates.swipe, open.indexPath == indexPath else {
            let other = rowStates.swipe.map { "; row \(Self.describe($0.indexPath)) is swiped" } ?? ""
            throw CellarError("row \(Self.describe(indexPath)) shows no swipe actions (swipe it first\(other))")
        }
        return open
    }

    private static func titles(_ open: SwipedRow) -> String {
        open.actions.map { "'\(Sanitizer.excerpt($0.title))'" }.joined(separator: ", ")
    }

    /// Performs an action (see `ContextualAction` for who acts).
    func performSwipeAction(_ action: ContextualAction, at ip: IndexPath, edge: SwipeEdge) throws {
        if let handler = action.handler {
            _ = try handler(action, ip)
            return
        }
        if action.style == .destructive {
            try commit(.delete, at: ip)
            return
        }
        try setCustomState(Self.swipeActionStateKey, .string(action.title), at: ip)
        var styleDeselects = false
        try withCell(ip) { cell in
            try withRowCustomState(cell, ip) {
                try withRowValue(ip) { row in
                    try cell.style?.swipeActionPerformed(cell, row: &row, at: ip, title: action.title, edge: edge)
                }
            }
            styleDeselects = cell.requestsDeselection
            cell.requestsDeselection = false
        }
        if styleDeselects { deselectRow(at: ip) }
    }

    /// The custom state a performed normal action without a handler sets on its row: its title.
    public static let swipeActionStateKey = "swipeAction"

    /// The buttons `ip` reveals now: the swiped row's actions, or the Delete button of editing.
    func revealedButtons(at ip: IndexPath, ambiguousWide: Bool) -> SwipeButtons? {
        if let open = rowStates.swipe, open.indexPath == ip {
            return SwipeButtons(
                edge: open.edge, actions: open.actions, focused: open.focusedAction, ambiguousWide: ambiguousWide)
        }
        guard rowStates.deleteConfirmation == ip else { return nil }
        return SwipeButtons(
            edge: .trailing, actions: [ContextualAction(style: .destructive, title: "Delete")], focused: nil,
            ambiguousWide: ambiguousWide)
    }
}
