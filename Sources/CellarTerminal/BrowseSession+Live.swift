import Cellar

/// What a session does for a table that changes under it (an app's table,
/// `TerminalTableController`): the terminal's focus comes and goes, and the
/// app changes the table between keys.
extension BrowseSession {
    /// The terminal gained or lost focus: with `followsTerminalFocus`, the
    /// row focus leaves the table and comes back to the same row.
    func handleTerminalFocus(gained: Bool) {
        guard followsTerminalFocus else { return }
        if gained {
            guard focus == nil, let saved = focusBeforeBlur else { return }
            focusBeforeBlur = nil
            repairFocus(saved)
        } else if let ip = focus {
            focusBeforeBlur = ip
            perform(.focusRow(nil))
        }
    }

    /// The app changed the table (rows reloaded, inserted, deleted; editing
    /// set): the mode follows what the table still shows, and the focus
    /// stays on `wanted` (where it was before the change) or the row before
    /// it when the change took that row away.
    func tableChanged(focusWas wanted: IndexPath?) {
        let editingMode: Mode = table.isEditing ? .editing : .browse
        switch mode {
        case .swiped where table.indexPathForSwipedRow == nil: mode = .browse
        case .confirmingDelete where table.indexPathForDeleteConfirmation == nil: mode = editingMode
        case .reordering where table.reorderingRow == nil: mode = editingMode
        case .browse, .editing: mode = editingMode
        default: break
        }
        guard let wanted else { return }
        if focus != wanted || !Self.exists(wanted, in: table) { repairFocus(wanted) }
    }
}
