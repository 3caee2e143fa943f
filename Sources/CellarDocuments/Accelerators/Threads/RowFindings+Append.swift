extension RowFindings {
    /// Adds rows `rows` (default: all) of `later`'s, which follow these, with the identifiers first met among
    /// them; its key sets are joined where they are being filled (a JSON table's scan holds them apart).
    mutating func append(_ later: RowFindings, rows: Range<Int>? = nil) {
        let rows = rows ?? 0..<later.rowOffsets.count
        guard !rows.isEmpty else { return }
        let first = rowOffsets.count
        let shift = first - rows.lowerBound
        rowOffsets.append(contentsOf: later.rowOffsets, rows: rows)
        selectedRows += Self.among(later.selectedRows, rows).map { $0 + shift }
        highlightedRows += Self.among(later.highlightedRows, rows).map { $0 + shift }
        declaredHeights.append(later.declaredHeights, rows: rows, from: first)
        editingRows.insert(later.editingRows, rows: rows, from: first)
        let low = rows.lowerBound == 0 ? Int.min : later.rowOffsets[rows.lowerBound]
        let high = rows.upperBound < later.rowOffsets.count ? later.rowOffsets[rows.upperBound] : Int.max
        for (id, offset) in later.identifiers where (low..<high).contains(offset) && identifiers[id] == nil {
            identifiers[id] = offset
        }
    }

    /// The rows of an ascending list that are among `rows`.
    private static func among(_ sorted: [Int], _ rows: Range<Int>) -> ArraySlice<Int> {
        sorted[sorted.indices(ofSortedWithin: rows)]
    }
}

extension RowOffsets {
    /// `later`'s offsets of `rows` are all above this index's, for the same byte limit.
    mutating func append(contentsOf later: RowOffsets, rows: Range<Int>) {
        if isWide {
            wide += later.isWide ? later.wide[rows] : later.narrow[rows].map(Int.init)[...]
        } else {
            narrow += later.narrow[rows]
        }
    }
}

extension DeclaredHeights {
    /// Adds `later`'s heights of `rows`, its row `rows.lowerBound` becoming row `first` (after every row here).
    mutating func append(_ later: DeclaredHeights, rows: Range<Int>, from first: Int) {
        let kept = rows.clamped(to: 0..<later.codes.count)
        guard !kept.isEmpty else { return }
        let at = first + kept.lowerBound - rows.lowerBound
        if at > codes.count { codes.append(contentsOf: repeatElement(0, count: at - codes.count)) }
        codes.append(contentsOf: later.codes[kept])
    }
}

extension RowBits {
    /// Adds `later`'s rows among `rows`, its row `rows.lowerBound` becoming row `first`.
    mutating func insert(_ later: RowBits, rows: Range<Int>, from first: Int) {
        let kept = rows.clamped(to: 0..<later.words.count * 64)
        guard !kept.isEmpty else { return }
        for w in (kept.lowerBound >> 6)...((kept.upperBound - 1) >> 6) {
            var word = later.words[w]
            while word != 0 {
                let row = w << 6 | word.trailingZeroBitCount
                word &= word - 1
                if kept.contains(row) { insert(first + row - rows.lowerBound) }
            }
        }
    }
}
