/// UITableView.ScrollPosition: where a row ends up in the viewport when the
/// table scrolls to it.
public enum ScrollPosition: String, CaseIterable, Sendable {
    /// As little scrolling as shows the whole row (none when it shows
    /// already): to the top when it is above, to the bottom when below.
    case none
    /// The row's first line on the viewport's first line.
    case top
    /// The row in the middle of the viewport.
    case middle
    /// The row's last line on the viewport's last line.
    case bottom
}

/// Scrolling to a row and selecting with a scroll, as UITableView's
/// scrollToRow(at:at:animated:) and selectRow(at:animated:scrollPosition:).
/// The offset is clamped to the content as every scroll is: near either end
/// the row stops where the content allows. Without a viewport height the
/// whole table shows and nothing scrolls.
extension TableView {
    /// Scrolls so that the row sits at `scrollPosition` in the viewport.
    /// The row is measured first (and the rows the viewport would show), so
    /// a failing style fails the scroll. `animated` is accepted and has no effect.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool = false) throws {
        let l = try currentLayout()
        try checkIndexPath(indexPath, l)
        if l.index == nil { try buildIndex(l) }
        let item = l.item(for: indexPath)
        try realize(item, l)
        guard let index = l.index else { return }
        let height = viewportHeight ?? 0
        let start = try tableEnds(l).headerLines + index.start(item)
        let lines = start..<(start + index.height(item))
        contentOffset = try clampedOffset(
            Self.offset(revealing: lines, at: scrollPosition, top: contentOffset, height: height))
    }

    /// Scrolls so that the row is at the top of the viewport (UIKit's `.top`).
    public func scrollToRow(at indexPath: IndexPath) throws {
        try scrollToRow(at: indexPath, at: .top)
    }

    /// Selects a row without calling the delegate (nil clears the
    /// selection), then scrolls to it at `scrollPosition`; as in UIKit,
    /// `.none` does not scroll. `animated` is accepted and has no effect.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) throws {
        if let indexPath { try checkIndexPath(indexPath, try currentLayout()) }
        selectRow(at: indexPath)
        guard let indexPath, scrollPosition != .none else { return }
        try scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }

    /// The offset that puts content lines `lines` at `position` in a
    /// viewport `height` lines tall now at offset `top` (before clamping).
    /// `.none` keeps `top` when the lines show whole, and shows the top of
    /// lines taller than the viewport.
    static func offset(revealing lines: Range<Int>, at position: ScrollPosition, top: Int, height: Int) -> Int {
        switch position {
        case .top: return lines.lowerBound
        case .middle: return lines.lowerBound - (height - lines.count) / 2
        case .bottom: return lines.upperBound - height
        case .none:
            var target = top
            if lines.upperBound > top + height { target = lines.upperBound - height }
            if lines.lowerBound < target { target = lines.lowerBound }
            return target
        }
    }
}
