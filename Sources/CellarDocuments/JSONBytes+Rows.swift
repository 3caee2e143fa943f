import Cellar

/// Decoding what the scan has checked: a string token's text, a row as its
/// style sees it, and where a key sits inside a row (for errors).
extension JSONBytes {
    /// The text of a checked string token.
    func decode(_ token: StringToken) -> String {
        guard token.escaped else { return String(decoding: bytes[token.range], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(token.range.count)
        var i = token.range.lowerBound
        func hex(_ at: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 4 | UInt32(Self.hexValue(bytes[at + $1]) ?? 0) }
        }
        while i < token.range.upperBound {
            let b = bytes[i]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(i + 2) - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            default: out.append(e)  // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The row object at `pos` as its style sees it (see `StyleRow`). Only
    /// for rows the load has checked: separators are passed, not checked.
    mutating func styleRow() throws -> StyleRow {
        guard current == UInt8(ascii: "{") else { return StyleRow(data: try value()) }
        pos += 1
        skipSpace()
        // Sized for a usual row at once: growing a dictionary rehashes every key.
        var out: [String: Value] = Dictionary(minimumCapacity: 8)
        var row = StyleRow(data: .null)
        while current != UInt8(ascii: "}") {
            let key = decode(try string())
            skipSpace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipSpace()
            let v = try value(depth: 1)
            if StyleRow.isTableKey(key) {
                if key == "cell" {
                    row.cell = v.stringValue
                } else if key == "disabled" {
                    row.disabled = v.boolValue == true
                }
            } else {
                out[key] = v
            }
            skipSpace()
            if current == UInt8(ascii: ",") {
                pos += 1
                skipSpace()
            }
        }
        pos += 1
        row.data = .object(out)
        return row
    }

    /// The offset of the value (or, with `atKey`, the key) that `path`
    /// names inside the checked object at `pos`; the deepest key found.
    func locate(_ path: [String], atKey: Bool) -> Int? {
        var j = self
        var found: Int?
        for (depth, key) in path.enumerated() {
            j.skipSpace()
            // A list position (a swipe action's place in its list).
            if j.current == UInt8(ascii: "["), let index = Int(key), index >= 0 {
                j.pos += 1
                for _ in 0..<index {
                    j.skipSpace()
                    guard (try? j.skip()) != nil else { return found }
                    j.skipSpace()
                    guard j.current == UInt8(ascii: ",") else { return found }
                    j.pos += 1
                }
                j.skipSpace()
                found = j.pos
                continue
            }
            guard j.current == UInt8(ascii: "{") else { return found }
            j.pos += 1
            var matched = false
            while !matched {
                j.skipSpace()
                guard j.current == UInt8(ascii: "\""), let token = try? j.string() else { return found }
                let keyStart = token.range.lowerBound - 1
                j.skipSpace()
                j.pos += 1  // :
                j.skipSpace()
                if j.decode(token) == key {
                    matched = true
                    found = atKey && depth == path.count - 1 ? keyStart : j.pos
                } else {
                    guard (try? j.skip()) != nil else { return found }
                    j.skipSpace()
                    guard j.current == UInt8(ascii: ",") else { return found }
                    j.pos += 1
                }
            }
        }
        return found
    }
}
