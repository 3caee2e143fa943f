import CellarText

/// Eight bytes tested at once in a little-endian word.
///
/// Invariant: each function sets the high bit of every byte it names, and
/// maybe of bytes after one (a borrow); only the exact lowest bit is used.
enum ByteFlags {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The first `count` words' worth of `bytes` as little-endian words, and
    /// the masks of the bytes each holds (zero past the bytes' end).
    static func maskedWords(_ bytes: some Collection<UInt8>, count: Int) -> (words: [UInt64], masks: [UInt64]) {
        var words = [UInt64](repeating: 0, count: count)
        var masks = words
        for (k, b) in bytes.prefix(8 * count).enumerated() {
            words[k / 8] |= UInt64(b) << UInt64(8 * (k % 8))
            masks[k / 8] |= 0xFF << UInt64(8 * (k % 8))
        }
        return (words, masks)
    }

    /// Bytes equal to `b`.
    @inline(__always)
    static func equal(_ w: UInt64, _ b: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(b))
        return (x &- ones) & ~x & highs
    }

    /// Bytes below 0x20.
    @inline(__always)
    static func control(_ w: UInt64) -> UInt64 { (w &- ones &* 0x20) & ~w & highs }

    /// Bytes 0x7F (DEL) and above (every byte of a character outside ASCII). Exact in every byte.
    @inline(__always)
    static func delOrHigh(_ w: UInt64) -> UInt64 { (((w & ~highs) &+ ones) | w) & highs }

    /// Bytes below 0x20 but the line feed, exactly (no borrow).
    @inline(__always)
    static func controlButLineFeed(_ w: UInt64) -> UInt64 {
        let low = ~highs
        let control = ~(((w & low) &+ ones &* 0x60) | w) & highs
        let x = w ^ (ones &* 0x0A)
        let lineFeed = ~(((x & low) &+ low) | x) & highs
        return control & ~lineFeed
    }

    /// The first byte from `i` that `flags` names, a word at a time; the last short word, and without `words`
    /// everything, is the caller's byte loop.
    @inline(__always)
    static func firstFlagged(
        _ base: UnsafePointer<UInt8>, from i: Int, before end: Int, words: Bool, _ flags: (UInt64) -> UInt64
    ) -> Int {
        var i = i
        #if _endian(little)
            while words && i &+ 8 <= end {
                let found = flags(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if found != 0 { return i &+ found.trailingZeroBitCount &>> 3 }
                i &+= 8
            }
        #endif
        return i
    }
}
