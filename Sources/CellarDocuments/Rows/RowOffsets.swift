/// Where each row starts in a document's bytes: 32-bit offsets while the
/// bytes may be no longer than 4 GiB (half the memory of `Int`s).
///
/// Invariant: every offset appended is below the `byteLimit` the index was made for.
struct RowOffsets: RandomAccessCollection, Sendable {
    var narrow: [UInt32] = []
    var wide: [Int] = []
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
}
