import Cellar

/// What each key does, by mode: every effect on the table is a
/// `TableAction` through `BrowseSession.perform`.
extension BrowseSession {
    /// Handles one key.
    public func handle(_ key: Key) {
        let wanted = focus
        defer {
            // A click or the wheel closes a swiped row in the table itself; the mode follows.
            if case .swiped = mode, table.indexPathForSwipedRow == nil { mode = .browse }
            // A delegate that reloaded the table (in didSelectRowAt, say) took the focus with the rows.
            if focus == nil, wanted != nil, focusBeforeBlur == nil { repairFocus(wanted) }
        }
        if key == .focusIn || key == .focusOut { return handleTerminalFocus(gained: key == .focusIn) }
        if closeErrorOverlay(for: key) { return }
        if case .mouse(let event) = key { return handle(event) }
        if showsHelp {
            // Any key closes the overlay; q and Ctrl-C still quit.
            showsHelp = false
            if key == .character("q") || key == .control("c") { wantsQuit = true }
            return
        }
        if awaitsIndexTitle {
            awaitsIndexTitle = false
            guard case .character(let c) = key else {
                message = "index jump cancelled"
                return
            }
            // 'k finds K when the index has no k.
            let titles = table.sectionIndexTitles
            let title = titles.contains(String(c)) ? String(c) : String(c).uppercased()
            tapIndexTitle(titles.contains(title) ? title : String(c))
            return
        }
        if handleCommon(key) { return }
        switch mode {
        case .browse, .editing: handleBrowsing(key)
        case .confirmingDelete(let ip): handleConfirming(key, ip)
        case .reordering(let from, let to): handleReordering(key, from: from, to: to)
        case .swiped(let ip): handleSwiped(key, ip)
        }
    }

    /// Keys that mean the same in every mode.
    private func handleCommon(_ key: Key) -> Bool {
        switch key {
        case .control("c"): wantsQuit = true
        case .control("z"): wantsSuspend = true
        case .character("?"): showsHelp = true
        default: return false
        }
        return true
    }

    private func handleBrowsing(_ key: Key) {
        if handleMovement(key) { return }
        switch key {
        case .enter: tapFocusedRow()
        case .character("i"), .right: tapAccessory()
        case .character("e") where allowsEditing: setEditing(mode == .browse)
        case .character("e"): message = "this table does not edit"
        case .character("d") where mode == .editing: tapDeleteControl()
        case .character("+") where mode == .editing: tapInsertControl()
        case .character("m") where mode == .editing: pickUp()
        case .character("d"), .character("+"), .character("m"): message = "press e to edit first"
        case .character("l"): swipe(.trailing)
        case .character("h"): swipe(.leading)
        case .tab, .backTab: message = "press l or h to show the focused row's swipe actions first"
        case .character("'"):
            awaitsIndexTitle = true
            message = "index title: type its letter"
        case .character("r"): reload()
        case .character("q"): wantsQuit = true
        case .escape: if mode == .editing { setEditing(false) } else { wantsQuit = true }
        default: break
        }
    }

    /// Focus movement: one row, a page, top and bottom.
    private func handleMovement(_ key: Key) -> Bool {
        switch key {
        case .down, .character("j"): focus(rowAfter(focus) ?? focus)
        case .up, .character("k"): focus(focus.map { rowBefore($0) ?? $0 })
        case .pageDown, .character(" "): page(down: true)
        case .pageUp: page(down: false)
        case .home, .character("g"): focus(firstRow)
        case .end, .character("G"): focus(lastRow)
        default: return false
        }
        return true
    }

    private func page(down: Bool) {
        guard let height = table.viewportHeight, let ip = focus,
            let lines = try? table.lineRangeForRow(at: ip)
        else { return }
        let line = lines.lowerBound + (down ? height : -height)
        if down {
            focus(rowOnOrBefore(line: min(line, table.contentHeight - 1)) ?? lastRow)
        } else {
            focus(line <= 0 ? firstRow : rowOnOrAfter(line: line, limit: lines.lowerBound) ?? firstRow)
        }
    }

    // MARK: Taps

    func tapFocusedRow() {
        guard let ip = focus else { return }
        let deselects = table.indexPathsForSelectedRows.contains(ip) && multipleSelection
        guard perform(deselects ? .deselectRow(ip) : .selectRow(ip)) else { return }
        message = deselects ? "deselected row \(ordinal(of: ip))" : tapMessage(ip, selected: table.rowSelectedByLastTap)
    }

    /// What a tap on row `ip` did: `willSelect` (a style's `will_select`, a
    /// document's `selectable: false`) may have refused it or redirected it.
    func tapMessage(_ ip: IndexPath, selected: IndexPath?) -> String {
        let tapped = "tapped row \(ordinal(of: ip))"
        guard let selected else { return tapped + ": refused, nothing selected" }
        return selected == ip ? tapped : tapped + ": selected row \(ordinal(of: selected)) instead"
    }

    private var multipleSelection: Bool {
        table.isEditing ? table.allowsMultipleSelectionDuringEditing : table.allowsMultipleSelection
    }

    func tapAccessory() {
        guard let ip = focus else { return }
        guard hasDetailButton(ip) else {
            message = "row \(ordinal(of: ip)) has no detail button (only ⓘ responds to a tap)"
            return
        }
        if perform(.tapAccessory(ip)) { message = "tapped the accessory of row \(ordinal(of: ip))" }
    }

    /// The accessory the row shows now (its editing accessory while the table edits).
    func shownAccessory(_ ip: IndexPath) -> Accessory? {
        table.isEditing ? table.cellForRow(at: ip)?.editingAccessory : table.cellForRow(at: ip)?.accessory
    }

    func hasDetailButton(_ ip: IndexPath) -> Bool {
        switch shownAccessory(ip) {
        case .type(.detailButton), .type(.detailDisclosureButton): return true
        default: return false
        }
    }

    func tapIndexTitle(_ title: String) {
        guard perform(.tapIndexTitle(title)) else { return }
        message = "index \(title)"
        keepFocusInViewport()
    }

    private func reload() {
        let wanted = focus
        perform(.reloadData)
        repairFocus(wanted)
        message = "reloaded"
    }

    // MARK: Editing

    private func setEditing(_ editing: Bool) {
        guard perform(.setEditing(editing)) else { return }
        mode = editing ? .editing : .browse
        message = editing ? "editing: d delete, + insert, m move, e done" : ""
        revealFocus()
    }

    private func tapDeleteControl() {
        guard let ip = focus, perform(.tapDeleteControl(ip)) else { return }
        if table.indexPathForDeleteConfirmation == ip {
            mode = .confirmingDelete(ip)
            message = "delete row \(ordinal(of: ip))? y/Enter: delete, n/Esc: keep"
        }
    }

    private func tapInsertControl() {
        guard let ip = focus, perform(.tapInsertControl(ip, row: nil)) else { return }
        message = "inserted at row \(ordinal(of: ip))"
        repairFocus(ip)
    }

    private func handleConfirming(_ key: Key, _ ip: IndexPath) {
        switch key {
        case .character("y"), .enter:
            mode = .editing
            if perform(.confirmDelete(ip)) {
                message = "deleted row \(ordinal(of: ip))"
                repairFocus(ip)
            }
        case .character("n"), .escape:
            mode = .editing
            // A second tap on ⊖ hides the Delete button again.
            if perform(.tapDeleteControl(ip)) { message = "kept row \(ordinal(of: ip))" }
        default: message = "delete row \(ordinal(of: ip))? y/Enter: delete, n/Esc: keep"
        }
    }

    // MARK: Reordering

    private func pickUp() {
        // The table holds the row as lifted (state.isReordering) until it is dropped or put back.
        guard let ip = focus, perform(.beginReorder(ip)) else { return }
        mode = .reordering(from: ip, to: ip)
        message = "moving row \(ordinal(of: ip)): ↑/↓ to move, Enter to drop, Esc to put back"
    }

    /// The lifted row moves with each ↑/↓, as UIKit moves the row under the
    /// finger: each step is a move of the row (the data source told, as the
    /// recorded case replays it) and the row is lifted again where it
    /// landed. `from` is where it was picked up, `to` where it is now.
    private func handleReordering(_ key: Key, from: IndexPath, to: IndexPath) {
        switch key {
        case .up, .character("k"), .down, .character("j"):
            let up = key == .up || key == .character("k")
            guard let next = up ? rowBefore(to) : rowAfter(to) else { return }
            // Where the delegate lets it land (targetIndexPathForMoveFromRowAt), as the move will.
            let landed =
                table.delegate?.tableView(table, targetIndexPathForMoveFromRowAt: to, toProposedIndexPath: next)
                ?? next
            guard perform(.reorder(from: to, to: next)) else {
                // A refused move ends the gesture in the table: the row is lifted again where it is.
                perform(.beginReorder(to))
                return
            }
            perform(.beginReorder(landed))
            mode = .reordering(from: from, to: landed)
            focus(landed)
            message = "moving row \(ordinal(of: from)) to \(ordinal(of: landed)): Enter drops, Esc puts back"
        case .enter:
            mode = .editing
            // Only a row still held is dropped: the table refuses a step that does nothing.
            if table.reorderingRow != nil { perform(.endReorder) }
            message = to == from ? "dropped where it was" : "moved row \(ordinal(of: from)) to \(ordinal(of: to))"
            focus(to)
        case .escape:
            mode = .editing
            if to != from, perform(.reorder(from: to, to: from)) {
                focus(from)
            } else if table.reorderingRow != nil {
                perform(.endReorder)
            }
            message = "put back"
        default: break
        }
    }
}
