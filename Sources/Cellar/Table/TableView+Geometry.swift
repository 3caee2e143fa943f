/// Where things are on screen, for front-ends that point at them (a mouse,
/// a focus ring): UIKit's rectForRow(at:) and indexPathForRow(at:) in
/// lines of content, the index column's titles by viewport line, and the
/// keyboard focus.
extension TableView {
    /// UIKit's rectForRow(at:), in lines of content: where the row starts and
    /// the lines it takes, its separator included (the row is measured if
    /// it was not yet).
    public func lineRangeForRow(at indexPath: IndexPath) throws -> Range<Int> {
        let l = try currentLayout()
        try checkIndexPath(indexPath, l)
        if l.index == nil { try buildIndex(l) }
        let item = l.item(for: indexPath)
        try realize(item, l, keepCell: false)
        let start = try tableEnds(l).headerLines + (l.index?.start(item) ?? 0)
        return start..<(start + (l.index?.height(item) ?? 0))
    }

    /// UIKit's indexPathForRow(at:): the row on content line `line`, or nil
    /// where a header, footer, gap or nothing is drawn.
    public func indexPathForRow(atLine line: Int) throws -> IndexPath? {
        let l = try currentLayout()
        if l.index == nil { try buildIndex(l) }
        let line = line - (try tableEnds(l).headerLines)
        guard line >= 0, let found = l.index?.item(atOffset: line) else { return nil }
        if case .row(let ip) = l.describe(found.index) { return ip }
        return nil
    }

    /// The section index title drawn on viewport line `y` (as the viewport
    /// render places them: centred, sampled when they do not fit), or nil.
    /// `•` stands for titles left out and is no title.
    public func indexTitle(atViewportLine y: Int) throws -> String? {
        let l = try currentLayout()
        guard let height = viewportHeight, height > 0 else { return nil }
        let titles = SectionChrome.fittedIndexTitles(l.indexTitles, height: height)
        let i = y - max(0, (height - titles.count) / 2)
        guard i >= 0, i < titles.count, l.indexTitles.contains(titles[i]) else { return nil }
        return titles[i]
    }

    /// The columns of a visible row's accessory (UIKit's accessory view
    /// frame), with the margin column after it, as the row draws it: at the
    /// trailing edge, before the reorder column while editing. Nil when the
    /// row is not on screen or shows no accessory.
    public func accessoryColumns(forRowAt indexPath: IndexPath) -> Range<Int>? {
        guard let cell = cellForRow(at: indexPath), let g = (try? currentLayout())?.geometry else { return nil }
        let accessory = isEditing ? cell.editingAccessory : cell.accessory
        let width = RowRenderer.fittedAccessoryWidth(
            accessory, LayoutEngine(ambiguousWide: ambiguousWide), rowWidth: g.rowWidth, editing: isEditing)
        guard width > 0 else { return nil }
        let end = g.rowX + g.rowWidth - 1 - (isEditing ? RowRenderer.reorderColumnWidth : 0)
        return max(0, end - width)..<(end + 1)
    }

    /// Columns the section index takes at the trailing edge (0 without one).
    public var sectionIndexWidth: Int { (try? currentLayout())?.geometry.indexWidth ?? 0 }

    /// The section index titles the data source gave.
    public var sectionIndexTitles: [String] { (try? currentLayout())?.indexTitles ?? [] }

    /// The row with keyboard focus, if any.
    public var indexPathForFocusedRow: IndexPath? { rowStates.focused }

    /// The focused row's mark (`showsFocusMark`).
    public static let focusMark = "❯"
    /// The focused row's mark when the row is also selected (it takes the place of `▌`).
    public static let focusedSelectedMark = "➤"

    /// The content offset that shows the focused row whole, scrolling as
    /// little as possible (to its top when it is taller than the viewport),
    /// or nil when it is in view already (or there is no focus or viewport).
    /// A front-end calls it after moving the focus and after a resize.
    public func offsetRevealingFocusedRow() -> Int? {
        guard let ip = rowStates.focused, let lines = try? lineRangeForRow(at: ip),
            let height = viewportHeight, height > 0
        else { return nil }
        let target = Self.offset(revealing: lines, at: .none, top: contentOffset, height: height)
        return target == contentOffset ? nil : target
    }

    /// Moves keyboard focus (`TableAction.focusRow`): the row's cell gets
    /// `state.isFocused` and its update hook runs again at the next render.
    public func focusRow(at indexPath: IndexPath?) throws {
        if let indexPath { try checkIndexPath(indexPath, try currentLayout()) }
        guard indexPath != rowStates.focused else { return }
        if let old = rowStates.focused { invalidateRow(old, reconfigure: false) }
        rowStates.focused = indexPath
        if let indexPath { invalidateRow(indexPath, reconfigure: false) }
    }
}
