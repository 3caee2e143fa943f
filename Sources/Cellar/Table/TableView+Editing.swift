import CellarText

/// The user's side of editing, moving and the section index, as UIKit
/// handles the touches: ⊖ reveals the Delete button, Delete and ⊕ commit
/// through the data source, ≡ drags a row through the delegate's redirect
/// to the data source's moveRowAt, an index title scrolls to its section.
extension TableView {
    /// "[0, 2]": index paths in user-facing messages, as cases write them.
    static func describe(_ ip: IndexPath) -> String { "[\(ip.section), \(ip.row)]" }

    // MARK: Editing styles

    /// The editing control a row shows while the table edits: `.none` for a
    /// row the data source cannot edit; else what the data source set on
    /// the cell (`Cell.editingStyle`), else the style's answer (a Lua
    /// `editing_style` hook), else the delegate's editingStyleForRowAt
    /// (UIKit's default: `.delete`).
    public func editingStyle(at indexPath: IndexPath) throws -> EditingStyle {
        try checkIndexPath(indexPath, try currentLayout())
        var style = EditingStyle.none
        try withCell(indexPath) { style = try editingStyle(for: $0, at: indexPath) }
        return style
    }

    func editingStyle(for cell: Cell, at ip: IndexPath) throws -> EditingStyle {
        guard activeDataSource?.tableView(self, canEditRowAt: ip) ?? false else { return .none }
        if let own = cell.editingStyle { return own }
        if let styled = try cell.style?.editingStyle(for: cell, state: cell.state) { return styled }
        return activeDelegate?.tableView(self, editingStyleForRowAt: ip) ?? .delete
    }

    /// The row showing the Delete button, if any (UIKit: the cell's showingDeleteConfirmation).
    public var indexPathForDeleteConfirmation: IndexPath? { rowStates.deleteConfirmation }

    func hideDeleteConfirmation() {
        guard let ip = rowStates.deleteConfirmation else { return }
        rowStates.deleteConfirmation = nil
        invalidateRow(ip, reconfigure: false)
    }

    /// Why the user cannot use the editing control of `ip`, or nil if the
    /// row shows `control`. UIKit draws no control there, so the tap lands
    /// on nothing; a case that taps it has a mistake, and hears why.
    func editingControlProblem(_ ip: IndexPath, expecting control: EditingStyle) throws -> String? {
        let l = try currentLayout()
        try checkIndexPath(ip, l)
        let row = Self.describe(ip)
        guard isEditing else {
            return "the table is not editing, so row \(row) shows no editing control (begin editing first)"
        }
        guard activeDataSource?.tableView(self, canEditRowAt: ip) ?? false else {
            return "row \(row) cannot be edited: the data source's tableView(_:canEditRowAt:) returns false for it"
        }
        if allowsMultipleSelectionDuringEditing {
            return
                "row \(row) shows a selection circle, not \(Self.glyph(control)): the table selects several rows while editing (allowsMultipleSelectionDuringEditing)"
        }
        let shown = try editingStyle(at: ip)
        guard shown == control else {
            let glyph = shown == .none ? "no editing control" : "\(Self.glyph(shown)) (editing style \(shown.rawValue))"
            return "row \(row) shows \(glyph), not \(Self.glyph(control))"
        }
        return nil
    }

    static func glyph(_ style: EditingStyle) -> String {
        switch style {
        case .delete: return "⊖"
        case .insert: return "⊕"
        case .none: return " "
        }
    }

    // MARK: Delete and insert

    /// A tap on ⊖: the row's content slides aside for the Delete button at
    /// its trailing edge; a second tap on ⊖ hides it again.
    public func tapDeleteControl(at indexPath: IndexPath) throws {
        if let problem = try editingControlProblem(indexPath, expecting: .delete) { throw CellarError(problem) }
        if rowStates.deleteConfirmation == indexPath {
            hideDeleteConfirmation()
            return
        }
        hideDeleteConfirmation()
        rowStates.deleteConfirmation = indexPath
        invalidateRow(indexPath, reconfigure: false)
    }

    /// A tap on the Delete button: the data source's commit(.delete, forRowAt:),
    /// which removes the row and tells the table (deleteRows).
    public func confirmDelete(at indexPath: IndexPath) throws {
        try checkIndexPath(indexPath, try currentLayout())
        guard rowStates.deleteConfirmation == indexPath else {
            throw CellarError("row \(Self.describe(indexPath)) shows no Delete button (tap its ⊖ first)")
        }
        hideDeleteConfirmation()
        try commit(.delete, at: indexPath)
    }

    /// A tap on ⊕: the data source's commit(.insert, forRowAt:). `row`, if
    /// given, is offered as `rowForInsertion` while the data source commits.
    public func tapInsertControl(at indexPath: IndexPath, row: Value? = nil) throws {
        if let problem = try editingControlProblem(indexPath, expecting: .insert) { throw CellarError(problem) }
        rowForInsertion = row
        defer { rowForInsertion = nil }
        try commit(.insert, at: indexPath)
    }

    func commit(_ style: EditingStyle, at ip: IndexPath) throws {
        guard let ds = activeDataSource else { throw CellarError("the table has no data source") }
        try ds.tableView(self, commit: style, forRowAt: ip)
    }

    // MARK: Reordering

    /// The reorder gesture, start to end: ≡ of `from` (only movable rows
    /// show it) is dragged to `proposed`; the delegate's
    /// targetIndexPathForMoveFromRowAt may redirect it; the data source's
    /// moveRowAt moves the data; the table moves its row (counts checked,
    /// states and heights carried, as moveRow does).
    public func reorderRow(from: IndexPath, to proposed: IndexPath) throws {
        // The drop ends the gesture, whether or not the row may move.
        endReorder()
        let l = try currentLayout()
        try checkIndexPath(from, l)
        let row = Self.describe(from)
        guard isEditing else {
            throw CellarError("the table is not editing, so row \(row) shows no reorder control (begin editing first)")
        }
        guard let ds = activeDataSource, ds.tableView(self, canMoveRowAt: from) else {
            throw CellarError(
                "row \(row) cannot be moved: the data source's tableView(_:canMoveRowAt:) returns false for it, so it shows no ≡"
            )
        }
        try checkDropTarget(proposed, from: from, l)
        let target =
            activeDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: from, toProposedIndexPath: proposed)
            ?? proposed
        try checkDropTarget(target, from: from, l)
        // Dropped where it was picked up: nothing moved, nobody is told.
        guard target != from else { return }
        try ds.tableView(self, moveRowAt: from, to: target)
        try moveRow(at: from, to: target)
    }

    /// A place a dragged row can be dropped: a row of the table as it will
    /// be (the moved row's own section keeps its count, another gains one).
    private func checkDropTarget(_ to: IndexPath, from: IndexPath, _ l: TableLayout) throws {
        guard to.section >= 0, to.section < l.sectionCount else {
            throw CellarError(
                "cannot move row \(Self.describe(from)) to \(Self.describe(to)): the table has \(l.sectionCount) section\(l.sectionCount == 1 ? "" : "s")"
            )
        }
        let places = l.rowCounts[to.section] + (to.section == from.section ? 0 : 1)
        guard to.row >= 0, to.row < places else {
            throw CellarError(
                "cannot move row \(Self.describe(from)) to \(Self.describe(to)): section \(to.section) has room for rows 0 to \(places - 1)"
            )
        }
    }

    // MARK: Section index

    /// A tap on a section index title: the data source's
    /// sectionForSectionIndexTitle(_:at:) names the section, whose header
    /// scrolls to the top (as far as the content allows).
    public func tapIndexTitle(_ title: String) throws {
        let l = try currentLayout()
        guard let index = l.indexTitles.firstIndex(of: title) else {
            let known =
                l.indexTitles.isEmpty
                ? "the table has no section index"
                : "its titles: \(l.indexTitles.map(Sanitizer.excerpt).joined(separator: " "))"
            throw CellarError("no section index title '\(Sanitizer.excerpt(title))' (\(known))")
        }
        guard let ds = activeDataSource else { throw CellarError("the table has no data source") }
        let section = ds.tableView(self, sectionForSectionIndexTitle: title, at: index)
        guard section >= 0, section < l.sectionCount else {
            throw CellarError(
                "sectionForSectionIndexTitle('\(Sanitizer.excerpt(title))', at: \(index)) returned section \(section), but the table has \(l.sectionCount) section\(l.sectionCount == 1 ? "" : "s")"
            )
        }
        try scrollToSection(section, l)
    }

    /// Scrolls so that the section's header (after the gap above it) is on
    /// the viewport's first line, or as far as the content allows.
    func scrollToSection(_ section: Int, _ l: TableLayout) throws {
        if l.index == nil { try buildIndex(l) }
        let item = l.sectionStarts[section]
        let gap = l.geometry.sectionGap && section > 0 ? 1 : 0
        contentOffset = try clampedOffset(try tableEnds(l).headerLines + (l.index?.start(item) ?? 0) + gap)
    }
}

extension TableView {
    /// A row picked up by its ≡ (the reorder gesture begins): its cell gets
    /// `state.isReordering`, as UIKit's cellDragState while a row is lifted,
    /// until the row is dropped (`reorderRow`) or put back (`endReorder`).
    /// Only a movable row of an editing table can be picked up.
    public func beginReorder(at ip: IndexPath) throws {
        let l = try currentLayout()
        try checkIndexPath(ip, l)
        let row = Self.describe(ip)
        guard isEditing else {
            throw CellarError("the table is not editing, so row \(row) shows no reorder control (begin editing first)")
        }
        guard let ds = activeDataSource, ds.tableView(self, canMoveRowAt: ip) else {
            throw CellarError(
                "row \(row) cannot be moved: the data source's tableView(_:canMoveRowAt:) returns false for it, so it shows no ≡"
            )
        }
        guard rowStates.reordering != ip else { return }
        endReorder()
        rowStates.reordering = ip
        invalidateRow(ip, reconfigure: false)
    }

    /// The picked-up row is put back where it was (or the gesture ends): its cell loses `state.isReordering`.
    public func endReorder() {
        guard let ip = rowStates.reordering else { return }
        rowStates.reordering = nil
        invalidateRow(ip, reconfigure: false)
    }

    /// The row picked up to be moved, if any.
    public var reorderingRow: IndexPath? { rowStates.reordering }
}
