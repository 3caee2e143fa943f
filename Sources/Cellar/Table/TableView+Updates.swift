/// Telling the table what changed in the data, as UITableView's updates:
/// the data source changes first, then the table hears which rows and
/// sections were inserted, deleted, moved, reloaded or reconfigured, alone
/// or together in `performBatchUpdates`. The table checks the data source's
/// new counts against what it was told (UIKit's `Invalid update: …`
/// messages, thrown) and carries everything that belongs to a row along
/// with it: its on-screen cell, selection, custom states, focus and known
/// height. Rows that stay keep their cells, configured as they were: only
/// inserted and reloaded rows, and reconfigured ones at once, ask the data
/// source for a cell; a row whose data changed shows it once it is reloaded
/// or reconfigured (or the table's data is, with `reloadData()`).
extension TableView {
    /// The changes told inside `performBatchUpdates`, applied when its block ends.
    struct PendingBatch {
        var update = TableUpdate()
        var completions: [(Bool) -> Void] = []

        /// Adds a change to the batch's update.
        mutating func add(_ change: (inout TableUpdate) -> Void) { change(&update) }
    }

    // MARK: Rows

    /// Rows the data source has added, by their index paths after the update, as insertRows(at:with:).
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws {
        try change { $0.insertedRows.formUnion(indexPaths) }
    }

    /// Rows the data source has removed, by their index paths before the update, as deleteRows(at:with:).
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws {
        try change { $0.deletedRows.formUnion(indexPaths) }
    }

    /// A row the data source has moved: it keeps its cell, selection and state, as moveRow(at:to:).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws {
        try change { $0.moveRow(indexPath, to: newIndexPath) }
    }

    /// Rows whose data changed, as reloadRows(at:with:): each comes back as a
    /// new row (a cell from the data source, unselected, measured again).
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws {
        try change { $0.reloadedRows.formUnion(indexPaths) }
    }

    /// Rows whose data changed, configured again in the cells they have, as
    /// UIKit's reconfigureRows(at:): for each row on screen the data source's
    /// cellForRowAt runs at once, and its dequeue for that row hands back
    /// the row's own cell (not prepared for reuse); selection and state stay.
    /// Rows not on screen are configured when they next show.
    public func reconfigureRows(at indexPaths: [IndexPath]) throws {
        try change { $0.reconfiguredRows.formUnion(indexPaths) }
    }

    // MARK: Sections

    /// Sections the data source has added, by their indexes after the update, as insertSections(_:with:).
    public func insertSections(_ sections: some Sequence<Int>, with animation: RowAnimation = .automatic) throws {
        try change { $0.insertedSections.formUnion(sections) }
    }

    /// Sections the data source has removed, by their indexes before the update, as deleteSections(_:with:).
    public func deleteSections(_ sections: some Sequence<Int>, with animation: RowAnimation = .automatic) throws {
        try change { $0.deletedSections.formUnion(sections) }
    }

    /// Sections whose rows changed, as reloadSections(_:with:): their rows
    /// come back as new rows (their counts may change).
    public func reloadSections(_ sections: some Sequence<Int>, with animation: RowAnimation = .automatic) throws {
        try change { $0.reloadedSections.formUnion(sections) }
    }

    /// A section the data source has moved, rows and all, as moveSection(_:toSection:).
    public func moveSection(_ section: Int, toSection newSection: Int) throws {
        try change { $0.moveSection(section, to: newSection) }
    }

    // MARK: Batches

    /// Runs `updates`, in which the data source changes and the table is
    /// told (inserts, deletes, moves, reloads, reconfigures), then applies
    /// them together by UIKit's batch rules: deletes and reloads name rows
    /// as they were before the batch, inserts as they are after it, moves
    /// both; deletes happen before inserts whatever the order of the calls.
    /// Then the data source's counts are checked (UIKit's `Invalid update`
    /// messages) and `completion` runs with `true`. A batch inside a batch
    /// joins it. If `updates` throws, or the counts disagree, the data
    /// source may be half changed: the table forgets its cells and layout
    /// and asks the data source again at the next render (selection kept),
    /// and the error is thrown; `completion` does not run.
    public func performBatchUpdates(_ updates: (() throws -> Void)?, completion: ((Bool) -> Void)? = nil) throws {
        guard pendingBatch == nil else {
            try updates?()
            if let completion { pendingBatch?.completions.append(completion) }
            return
        }
        pendingBatch = PendingBatch()
        do { try updates?() } catch {
            pendingBatch = nil
            discardCells()
            throw error
        }
        let batch = pendingBatch ?? PendingBatch()
        pendingBatch = nil
        try apply(batch.update)
        for done in batch.completions { done(true) }
        completion?(true)
    }

    /// A change told inside a batch joins it; outside one it is a batch of its own.
    private func change(_ body: (inout TableUpdate) -> Void) throws {
        if pendingBatch != nil {
            pendingBatch?.add(body)
            return
        }
        var update = TableUpdate()
        body(&update)
        try apply(update)
    }

    /// Checks `u` against the data source and carries rows' cells, states and heights to their new places.
    func apply(_ u: TableUpdate) throws {
        guard let ds = activeDataSource else { throw CellarError("the table has no data source") }
        // A table that never asked for its counts has nothing on screen to
        // carry or check against (UIKit just loads the data then).
        guard let old = rowCountsBeforeUpdate else {
            discardCells()
            return
        }
        var reconfigured = Array(u.reconfiguredRows)
        do {
            let new = try rowCounts(ds)
            try u.check(old: old, new: new)
            if u.changesRows {
                let rows = RowMapping(oldCounts: old, update: u)
                rowStates.remap(rows)
                var carried = heights
                carried.noteUpdate(rows, layout: layout)
                pool.remapVisibleCells(rows.keptIndexPath)
                pool.enqueueVisibleHeaderFooters()
                invalidateLayout()
                heights = carried
                // Index paths may mean other rows now; the next frame announces afresh.
                forgetPrefetching()
                rowCountsBeforeUpdate = new
                reconfigured = reconfigured.compactMap(rows.keptIndexPath)
            }
        } catch {
            discardCells()
            throw error
        }
        try reconfigureVisibleRows(reconfigured, ds)
    }

    /// Runs cellForRowAt again for the rows on screen among `rows`, their
    /// own cells handed back by the dequeue; every one of them is measured again.
    private func reconfigureVisibleRows(_ rows: [IndexPath], _ ds: TableViewDataSource) throws {
        for ip in rows.sorted() {
            invalidateRow(ip, reconfigure: false)
            guard let cell = pool.visibleCells[ip] else { continue }
            pool.reconfiguring = (ip, cell)
            defer { pool.reconfiguring = nil }
            let configured = try configuredCell(ip, ds)
            if configured !== cell {
                pool.visibleCells[ip] = configured
                pool.enqueue(cell)
            }
        }
    }
}
