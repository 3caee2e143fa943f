import Cellar

/// The `height` each row declares, two bytes a row (a table has heights on
/// every row or on none, mostly: a dictionary would cost fifty bytes a row).
struct DeclaredHeights: Sendable {
    /// 0: no height declared; 1: `automatic`; n + 2: `fixed(n)`.
    private var codes: [UInt16] = []

    var isEmpty: Bool { codes.isEmpty }

    init() {}

    var storedCodes: [UInt16] { codes }

    /// Heights read back from a load index: nil when out of bounds.
    init?(codes: [UInt16], rows: Int) {
        guard codes.count <= rows, !codes.contains(where: { $0 > 2 + UInt16(TableView.maximumRowHeight) }) else {
            return nil
        }
        self.codes = codes
    }

    subscript(row: Int) -> RowHeight? {
        guard row >= 0, row < codes.count, codes[row] > 0 else { return nil }
        return codes[row] == 1 ? .automatic : .fixed(Int(codes[row] - 2))
    }

    /// Rows are recorded in increasing order.
    mutating func record(_ height: RowHeight, row: Int) {
        var code: UInt16 = 1
        if case .fixed(let n) = height {
            guard n >= 0, n <= TableView.maximumRowHeight else { return }
            code = UInt16(n + 2)
        }
        guard row >= 0 else { return }
        if row >= codes.count { codes.append(contentsOf: repeatElement(0, count: row - codes.count + 1)) }
        codes[row] = code
    }

    /// Adds `later`'s heights of `rows`, its row `rows.lowerBound` becoming row `first` (after every row here).
    mutating func append(_ later: DeclaredHeights, rows: Range<Int>, from first: Int) {
        let kept = rows.clamped(to: 0..<later.codes.count)
        guard !kept.isEmpty else { return }
        let at = first + kept.lowerBound - rows.lowerBound
        if at > codes.count { codes.append(contentsOf: repeatElement(0, count: at - codes.count)) }
        codes.append(contentsOf: later.codes[kept])
    }

    /// The tallest fixed height from row `first` on, or nil when none is fixed there.
    func tallestFixed(from first: Int = 0) -> Int? {
        let start = min(max(0, first), codes.count)
        var top: UInt16 = 0
        for code in codes[start...] { top = max(top, code) }
        return top >= 2 ? Int(top - 2) : nil
    }

    func fixedRows(from first: Int = 0) -> some Sequence<(row: Int, lines: Int)> {
        let start = min(max(0, first), codes.count)
        return (start..<codes.count).lazy.compactMap { row in
            let code = codes[row]
            return code >= 2 ? (row, Int(code - 2)) : nil
        }
    }
}
