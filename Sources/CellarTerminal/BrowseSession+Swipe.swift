import Cellar

/// The swipe keys: `l` / `h` reveal the focused row's trailing / leading
/// actions (the first one focused, so Enter performs it), Tab and Shift-Tab
/// move between them, Enter performs the focused one, Esc closes the row.
extension BrowseSession {
    func swipe(_ edge: SwipeEdge) {
        guard let ip = focus else { return }
        guard perform(.swipe(ip, edge: edge, full: false)), table.indexPathForSwipedRow == ip else { return }
        mode = .swiped(ip)
        if let first = table.swipeActionTitles.first { perform(.focusSwipeAction(ip, title: first)) }
        swipeMessage()
    }

    /// Closes the swiped row if it is still open (a reload closes it): the
    /// table refuses to close what is not open, and the recording must not
    /// hold a step that does nothing.
    private func closeSwipe() {
        if table.indexPathForSwipedRow != nil { perform(.endSwipe) }
    }

    func handleSwiped(_ key: Key, _ ip: IndexPath) {
        switch key {
        case .tab, .backTab:
            let titles = table.swipeActionTitles
            guard !titles.isEmpty else { return }
            let current = table.focusedSwipeActionTitle.flatMap { titles.firstIndex(of: $0) }
            let step = key == .tab ? 1 : titles.count - 1
            let next = current.map { ($0 + step) % titles.count } ?? 0
            perform(.focusSwipeAction(ip, title: titles[next]))
            swipeMessage()
        case .enter:
            guard let title = table.focusedSwipeActionTitle else {
                message = "Tab chooses an action"
                return
            }
            mode = .browse
            let before = rowCount
            guard perform(.tapSwipeAction(ip, title: title)) else { return }
            let deleted = rowCount < before
            message = "\(title): row \(ordinal(of: ip))" + (deleted ? " (deleted)" : "")
            if deleted { repairFocus(ip) }
        case .escape:
            mode = .browse
            closeSwipe()
            message = "closed"
        case .character("l"): swipe(.trailing)
        case .character("h"): swipe(.leading)
        case .character("q"): wantsQuit = true
        default:
            // Anything else closes the row first, as a touch elsewhere does.
            mode = .browse
            closeSwipe()
            handle(key)
        }
    }

    private func swipeMessage() {
        let titles = table.swipeActionTitles.map { $0 == table.focusedSwipeActionTitle ? "[\($0)]" : $0 }
        message = "swipe: " + titles.joined(separator: " ") + " — Tab chooses, Enter performs, Esc closes"
    }
}
