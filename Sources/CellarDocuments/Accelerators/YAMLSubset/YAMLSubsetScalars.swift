import CLibYAML
import Cellar

/// The subset scanner's scalars, one line long: plain (block and flow
/// context), single- and double-quoted, each read as libyaml's scanner
/// reads it, and every character checked as libyaml's reader checks it.
extension YAMLSubsetEvents {
    struct Scalar {
        var event: Event
        /// The byte it starts at (a quoted scalar's quote).
        var from: Int
        /// Where the scan stopped: past a closing quote; at a plain scalar's `:`, comment or line end.
        var end: Int
    }

    /// The scalar starting at `i` (its first character decides its style).
    mutating func scalar(at i: Int, flow: Bool) throws(OutsideSubset) -> Scalar {
        switch text[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quoted(at: i)
        default:
            guard startsPlain(at: i, flow: flow) else { throw OutsideSubset() }
            return try plain(at: i, flow: flow)
        }
    }

    /// After a scalar: the `:` of a key (a blank or the line's end after
    /// it), or nil when only spaces and a comment are left on the line.
    mutating func indicator(after s: Scalar) throws(OutsideSubset) -> Int? {
        let j = skipSpaces(from: s.end)
        guard j < lineEnd else { return nil }
        if text[j] == UInt8(ascii: "#") {
            try comment(at: j)
            return nil
        }
        guard text[j] == UInt8(ascii: ":"), j &+ 1 == lineEnd || text[j &+ 1] == UInt8(ascii: " "),
            j &- s.from <= Self.maximumKeyBytes
        else { throw OutsideSubset() }
        return j
    }

    /// Whether libyaml starts a plain scalar at `i` (not an indicator; `-`,
    /// and in block context `?` and `:`, only before a non-blank).
    func startsPlain(at i: Int, flow: Bool) -> Bool {
        let b = text[i]
        switch b {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            let blank =
                i &+ 1 == lineEnd || text[i &+ 1] == UInt8(ascii: " ") || text[i &+ 1] == UInt8(ascii: "\t")
            return !blank && (b == UInt8(ascii: "-") || !flow)
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            return false
        default:
            return b > 0x20 && b != 0x7F
        }
    }

    /// A plain scalar from `i`: words and the single spaces between them, up
    /// to a `:` before a blank, a ` #`, the line's end, or (flow) `,[]{}`.
    mutating func plain(at i: Int, flow: Bool) throws(OutsideSubset) -> Scalar {
        let column = self.column(of: i)
        var j = i
        var valueEnd = i
        while true {
            let wordStart = j
            while j < lineEnd {
                j = ByteFlags.firstFlagged(text, from: j, before: lineEnd) {
                    ByteFlags.equal($0, UInt8(ascii: " ")) | ByteFlags.equal($0, UInt8(ascii: ":"))
                        | ByteFlags.control($0) | ByteFlags.delOrHigh($0)
                        | (flow ? Self.flowIndicators($0) : 0)
                }
                guard j < lineEnd else { break }
                let b = text[j]
                if b >= 0x80 {
                    j &+= try character(at: j)
                    continue
                }
                if b <= 0x20 || b == 0x7F { break }
                if b == UInt8(ascii: ":") {
                    let after = j &+ 1 < lineEnd ? text[j &+ 1] : UInt8(ascii: " ")
                    if after == UInt8(ascii: " ") { break }
                    // libyaml refuses these in flow context; a tab after is a blank, left to it.
                    if after == UInt8(ascii: "\t") || flow && Self.endsFlowPlain(after)
                        || after == UInt8(ascii: "?") && flow
                    {
                        throw OutsideSubset()
                    }
                } else if flow && Self.endsFlowPlain(b) {
                    break
                }
                j &+= 1
            }
            if j > wordStart { valueEnd = j }
            guard j < lineEnd else { break }
            guard text[j] == UInt8(ascii: " ") else {
                if text[j] == UInt8(ascii: ":") || flow && Self.endsFlowPlain(text[j]) { break }
                throw OutsideSubset()
            }
            let k = skipSpaces(from: j)
            j = k
            if k == lineEnd || text[k] == UInt8(ascii: "#") { break }
        }
        let event = Event(
            type: YAML_SCALAR_EVENT, line: line, column: column, start: i, count: valueEnd &- i, style: .plain)
        return Scalar(event: event, from: i, end: j)
    }

    /// The bytes of `w` that are `,`, `[`, `]`, `{` or `}` (see `ByteFlags`).
    @inline(__always)
    static func flowIndicators(_ w: UInt64) -> UInt64 {
        let folded = w | ByteFlags.ones &* 0x20
        return ByteFlags.equal(w, UInt8(ascii: ",")) | ByteFlags.equal(folded, UInt8(ascii: "{"))
            | ByteFlags.equal(folded, UInt8(ascii: "}"))
    }

    /// `,`, `[`, `]`, `{` and `}`: the flow indicators that end a plain scalar in a flow collection.
    @inline(__always)
    static func endsFlowPlain(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b | 0x20 == UInt8(ascii: "{") || b | 0x20 == UInt8(ascii: "}")
    }

    /// A quoted scalar from its quote at `i`, closed on the same line: in
    /// single quotes `''` is a quote; in double quotes escapes are decoded.
    mutating func quoted(at i: Int) throws(OutsideSubset) -> Scalar {
        let quote = text[i]
        let style: Style = quote == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted
        // The other byte the scan stops at: the backslash in double quotes (the quote again in single).
        let escape = style == .doubleQuoted ? UInt8(ascii: "\\") : quote
        let column = self.column(of: i)
        var j = i &+ 1
        var runStart = j
        var decoded: Int?
        while true {
            j = ByteFlags.firstFlagged(text, from: j, before: lineEnd) {
                ByteFlags.equal($0, quote) | ByteFlags.equal($0, escape) | ByteFlags.control($0)
                    | ByteFlags.delOrHigh($0)
            }
            guard j < lineEnd else { throw OutsideSubset() }
            let b = text[j]
            if b >= 0x80 {
                j &+= try character(at: j)
                continue
            }
            if b < 0x20 && b != 0x09 || b == 0x7F { throw OutsideSubset() }
            if b == quote {
                guard style == .singleQuoted, j &+ 1 < lineEnd, text[j &+ 1] == quote else { break }
                if decoded == nil { decoded = scratchCount }
                appendScratch(from: runStart, to: j &+ 1)
                j &+= 2
                runStart = j
                continue
            }
            if b == escape {
                if decoded == nil { decoded = scratchCount }
                appendScratch(from: runStart, to: j)
                j = try self.escape(at: j)
                runStart = j
                continue
            }
            j &+= 1
        }
        return quoted(style, at: i, column: column, runStart: runStart, close: j, decoded: decoded)
    }

    /// A quoted scalar closed at `close`: its text in place, or (`decoded`) in `scratch` from there on.
    private mutating func quoted(
        _ style: Style, at i: Int, column: Int, runStart: Int, close: Int, decoded: Int?
    ) -> Scalar {
        var event = Event(type: YAML_SCALAR_EVENT, line: line, column: column, style: style)
        if let decoded {
            appendScratch(from: runStart, to: close)
            (event.start, event.count, event.inScratch) = (decoded, scratchCount &- decoded, true)
        } else {
            (event.start, event.count) = (i &+ 1, close &- i &- 1)
        }
        return Scalar(event: event, from: i, end: close &+ 1)
    }

    /// The escape at `i` (its backslash) decoded into `scratch`, as libyaml
    /// decodes it; returns where the text goes on.
    private mutating func escape(at i: Int) throws(OutsideSubset) -> Int {
        guard i &+ 1 < lineEnd else { throw OutsideSubset() }
        let simple: UInt8
        switch text[i &+ 1] {
        case UInt8(ascii: "0"): simple = 0
        case UInt8(ascii: "a"): simple = 0x07
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"), 0x09: simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "v"): simple = 0x0B
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "e"): simple = 0x1B
        case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"):
            simple = text[i &+ 1]
        case UInt8(ascii: "N"): return try appendScalar(0x85, next: i &+ 2)
        case UInt8(ascii: "_"): return try appendScalar(0xA0, next: i &+ 2)
        case UInt8(ascii: "L"): return try appendScalar(0x2028, next: i &+ 2)
        case UInt8(ascii: "P"): return try appendScalar(0x2029, next: i &+ 2)
        case UInt8(ascii: "x"): return try hexEscape(at: i &+ 2, digits: 2)
        case UInt8(ascii: "u"): return try hexEscape(at: i &+ 2, digits: 4)
        case UInt8(ascii: "U"): return try hexEscape(at: i &+ 2, digits: 8)
        default: throw OutsideSubset()
        }
        appendScratch(byte: simple)
        return i &+ 2
    }

    private mutating func hexEscape(at i: Int, digits: Int) throws(OutsideSubset) -> Int {
        guard i &+ digits <= lineEnd else { throw OutsideSubset() }
        var value: UInt32 = 0
        for k in i..<(i &+ digits) {
            let c = text[k]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c &- UInt8(ascii: "A") &+ 10
            default: throw OutsideSubset()
            }
            value = value << 4 | UInt32(digit)
        }
        return try appendScalar(value, next: i &+ digits)
    }

    /// A Unicode scalar value as UTF-8 into `scratch` (surrogates and values past U+10FFFF are libyaml's errors).
    private mutating func appendScalar(_ value: UInt32, next: Int) throws(OutsideSubset) -> Int {
        guard value < 0xD800 || value > 0xDFFF && value <= 0x10FFFF else { throw OutsideSubset() }
        if value < 0x80 {
            appendScratch(byte: UInt8(value))
        } else if value < 0x800 {
            appendScratch(byte: UInt8(0xC0 | value >> 6))
            appendScratch(byte: UInt8(0x80 | value & 0x3F))
        } else if value < 0x10000 {
            appendScratch(byte: UInt8(0xE0 | value >> 12))
            appendScratch(byte: UInt8(0x80 | value >> 6 & 0x3F))
            appendScratch(byte: UInt8(0x80 | value & 0x3F))
        } else {
            appendScratch(byte: UInt8(0xF0 | value >> 18))
            appendScratch(byte: UInt8(0x80 | value >> 12 & 0x3F))
            appendScratch(byte: UInt8(0x80 | value >> 6 & 0x3F))
            appendScratch(byte: UInt8(0x80 | value & 0x3F))
        }
        return next
    }

    /// A comment from its `#` at `i` to the line's end, every character checked.
    mutating func comment(at i: Int) throws(OutsideSubset) {
        var j = i &+ 1
        while j < lineEnd {
            j = ByteFlags.firstFlagged(text, from: j, before: lineEnd) {
                ByteFlags.control($0) | ByteFlags.delOrHigh($0)
            }
            guard j < lineEnd else { break }
            let b = text[j]
            if b >= 0x80 {
                j &+= try character(at: j)
                continue
            }
            if b < 0x20 && b != 0x09 || b == 0x7F { throw OutsideSubset() }
            j &+= 1
        }
    }

    /// The length of the character at `i` (not ASCII), counted for columns;
    /// throws for invalid UTF-8 and for what libyaml's reader refuses or
    /// reads otherwise: C1 controls and NEL (a line break), the line and
    /// paragraph separators, a byte order mark, U+FFFE and U+FFFF.
    @inline(__always)
    mutating func character(at i: Int) throws(OutsideSubset) -> Int {
        let b = text[i]
        let length: Int
        let low: UInt8
        let high: UInt8
        switch b {
        case 0xC2: (length, low, high) = (2, 0xA0, 0xBF)
        case 0xC3...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xE2, 0xEF: return try specialThree(at: i)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1, 0xE3...0xEC, 0xEE: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        default: throw OutsideSubset()
        }
        guard i &+ length <= lineEnd else { throw OutsideSubset() }
        let second = text[i &+ 1]
        guard second >= low && second <= high else { throw OutsideSubset() }
        if length >= 3 && text[i &+ 2] & 0xC0 != 0x80 { throw OutsideSubset() }
        if length == 4 && text[i &+ 3] & 0xC0 != 0x80 { throw OutsideSubset() }
        extra &+= length &- 1
        return length
    }

    /// A three-byte character led by E2 or EF, where libyaml's exceptions are.
    private mutating func specialThree(at i: Int) throws(OutsideSubset) -> Int {
        guard i &+ 3 <= lineEnd else { throw OutsideSubset() }
        let (b0, b1, b2) = (text[i], text[i &+ 1], text[i &+ 2])
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { throw OutsideSubset() }
        if b0 == 0xE2 && b1 == 0x80 && (b2 == 0xA8 || b2 == 0xA9) { throw OutsideSubset() }
        if b0 == 0xEF && (b1 == 0xBB && b2 == 0xBF || b1 == 0xBF && b2 >= 0xBE) { throw OutsideSubset() }
        extra &+= 2
        return 3
    }

    // MARK: Scratch

    mutating func appendScratch(from start: Int, to end: Int) {
        let n = end &- start
        guard n > 0 else { return }
        reserveScratch(n)
        (scratch + scratchCount).update(from: text + start, count: n)
        scratchCount &+= n
    }

    mutating func appendScratch(byte: UInt8) {
        reserveScratch(1)
        scratch[scratchCount] = byte
        scratchCount &+= 1
    }

    private mutating func reserveScratch(_ n: Int) {
        guard scratchCount &+ n > scratchCapacity else { return }
        let capacity = max(scratchCapacity &* 2, scratchCount &+ n)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: scratch, count: scratchCount)
        scratch.deallocate()
        scratch = grown
        scratchCapacity = capacity
    }
}
