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
}
