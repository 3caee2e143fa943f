/// Styles loaded again while the table is shown (a style author saves a
/// style file during `cellar browse`): the table keeps its rows and every
/// row state (selection, highlight, custom states, focus, editing, the row
/// lifted for a move, the swiped row, the offset) and draws with the new
/// styles. Keeping the same table, rather than building another over the
/// data, is what keeps a session's edits: the rows inserted, deleted and
/// moved live in the data source, the states here.
extension TableView {
    /// Draws with `registry`'s styles from now on. Cells and header/footer
    /// views made by the old styles are dropped (a cell belongs to the style
    /// that made it) and every height is measured again. A swiped row asks
    /// the new style for its actions again, the focused action kept by
    /// title; a row the new style gives no actions closes.
    public func restyle(with registry: Registry) {
        self.registry = registry
        pool.restart(registry: registry)
        invalidateLayout()
        rowCountsBeforeUpdate = nil
        forgetPrefetching()
        guard let open = rowStates.swipe else { return }
        let focusedTitle = open.focusedAction.flatMap {
            open.actions.indices.contains($0) ? open.actions[$0].title : nil
        }
        guard let config = try? swipeActionsConfiguration(at: open.indexPath, edge: open.edge),
            !config.actions.isEmpty
        else {
            rowStates.swipe = nil
            return
        }
        rowStates.swipe = SwipedRow(
            indexPath: open.indexPath, edge: open.edge, actions: config.actions,
            focusedAction: focusedTitle.flatMap { t in config.actions.firstIndex { $0.title == t } })
    }
}
