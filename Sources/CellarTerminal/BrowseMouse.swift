import Cellar

/// The mouse: the wheel scrolls, a click taps what is under it (a row, its
/// accessory, an index title). As with keys, every effect is a `TableAction`.
extension BrowseSession {
    /// Lines one wheel notch scrolls.
    static let wheelLines = 3

    func handle(_ event: MouseEvent) {
        if showsHelp {
            if case .press = event.kind { showsHelp = false }
            return
        }
        guard let height = table.viewportHeight else { return }
        switch event.kind {
        case .wheelUp, .wheelDown:
            let delta = event.kind == .wheelUp ? -Self.wheelLines : Self.wheelLines
            if perform(.scrollToOffset(table.contentOffset + delta)) { keepFocusInViewport() }
        case .press(button: 0) where event.y < height:
            click(x: event.x, y: event.y)
        default: break
        }
    }

    private func click(x: Int, y: Int) {
        let indexWidth = table.sectionIndexWidth
        if indexWidth > 0, x >= table.width - indexWidth {
            if let title = try? table.indexTitle(atViewportLine: y) { tapIndexTitle(title) }
            return
        }
        guard let ip = try? table.indexPathForRow(atLine: table.contentOffset + y) else { return }
        focus(ip)
        // While editing a click only focuses: the keys act on the row.
        guard mode == .browse else { return }
        if detailButtonColumns(ip)?.contains(x) == true { return tapAccessory() }
        tapFocusedRow()
    }

    /// The columns of the row's ⓘ: the whole accessory of a detail button;
    /// of ⓘ ›, the part before the chevron. A chevron is no control in
    /// UIKit: a tap on it is a tap on the row.
    func detailButtonColumns(_ ip: IndexPath) -> Range<Int>? {
        guard hasDetailButton(ip), let columns = table.accessoryColumns(forRowAt: ip) else { return nil }
        guard case .type(.detailDisclosureButton) = shownAccessory(ip) else { return columns }
        // The chevron is the accessory's last column, then the row's trailing margin.
        return columns.lowerBound..<max(columns.lowerBound, columns.upperBound - 2)
    }

}
