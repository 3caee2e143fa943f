import CellarTestSupport
import Testing

@testable import Cellar

/// Random snapshots applied in turn to a table whose viewport shows every
/// row: after each apply the table draws the snapshot's items in its order,
/// and the cell provider was asked exactly for the rows whose item is new
/// to its place, reloaded or reconfigured, once each. The expected rows are
/// worked out from the two snapshots here, not from the diff.
@Suite("Applying random snapshots to a table")
struct DiffableApplyPropertyTests {
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func theTableDrawsEachSnapshotAndAsksOnlyForChangedRows(seed: UInt64) throws {
        let t = DiffableTable(height: 400)
        var random = RandomSnapshots(seed: seed)
        for step in 0..<120 {
            let old = t.dataSource.snapshot()
            let new = random.next(from: old, steps: random.int(1..<6))
            try t.dataSource.apply(new)
            #expect(try t.drawnItems() == new.itemIdentifiers, "seed \(seed) step \(step)")
            let asked = t.takeAsked()
            #expect(asked.sorted() == Self.changed(old, new).sorted(), "seed \(seed) step \(step)")
            // The table drawn again asks for nothing: every row kept its cell.
            #expect(try t.drawnItems() == new.itemIdentifiers, "seed \(seed) step \(step)")
            #expect(t.takeAsked() == [], "seed \(seed) step \(step)")
        }
    }

    /// The items whose rows must be made or configured again going from
    /// `old` to `new`: those not in a section that both have (new items,
    /// items coming from or going to a section that is new, gone or
    /// reloaded), and marked ones.
    static func changed(_ old: IntSnap, _ new: IntSnap) -> [Int] {
        let rebuilt = Set(new.reloadedSectionIdentifiers)
        func kept(_ s: Int) -> Bool {
            old.indexOfSection(s) != nil && new.indexOfSection(s) != nil && !rebuilt.contains(s)
        }
        let marked = Set(new.reloadedItemIdentifiers + new.reconfiguredItemIdentifiers)
        return new.itemIdentifiers.filter { item in
            guard let from = old.sectionIdentifier(containingItem: item),
                let to = new.sectionIdentifier(containingItem: item), kept(from), kept(to)
            else { return true }
            return marked.contains(item)
        }
    }
}
