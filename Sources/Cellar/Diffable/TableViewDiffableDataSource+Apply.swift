/// Applying a snapshot, as UITableViewDiffableDataSource's apply: the
/// difference from the snapshot the table shows (`SnapshotDifference`) goes
/// to the table as one batch update, so rows that stay keep their cells and
/// the cell provider is asked only for rows inserted, reloaded or
/// reconfigured. A terminal draws the result at once: with or without
/// `animatingDifferences`, the table ends the same.
extension TableViewDiffableDataSource {
    /// Shows `snapshot`: the table hears what changed from the snapshot it
    /// shows, in one batch update; then `completion` runs. Reload and
    /// reconfigure marks are used up: `snapshot()` comes back without them.
    /// An error (an invalid update, a cell provider that throws) leaves the
    /// data source with the snapshot it had.
    public func apply(
        _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) throws {
        try gate.run("apply") {
            let difference = SnapshotDifference(from: current, to: snapshot)
            try commit(snapshot, difference)
        }
        completion?()
    }

    /// Shows `snapshot` by reloading the table's data (no difference is
    /// worked out: every visible row asks the cell provider again, and the
    /// selection is cleared), as applySnapshotUsingReloadData.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) throws {
        try gate.run("applySnapshotUsingReloadData") {
            current = snapshot.unmarked
            tableView?.reloadData()
        }
        completion?()
    }

    /// The new snapshot becomes the data source's, and the table hears
    /// `difference` as one batch (it reads the new counts when the batch
    /// ends). If the table refuses the batch, or a cell provider throws
    /// while rows are reconfigured, the data source goes back to the old
    /// snapshot and the table forgets its cells and layout, so the next
    /// render asks the data source again and nothing drawn disagrees with it.
    func commit(_ snapshot: Snapshot, _ difference: SnapshotDifference) throws {
        let old = current
        current = snapshot.unmarked
        guard let tableView, !difference.isEmpty else { return }
        do {
            try tell(tableView, difference)
        } catch {
            current = old
            tableView.discardCells()
            throw error
        }
    }

    private func tell(_ tableView: TableView, _ d: SnapshotDifference) throws {
        let animation = defaultRowAnimation
        try tableView.performBatchUpdates {
            try tableView.deleteSections(d.deletedSections, with: animation)
            try tableView.insertSections(d.insertedSections, with: animation)
            for m in d.movedSections { try tableView.moveSection(m.from, toSection: m.to) }
            try tableView.deleteRows(at: d.deletedRows, with: animation)
            try tableView.insertRows(at: d.insertedRows, with: animation)
            for m in d.movedRows { try tableView.moveRow(at: m.from, to: m.to) }
            try tableView.reloadRows(at: d.reloadedRows, with: animation)
            try tableView.reconfigureRows(at: d.reconfiguredRows)
        }
    }
}

extension DiffableDataSourceSnapshot {
    /// The snapshot without reload and reconfigure marks (what the table shows after an apply).
    var unmarked: Self {
        var copy = self
        copy.reloadedItems.removeAll()
        copy.reconfiguredItems.removeAll()
        copy.reloadedSections.removeAll()
        return copy
    }
}
