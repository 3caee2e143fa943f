/// Writing one scalar's UTF-8 many times over (a separator's `─` across a
/// row): eight copies at a time as whole 64-bit words instead of one
/// copy per cell.
///
/// Invariant: `encoded` holds the scalar's UTF-8 in its first `length`
/// bytes (1...4, as `ByteBuffer.encode` wrote and `loadUnaligned` read
/// them back), and `dst` has room for `count * length + 4` bytes: the
/// copies, plus the overhang of the last 4-byte store. Exactly
/// `count * length` bytes are meant; the bytes past them are scratch that
/// the next write overwrites. `CanvasWriterRunTests` checks the output
/// against writing each cell by itself.
enum ScalarRun {
    /// Writes `count` copies of the `length`-byte UTF-8 in `encoded` at `dst`; returns the end.
    @inline(__always)
    static func write(
        _ encoded: UInt32, length: Int, count: Int, at dst: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var dst = dst
        var left = count
        if left >= 8 {
            // Eight copies side by side: `length` words. Each 4-byte store
            // ends at most at byte 7 * 4 + 4 = 32, inside the four words.
            var eight: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &eight) { words in
                for k in 0..<8 { words.storeBytes(of: encoded, toByteOffset: k &* length, as: UInt32.self) }
            }
            withUnsafeBytes(of: eight) { words in
                let out = UnsafeMutableRawPointer(dst)
                while left >= 8 {
                    for w in 0..<length {
                        out.storeBytes(
                            of: words.load(fromByteOffset: w &* 8, as: UInt64.self),
                            toByteOffset: (count &- left) &* length &+ w &* 8, as: UInt64.self)
                    }
                    left &-= 8
                }
            }
            dst += (count &- left) &* length
        }
        while left > 0 {
            UnsafeMutableRawPointer(dst).storeBytes(of: encoded, as: UInt32.self)
            dst += length
            left &-= 1
        }
        return dst
    }
}
