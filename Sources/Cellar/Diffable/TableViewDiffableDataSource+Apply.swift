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

    /// The seam to the table: the new snapshot becomes the data source's,
    /// and the table hears `difference`.
    func commit(_ snapshot: Snapshot, _ difference: SnapshotDifference) throws {
        let old = current
        current = snapshot.unmarked
        guard let tableView, !difference.isEmpty else { return }
        do {
            try tell(tableView, difference)
        } catch {
            current = old
            throw error
        }
    }

    /// Until the table takes batch updates, it reloads its data.
    func tell(_ tableView: TableView, _ difference: SnapshotDifference) throws {
        tableView.reloadData()
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
