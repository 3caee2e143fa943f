import CellarText

/// The per-row state a table keeps apart from its cells and its data (as
/// ratatui keeps `TableState` apart from `Table`): which rows are selected
/// and highlighted, focused or picked up to be moved, and their custom
/// configuration states. Cells are reused
/// from row to row; these stay with their rows, and follow them through
/// inserts, deletes and moves. A class, so that the per-row reads borrow
/// the sets in place (hot fields: see `Cell`).
final class RowStates {
    @exclusivity(unchecked) var selected: Set<IndexPath> = [] {
        didSet { selectedFilter = nil }
    }
    /// `selected`'s filter, made when a render first asks (see `presence`) and dropped when it changes.
    @exclusivity(unchecked) private var selectedFilter: RowPathFilter?
    @exclusivity(unchecked) var highlighted: Set<IndexPath> = []
    /// UIConfigurationStateCustomKey values by row; rows without any have no entry.
    @exclusivity(unchecked) var custom: [IndexPath: [String: Value]] = [:]
    /// The row showing UIKit's Delete button (after a tap on its ⊖), if any.
    @exclusivity(unchecked) var deleteConfirmation: IndexPath? {
        didSet { swipedRow = deleteConfirmation ?? swipe?.indexPath }
    }
    /// The row with keyboard focus (UIKit's focus engine; `state.isFocused`), if any.
    @exclusivity(unchecked) var focused: IndexPath?
    /// The row picked up to be moved (`TableAction.beginReorder`; `state.isReordering`), if any.
    @exclusivity(unchecked) var reordering: IndexPath?
    /// The one row swiped open, with the actions it shows (UIKit closes
    /// any other row's when a row is swiped).
    @exclusivity(unchecked) var swipe: SwipedRow? {
        didSet { swipedRow = swipe?.indexPath ?? deleteConfirmation }
    }
    /// `swipe`'s row, or the row showing the Delete button: the row whose
    /// cell is `isSwiped` (compared per row, so kept apart from `swipe`).
    @exclusivity(unchecked) var swipedRow: IndexPath?

    func removeAll() {
        selected.removeAll()
        highlighted.removeAll()
        custom.removeAll()
        deleteConfirmation = nil
        focused = nil
        reordering = nil
        swipe = nil
        swipedRow = nil
    }

    /// Moves every row's state to where `rows` sends the row (dropping deleted rows').
    func remap(_ rows: RowMapping) {
        // A reloaded row comes back unselected, as in UIKit; the focus stays at its place.
        selected = Set(selected.compactMap(rows.keptIndexPath))
        highlighted = Set(highlighted.compactMap(rows.keptIndexPath))
        var moved: [IndexPath: [String: Value]] = [:]
        for (ip, v) in custom { if let n = rows.keptIndexPath(ip) { moved[n] = v } }
        custom = moved
        focused = focused.flatMap(rows.newIndexPath)
        reordering = reordering.flatMap(rows.newIndexPath)
        // UIKit ends a delete confirmation and closes a swiped row when the rows change.
        deleteConfirmation = nil
        swipe = nil
        swipedRow = nil
    }

    /// Which kinds of state any row has, taken once per render: empty sets
    /// are the common case, and then no row's index path is hashed.
    struct Presence {
        var anySelected: Bool
        var anyHighlighted: Bool
        var anyCustom: Bool
        /// A row is focused, picked up to be moved or swiped open.
        var anyMarked: Bool
        /// Answers most unselected rows without hashing their path; nil: every row asks the set.
        var selectedFilter: RowPathFilter? = nil
        /// No row has any state `apply` writes.
        var isEmpty: Bool { !(anySelected || anyHighlighted || anyCustom || anyMarked) }
        /// Every kind present: `apply` takes its general path (tests compare the two).
        static let all = Presence(anySelected: true, anyHighlighted: true, anyCustom: true, anyMarked: true)
    }

    var presence: Presence {
        Presence(
            anySelected: !selected.isEmpty, anyHighlighted: !highlighted.isEmpty, anyCustom: !custom.isEmpty,
            anyMarked: focused != nil || reordering != nil || swipedRow != nil, selectedFilter: filterOfSelected())
    }

    /// Selections of up to this many rows get a filter (a larger one would
    /// cost more to make, each time the selection changes, than it saves).
    static let filteredSelections = 1 << 16

    /// The filter of `selected`, made once per selection; nil with the accelerators off.
    private func filterOfSelected() -> RowPathFilter? {
        guard Accelerators.enabled, !selected.isEmpty, selected.count <= Self.filteredSelections else { return nil }
        if selectedFilter == nil { selectedFilter = RowPathFilter(selected) }
        return selectedFilter
    }

    /// Brings `cell`'s state up to date with row `ip`'s selection, highlight
    /// and custom states and the table's editing, writing only what changed
    /// (the state holds a dictionary; rewriting it per row costs retains).
    func apply(to cell: Cell, at ip: IndexPath, editing: Bool, _ presence: Presence) {
        // No row has a state, the table is not editing and the cell shows
        // none: every flag below would come out false and match the cell's.
        if presence.isEmpty && !editing && !cell.state.isNotNormal { return }
        let sel =
            presence.anySelected && presence.selectedFilter?.mayContain(ip) != false && selected.contains(ip)
        let hi = presence.anyHighlighted && highlighted.contains(ip)
        let focus = focused == ip
        let picked = reordering == ip
        let swiped = swipedRow == ip
        // Compared in place: a copy of the state retains its dictionary.
        let customs = presence.anyCustom || !cell.state.custom.isEmpty
        guard
            cell.state.isSelected != sel || cell.state.isHighlighted != hi || cell.state.isEditing != editing
                || cell.state.isFocused != focus || cell.state.isReordering != picked
                || cell.state.isSwiped != swiped || customs
        else { return }
        var state = cell.state
        state.isSelected = sel
        state.isHighlighted = hi
        state.isEditing = editing
        state.isFocused = focus
        state.isReordering = picked
        state.isSwiped = swiped
        // Custom states belong to the row, not the cell: a reused or kept cell shows the row's.
        if customs { state.custom = presence.anyCustom ? custom[ip] ?? [:] : [:] }
        cell.state = state
    }
}
