@testable import Cellar

/// UITableView's batch rules, played plainly on a table of identifiers: what
/// a table holds after a batch update, given what it held before and what
/// the batch told it. Written apart from `SnapshotDifference`, so the two
/// check each other: deletes and moves' sources name old positions; inserts
/// and moves' destinations name new ones; the rows that are neither deleted
/// nor moved keep their order and fill the places left. What an insert puts
/// in a place is the data source's (`new`): the row is asked for anew.
enum BatchModel {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func play<S, I>(
        _ d: SnapshotDifference, on old: DiffableDataSourceSnapshot<S, I>, asking new: DiffableDataSourceSnapshot<S, I>
    ) throws -> [[I]] {
        let count = old.sections.count - d.deletedSections.count + d.insertedSections.count
        guard count == new.sections.count else { throw Problem(description: "section count \(count)") }
        // Which old section each final section is (nil: inserted).
        var source = [Int?](repeating: nil, count: count)
        var taken = Set(d.insertedSections)
        for m in d.movedSections {
            guard taken.insert(m.to).inserted else { throw Problem(description: "two sections to \(m.to)") }
            source[m.to] = m.from
        }
        let gone = Set(d.deletedSections).union(d.movedSections.map(\.from))
        var rest = (0..<old.sections.count).filter { !gone.contains($0) }.makeIterator()
        for j in 0..<count where !taken.contains(j) {
            guard let o = rest.next() else { throw Problem(description: "no section for \(j)") }
            source[j] = o
        }
        guard rest.next() == nil else { throw Problem(description: "sections left over") }
        return try (0..<count).map { j in
            guard let o = source[j] else { return new.rows[j] }
            return try rows(ofFinal: j, from: o, d, old: old, new: new)
        }
    }

    private static func rows<S, I>(
        ofFinal j: Int, from o: Int, _ d: SnapshotDifference,
        old: DiffableDataSourceSnapshot<S, I>, new: DiffableDataSourceSnapshot<S, I>
    ) throws -> [I] {
        let leaving = Set(d.deletedRows.filter { $0.section == o }.map(\.row))
            .union(d.movedRows.filter { $0.from.section == o }.map(\.from.row))
        var placed: [Int: I] = [:]
        for ip in d.insertedRows where ip.section == j {
            guard let item = new.itemIdentifier(at: ip) else { throw Problem(description: "insert at \(ip)") }
            placed[ip.row] = item
        }
        for m in d.movedRows where m.to.section == j {
            guard let item = old.itemIdentifier(at: m.from), placed.updateValue(item, forKey: m.to.row) == nil else {
                throw Problem(description: "move \(m.from) → \(m.to)")
            }
        }
        var staying = old.rows[o].indices.filter { !leaving.contains($0) }.map { old.rows[o][$0] }.makeIterator()
        let total = old.rows[o].count - leaving.count + placed.count
        var result: [I] = []
        for r in 0..<total {
            if let item = placed[r] {
                result.append(item)
            } else if let item = staying.next() {
                result.append(item)
            } else {
                throw Problem(description: "row \(r) of section \(j) has nothing")
            }
        }
        guard staying.next() == nil else { throw Problem(description: "rows left over in section \(j)") }
        return result
    }

    /// The length of a longest increasing subsequence, by the plain O(n²)
    /// recurrence (the diff uses patience sorting).
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for k in 0..<i where values[k] < values[i] { best[i] = max(best[i], best[k] + 1) }
        }
        return best.max() ?? 0
    }
}
