import CellarText

/// What `apply` hands the table: the change from one snapshot to the next
/// as one batch update, in UIKit's batch terms. Deletes, reloads,
/// reconfigures and the sources of moves are positions in the old
/// snapshot; inserts and the destinations of moves, positions in the new one.
///
/// As UIKit's diffable data source computes it:
/// - a section or item only in the old snapshot is deleted, one only in the
///   new is inserted (rows of a deleted or inserted section are not listed:
///   the section takes them along);
/// - of the sections in both, and of the items that stay in one section,
///   those in a longest run whose relative order is kept stay; the others
///   move. An item that changes section moves. So the fewest rows move;
/// - an item marked by `reloadItems` is reloaded; one marked by
///   `reconfigureItems` is reconfigured (where it was: a batch carries a
///   reconfigured row that moves to its new place); a section
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

    /// `skipsSharedRows`: see `UnchangedSections`; off, every row is looked up.
    init<S, I>(
        from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>,
        skipsSharedRows: Bool = Accelerators.enabled
    ) {
        let rebuilt = Set(new.reloadedSections.identifiers.filter { old.sectionPositions[$0] != nil })
        // Whether each section, by its index on each side, is kept: on both
        // sides as the same section (a reloaded one is not).
        let oldKept = old.sections.map { new.sectionPositions[$0] != nil && !rebuilt.contains($0) }
        let newKept = new.sections.map { old.sectionPositions[$0] != nil && !rebuilt.contains($0) }
        let unchanged = UnchangedSections(old, new, newKept, enabled: skipsSharedRows)
        diffSections(old, new, oldKept, newKept)
        diffRowsLeaving(old, new, oldKept, newKept, unchanged)
        diffRowsArriving(old, new, oldKept, unchanged)
        markRows(old, new)
        deletedRows.sort()
        insertedRows.sort()
        movedRows.sort { $0.to < $1.to }
    }

    private mutating func diffSections<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>, _ oldKept: [Bool],
        _ newKept: [Bool]
    ) {
        deletedSections = oldKept.indices.filter { !oldKept[$0] }
        insertedSections = newKept.indices.filter { !newKept[$0] }
        let keptSections = newKept.indices.filter { newKept[$0] }
        let sources = keptSections.compactMap { old.sectionPositions[new.sections[$0]] }
        let staying = Set(LongestIncreasingSubsequence.positions(in: sources))
        for k in sources.indices where !staying.contains(k) {
            movedSections.append(Move(from: sources[k], to: keptSections[k]))
        }
    }

    /// Rows of kept old sections that are deleted (their item is gone, or
    /// in a section that is not kept) or move to another kept section.
    private mutating func diffRowsLeaving<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>, _ oldKept: [Bool],
        _ newKept: [Bool], _ unchanged: UnchangedSections
    ) {
        for i in old.sections.indices where oldKept[i] && !unchanged.old.contains(i) {
            let s = old.sections[i]
            let items = old.rows[i]
            for r in items.indices {
                guard let place = new.places[items[r]] else {
                    deletedRows.append(IndexPath(row: r, section: i))
                    continue
                }
                if place.section == s { continue }
                guard let j = new.sectionPositions[place.section], newKept[j] else {
                    deletedRows.append(IndexPath(row: r, section: i))
                    continue
                }
                movedRows.append(Move(from: IndexPath(row: r, section: i), to: IndexPath(row: place.row, section: j)))
            }
        }
    }

    /// Rows of kept new sections that are inserted (their item is new, or
    /// comes from a section that is not kept), and those that stayed in
    /// their section but out of its longest run in order, which move.
    private mutating func diffRowsArriving<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>, _ oldKept: [Bool],
        _ unchanged: UnchangedSections
    ) {
        for j in new.sections.indices where !unchanged.new.contains(j) {
            let s = new.sections[j]
            guard let from = old.sectionPositions[s], oldKept[from] else { continue }
            let items = new.rows[j]
            var sources: [Int] = []
            var positions: [Int] = []
            for r in items.indices {
                guard let place = old.places[items[r]] else {
                    insertedRows.append(IndexPath(row: r, section: j))
                    continue
                }
                if place.section == s {
                    sources.append(place.row)
                    positions.append(r)
                } else if let i = old.sectionPositions[place.section], oldKept[i] {
                    continue  // moved in from another kept section: `diffRowsLeaving` has it
                } else {
                    insertedRows.append(IndexPath(row: r, section: j))
                }
            }
            let staying = Set(LongestIncreasingSubsequence.positions(in: sources))
            for k in sources.indices where !staying.contains(k) {
                movedRows.append(
                    Move(from: IndexPath(row: sources[k], section: from), to: IndexPath(row: positions[k], section: j)))
            }
        }
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
            if let (from, _) = kept(item) { reconfiguredRows.append(from) }
        }
        reloadedRows.sort()
        reconfiguredRows.sort()
    }
}
