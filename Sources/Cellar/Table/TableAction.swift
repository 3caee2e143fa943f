/// Everything a user can do to a table, as one value: the golden runner
/// parses its steps into these, and an interactive front-end maps keys and
/// the mouse to them. `TableView.perform(_:)` applies each one through
/// UIKit's data-source and delegate calls, so no front-end acts on a table
/// any other way. Programmatic updates (`insertRows`, `deleteRows`,
/// `moveRow`) are not here: they are the app's, not the user's.
public enum TableAction: Sendable {
    /// A tap on a row (`userSelectRow(at:)`).
    case selectRow(IndexPath)
    /// A tap on a selected row of a multiple-selection table (`userDeselectRow(at:)`).
    case deselectRow(IndexPath)
    /// A finger down on a row, and up again without a tap.
    case highlightRow(IndexPath)
    case unhighlightRow(IndexPath)
    /// A tap on the row's accessory (only the detail buttons respond).
    case tapAccessory(IndexPath)
    /// Custom configuration states set on a row, in order.
    case setCustomStates(IndexPath, [CustomStateChange])
    /// A tap on ⊖ while editing: shows (or hides again) the Delete button.
    case tapDeleteControl(IndexPath)
    /// A tap on the Delete button: commit(.delete, forRowAt:).
    case confirmDelete(IndexPath)
    /// A tap on ⊕ while editing: commit(.insert, forRowAt:). `row` is what
    /// the user entered, offered to data sources that take row data
    /// (`TableView.rowForInsertion`); nil = the data source decides.
    case tapInsertControl(IndexPath, row: Value?)
    /// The whole reorder gesture: ≡ dragged from one row to a proposed place.
    case reorder(from: IndexPath, to: IndexPath)
    /// A row lifted by its ≡ and held (its cell's `state.isReordering`),
    /// before `reorder` drops it or `endReorder` puts it back.
    case beginReorder(IndexPath)
    /// The lifted row put back where it was.
    case endReorder
    /// A swipe across a row from an edge: its swipe actions show; a `full`
    /// swipe performs the first at once (performsFirstActionWithFullSwipe).
    case swipe(IndexPath, edge: SwipeEdge, full: Bool)
    /// A tap on one of the swiped row's action buttons, by title.
    case tapSwipeAction(IndexPath, title: String)
    /// Keyboard focus on one of the swiped row's buttons (nil: off them).
    case focusSwipeAction(IndexPath, title: String?)
    /// The swiped row closes (a tap on its content, or the keyboard's Escape).
    case endSwipe
    /// A tap on a title of the section index.
    case tapIndexTitle(String)
    case scrollToOffset(Int)
    case scrollToRow(IndexPath)
    /// The Edit / Done button.
    case setEditing(Bool)
    /// Keyboard focus moved to a row (nil: off the table); the row's cell
    /// gets `state.isFocused`, as UIKit's focus engine sets it.
    case focusRow(IndexPath?)
    /// Pull to refresh, or anything else that reloads the data.
    case reloadData
}

/// One custom state key and its value (`.null` removes the key).
public struct CustomStateChange: Sendable, Equatable {
    /// The custom state key, as UIConfigurationStateCustomKey.
    public var key: String
    /// The key's new value; `.null` removes the key.
    public var value: Value
    /// Creates a change setting `key` to `value`.
    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }
}

extension TableView {
    /// Applies one user action, as UIKit would handle the touch.
    public func perform(_ action: TableAction) throws {
        rowSelectedByLastTap = nil
        if let nothing = nothingToEnd(action) { throw CellarError(nothing) }
        // Likewise a swiped row closes at any touch elsewhere or a scroll,
        // and a touch on a row does nothing else (UIKit).
        if rowStates.swipe != nil, !action.keepsSwipe {
            endSwipe()
            if action.touchesARow { return }
        }
        // A Delete button goes away at any touch elsewhere; a touch on a
        // row only dismisses it, as in UIKit (the tap is not passed on).
        if let confirming = rowStates.deleteConfirmation, !action.keepsDeleteConfirmation(of: confirming) {
            hideDeleteConfirmation()
            if action.touchesARow { return }
        }
        switch action {
        case .selectRow(let ip): try userSelectRow(at: ip)
        case .deselectRow(let ip): try userDeselectRow(at: ip)
        case .highlightRow(let ip): try highlightRow(at: ip)
        case .unhighlightRow(let ip): try unhighlightRow(at: ip)
        case .tapAccessory(let ip): try tapAccessory(at: ip)
        case .setCustomStates(let ip, let changes):
            for change in changes { try setCustomState(change.key, change.value, at: ip) }
        case .tapDeleteControl(let ip): try tapDeleteControl(at: ip)
        case .confirmDelete(let ip): try confirmDelete(at: ip)
        case .tapInsertControl(let ip, let row): try tapInsertControl(at: ip, row: row)
        case .reorder(let from, let to): try reorderRow(from: from, to: to)
        case .beginReorder(let ip): try beginReorder(at: ip)
        case .endReorder: endReorder()
        case .tapIndexTitle(let title): try tapIndexTitle(title)
        case .scrollToOffset(let y): try scroll(toOffset: y)
        case .scrollToRow(let ip): try scrollToRow(at: ip)
        case .setEditing(let editing): setEditing(editing)
        case .focusRow(let ip): try focusRow(at: ip)
        case .reloadData: reloadData()
        case .swipe(let ip, let edge, let full): try swipeRow(at: ip, edge: edge, full: full)
        case .tapSwipeAction(let ip, let title): try tapSwipeAction(at: ip, title: title)
        case .focusSwipeAction(let ip, let title): try focusSwipeAction(at: ip, title: title)
        case .endSwipe: endSwipe()
        }
    }
}

extension TableView {
    /// Why `endSwipe` or `endReorder` would change nothing, or nil: an
    /// action with nothing to act on is refused, as a tap on a row that is
    /// not there or on a swipe action of a row that is not swiped is.
    func nothingToEnd(_ action: TableAction) -> String? {
        let open = rowStates.swipe != nil || rowStates.deleteConfirmation != nil
        switch action {
        case .endSwipe where !open:
            return "no row is swiped, so there is nothing to close (swipe a row first)"
        case .endReorder where rowStates.reordering == nil && !open:
            return "no row is picked up, so there is nothing to put back (begin reordering a row first)"
        default:
            return nil
        }
    }
}

extension TableAction {
    /// A touch on a row or one of its controls (not the index, a scroll or
    /// the Edit button). A Delete button on another row is not there to be
    /// confirmed: `confirmDelete` goes on, to say so.
    var touchesARow: Bool {
        switch self {
        case .selectRow, .deselectRow, .highlightRow, .tapAccessory, .tapDeleteControl, .tapInsertControl, .reorder,
            .beginReorder:
            return true
        default:
            return false
        }
    }

    /// Whether a swiped row stays open through this action: the swipe
    /// actions' own (they check the row), and custom states set by the app.
    var keepsSwipe: Bool {
        switch self {
        case .swipe, .tapSwipeAction, .focusSwipeAction, .endSwipe, .setCustomStates: return true
        default: return false
        }
    }

    /// Whether the Delete button on `row` stays through this action: only
    /// the taps on that button or on the row's own ⊖ (which hides it) do.
    func keepsDeleteConfirmation(of row: IndexPath) -> Bool {
        switch self {
        case .confirmDelete(let ip), .tapDeleteControl(let ip): return ip == row
        default: return false
        }
    }
}
