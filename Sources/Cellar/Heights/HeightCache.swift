/// How a layout's height index starts out, and the heights that outlive a
/// layout: after inserts, deletes or moves, the last layout with heights
/// and where its rows went in each update since. The next index takes the
/// heights (and estimates) rows had, so only new rows are estimated or
/// measured, as in UIKit. Measuring rows is the table's (it needs cells).
struct HeightCache {
    /// How rows start in a new index.
    enum Start {
        /// At an estimate, measured as they appear.
        case estimated(Int)
        /// At a fixed height, final.
        case fixed(Int)
        /// At one line, every row measured before a frame is drawn (estimates off).
        case settled
    }

    /// The last layout with heights, and the updates since (oldest first).
    private(set) var beforeUpdate: (layout: TableLayout, rows: [RowMapping])?

    /// Forgets carried heights (width, editing, styles… may have changed them).
    mutating func forget() { beforeUpdate = nil }

    /// After an update mapping rows as `rows`: heights follow their rows,
    /// over several updates before the next render too.
    mutating func noteUpdate(_ rows: RowMapping, layout: TableLayout?) {
        if let layout, layout.index != nil { beforeUpdate = (layout, []) }
        beforeUpdate?.rows.append(rows)
    }

    /// A new index for `l`: every row at its start height (plus a separator
    /// line but for a section's last row), section tops and bottoms known.
    static func makeIndex(for l: TableLayout, start: Start, singleLine: Bool) -> HeightIndex {
        let sep = singleLine ? 1 : 0
        let base: Int
        let fixedRows: Bool
        switch start {
        case .estimated(let h):
            base = h + sep
            fixedRows = false
        case .fixed(let h):
            base = h + sep
            fixedRows = true
        case .settled:
            base = 1 + sep
            fixedRows = false
        }
        // Everything but section tops, bottoms and separator-less last rows
        // has the base height; with fixed rows those heights are final.
        var exceptions: [(index: Int, height: Int, known: Bool)] = []
        exceptions.reserveCapacity(l.sectionCount * 3)
        for s in 0..<l.sectionCount {
            exceptions.append((l.sectionStarts[s], l.topHeight(s), true))
            if sep == 1, l.rowCounts[s] > 0 { exceptions.append((l.sectionStarts[s + 1] - 2, base - 1, fixedRows)) }
            exceptions.append((l.sectionStarts[s + 1] - 1, l.bottomHeight(s), true))
        }
        return HeightIndex(count: l.itemCount, base: base, baseIsKnown: fixedRows, exceptions: exceptions)
    }

    /// Puts the heights rows had before the updates into `l`'s index, at
    /// their new items (separator lines counted again: a row may have become
    /// its section's last), and forgets them. Returns which items got one.
    mutating func carry(into l: TableLayout, singleLine: Bool) -> [Bool]? {
        guard let (old, rows) = beforeUpdate, let oldIndex = old.index, l.index != nil else { return nil }
        beforeUpdate = nil
        var carried = [Bool](repeating: false, count: l.itemCount)
        for s in 0..<old.sectionCount {
            for r in 0..<old.rowCounts[s] {
                var place: (section: Int, row: Int)? = (s, r)
                for k in rows.indices {
                    guard let (ps, pr) = place else { break }
                    place = rows[k].measuredPlace(ps, pr)
                }
                guard let (ns, nr) = place, ns < l.sectionCount, nr < l.rowCounts[ns] else { continue }
                let oldItem = old.item(section: s, row: r)
                let item = l.item(section: ns, row: nr)
                let h =
                    oldIndex.height(oldItem) - old.separatorLines(section: s, row: r, singleLine: singleLine)
                    + l.separatorLines(section: ns, row: nr, singleLine: singleLine)
                if oldIndex.isKnown(oldItem) { l.index?.set(item, h) } else { l.index?.setEstimate(item, h) }
                carried[item] = true
            }
        }
        return carried
    }
}
