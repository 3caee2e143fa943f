import Cellar

/// Strict JSON (RFC 8259) checking for `.json` documents. The YAML parser
/// reads JSON too, but also accepts what JSON does not (trailing commas,
/// comments, unquoted or single-quoted strings, …); a file that says it is
/// JSON must be JSON, so it is checked here first and the first departure
/// is reported at its line and column (columns count characters).
///
/// What JSON allows and libyaml refuses is rewritten on the way through, so
/// the YAML reader sees the same strings: surrogate-pair escapes become one
/// `\U` escape (padded after the string, so later columns stay), and raw
/// characters libyaml will not read inside a scalar (DEL, C1 controls, the
/// Unicode line separators it would fold, BOM and U+FFFE/U+FFFF) become
/// escapes.
struct StrictJSON {
    private let bytes: [UInt8]
    private let path: String
    private var pos = 0
    private var line = 1
    private var column = 1
    /// Byte ranges to replace, in order, for the YAML reader.
    private var edits: [(range: Range<Int>, with: String)] = []
    /// Deeper nesting is refused rather than recursed into.
    static let maximumDepth = 512

    /// Throws a located CellarError at the first thing that is not JSON.
    static func check(_ text: String, path: String) throws {
        _ = try yamlText(text, path: path)
    }

    /// Checks `text` as `check` does and returns it as the YAML reader must
    /// see it (the same text unless a string needed rewriting).
    static func yamlText(_ text: String, path: String) throws -> String {
        var p = StrictJSON(bytes: Array(text.utf8), path: path)
        p.skipSpace()
        if p.atEnd { throw p.error("the document is empty") }
        try p.value(depth: 0)
        p.skipSpace()
        if !p.atEnd { throw p.error("unexpected \(p.describeCurrent()) after the JSON value") }
        if p.edits.isEmpty { return text }
        var out = [UInt8]()
        out.reserveCapacity(p.bytes.count + 8 * p.edits.count)
        var at = 0
        for edit in p.edits {
            out.append(contentsOf: p.bytes[at..<edit.range.lowerBound])
            out.append(contentsOf: edit.with.utf8)
            at = edit.range.upperBound
        }
        out.append(contentsOf: p.bytes[at...])
        return String(decoding: out, as: UTF8.self)
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    private var atEnd: Bool { pos >= bytes.count }
    private var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private func error(_ message: String) -> CellarError {
        CellarError("malformed JSON: \(message)", at: SourceLocation(file: path, line: line, column: column))
    }

    private mutating func advance() {
        guard pos < bytes.count else { return }
        if bytes[pos] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if bytes[pos] & 0xC0 != 0x80 {
            column += 1
        }
        pos += 1
        // Continuation bytes of the character just passed belong to it.
        while pos < bytes.count && bytes[pos] & 0xC0 == 0x80 { pos += 1 }
    }

    private mutating func skipSpace() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { advance() }
    }

    private func describeCurrent() -> String {
        guard let b = current else { return "end of file" }
        switch b {
        case UInt8(ascii: "#"): return "'#' (JSON has no comments)"
        case UInt8(ascii: "'"): return "\"'\" (JSON strings use double quotes)"
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            // A bare word (an unquoted YAML string, a misspelt literal): name all of it.
            var end = pos
            while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
            return "'\(String(decoding: bytes[pos..<end], as: UTF8.self))'"
        case 0x20..<0x7F: return "'\(Character(UnicodeScalar(b)))'"
        default:
            var end = pos + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[pos..<end], as: UTF8.self))'"
        }
    }

    private mutating func expect(_ c: Character, _ what: String) throws {
        guard let b = current, b == c.asciiValue else { throw error("expected \(what), found \(describeCurrent())") }
        advance()
    }

    private mutating func value(depth: Int) throws {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard let b = current else { throw error("expected a value, found end of file") }
        switch b {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func literal(_ word: String) throws {
        let start = mark
        for c in word.utf8 {
            guard current == c else {
                rewind(to: start)
                throw error("expected a value, found \(describeCurrent())")
            }
            advance()
        }
        if let b = current, Self.isWordByte(b) {
            rewind(to: start)
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func object(depth: Int) throws {
        advance()  // {
        skipSpace()
        if current == UInt8(ascii: "}") {
            advance()
            return
        }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            try string()
            skipSpace()
            try expect(":", "':' after the key")
            skipSpace()
            try value(depth: depth + 1)
            skipSpace()
            if current == UInt8(ascii: "}") {
                advance()
                return
            }
            try commaBefore("}")
        }
    }

    private mutating func array(depth: Int) throws {
        advance()  // [
        skipSpace()
        if current == UInt8(ascii: "]") {
            advance()
            return
        }
        while true {
            try value(depth: depth + 1)
            skipSpace()
            if current == UInt8(ascii: "]") {
                advance()
                return
            }
            try commaBefore("]")
        }
    }

    /// A comma between members; one followed by the closing bracket is the
    /// trailing comma YAML allows and JSON does not.
    private mutating func commaBefore(_ close: Character) throws {
        guard current == UInt8(ascii: ",") else {
            throw error("expected ',' or '\(close)', found \(describeCurrent())")
        }
        let comma = mark
        advance()
        skipSpace()
        if let b = current, b == close.asciiValue {
            rewind(to: comma)
            throw error("trailing comma before '\(close)'")
        }
    }

    private mutating func string() throws {
        let start = mark
        var padding = 0
        advance()  // "
        while let b = current {
            switch b {
            case UInt8(ascii: "\""):
                advance()
                if padding > 0 { edits.append((pos..<pos, String(repeating: " ", count: padding))) }
                return
            case UInt8(ascii: "\\"):
                let escape = mark
                advance()
                guard let e = current else { break }
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    advance()
                case UInt8(ascii: "u"):
                    padding += try unicodeEscape(from: escape)
                default:
                    let what = e < 0x80 ? "'\\\(Character(UnicodeScalar(e)))'" : "\\ before \(describeCurrent())"
                    rewind(to: escape)
                    throw error("invalid escape \(what)")
                }
            case 0..<0x20:
                throw error(b == 0x0A ? "line break inside a string" : "control character inside a string (escape it)")
            default:
                if let scalar = yamlUnreadable(at: pos) {
                    let from = pos
                    advance()
                    edits.append((from..<pos, "\\u" + Self.hex4(scalar)))
                } else {
                    advance()
                }
            }
        }
        rewind(to: start)
        throw error("unterminated string")
    }

    /// After `\u` (the backslash at `escape`): four hex digits, and for a high
    /// surrogate the low one that must follow. Returns the columns a pair's
    /// shorter `\U` form leaves to pad after the string.
    private mutating func unicodeEscape(from escape: (pos: Int, line: Int, column: Int)) throws -> Int {
        advance()  // u
        let high = try hex4Digits()
        if (0xDC00...0xDFFF).contains(high) {
            rewind(to: escape)
            throw error("lone surrogate \\u\(Self.hex4(high)) (a low surrogate must follow a high one \\uD800–\\uDBFF)")
        }
        guard (0xD800...0xDBFF).contains(high) else { return 0 }
        guard current == UInt8(ascii: "\\"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "u") else {
            rewind(to: escape)
            throw error(
                "lone surrogate \\u\(Self.hex4(high)) (a high surrogate must be followed by a low one \\uDC00–\\uDFFF)")
        }
        advance()
        advance()
        let low = try hex4Digits()
        guard (0xDC00...0xDFFF).contains(low) else {
            rewind(to: escape)
            throw error(
                "lone surrogate \\u\(Self.hex4(high)) (a high surrogate must be followed by a low one \\uDC00–\\uDFFF)")
        }
        let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        let hex = String(scalar, radix: 16, uppercase: true)
        edits.append((escape.pos..<pos, "\\U" + String(repeating: "0", count: 8 - hex.count) + hex))
        return 2  // twelve characters became ten
    }

    private mutating func hex4Digits() throws -> Int {
        var value = 0
        for _ in 0..<4 {
            guard let h = current, let digit = Self.hexValue(h) else {
                throw error("expected four hex digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    /// The scalar at byte `i` when libyaml refuses it (or folds it) raw
    /// inside a quoted scalar although JSON allows it there.
    private func yamlUnreadable(at i: Int) -> Int? {
        let b = bytes[i]
        if b == 0x7F { return 0x7F }
        guard b >= 0xC2, i + 1 < bytes.count else { return nil }
        let b1 = bytes[i + 1]
        if b == 0xC2, (0x80...0x9F).contains(b1) { return Int(b1) }
        guard i + 2 < bytes.count else { return nil }
        let b2 = bytes[i + 2]
        if b == 0xE2, b1 == 0x80, b2 == 0xA8 || b2 == 0xA9 { return 0x2000 + Int(b2 & 0x3F) }  // U+2028, U+2029
        if b == 0xEF, b1 == 0xBB, b2 == 0xBF { return 0xFEFF }
        if b == 0xEF, b1 == 0xBF, b2 == 0xBE || b2 == 0xBF { return 0xFFC0 + Int(b2 & 0x3F) }  // U+FFFE, U+FFFF
        return nil
    }

    private static func hex4(_ value: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == UInt8(ascii: "_")
    }

    /// Where the reader is, to report an error at a construct's start.
    private var mark: (pos: Int, line: Int, column: Int) { (pos, line, column) }
    private mutating func rewind(to m: (pos: Int, line: Int, column: Int)) { (pos, line, column) = m }

    private static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        default: return nil
        }
    }

    private mutating func digits() -> Int {
        var n = 0
        while let b = current, (0x30...0x39).contains(b) {
            advance()
            n += 1
        }
        return n
    }

    private mutating func number() throws {
        let start = mark
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
            if let b = current, (0x30...0x39).contains(b) {
                rewind(to: start)
                throw error("numbers do not start with 0")
            }
        } else if digits() == 0 {
            throw error("expected a digit, found \(describeCurrent())")
        }
        if current == UInt8(ascii: ".") {
            advance()
            if digits() == 0 { throw error("expected a digit after '.', found \(describeCurrent())") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            if digits() == 0 { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
    }
}
