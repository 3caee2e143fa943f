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
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

extension TableView {
    /// After a viewport frame showing items `first...last`: the rows within
    /// `prefetchDistance` rows above and below (across sections), ordered by
    /// distance from the viewport; on a tie, the side the table last
    /// scrolled towards comes first. Rows already announced, or just shown,
    /// are not sent again; announced rows that are neither near nor on screen
    /// are cancelled.
    func updatePrefetching(_ l: TableLayout, firstItem first: Int, lastItem last: Int, top: Int) {
        guard let p = prefetchDataSource else { prefetchedRows.removeAll(); return }
        let distance = max(0, prefetchDistance ?? visibleCells.count)
        let below = nearRows(l, from: last + 1, step: 1, count: distance)
        let above = nearRows(l, from: first - 1, step: -1, count: distance)
        let upwards = top < lastPrefetchTop
        lastPrefetchTop = top
        var near: [IndexPath] = []
        near.reserveCapacity(below.count + above.count)
        for k in 0..<max(below.count, above.count) {
            let (ahead, behind) = upwards ? (above, below) : (below, above)
            if k < ahead.count { near.append(ahead[k]) }
            if k < behind.count { near.append(behind[k]) }
        }
        let nearSet = Set(near)
        let gone = prefetchedRows.filter { !nearSet.contains($0) && visibleCells[$0] == nil }.sorted()
        // Rows on screen in the last frame were just shown: near again as
        // they scroll off, they are neither announced nor, later, cancelled.
        settledRows = settledRows.intersection(nearSet)
            .union(near.filter { lastShownRows.contains($0) && !prefetchedRows.contains($0) })
        let fresh = near.filter { !prefetchedRows.contains($0) && !settledRows.contains($0) }
        prefetchedRows = nearSet.subtracting(settledRows)
        lastShownRows = Set(visibleCells.keys)
        if !gone.isEmpty { p.tableView(self, cancelPrefetchingForRowsAt: gone) }
        if !fresh.isEmpty { p.tableView(self, prefetchRowsAt: fresh) }
    }

    /// A new prefetch data source, or index paths that may mean other rows: announce afresh.
    func forgetPrefetching() {
        prefetchedRows.removeAll()
        settledRows.removeAll()
        lastShownRows.removeAll()
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
