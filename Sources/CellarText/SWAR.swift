/// SWAR ("SIMD within a register"): eight UTF-8 bytes, or a run of canvas
/// cells, tested at once in 64-bit words. These are the byte tricks behind
/// the fast paths of `Sanitizer.isClean`, `DisplayWidth` and `Canvas`.
///
/// Invariant: words are loaded little-endian, so byte 0 of a word is the
/// first byte of the text and the lowest byte of the integer; each function
/// gives, for every word, the answer its doc comment states for the bytes
/// one at a time (`SWARTests` checks each against a byte loop, on edge and
/// random words). Arithmetic that could carry or borrow from one byte into
/// the next is done on the low seven bits only, where no sum reaches 0x100,
/// except where a function says it may over-flag.
enum SWAR {
    /// The high bit of every byte.
    static let high: UInt64 = 0x8080_8080_8080_8080
    /// The low seven bits of every byte.
    static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Eight copies of byte `b`.
    @inline(__always)
    static func repeating(_ b: UInt8) -> UInt64 { UInt64(b) &* 0x0101_0101_0101_0101 }

    /// The eight bytes at `p` (no alignment needed), byte 0 lowest.
    @inline(__always)
    static func load(_ p: UnsafeRawPointer) -> UInt64 { UInt64(littleEndian: p.loadUnaligned(as: UInt64.self)) }

    /// Whether all eight bytes are ASCII (below 0x80).
    @inline(__always)
    static func isASCII(_ w: UInt64) -> Bool { w & high == 0 }

    /// The high bit of every byte that is zero, exactly.
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x) & high }

    /// The high bit of every byte below 0x20, 0x7F, 0xC2 or 0xE2, exactly:
    /// the bytes that are a C0 control or DEL, or may start a C1 control or
    /// a bidi control (`Sanitizer.unsafeLength`).
    @inline(__always)
    static func controlOrUnsafeLead(_ w: UInt64) -> UInt64 {
        let belowSpace = ~(((w & low7) &+ 0x6060_6060_6060_6060) | w) & high
        let ascii = belowSpace | zeroBytes(w ^ low7)
        // Words of ASCII, the common case, hold no lead byte.
        guard w & high != 0 else { return ascii }
        return ascii | zeroBytes(w ^ repeating(0xC2)) | zeroBytes(w ^ repeating(0xE2))
    }

    /// How many bytes of `w` (the first `available` of them real) are ASCII
    /// before the first byte >= 0x80.
    @inline(__always)
    static func asciiPrefixLength(_ w: UInt64, available: Int) -> Int {
        let h = w & high
        return h == 0 ? available : min(available, h.trailingZeroBitCount >> 3)
    }

    /// Printable ASCII bytes (0x20...0x7E) among the first `bytes` (0...8)
    /// of `w`, which are all ASCII; exact per byte.
    @inline(__always)
    static func printableASCIICount(_ w: UInt64, bytes: Int) -> Int {
        let low = w & low7
        let atLeastSpace = (low &+ 0x6060_6060_6060_6060) & high
        let del = (low &+ 0x0101_0101_0101_0101) & high
        let printable = atLeastSpace & ~del
        // Keep the first `bytes` bytes; `&<<` masks its amount to 0...63,
        // so 8 bytes (64 bits) is shifted in two halves.
        let keep = ~((~UInt64(0) &<< UInt64(4 &* bytes)) &<< UInt64(4 &* bytes))
        return (printable & keep).nonzeroBitCount
    }

    /// Nonzero exactly when some byte of `w` is not printable ASCII (>= 0x80,
    /// < 0x20 or 0x7F). Over-flags: a borrow may also set the high bit of a
    /// byte above a control or DEL, so only the first flag's position is exact.
    /// (Only those bytes lend a borrow, and a non-ASCII byte is flagged by its
    /// own high bit, so no printable byte before the first flag is touched.)
    @inline(__always)
    static func nonPrintableASCII(_ w: UInt64) -> UInt64 {
        (w | (w &- repeating(0x20)) | ((w ^ low7) &- repeating(0x01))) & high
    }

    /// `nonPrintableASCII`, also flagging a quote or a backslash: where a JSON
    /// string ends or an escape starts. Over-flags the same way.
    @inline(__always)
    static func nonPrintableOrJSONStop(_ w: UInt64) -> UInt64 {
        let one = repeating(0x01)
        let stops = ((w ^ repeating(0x22)) &- one) | ((w ^ repeating(0x5C)) &- one)
        return (w | (w &- repeating(0x20)) | ((w ^ low7) &- one) | stops) & high
    }

    /// Whether the eight `UInt32` cells from cell `i` all equal `expected`
    /// in the bits of `mask`, tested as four 64-bit words (Swift's SIMD
    /// comparisons do not compile to vector code).
    @inline(__always)
    static func eightCells(_ cells: UnsafeRawPointer, at i: Int, match expected: UInt32, in mask: UInt32) -> Bool {
        let e = UInt64(expected) | UInt64(expected) << 32
        let m = UInt64(mask) | UInt64(mask) << 32
        var differs: UInt64 = 0
        for k in 0..<4 { differs |= (cells.loadUnaligned(fromByteOffset: i &* 4 &+ 8 &* k, as: UInt64.self) ^ e) & m }
        return differs == 0
    }

    /// How many of the eight `UInt32` cells from cell `i` (0...8), in order,
    /// equal `expected` in the bits of `mask` before the first that does not.
    @inline(__always)
    static func leadingCells(_ cells: UnsafeRawPointer, at i: Int, match expected: UInt32, in mask: UInt32) -> Int {
        let e = UInt64(expected) | UInt64(expected) << 32
        let m = UInt64(mask) | UInt64(mask) << 32
        for k in 0..<4 {
            let differs = (cells.loadUnaligned(fromByteOffset: i &* 4 &+ 8 &* k, as: UInt64.self) ^ e) & m
            // Little-endian: the low half is the first of the word's two cells.
            if differs != 0 { return 2 &* k &+ (UInt32(truncatingIfNeeded: differs) == 0 ? 1 : 0) }
        }
        return 8
    }
}
