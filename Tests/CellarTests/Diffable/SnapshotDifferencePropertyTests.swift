import Testing

@testable import Cellar

/// Random snapshots, each a few random mutations of the last: the diff
/// between consecutive ones, played by UITableView's batch rules
/// (`BatchModel`), turns the old table into the new; it moves the fewest
/// rows; it asks anew only for rows whose item is new to its place; and the
/// snapshot's indexes hold after every mutation, and after one that throws
/// the snapshot is as it was.
@Suite("The snapshot difference against a model")
struct SnapshotDifferencePropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomSnapshotsDiffIntoEachOther(seed: UInt64) throws {
        var random = RandomSnapshots(seed: seed)
        var current = IntSnap()
        for step in 0..<150 {
            var next = current
            for _ in 0..<random.int(1..<6) {
                let before = next
                let (kind, threw) = random.mutate(&next)
                if threw {
                    #expect(try layout(next) == layout(before), "seed \(seed) step \(step) kind \(kind)")
                }
            }
            expectConsistent(next)
            let d = SnapshotDifference(from: current, to: next)
            // Sections the mutations left alone are skipped; the plain twin looks at every row.
            #expect(
                d == SnapshotDifference(from: current, to: next, skipsSharedRows: false), "seed \(seed) step \(step)")
            #expect(try BatchModel.play(d, on: current, asking: next) == layout(next), "seed \(seed) step \(step)")
            expectFewestMoves(d, current, next, "seed \(seed) step \(step)")
            expectInsertsAreNew(d, current, next, "seed \(seed) step \(step)")
            current = next.unmarked
        }
    }

    /// In each section kept on both sides, the rows that stayed in it and
    /// did not move are a longest run in the old order: no fewer could move.
    func expectFewestMoves(_ d: SnapshotDifference, _ old: IntSnap, _ new: IntSnap, _ note: String) {
        let rebuilt = Set(new.reloadedSectionIdentifiers)
        for (j, s) in new.sections.enumerated() {
            guard let o = old.sectionPositions[s], !rebuilt.contains(s) else { continue }
            let stayed = new.rows[j].compactMap { item -> Int? in
                guard let p = old.places[item], p.section == s else { return nil }
                return new.reloadedItems.contains(item) ? nil : p.row
            }
            let movedWithin = d.movedRows.count { $0.from.section == o && $0.to.section == j }
            #expect(movedWithin == stayed.count - BatchModel.longestIncreasingLength(stayed), "\(note)")
        }
    }

    /// A row is inserted only when its item is new, comes from a section
    /// that is gone or rebuilt, or was reloaded while it moved.
    func expectInsertsAreNew(_ d: SnapshotDifference, _ old: IntSnap, _ new: IntSnap, _ note: String) {
        let rebuilt = Set(new.reloadedSectionIdentifiers)
        for ip in d.insertedRows {
            guard let item = new.itemIdentifier(at: ip) else {
                Issue.record("insert outside the snapshot at \(ip), \(note)")
                continue
            }
            if let p = old.places[item], new.sectionPositions[p.section] != nil, !rebuilt.contains(p.section) {
                #expect(new.reloadedItems.contains(item), "\(item) inserted though kept, \(note)")
            }
        }
    }
}
