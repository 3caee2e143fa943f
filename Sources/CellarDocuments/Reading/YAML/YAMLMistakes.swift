import CellarText

/// The commonest mistakes in a hand-written YAML table, said in a table writer's words where libfyaml names
/// them in a parser's, and placed on the line to fix where libfyaml's mark is elsewhere. Each rule matches one
/// of libfyaml's messages and holds for every text that message is given for; a rule whose text it cannot
/// read (no key before the value, a quote in it) leaves libfyaml's message as it is.
enum YAMLMistakes {
    /// The message and offset to report instead of libfyaml's `problem` at `offset`, or nil.
    static func explained(_ problem: String, at offset: Int, in text: UnsafeBufferPointer<UInt8>)
        -> (message: String, offset: Int)?
    {
        guard offset >= 0, offset <= text.count else { return nil }
        switch problem {
        case "invalid nested block mapping on the same line":
            // At a second `: ` on a line, as in `text: Time: 10:30`.
            return (secondColon(at: offset, in: text), offset)
        case "invalid multiline plain key":
            return overIndentedKey(valueAt: offset, in: text) ?? missingColon(at: offset, in: text).map { ($0, offset) }
        case "invalid trailing content after double-quoted scalar",
            "invalid trailing content after single-quoted scalar":
            return textAfterQuotes(at: offset, in: text)
        case "could not find expected ':'", "invalid value after mapping", "missing ':'":
            if let message = missingColon(at: offset, in: text) { return (message, offset) }
        case _ where quoteProblems.contains(problem):
            if let quote = unclosedQuote(near: offset, in: text, problem: problem) {
                return quote
            }
        case _ where escapeProblems.contains(problem) || problem.hasPrefix("invalid escape '"):
            return (problem + escapeAdvice(at: offset, in: text), offset)
        case _ where problem.hasPrefix(reservedStart) && problem.count == reservedStart.count + 2:
            return (reservedStart(at: offset, in: text), offset)
        default:
            break
        }
        let start = ByteLocation.lineStart(of: offset, in: text)
        // libfyaml marks a directive's error at its argument; the directive starts at its `%`.
        if problem.contains("directive"), start < text.count, text[start] == UInt8(ascii: "%") {
            let message =
                problem == "missing explicit document end marker before directive(s)"
                ? "a directive after a document needs the document's end marker first ('...' on a line of its own)"
                : problem
            return (message, start)
        }
        var before = offset
        while before > start, text[before - 1] == 0x20 || text[before - 1] == 0x09 { before -= 1 }
        if before > start {
            // Mid-line: only text after a flow collection that closed on this line is said otherwise.
            let close = text[before - 1]
            guard close == UInt8(ascii: "}") || close == UInt8(ascii: "]"), misplacedLine.contains(problem) else {
                return nil
            }
            let what = close == UInt8(ascii: "}") ? "mapping" : "list"
            var first = start
            while text[first] == 0x20 || text[first] == 0x09 { first += 1 }
            let inItem = text[first] == UInt8(ascii: "-") && isBlank(text, first + 1)
            return (
                "this follows the '\(Character(UnicodeScalar(close)))' that closes a flow \(what) on its line, "
                    + "where only a comment may follow"
                    + (inItem ? "; a list's next item goes on a line of its own, after '- '" : ""),
                offset
            )
        }
        let isDash = offset + 1 < text.count && text[offset] == UInt8(ascii: "-") && isBlank(text, offset + 1)
        // The line above that this one's column falls under: its first token at or left of the column.
        let column = offset - start
        let above = lineAbove(start, atOrLeftOf: column, in: text)
        let aboveIsItem = above.map { text[$0.token] == UInt8(ascii: "-") && isBlank(text, $0.token + 1) } ?? false
        // A key above in this column written without `: ` and with a comment after it: libfyaml marks this line.
        if Self.afterKeyWithoutColon.contains(problem), let above, case let key = keyStart(above.token, in: text),
            Self.column(of: key, in: text) == column, let message = missingColon(at: key, in: text)
        {
            return (message, key)
        }
        switch problem {
        case "invalid indentation in mapping":
            return (
                "this key lines up with the keys of no mapping around it; keys of one mapping start in one column",
                offset
            )
        case "wrong indendation in sequence while in mapping", "wrong indentation in sequence while in mapping",
            "wrongly indented sequence item":
            return (
                "this '-' is not in the column of the list's items above it; items of one list start in one column",
                offset
            )
        case "did not find expected '-' indicator"
        where aboveIsItem && (above?.column ?? column) < column && itemContent(above?.token ?? 0, in: text) > column:
            return (
                "this line is indented more than the '-' of the list item above it but less than that item's content",
                offset
            )
        case "did not find expected key"
        where isDash
            && (aboveIsItem ? itemContent(above?.token ?? 0, in: text) == column : above?.column == column):
            return (
                "this '-' is in the column of a mapping's keys, not of a list's items; items of one list start in one column",
                offset
            )
        case "invalid mapping in plain multiline":
            // The document's first line was indented, and a key left of it follows.
            guard let first = firstLine(of: text), first.column > column else { return nil }
            let at = ByteLocation.location(of: first.token, in: text, path: "")
            return (
                "this key is indented less than the table's first line (at \(at.line):\(at.column ?? 1)); "
                    + "the table's own keys start in one column", offset
            )
        case "invalid scalar at the end of block sequence" where above?.column == column && aboveIsItem:
            return (
                "this line is in the column of the '-' of the list above it but is no item ('- '); an item's keys line up with its first key, after the '- '",
                offset
            )
        default:
            return nil
        }
    }

    private static let afterKeyWithoutColon: Set<String> = [
        "did not find expected '-' indicator", "invalid indentation in mapping", "invalid mapping in plain multiline",
    ]

    /// libfyaml's messages for a line out of place, which it also gives for text after a flow collection.
    private static let misplacedLine: Set<String> = [
        "invalid scalar at the end of block sequence", "did not find expected '-' indicator",
        "invalid value after mapping", "did not find expected key", "invalid indentation in mapping",
    ]

    /// The line's first key and the value after it, quoted in the advice when they read plainly.
    private static func secondColon(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
        let advice = "a value holding ':' before a space or the line's end must be quoted"
        var i = ByteLocation.lineStart(of: offset, in: text)
        // Past the indentation and any `- ` before the key.
        while i < offset, text[i] == 0x20 || (text[i] == UInt8(ascii: "-") && i + 1 < offset && text[i + 1] == 0x20) {
            i += 1
        }
        let key = i
        while i < offset, !(text[i] == UInt8(ascii: ":") && isBlank(text, i + 1)) { i += 1 }
        let colon = i
        i = valueStart(after: colon, in: text)
        let end = contentEnd(from: i, in: text)
        guard colon < offset, colon > key, i <= offset, end > offset else { return advice }
        // A quoted, flow or tagged value is not text that quotes would keep: the `:` after it is a stray one.
        guard !"\"'[{&*!|>".utf8.contains(text[i]) else {
            return "this ':' makes a key of the value before it, and a mapping cannot start on the line of its key"
        }
        let value = Array(text[i..<end])
        guard colon - key <= 40, value.count <= 60, !value.contains(UInt8(ascii: "\"")),
            !value.contains(UInt8(ascii: "\\")), text[key] != UInt8(ascii: "\""), text[key] != UInt8(ascii: "'")
        else { return advice }
        let written =
            String(decoding: text[key..<colon], as: UTF8.self) + ": \""
            + String(decoding: value, as: UTF8.self) + "\""
        return advice + shown(written)
    }

    /// A key on a line indented more than the key before it continues that key's plain value, which then ends
    /// in `:` as a key over lines. Reported at the line that holds the `:`, when the value follows a key on
    /// its first line (in a block mapping: no bracket before it).
    private static func overIndentedKey(valueAt offset: Int, in text: UnsafeBufferPointer<UInt8>)
        -> (message: String, offset: Int)?
    {
        let start = ByteLocation.lineStart(of: offset, in: text)
        var before = offset
        while before > start, text[before - 1] == 0x20 || text[before - 1] == 0x09 { before -= 1 }
        // Past the value's anchor or tag (`text: &name value`), each a word after a blank.
        while before > start {
            var word = before
            while word > start, text[word - 1] != 0x20, text[word - 1] != 0x09 { word -= 1 }
            guard word < before, text[word] == UInt8(ascii: "&") || text[word] == UInt8(ascii: "!") else { break }
            before = word
            while before > start, text[before - 1] == 0x20 || text[before - 1] == 0x09 { before -= 1 }
        }
        guard before > start, text[before - 1] == UInt8(ascii: ":"),
            !text[start..<before].contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") })
        else { return nil }
        var i = offset
        while i < text.count, !(text[i] == UInt8(ascii: ":") && isBlank(text, i + 1)) {
            if text[i] == UInt8(ascii: "#"), i > offset, text[i - 1] == 0x20 || text[i - 1] == 0x09 { return nil }
            i += 1
        }
        guard i < text.count else { return nil }
        var line = ByteLocation.lineStart(of: i, in: text)
        guard line > start else { return nil }
        while text[line] == 0x20 || text[line] == 0x09 { line += 1 }
        let value = ByteLocation.location(of: offset, in: text, path: "")
        return (
            "this line is indented more than the key above it, so it continues that key's value (at "
                + "\(value.line):\(value.column ?? 1)) and cannot hold a key; keys of one mapping start in one column",
            line
        )
    }

    /// A key line without `: ` (`text Apples`, `text:Apples`) is text, which the key on the next line (or the
    /// mapping's end) then refuses. Said when libfyaml marks the line's first token, past any `- `.
    private static func missingColon(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String? {
        let start = ByteLocation.lineStart(of: offset, in: text)
        var i = start
        while i < offset, text[i] == 0x20 || (text[i] == UInt8(ascii: "-") && isBlank(text, i + 1)) { i += 1 }
        guard i == offset, offset < text.count, !"-?#\"'[]{}&*!|>%@`,:".utf8.contains(text[offset]) else {
            return nil
        }
        let end = contentEnd(from: offset, in: text)
        guard end > offset, keyColon(in: offset..<end, of: text) == nil else { return nil }
        // In a mapping's keys' column: a key's on the line above, or on the line below when this is the first.
        let column = offset - start
        let above = lineAbove(start, atOrLeftOf: column, in: text).map { keyStart($0.token, in: text) }
        let below = lineBelow(offset, in: text).map { keyStart($0, in: text) }.flatMap { key in
            keyColon(in: key..<contentEnd(from: key, in: text), of: text) == nil ? nil : key
        }
        guard [above, below].contains(where: { $0.map { Self.column(of: $0, in: text) } == column }) else { return nil }
        var said =
            "this line has no ': ' after a key, so it reads as text where a key must be; a key and its value "
            + "are written 'key: value'"
        var word = offset
        while word < end, text[word] == UInt8(ascii: "_") || isASCIILetterOrDigit(text[word]) { word += 1 }
        var value = word + 1
        while value < end, text[value] == 0x20 { value += 1 }
        if word > offset, value < end, end - offset <= 80, text[word] == 0x20 || text[word] == UInt8(ascii: ":") {
            let written =
                String(decoding: text[offset..<word], as: UTF8.self) + ": "
                + String(decoding: text[value..<end], as: UTF8.self)
            said += (text[word] == UInt8(ascii: ":") ? ", with a space after the ':'" : "") + shown(written)
        }
        // A line of its own under a key's plain value may have been meant to go on with it.
        if text[start..<offset].allSatisfy({ $0 == 0x20 }), let above, Self.column(of: above, in: text) == column,
            hasPlainValue(key: above, in: text)
        {
            said += "; or, to go on with the value above, indent this line past its key"
        }
        return said
    }

    /// ` (line)`: a line as meant, shown whole; nothing when an excerpt would cut it, as a cut line cannot be
    /// put back in the file.
    static func shown(_ line: String) -> String {
        line.count <= Sanitizer.excerptLength ? " (\(Sanitizer.excerpt(line)))" : ""
    }

    /// Where the line of `token` holds its key: past any `- `.
    static func keyStart(_ token: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var i = token
        while i < text.count, text[i] == 0x20 || (text[i] == UInt8(ascii: "-") && isBlank(text, i + 1)) { i += 1 }
        return i
    }

    /// The first token of the next line that holds one (blank and comment lines passed over).
    private static func lineBelow(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var line = ByteLocation.lineEnd(from: offset, in: text) + 1
        while line < text.count {
            var token = line
            while token < text.count, text[token] == 0x20 { token += 1 }
            let end = ByteLocation.lineEnd(from: token, in: text)
            if token < end, text[token] != UInt8(ascii: "#"), text[token] != 0x09 { return token }
            line = end + 1
        }
        return nil
    }

    /// Whether the key at `i` has a plain value after it on its line.
    private static func hasPlainValue(key i: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = ByteLocation.lineEnd(from: i, in: text)
        guard let colon = keyColon(in: i..<end, of: text) else { return false }
        var value = colon + 1
        while value < end, text[value] == 0x20 { value += 1 }
        return value < end && !"#|>\"'[{&*!".utf8.contains(text[value])
    }

    private static func isASCIILetterOrDigit(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            || b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }

    /// The nearest line above the one at `start` whose first token stands at or left of `column` (blank and
    /// comment lines passed over): the token's offset and its column.
    private static func lineAbove(_ start: Int, atOrLeftOf column: Int, in text: UnsafeBufferPointer<UInt8>)
        -> (token: Int, column: Int)?
    {
        var end = start
        while end > 0 {
            let line = ByteLocation.lineStart(of: end - 1, in: text)
            var token = line
            while token < end - 1, text[token] == 0x20 { token += 1 }
            let blank = token >= end - 1 || text[token] == 0x0A || text[token] == 0x0D || text[token] == 0x09
            if !blank && text[token] != UInt8(ascii: "#") && token - line <= column { return (token, token - line) }
            end = line
        }
        return nil
    }

    /// The first token of the document, past a byte order mark and blank, comment, directive and `---` lines.
    private static func firstLine(of text: UnsafeBufferPointer<UInt8>) -> (token: Int, column: Int)? {
        var line = text.byteOrderMarkLength
        while line < text.count {
            var token = line
            while token < text.count, text[token] == 0x20 { token += 1 }
            let end = ByteLocation.lineEnd(from: token, in: text)
            let rest = text[token..<end]
            let marker = rest.starts(with: "---".utf8) && (rest.count == 3 || isBlank(text, token + 3))
            if !(rest.isEmpty || text[token] == UInt8(ascii: "#") || text[token] == UInt8(ascii: "%") || marker) {
                return (token, token - line)
            }
            line = end < text.count ? end + 1 : end
        }
        return nil
    }

    /// The column of an item's content: past its `-` and the blanks after it.
    private static func itemContent(_ dash: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var i = dash + 1
        while i < text.count, text[i] == 0x20 { i += 1 }
        return Self.column(of: i, in: text)
    }

    /// Where the line's text from `i` ends: before a comment (a `#` after a blank) and the blanks before that.
    static func contentEnd(from i: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var end = i
        while end < text.count, text[end] != 0x0A, text[end] != 0x0D,
            !(end > 0 && text[end] == UInt8(ascii: "#") && (text[end - 1] == 0x20 || text[end - 1] == 0x09))
        {
            end += 1
        }
        while end > i, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        return end
    }

    /// The first `:` in `range` that ends a key (a blank or the line's end after it).
    static func keyColon(in range: Range<Int>, of text: UnsafeBufferPointer<UInt8>) -> Int? {
        range.first { text[$0] == UInt8(ascii: ":") && isBlank(text, $0 + 1) }
    }

    /// The column of `offset` on its line, in bytes.
    private static func column(of offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        offset - ByteLocation.lineStart(of: offset, in: text)
    }

    /// Whether `i` is past the text or at a space, a tab or a line break: where a `:` before it ends a key.
    static func isBlank(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i >= text.count || text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D
    }
}
