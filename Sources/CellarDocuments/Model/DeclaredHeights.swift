import Cellar

/// The `height` each row declares, by the row's place among the document's
/// rows: two bytes a row, from the first row that declares one on (a row's
/// height is checked to be at most `TableView.maximumRowHeight` when it is
/// read, so it fits). A table whose rows declare heights mostly has one on
/// every row, where a dictionary would cost some fifty bytes a row; a table
/// without any stores nothing.
struct DeclaredHeights: Sendable {
    /// 0: no height declared; 1: `automatic`; n + 2: `fixed(n)`.
    private var codes: [UInt16] = []

    private static let none: UInt16 = 0
    private static let automatic: UInt16 = 1
    private static let fixedBase: UInt16 = 2

    /// Whether no row declares a height (asked per row drawn: the common answer is quick).
    var isEmpty: Bool { codes.isEmpty }

    init() {}

    /// The heights as kept, for the load index to write.
    var storedCodes: [UInt16] { codes }

    /// Heights read back from a load index: nil when there are more than
    /// `rows` or one is not a height a row can have.
    init?(codes: [UInt16], rows: Int) {
        let highest = Self.fixedBase + UInt16(TableView.maximumRowHeight)
        guard codes.count <= rows, !codes.contains(where: { $0 > highest }) else { return nil }
        self.codes = codes
    }

    /// The row's declared height; nil when it declares none (or is out of range).
    subscript(row: Int) -> RowHeight? {
        guard row >= 0, row < codes.count else { return nil }
        return Self.decode(codes[row])
    }

    /// Records row `row`'s height; rows are recorded in increasing order, as the scan reads them.
    mutating func record(_ height: RowHeight, row: Int) {
        guard row >= 0, let code = Self.encode(height) else { return }
        if row >= codes.count {
            codes.append(contentsOf: repeatElement(Self.none, count: row - codes.count + 1))
        }
        codes[row] = code
    }

    /// Adds `later`'s heights, its row 0 becoming row `first` (at or after
    /// every row recorded here): the heights of a document's rows checked apart.
    mutating func append(_ later: DeclaredHeights, from first: Int) {
        guard !later.codes.isEmpty else { return }
        if first > codes.count { codes.append(contentsOf: repeatElement(Self.none, count: first - codes.count)) }
        codes.append(contentsOf: later.codes)
    }

    /// The fixed heights in row order, each with its row, from row `first` on
    /// (rows piped in are checked as they arrive, each once).
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
            // Checked when read; a height out of range is not one a row can have.
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
