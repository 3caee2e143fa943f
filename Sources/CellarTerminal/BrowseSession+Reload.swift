import Cellar

/// Hot reload. Styles saved: the same table draws with the new styles, so
/// the session keeps every row it inserted, deleted or moved and every row
/// state (`TableView.restyle(with:)`). The document saved: a table built
/// from the file takes the old one's place, and the selection and focus
/// follow their rows where the new data still holds them (`RowMatch`).
extension BrowseSession {
    /// Draws the table with `registry`'s styles, checked first by drawing
    /// the viewport off screen: a style that fails there is taken back and
    /// its error thrown, the last good styles kept.
    public func restyle(with registry: Registry) throws {
        let old = table.registry
        table.restyle(with: registry)
        do {
            _ = try table.renderText()
        } catch {
            table.restyle(with: old)
            throw error
        }
        if case .swiped = mode, table.indexPathForSwipedRow == nil { mode = .browse }
    }

    /// Puts `new`, read again from the document, in place of the table.
    /// The rows selected and the focused row are found in the new data by
    /// their values (`RowMatch`) and selected again with taps; editing is
    /// kept, a swipe, a Delete button or a lifted row end with the old rows.
    /// With the document's `text`, a recording keeps going: the carrying
    /// actions become one `reload` event, which a case replays to the same
    /// frame; without it the recording starts again here
    /// (`restartRecording`).
    public func replaceTable(with new: TableView, text: String? = nil) {
        let old = table
        new.width = old.width
        new.viewportHeight = old.viewportHeight
        let match = RowMatch(old: old, new: new)
        let selected = Set(old.indexPathsForSelectedRows.compactMap(match.newIndexPath))
        let focus = old.indexPathForFocusedRow.map { match.newIndexPath($0) ?? $0 }
        table = new
        if text == nil { restartRecording() }
        let carriedFrom = performed.count
        for ip in new.indexPathsForSelectedRows where !selected.contains(ip) { perform(.deselectRow(ip)) }
        if new.isEditing != old.isEditing { perform(.setEditing(old.isEditing)) }
        for ip in selected.sorted() where !new.indexPathsForSelectedRows.contains(ip) { perform(.selectRow(ip)) }
        switch mode {
        case .confirmingDelete, .reordering: mode = .editing
        case .swiped: mode = .browse
        case .browse, .editing: break
        }
        perform(.scrollToOffset(old.contentOffset))
        repairFocus(focus)
        if keepsActions, let text {
            let carried = performed[carriedFrom...].compactMap { event -> TableAction? in
                if case .action(let a) = event { return a }
                return nil
            }
            performed.removeSubrange(carriedFrom...)
            performed.append(.reload(text: text, actions: carried))
        }
    }

    /// The recording starts again from the table as it is now: after the
    /// document was read again, the steps before applied to data that is no
    /// longer on disk, and a case replays against the file.
    func restartRecording() {
        guard keepsActions else { return }
        performed.removeAll()
        if let height = table.viewportHeight { startSize = (table.width, height) }
    }

    static func exists(_ ip: IndexPath, in table: TableView) -> Bool {
        ip.section >= 0 && ip.section < table.numberOfSections && ip.row >= 0
            && ip.row < table.numberOfRows(inSection: ip.section)
    }
}
