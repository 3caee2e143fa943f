/// Where each row of the table goes in an insert, delete or move, by UIKit's
/// batch rules: deleted rows are named by their index paths before the
/// update, inserted rows by theirs after it; a move is a delete of its
/// source and an insert at its destination, carrying the row along.
/// Selection, custom states and known row heights follow their rows by it.
struct RowMapping {
    /// Per section before the update: each row's row after it (in the same
    /// section), or -1 when it was deleted or moved away.
    private let newRows: [[Int]]
    private let moved: (from: IndexPath, to: IndexPath)?

    init(oldCounts: [Int], inserted: [IndexPath], deleted: [IndexPath], moved: (IndexPath, IndexPath)?) {
        self.moved = moved.map { (from: $0.0, to: $0.1) }
        var deletedRows = [Set<Int>](repeating: [], count: oldCounts.count)
        var insertedRows = [Set<Int>](repeating: [], count: oldCounts.count)
        for ip in deleted where oldCounts.indices.contains(ip.section) { deletedRows[ip.section].insert(ip.row) }
        for ip in inserted where oldCounts.indices.contains(ip.section) { insertedRows[ip.section].insert(ip.row) }
        if let (from, to) = moved {
            if oldCounts.indices.contains(from.section) { deletedRows[from.section].insert(from.row) }
            if oldCounts.indices.contains(to.section) { insertedRows[to.section].insert(to.row) }
        }
        newRows = oldCounts.indices.map { s in
            // Kept rows keep their order and fill the places inserts leave
            // free; one pass, both lists sorted.
            let deletes = deletedRows[s].sorted()
            let inserts = insertedRows[s].sorted()
            var next = 0
            var d = 0
            var k = 0
            return (0..<max(0, oldCounts[s])).map { r in
                while d < deletes.count && deletes[d] < r { d += 1 }
                if d < deletes.count && deletes[d] == r { return -1 }
                while k < inserts.count && inserts[k] <= next {
                    if inserts[k] == next { next += 1 }
                    k += 1
                }
                defer { next += 1 }
                return next
            }
        }
    }

    /// The row's index path after the update; nil when it was deleted.
    func newIndexPath(_ ip: IndexPath) -> IndexPath? {
        if let moved, ip == moved.from { return moved.to }
        guard newRows.indices.contains(ip.section), newRows[ip.section].indices.contains(ip.row) else { return nil }
        let row = newRows[ip.section][ip.row]
        return row < 0 ? nil : IndexPath(ip.section, row)
    }
}
