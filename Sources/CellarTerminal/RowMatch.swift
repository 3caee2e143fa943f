import Cellar

/// Where a row of one table is in another built from the same document read
/// again: the row with the same value (`TableViewRowData`), looked for at
/// the same place first and then ever farther from it, up to `reach` rows
/// either way (a row far away would cost a decode per row passed, and is
/// more likely another row with the same text). Without row values, a row
/// stays at its index path when that still exists.
struct RowMatch {
    let old: TableView
    let new: TableView
    /// How far from its old place a row is looked for, in rows either way.
    static let reach = 256

    func newIndexPath(_ ip: IndexPath) -> IndexPath? {
        guard let oldData = old.retainedDataSource as? TableViewRowData ?? old.dataSource as? TableViewRowData,
            let newData = new.retainedDataSource as? TableViewRowData ?? new.dataSource as? TableViewRowData,
            let value = oldData.rowValue(at: ip)
        else { return BrowseSession.exists(ip, in: new) ? ip : nil }
        let rows = RowOrder(new)
        let place = rows.ordinal(of: ip)
        for distance in 0...Self.reach {
            for candidate in Set([place - distance, place + distance]).sorted() {
                guard let found = rows.indexPath(ordinal: candidate) else { continue }
                if newData.rowValue(at: found) == value { return found }
            }
        }
        return nil
    }
}

/// A table's rows of all sections as one sequence.
struct RowOrder {
    /// Each section's first row's place in the sequence, and one past the last row.
    private let starts: [Int]

    init(_ table: TableView) {
        var starts = [0]
        for s in 0..<table.numberOfSections { starts.append(starts[s] + table.numberOfRows(inSection: s)) }
        self.starts = starts
    }

    /// The row's place, the section clamped to the table's (a row past the end is past every row).
    func ordinal(of ip: IndexPath) -> Int {
        let section = min(max(0, ip.section), starts.count - 1)
        return starts[section] + ip.row
    }

    func indexPath(ordinal: Int) -> IndexPath? {
        guard ordinal >= 0, let last = starts.last, ordinal < last else { return nil }
        // The last section starting at or before it (empty sections start where the next does).
        var low = 0
        var high = starts.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= ordinal { low = mid } else { high = mid - 1 }
        }
        return IndexPath(low, ordinal - starts[low])
    }
}
