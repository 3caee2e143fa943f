import Cellar
/// Strict JSON (RFC 8259) checking for `.json` documents. The YAML parser
/// reads JSON too, but also accepts what JSON does not (trailing commas,
/// comments, unquoted or single-quoted strings, …); a file that says it is
/// JSON must be JSON, so it is checked here first and the first departure
/// is reported at its line and column (columns count characters).
struct StrictJSON {
    private let bytes: [UInt8]
    private let path: String
    private var pos = 0
    private var line = 1
    private var column = 1
    /// Deeper nesting is refused rather than recursed into.
    static let maximumDepth = 512

    /// Throws a located CellarError at the first thing that is not JSON.
    static func check(_ text: String, path: String) throws {
        var p = StrictJSON(bytes: Array(text.utf8), path: path)
        p.skipSpace()
        if p.atEnd { throw p.error("the document is empty") }
        try p.value(depth: 0)
        p.skipSpace()
        if !p.atEnd { throw p.error("unexpected \(p.describeCurrent()) after the JSON value") }
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
        if current == UInt8(ascii: "}") { advance(); return }
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
            if current == UInt8(ascii: "}") { advance(); return }
            try commaBefore("}")
        }
    }

    private mutating func array(depth: Int) throws {
        advance()  // [
        skipSpace()
        if current == UInt8(ascii: "]") { advance(); return }
        while true {
            try value(depth: depth + 1)
            skipSpace()
            if current == UInt8(ascii: "]") { advance(); return }
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
        advance()  // "
        while let b = current {
            switch b {
            case UInt8(ascii: "\""): advance(); return
            case UInt8(ascii: "\\"):
                let escape = mark
                advance()
                guard let e = current else { break }
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    advance()
                case UInt8(ascii: "u"):
                    advance()
                    for _ in 0..<4 {
                        guard let h = current, Self.isHex(h) else {
                            throw error("expected four hex digits after \\u, found \(describeCurrent())")
                        }
                        advance()
                    }
                default:
                    let what = e < 0x80 ? "'\\\(Character(UnicodeScalar(e)))'" : "\\ before \(describeCurrent())"
                    rewind(to: escape)
                    throw error("invalid escape \(what)")
                }
            case 0..<0x20:
                throw error(b == 0x0A ? "line break inside a string" : "control character inside a string (escape it)")
            default: advance()
            }
        }
        rewind(to: start)
        throw error("unterminated string")
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == UInt8(ascii: "_")
    }

    /// Where the reader is, to report an error at a construct's start.
    private var mark: (pos: Int, line: Int, column: Int) { (pos, line, column) }
    private mutating func rewind(to m: (pos: Int, line: Int, column: Int)) { (pos, line, column) = m }

    private static func isHex(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }

    private mutating func digits() -> Int {
        var n = 0
        while let b = current, (0x30...0x39).contains(b) { advance(); n += 1 }
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
