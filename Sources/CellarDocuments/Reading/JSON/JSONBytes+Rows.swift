import Cellar
import CellarText

/// Decoding what the scan has checked: strings, rows, and where a key sits (for errors).
extension JSONBytes {
    /// Invariant: `token` was read by `string()`, or by `string(checked: true)` in a row the load checked (the file
    /// is the one checked: `FileIdentity`), so its bytes are valid UTF-8.
    func decode(_ token: StringToken) -> String {
        guard token.escaped else { return words.string(token.range) }
        // An escape is never shorter than what it spells, so the text fits in the token's bytes
        // (the bounds below hold for bytes changed since their check, too).
        return String(unsafeUninitializedCapacity: token.range.count) { out in
            var n = 0
            var i = token.range.lowerBound
            let end = token.range.upperBound
            func hex(_ at: Int) -> UInt32 { UInt32(Self.hexNumber(bytes, at: at) ?? 0xFFFD) }
            func put(_ b: UInt8) {
                guard n < out.count else { return }
                out[n] = b
                n += 1
            }
            while i < end {
                // The text up to the next escape, copied whole.
                let next = words.find(from: i, before: end, UInt8(ascii: "\\"), UInt8(ascii: "\\"))
                for k in i..<next { put(bytes[k]) }
                i = next
                guard i < end else { break }
                let e = bytes[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "b"): put(0x08)
                case UInt8(ascii: "f"): put(0x0C)
                case UInt8(ascii: "n"): put(0x0A)
                case UInt8(ascii: "r"): put(0x0D)
                case UInt8(ascii: "t"): put(0x09)
                case UInt8(ascii: "u"):
                    var scalar = hex(i)
                    i += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        scalar = 0x10000 &+ (scalar &- 0xD800) &<< 10 &+ (hex(i + 2) &- 0xDC00)
                        i += 6
                    }
                    // A surrogate left alone (none in a checked string) is U+FFFD.
                    if (0xD800...0xDFFF).contains(scalar) || scalar > 0x10_FFFF { scalar = 0xFFFD }
                    guard n <= out.count &- 4, let at = out.baseAddress else { break }
                    n &+= ScalarUTF8.encode(scalar, at: at + n)
                default: put(e)  // " \ /
                }
            }
            return n
        }
    }

    /// Only for checked rows: separators are passed, not checked.
    mutating func styleRow() throws -> StyleRow {
        guard current == UInt8(ascii: "{") else { return StyleRow(data: try value()) }
        // Growing a dictionary rehashes every key.
        var out: [String: Value] = Dictionary(minimumCapacity: 8)
        var row = StyleRow(data: .null)
        try forEachMember { j, token, _ in
            try j.colon()
            let key = j.decode(token)
            let v = try j.value(depth: 1)
            if StyleRow.isTableKey(key) {
                if key == "cell" {
                    row.cell = v.stringValue
                } else if key == "disabled" {
                    row.disabled = v.boolValue == true
                }
            } else {
                out[key] = v
            }
        }
        row.data = .object(out)
        return row
    }

    /// Only for checked rows: the values of the members named in `keys`, in their order (nil: not in the row),
    /// the others passed over; keys are matched as bytes, no `String` made.
    mutating func members(named keys: [StaticString]) throws -> [Value?] {
        var out = [Value?](repeating: nil, count: keys.count)
        guard current == UInt8(ascii: "{") else { return out }
        try forEachMember(checked: true) { j, token, _ in
            try j.colon()
            if let k = j.withText(of: token, { key in keys.firstIndex(where: key.equals) }) {
                out[k] = try j.value(depth: 1)
            } else {
                try j.skip(depth: 1)
            }
        }
        return out
    }

    func withText<R>(of token: StringToken, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard token.escaped else { return try body(UnsafeBufferPointer(rebasing: bytes[token.range])) }
        var text = decode(token)
        return try text.withUTF8(body)
    }

    /// The offset of the value (or key) `path` names inside the checked object at `pos`; the deepest found.
    func locate(_ path: [String], atKey: Bool) -> Int? {
        var j = self
        var found: Int?
        for (depth, key) in path.enumerated() {
            j.skipSpace()
            if j.current == UInt8(ascii: "["), let index = Int(key), index >= 0 {
                j.pos += 1
                for _ in 0..<index { guard j.skipItem() else { return found } }
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
                } else if !j.skipItem() {
                    return found
                }
            }
        }
        return found
    }

    /// Past the value at `pos` and the comma after it; false, somewhere in between, at anything else.
    private mutating func skipItem() -> Bool {
        skipSpace()
        guard (try? skip()) != nil else { return false }
        skipSpace()
        guard current == UInt8(ascii: ",") else { return false }
        pos += 1
        return true
    }
}
