import Cellar
import CellarText

/// An error at a byte offset, turned into line:column only when reported.
struct ByteError: Error {
    var offset: Int
    var message: String
}

/// Strict JSON (RFC 8259) read straight from the bytes: `skip` checks a value without building it, `value` decodes it
/// (integers that fit are `.int`, other numbers `.double`, integers too big stay text, as YAML's core schema reads
/// them).
struct JSONBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The bytes' scanner, made once: it holds the accelerator switch.
    let words: WordScanner
    var pos: Int
    static let maximumDepth = 512
    /// Only the JSON form of a YAML document reads `JSONText.notANumber` as `.nan`; a user's JSON stays RFC 8259.
    var isYAMLForm: Bool

    init(
        _ bytes: UnsafeBufferPointer<UInt8>, at pos: Int = 0, yamlForm: Bool = false,
        accelerated: Bool = WordScanner.wordsByDefault
    ) {
        self.bytes = bytes
        words = WordScanner(bytes, words: accelerated)
        self.pos = pos
        self.isYAMLForm = yamlForm
    }

    var atEnd: Bool { pos >= bytes.count }
    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    func error(_ message: String, at offset: Int? = nil) -> ByteError {
        ByteError(offset: offset ?? pos, message: "malformed JSON: " + message)
    }

    /// `lineBreaks: false` stops at a line break (JSON Lines).
    mutating func skipSpace(lineBreaks: Bool = true) {
        while pos < bytes.count {
            let b = bytes[pos]
            guard b == 0x20 || b == 0x09 || b == 0x0D || (lineBreaks && b == 0x0A) else { return }
            pos += 1
        }
    }

    func describeCurrent() -> String {
        guard let b = current else { return "end of file" }
        switch b {
        case UInt8(ascii: "#"): return "'#' (JSON has no comments)"
        case UInt8(ascii: "/") where pos + 1 < bytes.count && (bytes[pos + 1] == 0x2F || bytes[pos + 1] == 0x2A):
            return "'/\(Character(UnicodeScalar(bytes[pos + 1])))' (JSON has no comments)"
        case UInt8(ascii: "'"): return "\"'\" (JSON strings use double quotes)"
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            // A bare word (an unquoted YAML string, a misspelt literal).
            var end = pos
            while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
            return "'\(Sanitizer.excerpt(String(decoding: bytes[pos..<end], as: UTF8.self)))'"
        case 0x20..<0x7F: return "'\(Character(UnicodeScalar(b)))'"
        case 0x0A: return "a line break"
        case 0..<0x20: return "control character U+\(Self.hex4(Int(b)))"
        case 0xEF where UnsafeBufferPointer(rebasing: bytes[pos...]).byteOrderMarkLength > 0:
            return "a byte order mark (U+FEFF), which may only start the file"
        default:
            var end = pos + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(Sanitizer.excerpt(String(decoding: bytes[pos..<end], as: UTF8.self)))'"
        }
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == UInt8(ascii: "_")
    }

    static func hex4(_ value: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    // MARK: Values

    mutating func skip(depth: Int = 0) throws {
        _ = try value(depth: depth, build: false)
    }

    /// With `build: false`, checks the value and returns `.null`.
    mutating func value(depth: Int = 0, build: Bool = true) throws -> Value {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard let b = current else { throw error("expected a value, found end of file") }
        switch b {
        case UInt8(ascii: "{"): return try object(depth: depth, build: build)
        case UInt8(ascii: "["): return try array(depth: depth, build: build)
        case UInt8(ascii: "\""):
            let s = try string()
            return build ? .string(decode(s)) : .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (range, integer) = try number()
            guard build else { return .null }
            if isYAMLForm && !integer && bytes.bytes(range, equal: JSONText.notANumber) { return .double(.nan) }
            let s = String(decoding: bytes[range], as: UTF8.self)
            if integer { return Int(s).map(Value.int) ?? .string(s) }
            return Double(s).map(Value.double) ?? .string(s)
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard pos + n <= bytes.count,
            (0..<n).allSatisfy({ bytes[pos + $0] == word.utf8Start[$0] }),
            pos + n == bytes.count || !Self.isWordByte(bytes[pos + n])
        else { throw error("expected a value, found \(describeCurrent())") }
        pos += n
    }

    mutating func object(depth: Int, build: Bool) throws -> Value {
        var out: [String: Value] = [:]
        try forEachMember { j, key, keyStart in
            try j.colon()
            let v = try j.value(depth: depth + 1, build: build)
            guard build else { return }
            let k = j.decode(key)
            if out.updateValue(v, forKey: k) != nil {
                throw ByteError(offset: keyStart, message: "duplicate key '\(Sanitizer.excerpt(k))'")
            }
        }
        return build ? .object(out) : .null
    }

    mutating func array(depth: Int, build: Bool) throws -> Value {
        var out: [Value] = []
        try forEachElement { j in
            let v = try j.value(depth: depth + 1, build: build)
            if build { out.append(v) }
        }
        return build ? .array(out) : .null
    }

    /// The members of the object at `pos` (its `{`): `body` gets each key and its offset with `pos` past the key, and
    /// must read the colon (`colon()`) and the value. `checked`: a checked row's keys (`string(checked:)`).
    @inline(__always)
    mutating func forEachMember(
        checked: Bool = false, _ body: (inout JSONBytes, StringToken, Int) throws -> Void
    ) throws {
        let opened = pos
        pos += 1
        skipSpace()
        if current == UInt8(ascii: "}") {
            pos += 1
            return
        }
        while true {
            guard current == UInt8(ascii: "\"") else {
                if current == nil { throw notClosed(at: opened) }
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyStart = pos
            try body(&self, try string(checked: checked), keyStart)
            skipSpace()
            if current == UInt8(ascii: "}") {
                pos += 1
                return
            }
            try commaBefore(UInt8(ascii: "}"), opened: opened)
        }
    }

    /// The elements of the list at `pos` (its `[`), each read by `body`. Inlined, so a section's rows are read
    /// without a closure call; the comma before each is passed in line.
    @inline(__always)
    mutating func forEachElement(_ body: (inout JSONBytes) throws -> Void) throws {
        let opened = pos
        pos += 1
        skipSpace()
        if current == UInt8(ascii: "]") {
            pos += 1
            return
        }
        while true {
            if current == nil { throw notClosed(at: opened) }
            try body(&self)
            skipSpace()
            if current == UInt8(ascii: "]") {
                pos += 1
                return
            }
            // Anything but a comma before the next element (a trailing one) is worded by `commaBefore`.
            if current == UInt8(ascii: ",") {
                let comma = pos
                pos += 1
                skipSpace()
                if current != UInt8(ascii: "]") { continue }
                pos = comma
            }
            try commaBefore(UInt8(ascii: "]"), opened: opened)
        }
    }

    /// In line, with `expect` called only for an error: its message is an argument built at each call.
    @inline(__always)
    mutating func colon() throws {
        skipSpace()
        if current == UInt8(ascii: ":") { pos += 1 } else { try expect(UInt8(ascii: ":"), "':' after the key") }
        skipSpace()
    }

    mutating func expect(_ b: UInt8, _ what: String) throws {
        guard current == b else { throw error("expected \(what), found \(describeCurrent())") }
        pos += 1
    }

    /// A list or object the file ends in, named at its bracket: what there is to close.
    func notClosed(at opened: Int) -> ByteError {
        let what = bytes[opened] == UInt8(ascii: "[") ? "list '['" : "object '{'"
        return error("the \(what) is not closed before the file ends", at: opened)
    }

    /// A comma between members, not a trailing one (which YAML allows and JSON does not).
    mutating func commaBefore(_ close: UInt8, opened: Int) throws {
        guard current == UInt8(ascii: ",") else {
            if current == nil { throw notClosed(at: opened) }
            throw error("expected ',' or '\(Character(UnicodeScalar(close)))', found \(describeCurrent())")
        }
        let comma = pos
        pos += 1
        skipSpace()
        if current == close { throw error("trailing comma before '\(Character(UnicodeScalar(close)))'", at: comma) }
    }

    // MARK: Strings

    struct StringToken {
        var range: Range<Int>
        var escaped: Bool
    }

    /// Reads the string at `pos`, checking its UTF-8 (`WordScanner`). `checked`: in a row the load checked (the file
    /// is the one checked: `FileIdentity`), the closing quote is found without checking the text again.
    mutating func string(checked: Bool = false) throws -> StringToken {
        let start = pos
        var i = pos &+ 1
        var escaped = false
        while true {
            i =
                checked
                ? words.find(from: i, before: bytes.count, UInt8(ascii: "\""), UInt8(ascii: "\\"))
                : words.run(from: i, to: UInt8(ascii: "\""), UInt8(ascii: "\\"), below: 0x20)
            guard i < bytes.count else { break }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                pos = i &+ 1
                return StringToken(range: (start &+ 1)..<i, escaped: escaped)
            }
            pos = i
            if b == UInt8(ascii: "\\") {
                escaped = true
                // Checked: an escape's second byte may be a quote.
                if checked {
                    i &+= 2
                } else {
                    try escape()
                    i = pos
                }
            } else if b < 0x20 {
                throw error(b == 0x0A ? "line break inside a string" : "control character inside a string (escape it)")
            } else {
                throw ByteError(offset: i, message: "invalid UTF-8")
            }
        }
        pos = bytes.count
        throw error("unterminated string", at: start)
    }

    mutating func escape() throws {
        let start = pos
        pos += 1
        guard let e = current else { throw error("unterminated string") }
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            pos += 1
        case UInt8(ascii: "u"):
            pos += 1
            let high = try hex4Digits()
            if (0xDC00...0xDFFF).contains(high) {
                throw error(
                    "lone surrogate \\u\(Self.hex4(high)) (a low surrogate must follow a high one \\uD800–\\uDBFF)",
                    at: start)
            }
            guard (0xD800...0xDBFF).contains(high) else { return }
            // Worded only when thrown: a high surrogate starts every escaped emoji.
            func lone() -> ByteError {
                error(
                    "lone surrogate \\u\(Self.hex4(high)) (a high surrogate must be followed by a low one \\uDC00–\\uDFFF)",
                    at: start)
            }
            guard current == UInt8(ascii: "\\"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "u") else {
                throw lone()
            }
            pos += 2
            guard (0xDC00...0xDFFF).contains(try hex4Digits()) else { throw lone() }
        default:
            let what = e < 0x80 ? "'\\\(Character(UnicodeScalar(e)))'" : "\\ before \(describeCurrent())"
            throw error("invalid escape \(what)", at: start)
        }
    }

    mutating func hex4Digits() throws -> Int {
        if let value = Self.hexNumber(bytes, at: pos) {
            pos += 4
            return value
        }
        // Where the first digit that is none stands.
        while let h = current, Self.hexValue(h) != nil { pos += 1 }
        throw error("expected four hex digits after \\u, found \(describeCurrent())")
    }

    /// The `digits` hex digits at `i` as a number; nil when any is none or the bytes end first.
    @inline(__always)
    static func hexNumber(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, digits: Int = 4) -> Int? {
        guard i >= 0, i <= bytes.count &- digits else { return nil }
        var value = 0
        for k in i..<(i &+ digits) {
            guard let digit = hexValue(bytes[k]) else { return nil }
            value = value &<< 4 | digit
        }
        return value
    }

    static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        default: return nil
        }
    }

    // MARK: Numbers

    mutating func digits() -> Int {
        let start = pos
        while pos < bytes.count, (0x30...0x39).contains(bytes[pos]) { pos += 1 }
        return pos - start
    }

    /// A checked number and whether it is an integer (no fraction or exponent).
    mutating func number() throws -> (Range<Int>, Bool) {
        let start = pos
        var integer = true
        if current == UInt8(ascii: "-") { pos += 1 }
        if current == UInt8(ascii: "0") {
            pos += 1
            if let b = current, (0x30...0x39).contains(b) { throw error("numbers do not start with 0", at: start) }
        } else if digits() == 0 {
            throw error("expected a digit, found \(describeCurrent())")
        }
        if current == UInt8(ascii: ".") {
            integer = false
            pos += 1
            if digits() == 0 { throw error("expected a digit after '.', found \(describeCurrent())") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integer = false
            pos += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { pos += 1 }
            if digits() == 0 { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
        return (start..<pos, integer)
    }
}
