/// What `apply` hands the table: the change from one snapshot to the next
/// as one batch update, in UIKit's batch terms. Deletes, reloads and the
/// sources of moves are positions in the old snapshot; inserts, the
/// destinations of moves and reconfigures, positions in the new one.
///
/// As UIKit's diffable data source computes it:
/// - a section or item only in the old snapshot is deleted, one only in the
///   new is inserted (rows of a deleted or inserted section are not listed:
///   the section takes them along);
/// - of the sections in both, and of the items that stay in one section,
///   those in a longest run whose relative order is kept stay; the others
///   move. An item that changes section moves. So the fewest rows move;
/// - an item marked by `reloadItems` is reloaded; one marked by
///   `reconfigureItems` is reconfigured at its new position; a section
///   marked by `reloadSections` is deleted and inserted again (its rows
///   are made anew). A marked item that also moves is deleted and inserted
///   (a batch cannot move and reload one row).
struct SnapshotDifference: Equatable, Sendable {
    struct Move<Position: Equatable & Sendable>: Equatable, Sendable {
        var from: Position
        var to: Position
    }

    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var movedSections: [Move<Int>] = []
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var movedRows: [Move<IndexPath>] = []
    var reloadedRows: [IndexPath] = []
    var reconfiguredRows: [IndexPath] = []

    /// Nothing to tell the table (reconfigures included).
    var isEmpty: Bool { self == SnapshotDifference() }

    init() {}

    init<S, I>(from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>) {
        let rebuilt = Set(new.reloadedSections.identifiers.filter { old.sectionPositions[$0] != nil })
        // Sections that exist on both sides as the same section (a reloaded one does not).
        func kept(_ s: S) -> Bool {
            old.sectionPositions[s] != nil && new.sectionPositions[s] != nil && !rebuilt.contains(s)
        }
        for (i, s) in old.sections.enumerated() where !kept(s) { deletedSections.append(i) }
        for (j, s) in new.sections.enumerated() where !kept(s) { insertedSections.append(j) }
        let keptSections = new.sections.filter(kept)
        let sectionSources = keptSections.compactMap { old.sectionPositions[$0] }
        var staying = Set(LongestIncreasingSubsequence.positions(in: sectionSources))
        for (k, s) in keptSections.enumerated() where !staying.contains(k) {
            if let from = old.sectionPositions[s], let to = new.sectionPositions[s] {
                movedSections.append(Move(from: from, to: to))
            }
        }
        // Rows: deleted where they leave a kept section, inserted where they
        // enter one, moved when they go from kept to kept out of order.
        var candidates = Set<I>()
        for (i, s) in old.sections.enumerated() where kept(s) {
            for (r, item) in old.rows[i].enumerated() {
                guard let place = new.places[item], kept(place.section) else {
                    deletedRows.append(IndexPath(row: r, section: i))
                    continue
                }
                if place.section != s, let ip = new.indexPath(for: item) {
                    movedRows.append(Move(from: IndexPath(row: r, section: i), to: ip))
                } else {
                    candidates.insert(item)
                }
            }
        }
        for (j, s) in new.sections.enumerated() where kept(s) {
            let items = new.rows[j]
            var sources: [Int] = []
            var positions: [Int] = []
            for (r, item) in items.enumerated() {
                guard let place = old.places[item], kept(place.section) else {
                    insertedRows.append(IndexPath(row: r, section: j))
                    continue
                }
                if candidates.contains(item) {
                    sources.append(place.row)
                    positions.append(r)
                }
            }
            staying = Set(LongestIncreasingSubsequence.positions(in: sources))
            let from = old.sectionPositions[s] ?? 0
            for k in sources.indices where !staying.contains(k) {
                movedRows.append(
                    Move(from: IndexPath(row: sources[k], section: from), to: IndexPath(row: positions[k], section: j)))
            }
        }
        markRows(old, new)
        deletedRows.sort()
        insertedRows.sort()
        movedRows.sort { $0.to < $1.to }
    }

    /// Reloads and reconfigures of rows that are in kept sections on both sides.
    private mutating func markRows<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
    ) {
        let inserted = Set(insertedSections)
        let deleted = Set(deletedSections)
        func kept(_ item: I) -> (from: IndexPath, to: IndexPath)? {
            guard let from = old.indexPath(for: item), let to = new.indexPath(for: item),
                !deleted.contains(from.section), !inserted.contains(to.section)
            else { return nil }
            return (from, to)
        }
        var reloaded = Set<I>()
        let moved = Set(movedRows.map(\.to))
        var remade = Set<IndexPath>()
        for item in new.reloadedItems.identifiers {
            guard let (from, to) = kept(item) else { continue }
            reloaded.insert(item)
            if moved.contains(to) {
                remade.insert(to)
                deletedRows.append(from)
                insertedRows.append(to)
            } else {
                reloadedRows.append(from)
            }
        }
        if !remade.isEmpty { movedRows.removeAll { remade.contains($0.to) } }
        for item in new.reconfiguredItems.identifiers where !reloaded.contains(item) {
            if let (_, to) = kept(item) { reconfiguredRows.append(to) }
        }
        reloadedRows.sort()
        reconfiguredRows.sort()
    }
}
