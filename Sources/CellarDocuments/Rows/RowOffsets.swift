/// Where each row starts in a document's bytes, all sections' rows in
/// order: the index a streamed document keeps instead of its rows. Offsets
/// are 32-bit while the bytes can be no longer than 4 GiB (half the memory
/// of `Int`s: 4 MB for a million rows), `Int`s past that; which one is
/// fixed when the index is made, from the most bytes the document may have.
///
/// Invariant: every offset appended is below the `byteLimit` the index was
/// made for, so a 32-bit one always fits.
struct RowOffsets: RandomAccessCollection, Sendable {
    private var narrow: [UInt32] = []
    private var wide: [Int] = []
    /// Whether offsets are kept as `Int`s (bytes longer than 4 GiB).
    let isWide: Bool

    /// An empty index for bytes of at most `byteLimit` bytes.
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

    /// Appends `later`'s offsets, which are all above this index's (its byte limit is this one's).
    mutating func append(contentsOf later: RowOffsets) {
        if isWide { wide += later.isWide ? later.wide : later.narrow.map(Int.init) } else { narrow += later.narrow }
    }

    /// The offsets as kept (one of the two is empty), for the load index to write.
    var stored: (narrow: [UInt32], wide: [Int]) { (narrow, wide) }

    /// An index of offsets read back from a load index: nil unless they are
    /// kept as an index for `byteLimit` bytes keeps them (32-bit or not),
    /// strictly ascending and each below `byteLimit`.
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
        // Every pair compared, without a branch per row (a million rows are read from an index at each load).
        return offsets.withUnsafeBufferPointer { o in
            var unordered: UInt8 = 0
            for i in 1..<o.count { unordered |= o[i] <= o[i &- 1] ? 1 : 0 }
            return unordered == 0
        }
    }
}
