import Cellar

/// The characters a YAML 1.2 stream may hold (`c-printable`; a byte order
/// mark only where it starts): any other, or invalid UTF-8, is refused at its place.
enum YAMLCharacters {
    struct Problem: Equatable {
        var offset: Int
        var message: String
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    static func check(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws {
        guard let bad = firstForbidden(bytes) else { return }
        throw ByteLocation.error(ByteError(offset: bad.offset, message: bad.message), in: bytes, path: path)
    }

    static func firstForbidden(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { i = 3 }
        while i < count {
            // Eight printable ASCII bytes at a time: no high bit, none below 0x20, none 0x7F.
            if i + 8 <= count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let below = (w &- ones &* 0x20) & ~w & highs
                let del = ((w ^ (ones &* 0x7F)) &- ones) & ~(w ^ (ones &* 0x7F)) & highs
                if (w & highs) | below | del == 0 {
                    i += 8
                    continue
                }
            }
            let b = base[i]
            if b >= 0x20 && b < 0x7F || b == 0x09 || b == 0x0A || b == 0x0D {
                i += 1
                continue
            }
            guard b >= 0x80 else { return Problem(offset: i, message: describe(UInt32(b))) }
            guard let (scalar, length) = decode(base, at: i, count: count) else {
                return Problem(offset: i, message: "invalid UTF-8")
            }
            if !isPrintable(scalar) || scalar == 0xFEFF { return Problem(offset: i, message: describe(scalar)) }
            i += length
        }
        return nil
    }

    static func isPrintable(_ c: UInt32) -> Bool {
        c == 0x85 || (0xA0...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c) || c >= 0x10000
    }

    static func describe(_ c: UInt32) -> String {
        let hex = String(c, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if c == 0xFEFF { return "YAML allows a byte order mark (\(code)) only where the text starts" }
        return "YAML does not allow the character \(code) (write it as an escape in double quotes)"
    }

    private static func decode(_ p: UnsafePointer<UInt8>, at i: Int, count: Int) -> (UInt32, Int)? {
        let b = p[i]
        let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0
        guard length > 0, b < 0xF5, i + length <= count else { return nil }
        var c = UInt32(b) & (0xFF >> (length + 1))
        for k in 1..<length {
            let next = p[i + k]
            guard next & 0xC0 == 0x80 else { return nil }
            c = c << 6 | UInt32(next & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard c >= minimum, c <= 0x10FFFF, !(0xD800...0xDFFF).contains(c) else { return nil }
        return (c, length)
    }
}
