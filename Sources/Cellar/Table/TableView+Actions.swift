extension TableView {
    // MARK: Row data for style hooks

    func withRowValue(_ ip: IndexPath, _ body: (inout Value) throws -> Void) throws {
        let store = dataSource as? TableViewRowData
        var value = store?.rowValue(at: ip) ?? .null
        let before = value
        try body(&value)
        if value != before, let store {
            store.setRowValue(value, at: ip)
            invalidateRow(ip, reconfigure: true)
        }
    }

    /// After a row's state or data changed: its height is measured again at
    /// the next render, and with `reconfigure` its cell is configured again
    /// (UIKit's reconfigureRows), so the change shows.
    func invalidateRow(_ ip: IndexPath, reconfigure: Bool) {
        if reconfigure, let cell = pool.visibleCells.removeValue(forKey: ip) { pool.enqueue(cell) }
        // Fixed heights cannot change with state or data.
        if case .fixed = rowHeight, delegate == nil { return }
        guard let l = layout, ip.section >= 0, ip.section < l.sectionCount,
            ip.row >= 0, ip.row < l.rowCounts[ip.section]
        else { return }
        l.index?.forget(l.item(for: ip))  // in place: a copy would copy every height
    }

    /// A style hook sees the row's custom states on the cell, and what it
    /// leaves there becomes the row's (custom states belong to rows).
    func withRowCustomState(_ cell: Cell, _ ip: IndexPath, _ body: () throws -> Void) throws {
        let before = rowStates.custom[ip] ?? [:]
        cell.state.custom = before
        try body()
        let after = cell.state.custom
        if after != before {
            rowStates.custom[ip] = after.isEmpty ? nil : after
            invalidateRow(ip, reconfigure: false)
        }
    }

    /// The cell for a row for a style hook: the on-screen one, else one
    /// configured for the occasion and queued again afterwards. Without a
    /// viewport height every row is on screen, so the cell stays with its row
    /// (what the hook sets on it shows on that row only; see `renderStream`).
    func withCell(_ ip: IndexPath, _ body: (Cell) throws -> Void) throws {
        if let cell = pool.visibleCells[ip] {
            try body(cell)
            return
        }
        if viewportHeight == nil {
            try body(try visibleCell(ip))
            return
        }
        let cell = try configuredCell(ip)
        defer { pool.enqueue(cell) }
        try body(cell)
    }

    // MARK: User actions (as a tap would: delegate and style hooks run)

    /// Whether the row's cell is disabled (`state.isDisabled`): like a UIKit
    /// cell with user interaction off, it ignores taps.
    func isRowDisabled(_ ip: IndexPath) throws -> Bool {
        var disabled = false
        try withCell(ip) { disabled = $0.state.isDisabled }
        return disabled
    }

    /// A tap on a row: shouldHighlight, willSelect (may redirect or cancel:
    /// the row's style first, then the delegate about the style's choice),
    /// deselection of the previous row (single selection), didSelect.
    /// Disabled rows ignore the tap (and a redirect to a disabled row cancels it).
    public func userSelectRow(at indexPath: IndexPath) throws {
        rowSelectedByLastTap = nil
        let l = try currentLayout()
        try checkIndexPath(indexPath, l)
        guard selectionAllowed, try !isRowDisabled(indexPath) else { return }
        if let d = delegate, !d.tableView(self, shouldHighlightRowAt: indexPath) { return }
        var styled: IndexPath? = indexPath
        try withCell(indexPath) { cell in
            if let style = cell.style { styled = try style.willSelect(cell, at: indexPath) }
        }
        guard let proposed = styled else { return }
        try checkIndexPath(proposed, l)
        guard let target = delegate?.tableView(self, willSelectRowAt: proposed) ?? (delegate == nil ? proposed : nil)
        else { return }
        try checkIndexPath(target, l)
        if target != indexPath, try isRowDisabled(target) { return }
        if !multipleSelectionAllowed {
            // Selecting moves the selection, even off a disabled row.
            for other in rowStates.selected.sorted() where other != target { try deselect(other) }
        }
        rowStates.selected.insert(target)
        rowStates.highlighted.remove(target)
        rowSelectedByLastTap = target
        invalidateRow(target, reconfigure: false)
        var styleDeselects = false
        try withCell(target) { cell in
            try withRowCustomState(cell, target) {
                try withRowValue(target) { row in try cell.style?.didSelect(cell, row: &row, at: target) }
            }
            styleDeselects = cell.requestsDeselection
            cell.requestsDeselection = false
        }
        try delegate?.tableView(self, didSelectRowAt: target)
        // A style that asked (Lua: event.deselect()) gets what an app's
        // didSelectRowAt gets from deselectRow(at:animated:): no delegate calls.
        if styleDeselects { deselectRow(at: target) }
    }

    /// A tap that deselects: willDeselect (may redirect or cancel), didDeselect.
    /// Disabled rows ignore the tap.
    public func userDeselectRow(at indexPath: IndexPath) throws {
        try checkIndexPath(indexPath, try currentLayout())
        guard selectionAllowed, try !isRowDisabled(indexPath) else { return }
        try deselect(indexPath)
    }

    /// Deselection as a user action does it (delegate and style hooks), for
    /// a tap or for the selection moving to another row.
    func deselect(_ indexPath: IndexPath) throws {
        guard
            let target = delegate?.tableView(self, willDeselectRowAt: indexPath) ?? (delegate == nil ? indexPath : nil),
            rowStates.selected.contains(target)
        else { return }
        rowStates.selected.remove(target)
        invalidateRow(target, reconfigure: false)
        try withCell(target) { cell in
            try withRowCustomState(cell, target) {
                try withRowValue(target) { row in try cell.style?.didDeselect(cell, row: &row, at: target) }
            }
        }
        try delegate?.tableView(self, didDeselectRowAt: target)
    }

    /// A finger down on a row (shouldHighlight may refuse; disabled rows ignore it).
    public func highlightRow(at indexPath: IndexPath) throws {
        try checkIndexPath(indexPath, try currentLayout())
        guard selectionAllowed, try !isRowDisabled(indexPath) else { return }
        if let d = delegate, !d.tableView(self, shouldHighlightRowAt: indexPath) { return }
        rowStates.highlighted.insert(indexPath)
        invalidateRow(indexPath, reconfigure: false)
    }

    /// A finger lifted from a row: removes its highlight.
    public func unhighlightRow(at indexPath: IndexPath) throws {
        try checkIndexPath(indexPath, try currentLayout())
        rowStates.highlighted.remove(indexPath)
        invalidateRow(indexPath, reconfigure: false)
    }

    /// A tap on the accessory. Only tracking accessories (the detail buttons)
    /// of enabled rows fire; returns whether one did.
    @discardableResult
    public func tapAccessory(at indexPath: IndexPath) throws -> Bool {
        try checkIndexPath(indexPath, try currentLayout())
        var fired = false
        try withCell(indexPath) { cell in
            guard (isEditing ? cell.editingAccessory : cell.accessory).tracksTaps, !cell.state.isDisabled else {
                return
            }
            fired = true
            try withRowCustomState(cell, indexPath) {
                try withRowValue(indexPath) { row in try cell.style?.accessoryTapped(cell, row: &row, at: indexPath) }
            }
        }
        if fired { try delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath) }
        return fired
    }

    /// Sets a custom configuration-state key (UIConfigurationStateCustomKey) on a row.
    public func setCustomState(_ key: String, _ value: Value, at indexPath: IndexPath) throws {
        try checkIndexPath(indexPath, try currentLayout())
        if value == .null {
            rowStates.custom[indexPath]?[key] = nil
        } else {
            rowStates.custom[indexPath, default: [:]][key] = value
        }
        invalidateRow(indexPath, reconfigure: false)
    }

    /// Enters or leaves editing, dropping any pending delete confirmation, as UITableView's setEditing(_:animated:).
    public func setEditing(_ editing: Bool) {
        guard editing != isEditing else { return }
        rowStates.deleteConfirmation = nil
        // UIKit closes a swiped row when editing begins.
        rowStates.swipe = nil
        isEditing = editing
        invalidateLayout()  // editing controls change content widths, so heights
    }

    // MARK: Programmatic selection (no delegate calls, as UIKit)

    /// Selects a row (nil clears the selection).
    public func selectRow(at indexPath: IndexPath?) {
        // Only rows whose selection changes are measured again: in a table that
        // selects several, the rows selected before keep theirs (a document's
        // selected rows are selected one by one, so this is no loop over them each).
        if indexPath == nil || !multipleSelectionAllowed {
            for ip in rowStates.selected { invalidateRow(ip, reconfigure: false) }
            rowStates.selected.removeAll()
        }
        guard let indexPath else { return }
        rowStates.selected.insert(indexPath)
        invalidateRow(indexPath, reconfigure: false)
    }

    /// Room for `count` more selected rows, before selecting them one by one
    /// (a document's selected rows): the set is not grown and rehashed on the way.
    /// None for none: reserving room in an empty set allocates its storage.
    package func reserveSelectedRows(_ count: Int) {
        guard count > 0 else { return }
        rowStates.selected.reserveCapacity(rowStates.selected.count + count)
    }

    /// Deselects a row without calling the delegate, as UITableView's deselectRow(at:animated:).
    public func deselectRow(at indexPath: IndexPath) {
        rowStates.selected.remove(indexPath)
        invalidateRow(indexPath, reconfigure: false)
    }

    /// The selected rows in index-path order, as UITableView's indexPathsForSelectedRows (empty, not nil, when none).
    public var indexPathsForSelectedRows: [IndexPath] { rowStates.selected.sorted() }
    /// The first selected row, or nil when none is selected, as UITableView's indexPathForSelectedRow.
    public var indexPathForSelectedRow: IndexPath? { rowStates.selected.min() }
}

extension TableView {
    /// Whether a tap may change the selection now (UIKit's allowsSelection and
    /// allowsSelectionDuringEditing).
    var selectionAllowed: Bool {
        isEditing ? allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing : allowsSelection
    }

    /// Whether a selection adds to the others rather than replacing them.
    var multipleSelectionAllowed: Bool {
        isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }
}
