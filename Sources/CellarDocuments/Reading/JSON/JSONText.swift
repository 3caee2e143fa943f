import Cellar

/// Values written as compact JSON, for the JSON form of a YAML document.
enum JSONText {
    /// Checked UTF-8 as a JSON string: quotes, backslashes and control characters escaped. `readable`: bytes of the
    /// same buffer that follow the text, so a short text (keys and values mostly are) is tested and copied as one word.
    static func writeString(
        _ text: UnsafeBufferPointer<UInt8>, into out: inout JSONFormBuffer, words: Bool, readable: Int = 0
    ) {
        out.append(UInt8(ascii: "\""))
        guard let base = text.baseAddress else { return out.append(UInt8(ascii: "\"")) }
        let n = text.count
        if words, n <= 8, n + readable >= 8, out.appendWord(base, count: n, unless: escapes) {
            return out.append(UInt8(ascii: "\""))
        }
        var i = 0
        while i < n {
            if words { i = out.appendWords(base, from: i, before: n, escapes) }
            i = out.appendBytes(base, from: i, before: n) {
                $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
            }
            guard i < n else { break }
            let b = base[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""): out.append(#"\""#)
            case UInt8(ascii: "\\"): out.append(#"\\"#)
            case 0x0A: out.append(#"\n"#)
            case 0x09: out.append(#"\t"#)
            default: out.append("\\u\(JSONBytes.hex4(Int(b)))")
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes a JSON string escapes (`ByteFlags`).
    @inline(__always)
    static func escapes(_ w: UInt64) -> UInt64 {
        ByteFlags.equal(w, UInt8(ascii: "\"")) | ByteFlags.equal(w, UInt8(ascii: "\\")) | ByteFlags.control(w)
    }

    static func writeString(_ text: String, into out: inout JSONFormBuffer, words: Bool) {
        var text = text
        text.withUTF8 { writeString($0, into: &out, words: words) }
    }

    /// YAML's `.nan`, as JSON has none: a zero no finite value is written as (`String(d)` spells `0.0`).
    static let notANumber: StaticString = "-0e999"

    /// An infinity is written as a number too large for a Double, which reads back as one.
    static func write(_ value: Value, into out: inout JSONFormBuffer, words: Bool) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): out.append(String(i))
        case .double(let d) where d.isFinite: out.append(String(d))
        case .double(let d) where d.isInfinite: out.append(d < 0 ? "-1e999" : "1e999")
        case .double: out.append(notANumber)
        case .string(let s): writeString(s, into: &out, words: words)
        default: out.append("null")
        }
    }

    static func decodeString(_ escaped: [UInt8]) -> String {
        let quoted = [UInt8(ascii: "\"")] + escaped + [UInt8(ascii: "\"")]
        return quoted.withUnsafeBufferPointer { buffer in
            var j = JSONBytes(buffer)
            return (try? j.string()).map { j.decode($0) } ?? String(decoding: escaped, as: UTF8.self)
        }
    }
}
