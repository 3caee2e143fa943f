/// Where each row starts in a document's bytes: 32-bit offsets while the
/// bytes may be no longer than 4 GiB (half the memory of `Int`s).
///
/// Invariant: every offset appended is below the `byteLimit` the index was made for.
struct RowOffsets: RandomAccessCollection, Sendable {
    private var narrow: [UInt32] = []
    private var wide: [Int] = []
    let isWide: Bool

    init(byteLimit: Int) {
        isWide = byteLimit > 1 << 32
    }

    var startIndex: Int { 0 }
    var endIndex: Int { isWide ? wide.count : narrow.count }

    @inline(__always)
    subscript(index: Int) -> Int { isWide ? wide[index] : Int(narrow[index]) }

    mutating func append(_ offset: Int) {
        if isWide { wide.append(offset) } else { narrow.append(UInt32(offset)) }
    }

    /// `later`'s offsets of `rows` are all above this index's, for the same byte limit.
    mutating func append(contentsOf later: RowOffsets, rows: Range<Int>) {
        if isWide {
            wide += later.isWide ? later.wide[rows] : later.narrow[rows].map(Int.init)[...]
        } else {
            narrow += later.narrow[rows]
        }
    }

    var stored: (narrow: [UInt32], wide: [Int]) { (narrow, wide) }

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
