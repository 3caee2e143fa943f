import Cellar

/// Each finding read back from a load index.
extension RowBits {
    /// Bits read back from a load index: nil when they reach past row `rows - 1`.
    init?(words: [UInt64], rows: Int) {
        guard words.count <= (rows + 63) / 64 else { return nil }
        if let last = words.last, words.count == (rows + 63) / 64, rows % 64 != 0,
            last >> UInt64(rows % 64) != 0
        {
            return nil
        }
        self.words = words
    }
}

extension RowOffsets {
    /// Offsets read back from a load index: nil unless kept as for `byteLimit`, ascending and below it.
    init?(byteLimit: Int, narrow: [UInt32], wide: [Int]) {
        self.init(byteLimit: byteLimit)
        guard isWide ? narrow.isEmpty : wide.isEmpty else { return nil }
        guard isWide ? Self.ascending(wide, below: byteLimit) : Self.ascending(narrow, below: byteLimit) else {
            return nil
        }
        self.narrow = narrow
        self.wide = wide
    }

    private static func ascending<T: FixedWidthInteger>(_ offsets: [T], below limit: Int) -> Bool {
        guard let last = offsets.last, let first = offsets.first else { return true }
        guard first >= 0, Int(last) < limit else { return false }
        // Without a branch per row: a million rows are read from an index at each load.
        return offsets.withUnsafeBufferPointer { o in
            var unordered: UInt8 = 0
            for i in 1..<o.count { unordered |= o[i] <= o[i &- 1] ? 1 : 0 }
            return unordered == 0
        }
    }
}

extension DeclaredHeights {
    /// Heights read back from a load index: nil when out of bounds.
    init?(codes: [UInt16], rows: Int) {
        guard codes.count <= rows, !codes.contains(where: { $0 > 2 + UInt16(TableView.maximumRowHeight) }) else {
            return nil
        }
        self.codes = codes
    }
}
