import Cellar

/// The `height` each row declares, two bytes a row (a table has heights on
/// every row or on none, mostly: a dictionary would cost fifty bytes a row).
struct DeclaredHeights: Sendable {
    /// 0: no height declared; 1: `automatic`; n + 2: `fixed(n)`.
    private var codes: [UInt16] = []

    private static let none: UInt16 = 0
    private static let automatic: UInt16 = 1
    private static let fixedBase: UInt16 = 2

    var isEmpty: Bool { codes.isEmpty }

    init() {}

    var storedCodes: [UInt16] { codes }

    /// Heights read back from a load index: nil when out of bounds.
    init?(codes: [UInt16], rows: Int) {
        let highest = Self.fixedBase + UInt16(TableView.maximumRowHeight)
        guard codes.count <= rows, !codes.contains(where: { $0 > highest }) else { return nil }
        self.codes = codes
    }

    subscript(row: Int) -> RowHeight? {
        guard row >= 0, row < codes.count else { return nil }
        return Self.decode(codes[row])
    }

    /// Rows are recorded in increasing order.
    mutating func record(_ height: RowHeight, row: Int) {
        guard row >= 0, let code = Self.encode(height) else { return }
        if row >= codes.count {
            codes.append(contentsOf: repeatElement(Self.none, count: row - codes.count + 1))
        }
        codes[row] = code
    }

    /// Adds `later`'s heights, its row 0 becoming row `first` (after every row here).
    mutating func append(_ later: DeclaredHeights, from first: Int) {
        guard !later.codes.isEmpty else { return }
        if first > codes.count { codes.append(contentsOf: repeatElement(Self.none, count: first - codes.count)) }
        codes.append(contentsOf: later.codes)
    }

    func fixedRows(from first: Int = 0) -> some Sequence<(row: Int, lines: Int)> {
        let start = min(max(0, first), codes.count)
        return (start..<codes.count).lazy.compactMap { row in
            let code = codes[row]
            return code >= Self.fixedBase ? (row, Int(code - Self.fixedBase)) : nil
        }
    }

    private static func encode(_ height: RowHeight) -> UInt16? {
        switch height {
        case .automatic: return automatic
        case .fixed(let n):
            guard n >= 0, n <= TableView.maximumRowHeight else { return nil }
            return fixedBase + UInt16(n)
        }
    }

    private static func decode(_ code: UInt16) -> RowHeight? {
        switch code {
        case none: return nil
        case automatic: return .automatic
        default: return .fixed(Int(code - fixedBase))
        }
    }
}
