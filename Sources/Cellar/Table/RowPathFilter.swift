/// A set of index paths answered "no" cheaply for most paths that are not
/// in it: one bit per hashed path, in a table sixteen times as large as the
/// set. A render that has selected rows asks for every row; most rows are
/// not selected, and this answers those without hashing the path for the
/// set (which costs more than the rest of the row's state).
///
/// Invariant: `mayContain` is true for every path of the set it was made
/// from (no false "no"); a "yes" may be wrong, and the caller then asks the
/// set. `RowPathFilterTests` checks both, and with the accelerators off
/// (`CELLAR_ACCELERATORS=off`) no filter is made: every row asks the set.
struct RowPathFilter {
    private let bits: [UInt64]
    /// Bits in the table minus one (a power of two minus one).
    private let mask: Int

    init(_ paths: Set<IndexPath>) {
        var size = 64
        while size < paths.count * 16 && size < 1 << 30 { size <<= 1 }
        var bits = [UInt64](repeating: 0, count: size / 64)
        mask = size - 1
        for p in paths {
            let b = Self.slot(p, mask)
            bits[b >> 6] |= 1 << UInt64(b & 63)
        }
        self.bits = bits
    }

    /// False when `path` is certainly not in the set.
    @inline(__always)
    func mayContain(_ path: IndexPath) -> Bool {
        let b = Self.slot(path, mask)
        return bits[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    /// The path's bit: its section and row mixed by multiplications (a fixed
    /// mix, no per-process seed: this decides nothing but whether to ask the set).
    @inline(__always)
    private static func slot(_ p: IndexPath, _ mask: Int) -> Int {
        var h = UInt64(truncatingIfNeeded: p.section) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(truncatingIfNeeded: p.row)
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        return Int(truncatingIfNeeded: h) & mask
    }
}
