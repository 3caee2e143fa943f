/// Appends for the picture writers' hot loops: literals, decimals and
/// colours written straight into the buffer, no strings made per row.
extension ByteBuffer {
    /// A literal's bytes.
    @inline(__always)
    func add(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A non-negative integer in decimal (negative ones as 0).
    @inline(__always)
    func addDecimal(_ n: Int) {
        reserve(20)
        var v = max(0, n)
        if v < 10 {
            put(UInt8(truncatingIfNeeded: 0x30 &+ v))
            return
        }
        var digits = 0
        var t = v
        while t > 0 {
            digits &+= 1
            t /= 10
        }
        var p = base + count + digits
        while v > 0 {
            p -= 1
            p.pointee = UInt8(truncatingIfNeeded: 0x30 &+ v % 10)
            v /= 10
        }
        count &+= digits
    }

    /// `#rrggbb`.
    @inline(__always)
    func addHex(_ rgb: UInt32) {
        reserve(7)
        put(UInt8(ascii: "#"))
        for shift in stride(from: 20, through: 0, by: -4) {
            let d = UInt8(truncatingIfNeeded: rgb >> UInt32(shift) & 0xF)
            put(d < 10 ? 0x30 &+ d : 0x57 &+ d)
        }
    }
}
