import CellarTestSupport
import Testing

@testable import Cellar

/// performBatchUpdates against a plain model: random section and row
/// deletes, inserts, moves, reloads and reconfigures, told as a UIKit
/// developer tells them (derived here from the items' identities, not by
/// the table's own rules). After each batch the table draws the model, the
/// selection follows its items (reloaded ones lose it), and the data source
/// was asked only for inserted, reloaded and reconfigured rows.
@Suite struct BatchUpdatePropertyTests {
    struct Item: Equatable {
        let id: Int
        var version = 0
        var text: String { "i\(id)" + (version > 0 ? "v\(version)" : "") }
    }
    struct Section {
        let id: Int
        var items: [Item]
    }

    /// One random batch over `old`: the new model, and the calls that tell it.
    struct Batch {
        var new: [Section] = []
        var calls: [(TableView) throws -> Void] = []
        /// Items the data source must be asked for (new index paths).
        var asked = Set<IndexPath>()
        /// Items that lose their selection (reloaded).
        var reloaded = Set<Int>()
    }

    static func makeBatch(_ old: [Section], nextID: inout Int, _ rng: inout SeededGenerator) -> Batch {
        var b = Batch()
        func fresh() -> Item {
            nextID += 1
            return Item(id: nextID)
        }
        // Sections: some go, the rest may swap places, new ones come in.
        var kept = old.filter { _ in Int.random(in: 0..<7, using: &rng) != 0 }
        if kept.count > 1, Bool.random(using: &rng) { kept.swapAt(0, kept.count - 1) }
        var new = kept.map { Section(id: $0.id, items: []) }
        let keptIDs = Set(kept.map(\.id))
        for _ in 0..<Int.random(in: 0...1, using: &rng) {
            nextID += 1
            let id = nextID
            let items = (0..<Int.random(in: 0...2, using: &rng)).map { _ in fresh() }
            new.insert(Section(id: id, items: items), at: Int.random(in: 0...new.count, using: &rng))
        }
        // Rows of kept sections: some go, some move to another kept section, the rest stay in order.
        let targets = new.indices.filter { keptIDs.contains(new[$0].id) }
        for s in old where keptIDs.contains(s.id) {
            for item in s.items where Int.random(in: 0..<5, using: &rng) != 0 {
                let home = new.firstIndex { $0.id == s.id } ?? 0
                let t = Int.random(in: 0..<5, using: &rng) == 0 ? targets.randomElement(using: &rng) ?? home : home
                let at = t == home ? new[t].items.count : Int.random(in: 0...new[t].items.count, using: &rng)
                new[t].items.insert(item, at: at)
            }
        }
        for t in targets where !new[t].items.isEmpty && Bool.random(using: &rng) {
            new[t].items.swapAt(0, Int.random(in: 0..<new[t].items.count, using: &rng))
        }
        for t in targets {
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                new[t].items.insert(fresh(), at: Int.random(in: 0...new[t].items.count, using: &rng))
            }
        }
        b.new = new
        tell(old, &b, &rng)
        return b
    }

    /// The calls for `old` → `b.new`: a section or row is left unmoved when
    /// it keeps its order among the unmoved ones (so they fill the places
    /// inserts and moves leave, as UIKit requires); every other one moves.
    static func tell(_ old: [Section], _ b: inout Batch, _ rng: inout SeededGenerator) {
        let oldSection = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
        var oldPlace: [Int: IndexPath] = [:]
        for (s, sec) in old.enumerated() {
            for (r, item) in sec.items.enumerated() { oldPlace[item.id] = IndexPath(s, r) }
        }
        let newIDs = Set(b.new.flatMap { $0.items.map(\.id) })
        let deletedSections = old.indices.filter { s in !b.new.contains { $0.id == old[s].id } }
        let inserted = b.new.indices.filter { oldSection[b.new[$0].id] == nil }
        b.calls.append { try $0.deleteSections(deletedSections) }
        b.calls.append { try $0.insertSections(inserted) }
        var lastSection = -1
        for (t, sec) in b.new.enumerated() {
            guard let s = oldSection[sec.id] else {
                for r in sec.items.indices { b.asked.insert(IndexPath(t, r)) }
                continue
            }
            if s > lastSection { lastSection = s } else { b.calls.append { try $0.moveSection(s, toSection: t) } }
            var lastRow = -1
            for (r, item) in sec.items.enumerated() {
                let to = IndexPath(t, r)
                guard let from = oldPlace[item.id] else {
                    b.asked.insert(to)
                    b.calls.append { try $0.insertRows(at: [to]) }
                    continue
                }
                if from.section == s && from.row > lastRow {
                    lastRow = from.row
                    // Only rows that stay put are reloaded or reconfigured (UIKit forbids a reload with a move).
                    switch Int.random(in: 0..<8, using: &rng) {
                    case 0:
                        b.new[t].items[r].version += 1
                        b.reloaded.insert(item.id)
                        b.asked.insert(to)
                        b.calls.append { try $0.reloadRows(at: [from], with: .automatic) }
                    case 1:
                        b.new[t].items[r].version += 1
                        b.asked.insert(to)
                        b.calls.append { try $0.reconfigureRows(at: [from]) }
                    default: break
                    }
                } else {
                    b.calls.append { try $0.moveRow(at: from, to: to) }
                }
            }
        }
        for (s, sec) in old.enumerated() where !deletedSections.contains(s) {
            let gone = sec.items.indices.filter { !newIDs.contains(sec.items[$0].id) }.map { IndexPath(s, $0) }
            if !gone.isEmpty { b.calls.append { try $0.deleteRows(at: gone) } }
        }
        b.calls.shuffle(using: &rng)
    }

    @Test(arguments: [nil, 6] as [Int?])
    func randomBatchesMatchTheModel(height: Int?) throws {
        var rng = SeededGenerator(seed: height.map(UInt64.init) ?? 1)
        var nextID = 0
        for round in 0..<150 {
            var model = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                nextID += 1
                let id = nextID
                return Section(
                    id: id,
                    items: (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                        nextID += 1
                        return Item(id: nextID)
                    })
            }
            let ds = ModelSource(model.map { $0.items.map(\.text) })
            let t = ds.makeTable(height: height)
            t.allowsMultipleSelection = true
            // Items whose selection changed since the last render.
            var touchedIDs = Set<Int>()
            for step in 0..<4 {
                _ = try drawn(t)
                let visibleIDs = Set((t.indexPathsForVisibleRows ?? []).map { model[$0.section].items[$0.row].id })
                _ = ds.takeAsked()
                let selected = Set(
                    model.enumerated().flatMap { s, sec in
                        sec.items.indices.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }.map {
                            IndexPath(s, $0)
                        }
                    })
                for ip in selected { t.selectRow(at: ip) }
                let selectedIDs = Set(selected.map { model[$0.section].items[$0.row].id })
                touchedIDs.formUnion(selectedIDs)
                let b = Self.makeBatch(model, nextID: &nextID, &rng)
                model = b.new
                ds.sections = model.map { $0.items.map(\.text) }
                try t.performBatchUpdates { for call in b.calls { try call(t) } }
                let lines = try drawn(t)
                let context = "round \(round) step \(step)"
                let texts = lines.map { String($0.dropFirst()) }
                if height == nil {
                    #expect(texts == ds.texts, "\(context)")
                    #expect(ds.takeAsked() == b.asked, "\(context)")
                } else {
                    // Rows asked for are changed rows, rows that came into view, and
                    // rows measured again because their selection changed.
                    let cameIntoView = (t.indexPathsForVisibleRows ?? []).filter {
                        !visibleIDs.contains(model[$0.section].items[$0.row].id)
                    }
                    let touched = model.enumerated().flatMap { s, sec in
                        sec.items.indices.filter { touchedIDs.contains(sec.items[$0].id) }.map { IndexPath(s, $0) }
                    }
                    #expect(ds.takeAsked().isSubset(of: b.asked.union(cameIntoView).union(touched)), "\(context)")
                    #expect(texts == Array(ds.texts.prefix(texts.count)), "\(context)")
                }
                var expectedSelection = Set<IndexPath>()
                for (s, sec) in model.enumerated() {
                    for (r, item) in sec.items.enumerated()
                    where selectedIDs.contains(item.id) && !b.reloaded.contains(item.id) {
                        expectedSelection.insert(IndexPath(s, r))
                    }
                }
                #expect(Set(t.indexPathsForSelectedRows) == expectedSelection, "\(context)")
                touchedIDs = selectedIDs
                for ip in t.indexPathsForSelectedRows { t.deselectRow(at: ip) }
            }
        }
    }
}
