/// Where each row of the table goes in a batch update (`TableUpdate`), by
/// UIKit's rules: deleted sections and rows are named by their places
/// before the update, inserted ones by theirs after it; a move is a delete
/// of its source and an insert at its destination, carrying the row along.
/// Everything else keeps its order and fills the places left free.
/// Selection, custom states, known heights and on-screen cells follow their
/// rows by it.
struct RowMapping {
    /// Each section before the update: its index after it, or -1 when deleted.
    let sections: [Int]
    /// Per section before the update: each row's row after it (in the
    /// section's new place), or -1 when it was deleted or moved away.
    private let rows: [[Int]]
    private let moves: [IndexPath: IndexPath]
    /// Rows (before the update) that come back as new rows: reloaded, or in
    /// a reloaded section. Their cells and states do not carry over.
    private let reloadedRows: Set<IndexPath>
    private let reloadedSections: Set<Int>
    /// Rows (before the update) whose heights are measured again.
    private let reconfiguredRows: Set<IndexPath>

    init(oldCounts: [Int], update u: TableUpdate) {
        sections = Self.sectionMap(u, oldCount: oldCounts.count)
        var movesFrom = [Set<Int>](repeating: [], count: oldCounts.count)
        var movesTo: [Int: Set<Int>] = [:]
        var moves: [IndexPath: IndexPath] = [:]
        for m in u.movedRows where oldCounts.indices.contains(m.from.section) {
            movesFrom[m.from.section].insert(m.from.row)
            movesTo[m.to.section, default: []].insert(m.to.row)
            moves[m.from] = m.to
        }
        var deleted = [Set<Int>](repeating: [], count: oldCounts.count)
        for p in u.deletedRows where oldCounts.indices.contains(p.section) { deleted[p.section].insert(p.row) }
        var inserted: [Int: Set<Int>] = [:]
        for p in u.insertedRows { inserted[p.section, default: []].insert(p.row) }
        let sections = sections
        rows = oldCounts.indices.map { s in
            let t = sections[s]
            guard t >= 0 else { return [] }
            return Self.place(
                oldCounts[s], gone: deleted[s].union(movesFrom[s]),
                fixed: inserted[t, default: []].union(movesTo[t, default: []]))
        }
        self.moves = moves
        reloadedRows = u.reloadedRows
        reloadedSections = u.reloadedSections
        reconfiguredRows = u.reconfiguredRows
    }

    /// Each section before the update: its index after, or -1 when deleted.
    static func sectionMap(_ u: TableUpdate, oldCount: Int) -> [Int] {
        var map = place(
            oldCount, gone: u.deletedSections.union(u.movedSections.map(\.from)),
            fixed: u.insertedSections.union(u.movedSections.map(\.to)))
        for m in u.movedSections where map.indices.contains(m.from) { map[m.from] = m.to }
        return map
    }

    /// New places for `count` items: those in `gone` get -1, the others
    /// keep their order in the places that `fixed` (the inserted and moved-in
    /// ones) leaves free. One pass over the items and the sorted fixed places.
    static func place(_ count: Int, gone: Set<Int>, fixed: Set<Int>) -> [Int] {
        let taken = fixed.sorted()
        var next = 0
        var k = 0
        return (0..<max(0, count)).map { i in
            if gone.contains(i) { return -1 }
            while k < taken.count && taken[k] <= next {
                if taken[k] == next { next += 1 }
                k += 1
            }
            defer { next += 1 }
            return next
        }
    }

    /// The row's index path after the update; nil when it was deleted (or its section was).
    func newIndexPath(_ ip: IndexPath) -> IndexPath? {
        // Emptiness first: most updates move nothing, and hashing an index path costs more than the rest.
        if !moves.isEmpty, let to = moves[ip] { return to }
        guard rows.indices.contains(ip.section), rows[ip.section].indices.contains(ip.row) else { return nil }
        let row = rows[ip.section][ip.row]
        return row < 0 ? nil : IndexPath(sections[ip.section], row)
    }

    /// Where the row's cell and state go: nil when deleted or reloaded (it comes back as a new row).
    func keptIndexPath(_ ip: IndexPath) -> IndexPath? {
        (!reloadedRows.isEmpty && reloadedRows.contains(ip))
            || (!reloadedSections.isEmpty && reloadedSections.contains(ip.section)) ? nil : newIndexPath(ip)
    }

    /// `measuredIndexPath` on a section and row, for loops over every row:
    /// an update that names no single row (the common case) maps it without
    /// making or hashing an index path (a call into Foundation each).
    func measuredPlace(_ s: Int, _ r: Int) -> (section: Int, row: Int)? {
        if !reconfiguredRows.isEmpty || !reloadedRows.isEmpty || !moves.isEmpty {
            return measuredIndexPath(IndexPath(s, r)).map { ($0.section, $0.row) }
        }
        if !reloadedSections.isEmpty && reloadedSections.contains(s) { return nil }
        guard rows.indices.contains(s), rows[s].indices.contains(r) else { return nil }
        let row = rows[s][r]
        return row < 0 ? nil : (sections[s], row)
    }

    /// Where the row's known height goes: as `keptIndexPath`, and nil for a reconfigured row.
    func measuredIndexPath(_ ip: IndexPath) -> IndexPath? {
        !reconfiguredRows.isEmpty && reconfiguredRows.contains(ip) ? nil : keptIndexPath(ip)
    }
}
