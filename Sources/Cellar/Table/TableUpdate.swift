/// UITableView.RowAnimation. A terminal table draws the result at once, so
/// the animation is accepted and has no effect.
public enum RowAnimation: String, CaseIterable, Sendable {
    case fade, right, left, top, bottom, none, middle, automatic
}

/// What one batch (`performBatchUpdates`, or a single insert, delete, move
/// or reload) tells the table, by UIKit's rules: deletes, reloads and
/// reconfigures name rows and sections as they were before the update,
/// inserts as they are after it, moves both. Identical changes named twice
/// count once, as in UIKit.
struct TableUpdate {
    var deletedSections = Set<Int>()
    var insertedSections = Set<Int>()
    var reloadedSections = Set<Int>()
    /// A move, from its place before the update to its place after.
    struct Move<Place: Hashable>: Hashable {
        let from: Place
        let to: Place
    }
    private(set) var movedSections: [Move<Int>] = []
    var deletedRows = Set<IndexPath>()
    var insertedRows = Set<IndexPath>()
    var reloadedRows = Set<IndexPath>()
    var reconfiguredRows = Set<IndexPath>()
    private(set) var movedRows: [Move<IndexPath>] = []
    private var moves = Set<Move<IndexPath>>()

    mutating func moveSection(_ from: Int, to: Int) {
        let m = Move(from: from, to: to)
        if !movedSections.contains(m) { movedSections.append(m) }
    }

    mutating func moveRow(_ from: IndexPath, to: IndexPath) {
        if moves.insert(Move(from: from, to: to)).inserted { movedRows.append(Move(from: from, to: to)) }
    }

    /// Whether the batch changes which rows the table has (a reconfigure alone does not).
    var changesRows: Bool {
        !(deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty)
    }

    /// Checks the batch against the counts before (`old`) and after (`new`,
    /// the data source's), throwing UIKit's message for the first problem:
    /// deletes and reloads against the old table, inserts against the new,
    /// moves against both, then every surviving section's row count.
    func check(old: [Int], new: [Int]) throws {
        try checkDeletes(old)
        try checkInserts(new)
        try checkMoves(old: old, new: new)
        try checkCounts(old: old, new: new)
    }

    /// Throws `noSection` when `p`'s section is not among `counts`, `noRow` when its row is not in that section.
    private static func check(
        _ p: IndexPath, in counts: [Int], noSection: @autoclosure () -> String, noRow: @autoclosure () -> String
    ) throws {
        guard p.section >= 0, p.section < counts.count else { throw CellarError(noSection()) }
        guard p.row >= 0, p.row < counts[p.section] else { throw CellarError(noRow()) }
    }

    private static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)" + (n == 1 ? "" : "s") }
    private static func ip(_ p: IndexPath) -> String { TableView.describe(p) }

    private func checkDeletes(_ old: [Int]) throws {
        for s in deletedSections.union(reloadedSections).sorted() where s < 0 || s >= old.count {
            throw CellarError(
                "attempt to delete section \(s), but there are only \(old.count) sections before the update")
        }
        for s in movedSections.map(\.from).sorted() where deletedSections.contains(s) {
            throw CellarError("attempt to perform a delete and a move from the same section (\(s))")
        }
        // UIKit turns a reload into a delete and an insert: a bad reload is told as a delete.
        for p in deletedRows.union(reloadedRows).union(reconfiguredRows).sorted() {
            try Self.check(
                p, in: old,
                noSection:
                    "attempt to delete row \(p.row) from section \(p.section), but there are only \(old.count) sections before the update",
                noRow:
                    "attempt to delete row \(p.row) from section \(p.section) which only contains \(old[p.section]) rows before the update"
            )
        }
        for p in deletedRows.intersection(reloadedRows).sorted() {
            throw CellarError("attempt to delete and reload the same index path (\(Self.ip(p)))")
        }
        for m in movedRows.sorted(by: { $0.from < $1.from }) {
            if deletedRows.contains(m.from) {
                throw CellarError(
                    "attempt to perform a delete and a move from the same index path (\(Self.ip(m.from)))")
            }
            if deletedSections.contains(m.from.section) {
                throw CellarError("cannot move a row from a deleted section (\(m.from.section))")
            }
        }
    }

    private func checkInserts(_ new: [Int]) throws {
        for s in insertedSections.sorted() where s < 0 || s >= new.count {
            throw CellarError(
                "attempt to insert section \(s) but there are only \(new.count) sections after the update")
        }
        for s in movedSections.map(\.to).sorted() where insertedSections.contains(s) {
            throw CellarError("attempt to perform an insert and a move to the same section (\(s))")
        }
        for p in insertedRows.sorted() where !insertedSections.contains(p.section) {
            try Self.check(
                p, in: new,
                noSection:
                    "attempt to insert row \(p.row) into section \(p.section), but there are only \(new.count) sections after the update",
                noRow:
                    "attempt to insert row \(p.row) into section \(p.section), but there are only \(new[p.section]) rows in section \(p.section) after the update"
            )
        }
        for m in movedRows.sorted(by: { $0.to < $1.to }) {
            if insertedRows.contains(m.to) {
                throw CellarError("attempt to perform an insert and a move to the same index path (\(Self.ip(m.to)))")
            }
            if insertedSections.contains(m.to.section) {
                throw CellarError("cannot move a row into a newly inserted section (\(m.to.section))")
            }
        }
    }

    private func checkMoves(old: [Int], new: [Int]) throws {
        var sectionFrom: [Int: Int] = [:]
        var sectionTo: [Int: Int] = [:]
        for m in movedSections {
            guard m.from >= 0, m.from < old.count else {
                throw CellarError(
                    "attempt to move section \(m.from), but there are only \(old.count) sections before the update")
            }
            guard m.to >= 0, m.to < new.count else {
                throw CellarError(
                    "attempt to move section \(m.from) to section \(m.to), but there are only \(new.count) sections after the update"
                )
            }
            if let other = sectionFrom.updateValue(m.to, forKey: m.from), other != m.to {
                throw CellarError("attempt to move section \(m.from) to both section \(other) and section \(m.to)")
            }
            if let other = sectionTo.updateValue(m.from, forKey: m.to), other != m.from {
                throw CellarError("attempt to move both section \(other) and section \(m.from) to section \(m.to)")
            }
        }
        var rowFrom: [IndexPath: IndexPath] = [:]
        var rowTo: [IndexPath: IndexPath] = [:]
        for m in movedRows {
            let (f, t) = (m.from, m.to)
            guard f.section >= 0, f.section < old.count, f.row >= 0, f.row < old[f.section] else {
                let n = f.section >= 0 && f.section < old.count ? old[f.section] : 0
                throw CellarError(
                    "attempt to move index path (\(Self.ip(f))) that does not exist - there are only \(Self.plural(n, "row")) in section \(f.section) before the update"
                )
            }
            guard t.section >= 0, t.section < new.count, t.row >= 0, t.row < new[t.section] else {
                let n = t.section >= 0 && t.section < new.count ? new[t.section] : 0
                throw CellarError(
                    "attempt to move index path (\(Self.ip(f))) to index path (\(Self.ip(t))) that does not exist - there are only \(Self.plural(n, "row")) in section \(t.section) after the update"
                )
            }
            if let other = rowFrom.updateValue(t, forKey: f), other != t {
                throw CellarError(
                    "attempt to move index path \(Self.ip(f)) to both \(Self.ip(other)) and \(Self.ip(t))")
            }
            if let other = rowTo.updateValue(f, forKey: t), other != f {
                throw CellarError(
                    "attempt to move both index path \(Self.ip(other)) and \(Self.ip(f)) to \(Self.ip(t))")
            }
        }
    }

    /// UIKit's count checks: sections, then each section that is neither
    /// inserted, deleted nor reloaded, by its index after the update.
    private func checkCounts(old: [Int], new: [Int]) throws {
        let expected = old.count + insertedSections.count - deletedSections.count
        guard new.count == expected else {
            throw CellarError(
                "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(new.count)) must be equal to the number of sections contained in the table view before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
            )
        }
        let sections = RowMapping.sectionMap(self, oldCount: old.count)
        let moves = movedRows
        for (s, t) in sections.enumerated().sorted(by: { $0.element < $1.element })
        where t >= 0 && !reloadedSections.contains(s) {
            let ins = insertedRows.count { $0.section == t }
            let del = deletedRows.count { $0.section == s }
            let movedIn = moves.count { $0.to.section == t }
            let movedOut = moves.count { $0.from.section == s }
            guard new[t] == old[s] + ins - del + movedIn - movedOut else {
                throw CellarError(
                    "Invalid update: invalid number of rows in section \(t). The number of rows contained in an existing section after the update (\(new[t])) must be equal to the number of rows contained in that section before the update (\(old[s])), plus or minus the number of rows inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
                )
            }
        }
    }
}
