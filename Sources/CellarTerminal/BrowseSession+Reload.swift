import Cellar

/// Hot reload: a table built again from files that changed on disk takes
/// the old one's place, with its scroll offset, focus, selection and
/// editing kept where the rows still exist.
extension BrowseSession {
    /// Puts `new` in place of the table. The selection is carried over as
    /// an app restores it (selectRow, without delegate calls): the user did
    /// not tap anything.
    public func replaceTable(with new: TableView) {
        let old = table
        new.width = old.width
        new.viewportHeight = old.viewportHeight
        for ip in new.indexPathsForSelectedRows { new.deselectRow(at: ip) }
        for ip in old.indexPathsForSelectedRows where Self.exists(ip, in: new) { new.selectRow(at: ip) }
        if new.isEditing != old.isEditing { new.setEditing(old.isEditing) }
        let focus = old.indexPathForFocusedRow
        table = new
        if case .confirmingDelete = mode { mode = .editing }
        // The new table holds no lifted row: the gesture ends with the old one.
        if case .reordering = mode { mode = .editing }
        perform(.scrollToOffset(old.contentOffset))
        repairFocus(focus)
    }

    static func exists(_ ip: IndexPath, in table: TableView) -> Bool {
        ip.section >= 0 && ip.section < table.numberOfSections && ip.row >= 0
            && ip.row < table.numberOfRows(inSection: ip.section)
    }
}
