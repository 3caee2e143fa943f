import Cellar

/// The `height` each row declares, two bytes a row (a table has heights on
/// every row or on none, mostly: a dictionary would cost fifty bytes a row).
struct DeclaredHeights: Sendable {
    /// 0: no height declared; 1: `automatic`; n + 2: `fixed(n)`.
    var codes: [UInt16] = []

    var isEmpty: Bool { codes.isEmpty }

    init() {}

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
