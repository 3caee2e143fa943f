import CellarTestSupport
import Testing

@testable import Cellar

/// Inserts, deletes and moves keep the heights rows already had (UIKit keeps
/// its cached heights too): only new rows are estimated or measured, and
/// what shows is what a table made afresh with the new rows shows.
@Suite struct UpdateHeightTests {
    /// The batch rules spelled out the long way (deletes by old index, then
    /// inserts by new index, one at a time; a move as delete + insert).
    static func reference(
        _ ip: IndexPath, inserted: [IndexPath], deleted: [IndexPath],
        moved: (IndexPath, IndexPath)?
    ) -> IndexPath? {
        var p = ip
        if let (from, to) = moved {
            if p == from { return to }
            if p.section == from.section && p.row > from.row { p.row -= 1 }
            if p.section == to.section && p.row >= to.row { p.row += 1 }
            return p
        }
        if deleted.contains(p) { return nil }
        p.row -= deleted.filter { $0.section == p.section && $0.row < ip.row }.count
        for ins in inserted.sorted() where ins.section == p.section && ins.row <= p.row { p.row += 1 }
        return p
    }

    @Test func rowMappingFollowsTheBatchRules() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...8, using: &rng) }
            var inserted: [IndexPath] = []
            var deleted: [IndexPath] = []
            var moved: (IndexPath, IndexPath)?
            if Bool.random(using: &rng), let s = counts.indices.filter({ counts[$0] > 0 }).randomElement(using: &rng) {
                let t = counts.indices.randomElement(using: &rng) ?? 0
                let toCount = t == s ? counts[t] : counts[t] + 1
                moved = (
                    IndexPath(s, Int.random(in: 0..<counts[s], using: &rng)),
                    IndexPath(t, Int.random(in: 0..<toCount, using: &rng))
                )
            } else {
                for (s, n) in counts.enumerated() {
                    let dels = Set((0..<n).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 })
                    deleted += dels.sorted().map { IndexPath(s, $0) }
                    let after = n - dels.count + Int.random(in: 0...2, using: &rng)
                    let ins = Set((0..<(after - (n - dels.count))).map { _ in Int.random(in: 0..<after, using: &rng) })
                    inserted += ins.sorted().map { IndexPath(s, $0) }
                }
            }
            var update = TableUpdate()
            update.insertedRows = Set(inserted)
            update.deletedRows = Set(deleted)
            if let (from, to) = moved { update.moveRow(from, to: to) }
            let mapping = RowMapping(oldCounts: counts, update: update)
            for (s, n) in counts.enumerated() {
                for r in 0..<n {
                    let ip = IndexPath(s, r)
                    #expect(
                        mapping.newIndexPath(ip)
                            == Self.reference(ip, inserted: inserted, deleted: deleted, moved: moved),
                        "\(ip) in \(counts), inserted \(inserted), deleted \(deleted), moved \(String(describing: moved))"
                    )
                }
            }
        }
    }

    /// Rows of one or two lines (subtitle rows take two), with separators.
    static func table(
        _ sections: [[Value]], height: Int, width: Int = 24,
        separators: SeparatorStyle = .singleLine
    ) -> (ArrayDataSource, TableView) {
        let ds = ArrayDataSource(sections)
        let t = ds.makeTable(width: width, height: height)
        t.separatorStyle = separators
        return (ds, t)
    }

    static func item(_ n: Int) -> Value {
        n % 3 == 0 ? row("subtitle", "s\(n)", "d\(n)") : row("default", "r\(n)")
    }

    /// The same rows in a table that never had them otherwise, at `offset`.
    static func fresh(_ sections: [[Value]], like other: TableView, offset: Int) throws -> (
        lines: [String], contentHeight: Int
    ) {
        let (ds, t) = table(
            sections, height: other.viewportHeight ?? 0, width: other.width, separators: other.separatorStyle)
        t.contentOffset = offset
        return try withExtendedLifetime(ds) { (lines(try t.renderText()), t.contentHeight) }
    }

    func expectLikeFresh(
        _ t: TableView, _ ds: ArrayDataSource, offsets: [Int],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        for offset in offsets {
            t.contentOffset = offset
            let out = lines(try t.renderText())
            let expected = try Self.fresh(ds.sections, like: t, offset: offset)
            #expect(out == expected.lines, "offset \(offset)", sourceLocation: sourceLocation)
            #expect(t.contentHeight == expected.contentHeight, sourceLocation: sourceLocation)
        }
    }

    @Test func anInsertMeasuresOnlyTheNewRows() throws {
        let (ds, t) = Self.table([(0..<300).map(Self.item)], height: 6)
        _ = try t.renderText()  // settles all 300 rows
        #expect(t.statistics.heightsMeasured >= 300)
        t.resetStatistics()
        ds.sections[0].insert(row("subtitle", "new", "two lines"), at: 150)
        ds.sections[0].insert(row("default", "other"), at: 0)
        try t.insertRows(at: [IndexPath(0, 0), IndexPath(0, 151)])
        t.contentOffset = 0
        _ = try t.renderText()
        // The two new rows, and the rows on screen (drawn from fresh cells).
        #expect(t.statistics.heightsMeasured <= 2 + 6)
        try expectLikeFresh(t, ds, offsets: [0, 240, 250, 500])
    }

    @Test func deletingASectionsLastRowRecountsSeparators() throws {
        let sections = [(0..<5).map(Self.item), (5..<9).map(Self.item)]
        let (ds, t) = Self.table(sections, height: 40)
        _ = try t.renderText()
        ds.sections[0].removeLast()  // row 3 becomes the last: no separator under it
        try t.deleteRows(at: [IndexPath(0, 4)])
        try expectLikeFresh(t, ds, offsets: [0])
    }

    @Test func aMovedRowTakesItsHeightAlong() throws {
        let sections = [(0..<6).map(Self.item), (6..<10).map(Self.item)]
        let (ds, t) = Self.table(sections, height: 40)
        _ = try t.renderText()
        let moving = ds.sections[0].remove(at: 3)  // s3: two lines
        ds.sections[1].append(moving)  // last of its new section
        try t.moveRow(at: IndexPath(0, 3), to: IndexPath(1, 4))
        t.resetStatistics()
        try expectLikeFresh(t, ds, offsets: [0])
        #expect(t.statistics.heightsMeasured <= 10)  // the rows shown, nothing settled again
    }

    @Test func anEstimatingDelegateIsAskedOnlyForNewRows() throws {
        let (ds, t) = Self.table([(0..<1000).map(Self.item)], height: 5)
        let d = EstimatingDelegate()
        t.delegate = d
        t.estimatedRowHeight = 1
        _ = try t.renderText()
        #expect(d.calls == 1000)
        ds.sections[0].insert(Self.item(0), at: 3)
        try t.insertRows(at: [IndexPath(0, 3)])
        _ = try t.renderText()
        #expect(d.calls == 1001)
    }

    @Test func heightsFollowSeveralUpdatesBeforeARender() throws {
        let (ds, t) = Self.table([(0..<100).map(Self.item)], height: 6)
        _ = try t.renderText()
        t.resetStatistics()
        ds.sections[0].remove(at: 10)
        try t.deleteRows(at: [IndexPath(0, 10)])
        ds.sections[0].insert(row("default", "new"), at: 50)
        try t.insertRows(at: [IndexPath(0, 50)])
        let moving = ds.sections[0].remove(at: 0)
        ds.sections[0].append(moving)
        try t.moveRow(at: IndexPath(0, 0), to: IndexPath(0, 99))
        _ = try t.renderText()
        #expect(t.statistics.heightsMeasured <= 1 + 6)  // the new row and the rows on screen
        try expectLikeFresh(t, ds, offsets: [0, 60, 150])
    }

    @Test func aWidthChangeAfterAnUpdateMeasuresEverythingAgain() throws {
        let (ds, t) = Self.table([(0..<50).map(Self.item)], height: 4)
        _ = try t.renderText()
        ds.sections[0].insert(row("default", "x"), at: 10)
        try t.insertRows(at: [IndexPath(0, 10)])
        t.width = 18  // heights known before may be wrong now
        t.resetStatistics()
        _ = try t.renderText()
        #expect(t.statistics.heightsMeasured >= 51)
        try expectLikeFresh(t, ds, offsets: [0, 30])
    }

    @Test func randomUpdatesShowWhatAFreshTableShows() throws {
        // Heights all settled (no estimates), so a kept height must equal
        // what measuring afresh gives, after any run of updates.
        var rng = SystemRandomNumberGenerator()
        var next = 0
        func newRow() -> Value {
            next += 1
            return Self.item(next)
        }
        for round in 0..<40 {
            let sections = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                (0..<Int.random(in: 0...6, using: &rng)).map { _ in newRow() }
            }
            let (ds, t) = Self.table(sections, height: 6)
            if Bool.random(using: &rng) { t.separatorStyle = .none }
            _ = try t.renderText()
            for _ in 0..<6 {
                let filled = ds.sections.indices.filter { !ds.sections[$0].isEmpty }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    let s = Int.random(in: 0..<ds.sections.count, using: &rng)
                    let r = Int.random(in: 0...ds.sections[s].count, using: &rng)
                    ds.sections[s].insert(newRow(), at: r)
                    try t.insertRows(at: [IndexPath(s, r)])
                case 1 where !filled.isEmpty:
                    let s = filled.randomElement(using: &rng) ?? 0
                    let r = Int.random(in: 0..<ds.sections[s].count, using: &rng)
                    ds.sections[s].remove(at: r)
                    try t.deleteRows(at: [IndexPath(s, r)])
                case 2 where !filled.isEmpty:
                    let s = filled.randomElement(using: &rng) ?? 0
                    let r = Int.random(in: 0..<ds.sections[s].count, using: &rng)
                    let moving = ds.sections[s].remove(at: r)
                    let to = Int.random(in: 0..<ds.sections.count, using: &rng)
                    let at = Int.random(in: 0...ds.sections[to].count, using: &rng)
                    ds.sections[to].insert(moving, at: at)
                    try t.moveRow(at: IndexPath(s, r), to: IndexPath(to, at))
                default: continue
                }
                // Sometimes several updates come before the next render.
                if Bool.random(using: &rng) { continue }
                let total = try Self.fresh(ds.sections, like: t, offset: 0).contentHeight
                let offset = Int.random(in: 0...max(0, total - 6), using: &rng)
                t.contentOffset = offset
                let out = lines(try t.renderText())
                let expected = try Self.fresh(ds.sections, like: t, offset: offset)
                #expect(out == expected.lines, "round \(round), offset \(offset)")
                #expect(t.contentHeight == expected.contentHeight, "round \(round)")
            }
        }
    }
}
