import CellarText

/// Quoting slips: a quoted text closed early (text after its quote, an apostrophe in single quotes) or never, an
/// escape double quotes do not know, a text starting with a character YAML keeps for itself. Each is said with
/// the line as meant where the line can be written out plainly (a key's value on its line, no other quote).
extension YAMLMistakes {
    static let quoteProblems: Set<String> = [
        "double-quoted scalar without closing quote", "single-quoted scalar without closing quote",
        "wrongly indented double-quoted scalar", "wrongly indented single-quoted scalar",
    ]
    static let escapeProblems: Set<String> = [
        "double-quoted scalar has invalid hex escape", "double-quoted scalar has invalid UTF8 escape",
    ]
    static let reservedStart = "plain scalar cannot start with '"

    /// Text after a quoted scalar's closing quote on its line (`text: "Apples" and pears`): the whole text goes
    /// inside the quotes. An apostrophe that closed a single-quoted text (`'it's'`) is said at the apostrophe.
    static func textAfterQuotes(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (message: String, offset: Int) {
        let said =
            "this follows the closing quote of a quoted text, which holds all of its text: put the whole "
            + "text inside the quotes"
        let start = ByteLocation.lineStart(of: offset, in: text)
        var close = offset
        while close > start, text[close - 1] == 0x20 || text[close - 1] == 0x09 { close -= 1 }
        close -= 1
        guard close > start, text[close] == doubleQuote || text[close] == singleQuote else { return (said, offset) }
        let end = contentEnd(from: offset, in: text)
        let after = text[(close + 1)..<end]
        // A key's value that opens on the line, with no escape: the line meant can be written out.
        let key = keyStart(start, in: text)
        let open = keyColon(in: key..<close, of: text).map { valueStart(after: $0, in: text) }
        let plain = open.map { $0 < close && text[$0] == text[close] && !text[key..<end].contains(backslash) } ?? false
        // JSON's habit: a comma after each value of a block collection.
        if after.contains(UInt8(ascii: ",")), after.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ",") })
        {
            let comma =
                "a ',' separates items only inside a flow mapping ({…}) or list ([…]); in a block one each item "
                + "is on a line of its own: take the ',' out"
            guard plain, let open else { return (comma, offset) }
            return (
                comma + suggestion(key..<open, String(decoding: text[open...close], as: UTF8.self), in: text), offset
            )
        }
        guard plain, let open else { return (said, offset) }
        if text[close] == singleQuote, after.last == singleQuote {
            let inner = Array(text[(open + 1)..<(end - 1)])
            let meant =
                inner.contains(doubleQuote)
                ? "'" + String(decoding: inner, as: UTF8.self).replacing("'", with: "''") + "'"
                : "\"" + String(decoding: inner, as: UTF8.self) + "\""
            return (
                "this apostrophe ends the single-quoted text: inside single quotes an apostrophe is written twice "
                    + "(''), or the text is put in double quotes" + suggestion(key..<open, meant, in: text), close
            )
        }
        guard !after.contains(where: { "\"'#:{}[],".utf8.contains($0) }) else { return (said, offset) }
        let quote = String(UnicodeScalar(text[close]))
        let meant = String(decoding: text[open..<close], as: UTF8.self) + String(decoding: after, as: UTF8.self) + quote
        return (said + suggestion(key..<open, meant, in: text), offset)
    }

    /// A quote not closed on its line, at the quote (libfyaml marks the text after it, or, when a later line is
    /// less indented, the quote). Nil when the line closes it: the slip is another.
    static func unclosedQuote(near offset: Int, in text: UnsafeBufferPointer<UInt8>, problem: String)
        -> (message: String, offset: Int)?
    {
        let mark = problem.contains("double") ? doubleQuote : singleQuote
        let quote = offset < text.count && text[offset] == mark ? offset : offset - 1
        guard quote >= 0, quote < text.count, text[quote] == mark else { return nil }
        let lineEnd = ByteLocation.lineEnd(from: quote, in: text)
        var i = quote + 1
        while i < lineEnd {
            if text[i] == text[quote] { return nil }
            i += text[i] == backslash && text[quote] == doubleQuote ? 2 : 1
        }
        var said = "this quote opens a text that is not closed on its line: end the text with the same quote"
        var end = lineEnd
        while end > quote + 1, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        let key = keyStart(ByteLocation.lineStart(of: quote, in: text), in: text)
        if let colon = keyColon(in: key..<quote, of: text), valueStart(after: colon, in: text) == quote,
            end > quote + 1,
            !text[(quote + 1)..<end].contains(where: { $0 == mark || $0 == backslash || $0 == UInt8(ascii: "#") })
        {
            said += suggestion(
                key..<quote, String(decoding: text[quote..<end], as: UTF8.self) + String(UnicodeScalar(mark)), in: text)
        }
        if problem.hasPrefix("wrongly") {
            said += "; a quoted text goes on to its next line only when that line is indented past its key"
        }
        return (said, quote)
    }

    /// How double quotes read a backslash, and the value in single quotes, which keep it, when that reads the
    /// same otherwise: no quote in it, and no escape double quotes know but `\x`, `\u` and `\U` (a path's).
    static func escapeAdvice(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
        let said =
            "; inside double quotes a backslash starts an escape (\\n, \\\", \\\\…): write \\\\ for a backslash, "
            + "or put the text in single quotes"
        let lineEnd = ByteLocation.lineEnd(from: min(offset, text.count), in: text)
        let key = keyStart(ByteLocation.lineStart(of: min(offset, text.count), in: text), in: text)
        // libfyaml's mark is past the key, but a mark is not trusted to bound a range.
        guard key <= min(offset, lineEnd), let colon = keyColon(in: key..<min(offset, lineEnd), of: text),
            case let open = valueStart(after: colon, in: text), open < offset, text[open] == doubleQuote
        else { return said }
        var close = open + 1
        while close < lineEnd, text[close] != doubleQuote {
            if text[close] == backslash {
                guard close + 1 < lineEnd,
                    "xuU".utf8.contains(text[close + 1]) || !knownEscapes.contains(text[close + 1])
                else { return said }
            }
            close += 1
        }
        let inner = text[(open + 1)..<min(close, lineEnd)]
        guard close < lineEnd, contentEnd(from: close + 1, in: text) == close + 1, !inner.contains(singleQuote)
        else { return said }
        return said + suggestion(key..<open, "'" + String(decoding: inner, as: UTF8.self) + "'", in: text)
    }

    /// A plain value starting with `@`, `` ` `` or `%`, which YAML keeps for itself: quoted, it is text.
    static func reservedStart(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
        guard offset < text.count else { return "this text must be quoted" }
        var said = "a text that starts with '\(Character(UnicodeScalar(text[offset])))' must be quoted"
        let start = ByteLocation.lineStart(of: offset, in: text)
        let key = keyStart(start, in: text)
        let end = contentEnd(from: offset, in: text)
        if key <= offset, let colon = keyColon(in: key..<offset, of: text),
            valueStart(after: colon, in: text) == offset,
            !text[start..<end].contains(where: { "\"'\\[]{}".utf8.contains($0) })
        {
            said += suggestion(
                key..<offset, "\"" + String(decoding: text[offset..<end], as: UTF8.self) + "\"", in: text)
        }
        return said
    }

    /// ` (key: value)`: the key as written (its `: ` and blanks after in `keyAndColon`), then the value meant
    /// (`shown`); nothing when the key is in a flow mapping.
    private static func suggestion(_ keyAndColon: Range<Int>, _ value: String, in text: UnsafeBufferPointer<UInt8>)
        -> String
    {
        guard !text[keyAndColon].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) else {
            return ""
        }
        var key = keyAndColon.upperBound
        while key > keyAndColon.lowerBound, text[key - 1] != UInt8(ascii: ":") { key -= 1 }
        let written = String(decoding: text[keyAndColon.lowerBound..<key], as: UTF8.self) + " " + value
        return shown(written)
    }

    /// Where a key's value starts on its line: past the blanks after its `:`.
    static func valueStart(after colon: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var i = colon + 1
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        return i
    }

    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")
    /// The characters after a backslash that double quotes read as an escape (YAML 1.2, 5.7).
    private static let knownEscapes = Set("0abtnvfre \t/\\\"N_LPxuU".utf8)
}
