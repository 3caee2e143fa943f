import CellarText

/// Eight bytes tested at once in a 64-bit word (little-endian: byte 0 of
/// the text is the word's lowest byte), for scans that pass runs of
/// ordinary text up to the next byte they must look at (`firstFlagged`).
///
/// Invariant: each function sets the high bit of every byte it names, and
/// may also set it in bytes above (later than) one it names, where a borrow
/// runs on; so the lowest set bit is always exact, and only it is used.
enum ByteFlags {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Bytes equal to `b`.
    @inline(__always)
    static func equal(_ w: UInt64, _ b: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(b))
        return (x &- ones) & ~x & highs
    }

    /// Bytes below 0x20 (C0 controls, tab and line breaks among them).
    @inline(__always)
    static func control(_ w: UInt64) -> UInt64 { (w &- ones &* 0x20) & ~w & highs }

    /// Bytes 0x7F (DEL) and above (every byte of a character outside ASCII). Exact in every byte.
    @inline(__always)
    static func delOrHigh(_ w: UInt64) -> UInt64 { (((w & ~highs) &+ ones) | w) & highs }

    /// The offset of the first byte from `i` that `flags` names, passing
    /// eight bytes at a time while a whole word is before `end`; the bytes
    /// of the last, shorter word are left to the caller (it returns at them).
    /// With the accelerators off it passes nothing: the caller's byte loop,
    /// its plain twin, looks at every byte.
    @inline(__always)
    static func firstFlagged(
        _ base: UnsafePointer<UInt8>, from i: Int, before end: Int, _ flags: (UInt64) -> UInt64
    ) -> Int {
        var i = i
        #if _endian(little)
            let words = Accelerators.enabled
            while words && i &+ 8 <= end {
                let found = flags(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if found != 0 { return i &+ found.trailingZeroBitCount &>> 3 }
                i &+= 8
            }
        #endif
        return i
    }
}
