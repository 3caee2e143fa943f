/// Quoted scalars decoded by YAML 1.2's rules (single-quoted 7.3.2,
/// double-quoted 7.3.1 with its escapes 5.7, both folded over lines as 6.5
/// says), where libfyaml 0.7.12 errs: two `''` in a row, and double-quoted
/// text over lines (a line ending in `\` or `\ ` gets stray bytes, a line
/// break escaped before empty lines loses the text after them).
enum YAMLQuoted {
    /// The text of a quoted scalar written as `raw` (between its quotes, read
    /// as valid by libfyaml), or nil when libfyaml's is right: text on one
    /// line, with no `''` if single-quoted.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, double: Bool) -> [UInt8]? {
        let quote = UInt8(ascii: "'")
        let escapesQuote = !double && raw.indices.dropLast().contains { raw[$0] == quote && raw[$0 + 1] == quote }
        guard escapesQuote || raw.contains(0x0A) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        // Blanks written as they are at the end of `out`: not text before a line break.
        var blanks = 0
        while i < raw.count {
            let b = raw[i]
            if let next = lineBreak(raw, at: i) {
                out.removeLast(blanks)
                blanks = 0
                i = fold(raw, from: next, into: &out, joining: true)
            } else if double && b == UInt8(ascii: "\\") {
                blanks = 0
                if let next = lineBreak(raw, at: i + 1) {
                    // An escaped line break joins the lines with nothing.
                    i = fold(raw, from: next, into: &out, joining: false)
                } else {
                    guard let next = escape(raw, at: i, end: raw.count, into: &out) else { return nil }
                    i = next
                }
            } else if !double && b == quote && i + 1 < raw.count && raw[i + 1] == quote {
                out.append(quote)
                blanks = 0
                i += 2
            } else {
                out.append(b)
                blanks = b == UInt8(ascii: " ") || b == 0x09 ? blanks + 1 : 0
                i += 1
            }
        }
        return out
    }

    /// Where the line after a line break at `i` starts (LF or CR LF), or nil.
    private static func lineBreak(_ raw: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        guard i < raw.count else { return nil }
        if raw[i] == 0x0A { return i + 1 }
        return raw[i] == 0x0D && i + 1 < raw.count && raw[i + 1] == 0x0A ? i + 2 : nil
    }

    /// Past the blanks and empty lines after a line break, to the next line's
    /// text: a line feed written for each empty line, else a space (`joining`) or nothing.
    private static func fold(
        _ raw: UnsafeBufferPointer<UInt8>, from start: Int, into out: inout [UInt8], joining: Bool
    ) -> Int {
        var i = start
        var emptyLines = 0
        while true {
            while i < raw.count && (raw[i] == UInt8(ascii: " ") || raw[i] == 0x09) { i += 1 }
            guard let next = lineBreak(raw, at: i) else { break }
            emptyLines += 1
            i = next
        }
        out.appendFold(lineFeeds: emptyLines, orSpace: joining)
        return i
    }

    /// The escape whose `\` is at `i` decoded into `out`; where the text goes
    /// on, or nil for one YAML does not have (or a surrogate not in a pair).
    static func escape(_ text: UnsafeBufferPointer<UInt8>, at i: Int, end: Int, into out: inout [UInt8]) -> Int? {
        guard i + 1 < end else { return nil }
        let scalar: UInt32
        switch text[i + 1] {
        case UInt8(ascii: "0"): scalar = 0
        case UInt8(ascii: "a"): scalar = 0x07
        case UInt8(ascii: "b"): scalar = 0x08
        case UInt8(ascii: "t"), 0x09: scalar = 0x09
        case UInt8(ascii: "n"): scalar = 0x0A
        case UInt8(ascii: "v"): scalar = 0x0B
        case UInt8(ascii: "f"): scalar = 0x0C
        case UInt8(ascii: "r"): scalar = 0x0D
        case UInt8(ascii: "e"): scalar = 0x1B
        case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): scalar = UInt32(text[i + 1])
        case UInt8(ascii: "N"): scalar = 0x85
        case UInt8(ascii: "_"): scalar = 0xA0
        case UInt8(ascii: "L"): scalar = 0x2028
        case UInt8(ascii: "P"): scalar = 0x2029
        case UInt8(ascii: "x"): return hex(text, at: i + 2, digits: 2, end: end, into: &out)
        case UInt8(ascii: "u"):
            // A UTF-16 surrogate pair, as JSON writes a character past U+FFFF: one character, as libfyaml reads it.
            if i + 12 <= end, let high = JSONBytes.hexNumber(text, at: i + 2), (0xD800...0xDBFF).contains(high),
                text[i + 6] == UInt8(ascii: "\\"), text[i + 7] == UInt8(ascii: "u"),
                let low = JSONBytes.hexNumber(text, at: i + 8), (0xDC00...0xDFFF).contains(low)
            {
                append(UInt32(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)), into: &out)
                return i + 12
            }
            return hex(text, at: i + 2, digits: 4, end: end, into: &out)
        case UInt8(ascii: "U"): return hex(text, at: i + 2, digits: 8, end: end, into: &out)
        default: return nil
        }
        append(scalar, into: &out)
        return i + 2
    }

    /// `\x`, `\u` or `\U` and its hex digits: a scalar value (no surrogate), written as UTF-8.
    private static func hex(
        _ text: UnsafeBufferPointer<UInt8>, at start: Int, digits: Int, end: Int, into out: inout [UInt8]
    ) -> Int? {
        guard start + digits <= end, let value = JSONBytes.hexNumber(text, at: start, digits: digits),
            value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value)
        else { return nil }
        append(UInt32(value), into: &out)
        return start + digits
    }

    private static func append(_ scalar: UInt32, into out: inout [UInt8]) {
        // In range and not a surrogate (checked by the callers), so a Unicode.Scalar.
        if let scalar = Unicode.Scalar(scalar) { out.append(contentsOf: scalar.utf8) }
    }
}

extension [UInt8] {
    /// Where YAML folds lines (6.5): a line feed for each empty line between
    /// them, else a space (`orSpace`) or nothing.
    mutating func appendFold(lineFeeds: Int, orSpace: Bool) {
        if lineFeeds > 0 {
            append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: lineFeeds))
        } else if orSpace {
            append(UInt8(ascii: " "))
        }
    }
}
