/// UITableViewDataSourcePrefetching: hears about rows just beyond the
/// viewport before they appear (to start loading what they show), and about
/// rows that are no longer near.
public protocol TableViewDataSourcePrefetching: AnyObject {
    /// Rows just beyond the viewport, nearest first; each row once while it stays near.
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Rows announced earlier that left the neighbourhood without appearing.
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    /// Does nothing: cancelling is optional, as in UITableViewDataSourcePrefetching.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

/// What the prefetch data source has been told, so that each near row is
/// announced once while it stays near.
struct PrefetchMemory {
    /// Rows announced and not yet cancelled.
    var prefetched: Set<IndexPath> = []
    /// Near rows that were on screen and so need no announcing.
    var settled: Set<IndexPath> = []
    /// The rows of the last frame.
    var lastShown: Set<IndexPath> = []
    /// The last frame's top line: the direction of scrolling orders the announcements.
    var lastTop = 0
}

extension TableView {
    /// After a viewport frame showing lines top..<bottom: tells the prefetch
    /// data source about the rows near it.
    func announceNearRows(_ l: TableLayout, top: Int, bottom: Int) {
        guard prefetchDataSource != nil || !prefetching.prefetched.isEmpty, let index = l.index else { return }
        let first = index.item(atOffset: top)?.index ?? l.itemCount
        let last = index.item(atOffset: min(index.total, bottom) - 1)?.index ?? l.itemCount - 1
        updatePrefetching(l, firstItem: first, lastItem: last, top: top)
    }

    /// After a viewport frame showing items `first...last`: the rows within
    /// `prefetchDistance` rows above and below (across sections), ordered by
    /// distance from the viewport; on a tie, the side the table last
    /// scrolled towards comes first. Rows already announced, or just shown,
    /// are not sent again; announced rows that are neither near nor on screen
    /// are cancelled.
    func updatePrefetching(_ l: TableLayout, firstItem first: Int, lastItem last: Int, top: Int) {
        guard let p = prefetchDataSource else {
            prefetching.prefetched.removeAll()
            return
        }
        let visibleCells = pool.visibleCells
        let distance = max(0, prefetchDistance ?? visibleCells.count)
        let below = nearRows(l, from: last + 1, step: 1, count: distance)
        let above = nearRows(l, from: first - 1, step: -1, count: distance)
        var memory = prefetching
        let upwards = top < memory.lastTop
        memory.lastTop = top
        var near: [IndexPath] = []
        near.reserveCapacity(below.count + above.count)
        for k in 0..<max(below.count, above.count) {
            let (ahead, behind) = upwards ? (above, below) : (below, above)
            if k < ahead.count { near.append(ahead[k]) }
            if k < behind.count { near.append(behind[k]) }
        }
        let nearSet = Set(near)
        let gone = memory.prefetched.filter { !nearSet.contains($0) && visibleCells[$0] == nil }.sorted()
        // Rows on screen in the last frame were just shown: near again as
        // they scroll off, they are neither announced nor, later, cancelled.
        memory.settled = memory.settled.intersection(nearSet)
            .union(near.filter { memory.lastShown.contains($0) && !memory.prefetched.contains($0) })
        let fresh = near.filter { !memory.prefetched.contains($0) && !memory.settled.contains($0) }
        memory.prefetched = nearSet.subtracting(memory.settled)
        memory.lastShown = Set(visibleCells.keys)
        prefetching = memory
        if !gone.isEmpty { p.tableView(self, cancelPrefetchingForRowsAt: gone) }
        if !fresh.isEmpty { p.tableView(self, prefetchRowsAt: fresh) }
    }

    /// A new prefetch data source, or index paths that may mean other rows: announce afresh.
    func forgetPrefetching() {
        let lastTop = prefetching.lastTop
        prefetching = PrefetchMemory()
        prefetching.lastTop = lastTop
    }

    /// Up to `count` rows walking items from `start` by `step`, skipping section tops and bottoms.
    private func nearRows(_ l: TableLayout, from start: Int, step: Int, count: Int) -> [IndexPath] {
        var rows: [IndexPath] = []
        var item = start
        while rows.count < count && item >= 0 && item < l.itemCount {
            if case .row(let ip) = l.describe(item) { rows.append(ip) }
            item += step
        }
        return rows
    }
}
