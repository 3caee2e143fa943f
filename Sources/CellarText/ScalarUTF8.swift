/// One scalar value's UTF-8, written through a pointer: the canvas's rows
/// and the JSON reader's `\u` escapes write it where a `String` or its
/// `utf8` view would cost a call per byte.
package enum ScalarUTF8 {
    /// Writes the UTF-8 of scalar value `v` at `p` (room for 4 bytes) and
    /// returns its length.
    @inlinable @inline(__always)
    package static func encode(_ v: UInt32, at p: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 0x80 {
            p[0] = UInt8(truncatingIfNeeded: v)
            return 1
        } else if v < 0x800 {
            p[0] = UInt8(truncatingIfNeeded: 0xC0 | v >> 6)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 2
        } else if v < 0x10000 {
            p[0] = UInt8(truncatingIfNeeded: 0xE0 | v >> 12)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (v >> 6) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 3
        } else {
            p[0] = UInt8(truncatingIfNeeded: 0xF0 | v >> 18)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (v >> 12) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | (v >> 6) & 0x3F)
            p[3] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 4
        }
    }
}
