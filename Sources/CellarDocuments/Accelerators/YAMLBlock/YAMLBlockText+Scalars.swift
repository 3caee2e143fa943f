/// Scalars as YAML 1.2 reads them (plain 7.3.3, single-quoted 7.3.2,
/// double-quoted 7.3.1 with its escapes 5.7, folded over lines as 6.5 says),
/// for `YAMLBlockScanner`. What the subset leaves out declines: a plain
/// scalar starting with an indicator (in a flow collection, a line it goes
/// on to as well), an escape YAML does not have, and, in a flow mapping,
/// plain text holding `#`, a quote, a bracket or a `:` before one.
extension YAMLBlockText {
    /// A quoted scalar closed on its line, its text in the input when it has no escape, else decoded into `scratch`:
    /// a key when a `:` follows it (in a flow mapping the `:` may touch the value, as after JSON's keys), else the
    /// value ends its line (in a block) or goes on to the flow mapping's `,` or `}`. One not closed on its line is
    /// read with the lines it goes on over (`goingOn`), `next` then the line after them.
    mutating func quoted(
        at open: Int, end: Int, flow: Bool, next: inout Int, past parent: Int, into scratch: inout [UInt8]
    ) throws -> ReadScalar {
        let quote = base[open]
        let escape = quote == UInt8(ascii: "'") ? quote : UInt8(ascii: "\\")
        var i = first(quote, escape, from: open + 1, to: end)
        guard i < end else {
            return try goingOn(at: open, end: end, flow: flow, next: &next, past: parent, into: &scratch)
        }
        var read = ReadScalar(text: (open + 1, i - open - 1), isPlain: false, start: open, isKey: false, next: end)
        // A single quote is an escape (`''`) only when another follows it.
        if base[i] == escape && (quote != escape || (i + 1 < end && base[i + 1] == quote)) {
            let start = scratch.count
            var run = open + 1
            while true {
                scratch.append(contentsOf: slice(run, i - run))
                if quote == escape {
                    guard i + 1 < end, base[i + 1] == quote else { break }
                    scratch.append(quote)
                    run = i + 2
                } else {
                    guard base[i] == escape else { break }
                    // A line break escaped: `quotedLines` reads it.
                    if i + 1 == end {
                        scratch.removeSubrange(start...)
                        return try goingOn(at: open, end: end, flow: flow, next: &next, past: parent, into: &scratch)
                    }
                    guard let after = YAMLQuoted.escape(bytes, at: i, end: end, into: &scratch) else {
                        throw YAMLBlockScanner.Declined()
                    }
                    run = after
                }
                i = first(quote, escape, from: run, to: end)
                guard i < end else {
                    scratch.removeSubrange(start...)
                    return try goingOn(at: open, end: end, flow: flow, next: &next, past: parent, into: &scratch)
                }
            }
            read.text = (-1 - start, scratch.count - start)
        }
        let j = skipSpaces(from: i + 1, to: end)
        if j < end && base[j] == UInt8(ascii: ":") && (flow || j + 1 == end || base[j + 1] == UInt8(ascii: " ")) {
            read.isKey = true
            read.next = j + 1
        } else if flow {
            read.next = j
        } else {
            guard isBlankOrComment(from: i + 1, to: end) else { throw YAMLBlockScanner.Declined() }
        }
        return read
    }

    /// A quoted scalar not closed on its line (`quotedLines`). In a flow collection it is no key, and reading goes on
    /// past its closing quote, on a later line (the caller reads that line's end: `YAMLBlockScanner.value`).
    @inline(never)
    private mutating func goingOn(
        at open: Int, end: Int, flow: Bool, next: inout Int, past parent: Int, into out: inout [UInt8]
    ) throws -> ReadScalar {
        let start = out.count
        let (close, closeEnd, after) = try quotedLines(at: open, end: end, next: next, past: parent, into: &out)
        guard flow || isBlankOrComment(from: close + 1, to: closeEnd) else { throw YAMLBlockScanner.Declined() }
        next = after
        return ReadScalar(
            text: (-1 - start, out.count - start), isPlain: false, start: open, isKey: false,
            next: flow ? close + 1 : end)
    }

    /// A quoted scalar that goes on past the line of `open`, each line after the first indented deeper than `parent`
    /// or empty: its text decoded into `out` (`YAMLQuoted`); its closing quote and that quote's line returned.
    mutating func quotedLines(
        at open: Int, end firstEnd: Int, next firstNext: Int, past parent: Int, into out: inout [UInt8]
    ) throws -> (close: Int, end: Int, next: Int) {
        let quote = base[open]
        var (i, end, next) = (open + 1, firstEnd, firstNext)
        while true {
            if let close = closingQuote(quote, from: i, end: end) {
                i = close
                break
            }
            (i, end, next) = try nextQuotedLine(from: next, past: parent)
        }
        guard let text = YAMLQuoted.decode(slice(open + 1, i - open - 1), double: quote == UInt8(ascii: "\"")) else {
            throw YAMLBlockScanner.Declined()
        }
        out.append(contentsOf: text)
        return (i, end, next)
    }

    /// The `quote` closing a scalar quoted with it, from `start` to the line's `end`, or nil when the line
    /// ends inside the scalar (after an escape's `\`, or not).
    func closingQuote(_ quote: UInt8, from start: Int, end: Int) -> Int? {
        let escape = quote == UInt8(ascii: "'") ? quote : UInt8(ascii: "\\")
        var i = start
        while true {
            i = first(quote, escape, from: i, to: end)
            if i + 1 >= end && (i == end || base[i] == escape && quote != escape) { return nil }
            if base[i] == quote && (quote != escape || i + 1 == end || base[i + 1] != quote) { return i }
            // An escape's first two bytes: `''`, or `\` and the character after it.
            i += 2
        }
    }

    /// The next line of a quoted scalar with text from `start`, past empty
    /// lines, indented deeper than `parent`: where its text starts and ends,
    /// and where the line after it starts. A document marker declines (in a
    /// document that is one flow collection, `parent` lets it through).
    private mutating func nextQuotedLine(from start: Int, past parent: Int) throws -> (text: Int, end: Int, next: Int) {
        var emptyLines = 0
        if let (pos, content, end, next) = try nextTextLine(from: start, past: parent, emptyLines: &emptyLines),
            content - pos > parent, content > pos || !isDocumentMarker(at: pos, end: end)
        {
            return (content, end, next)
        }
        throw YAMLBlockScanner.Declined()
    }

    /// A plain scalar on its line: up to a `:` and a space (a key), a space
    /// and `#` (a comment) or the line's end; in a flow collection (`closer`
    /// its closing bracket), up to `,` or `closer`, declining at any other
    /// bracket. Trailing spaces are not its text.
    func plain(at i: Int, end: Int, closer: UInt8?) throws -> ReadScalar {
        guard i < end, startsPlain(at: i, end: end) else { throw YAMLBlockScanner.Declined() }
        var stop = end
        var isKey = false
        var j = i
        if let closer {
            scan: while j < end {
                if base[j] == UInt8(ascii: ",") || base[j] == closer { break scan }
                switch base[j] {
                case UInt8(ascii: ":"):
                    guard j + 1 < end else { throw YAMLBlockScanner.Declined() }
                    switch base[j + 1] {
                    case UInt8(ascii: " "):
                        isKey = true
                        break scan
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "["), UInt8(ascii: "{"):
                        throw YAMLBlockScanner.Declined()
                    default: j += 1
                    }
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"),
                    UInt8(ascii: "\""), UInt8(ascii: "'"):
                    throw YAMLBlockScanner.Declined()
                default: j += 1
                }
            }
            stop = j
        } else {
            stop = keyOrComment(from: i, to: end)
            isKey = stop < end && base[stop] == UInt8(ascii: ":")
        }
        var last = stop
        while last > i && base[last - 1] == UInt8(ascii: " ") { last -= 1 }
        let next = isKey ? stop + 1 : closer != nil ? stop : end
        return ReadScalar(text: (i, last - i), isPlain: true, start: i, isKey: isKey, next: next)
    }

    /// The lines from `start` that go on a plain scalar in a block indented `parent` (YAML 1.2, 7.3.3 and 6.5):
    /// each indented deeper, its spaces around it not its text, joined to the one before by a space, or by a line
    /// feed for each empty line between them; with at least one, `first` and they are appended to `out`. Returns
    /// where the line after them starts (`start`: none goes on). A line with `: ` or ` #` in it declines; one may
    /// start with an indicator (YAML restricts a scalar's first character only).
    mutating func plainLines(
        from start: Int, past parent: Int, first firstLine: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]
    ) throws -> Int {
        var taken = start
        var emptyLines = 0
        while let (pos, content, end, next) = try nextTextLine(from: taken, past: parent, emptyLines: &emptyLines) {
            // A comment line ends the scalar; the scanner reads on from it.
            guard content - pos > parent, base[content] != UInt8(ascii: "#") else { break }
            guard keyOrComment(from: content, to: end) == end else { throw YAMLBlockScanner.Declined() }
            var last = end
            while base[last - 1] == UInt8(ascii: " ") { last -= 1 }
            if taken == start { out.append(contentsOf: firstLine) }
            out.appendFold(lineFeeds: emptyLines, orSpace: true)
            out.append(contentsOf: slice(content, last - content))
            emptyLines = 0
            taken = next
        }
        return taken
    }

    /// The lines from `start` that go on a plain scalar in a flow collection closed by `closer` (PyYAML wraps long
    /// text so): each indented deeper than `parent` and joined as in a block (`plainLines`), up to the `,` or
    /// `closer` after it. With at least one, `first` and they are appended to `out`, and that separator (or a
    /// comment after it) is returned; nil when the next line with text starts with either (the scalar ended with its
    /// line). A line starting with other than a letter, digit or non-ASCII character declines, as does what `plain`
    /// declines in a flow collection.
    mutating func flowPlainLines(
        from start: Int, past parent: Int, closer: UInt8, first firstLine: UnsafeBufferPointer<UInt8>,
        into out: inout [UInt8]
    ) throws -> (stop: Int, end: Int, next: Int)? {
        var pos = start
        var emptyLines = 0
        var taken = false
        while let (lineStart, content, end, next) = try nextTextLine(from: pos, past: parent, emptyLines: &emptyLines) {
            let b = base[content]
            if b == UInt8(ascii: ",") || b == closer || b == UInt8(ascii: "#") {
                guard taken else { return nil }
                // As `YAMLBlockScanner.nextFlowLine` asks of a token on a line of its own.
                guard content - lineStart > parent else { throw YAMLBlockScanner.Declined() }
                return (content, end, next)
            }
            guard content - lineStart > parent, b >= 0x80 || Self.isWordCharacter(b) && b != UInt8(ascii: "-") else {
                throw YAMLBlockScanner.Declined()
            }
            let read = try plain(at: content, end: end, closer: closer)
            guard !read.isKey else { throw YAMLBlockScanner.Declined() }
            if !taken { out.append(contentsOf: firstLine) }
            taken = true
            out.appendFold(lineFeeds: emptyLines, orSpace: true)
            out.append(contentsOf: slice(read.text.start, read.text.count))
            emptyLines = 0
            if read.next < end { return (read.next, end, next) }
            pos = next
        }
        throw YAMLBlockScanner.Declined()
    }

    /// The next line from `start` with more than spaces, the lines of spaces before it added to
    /// `emptyLines`: where it starts, its text, its end and where the line after it starts; nil at the end.
    /// A line the scanner does not read is returned only when it is indented no deeper than `parent`, so
    /// that it goes on no text (its bytes are not read here): a line of blanks whose tab stands there is a
    /// comment, which ends a plain scalar in a block.
    @inline(__always)
    private mutating func nextTextLine(from start: Int, past parent: Int, emptyLines: inout Int) throws -> (
        start: Int, content: Int, end: Int, next: Int
    )? {
        var pos = start
        while pos < count {
            guard let (end, next) = acceptedLine(from: pos) else {
                let line = bounds(ofLineFrom: pos)
                let content = skipSpaces(from: pos, to: line.end)
                guard content < line.end, content - pos <= parent,
                    base[content] != 0x09 || LibFYAMLParser.blankLineTab(from: pos, in: bytes) != nil
                else { throw YAMLBlockScanner.Declined() }
                return (pos, content, line.end, line.next)
            }
            let content = skipSpaces(from: pos, to: end)
            if content < end { return (pos, content, end, next) }
            emptyLines += 1
            pos = next
        }
        return nil
    }

    /// The first `: ` (or `:` and a tab, `tabbedLine`), `:` ending
    /// the line, or ` #` from `start` (a plain scalar in a block ends there:
    /// `a:b` and `a#b` are its text), or `end`.
    @inline(__always)
    func keyOrComment(from start: Int, to end: Int) -> Int {
        var j = start
        while true {
            j = first(UInt8(ascii: ":"), UInt8(ascii: "#"), from: j, to: end)
            if j == end { return end }
            if base[j] == UInt8(ascii: ":")
                ? j + 1 == end || base[j + 1] == 0x20 || base[j + 1] == 0x09 : base[j - 1] == 0x20
            {
                return j
            }
            j += 1
        }
    }

    /// `!!name` and a space: a tag in YAML's secondary handle whose name is
    /// letters, digits and `-` (the core schema's are), and where the node after
    /// it starts. Any other tag declines.
    func secondaryTag(at i: Int, end: Int) throws -> (name: UnsafeBufferPointer<UInt8>, next: Int) {
        guard i + 2 < end, base[i] == UInt8(ascii: "!"), base[i + 1] == UInt8(ascii: "!") else {
            throw YAMLBlockScanner.Declined()
        }
        var j = i + 2
        while j < end && Self.isWordCharacter(base[j]) { j += 1 }
        guard j > i + 2, j < end, base[j] == UInt8(ascii: " ") else { throw YAMLBlockScanner.Declined() }
        return (slice(i + 2, j - i - 2), skipSpaces(from: j, to: end))
    }

    /// The name after the `&` or `*` at `i` and where it ends, at a space,
    /// the line's end or, in a flow collection, `,`, `]` or `}`: letters,
    /// digits, `-`, `_` and `.` (PyYAML writes `id001`). Any other name declines.
    func anchorName(at i: Int, end: Int, flow: Bool) throws -> (name: String, next: Int) {
        var j = i + 1
        while j < end && (Self.isWordCharacter(base[j]) || base[j] == UInt8(ascii: "_") || base[j] == UInt8(ascii: "."))
        {
            j += 1
        }
        guard j > i + 1, j == end || base[j] == UInt8(ascii: " ") || flow && ",]}".utf8.contains(base[j]) else {
            throw YAMLBlockScanner.Declined()
        }
        return (String(decoding: slice(i + 1, j - i - 1), as: UTF8.self), j)
    }

    /// A letter, digit or `-` (YAML's `ns-word-char`).
    static func isWordCharacter(_ b: UInt8) -> Bool {
        let letter = b | 0x20
        return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
    }

    /// Whether a plain scalar may start at `i`: not with an indicator, but
    /// `-` before a character that may follow it.
    func startsPlain(at i: Int, end: Int) -> Bool {
        switch base[i] {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: " "):
            return false
        case UInt8(ascii: "-"):
            guard i + 1 < end else { return false }
            // A tab after `-` is white space as a space is: the `-` is an entry's, not a scalar's first character.
            switch base[i + 1] {
            case UInt8(ascii: " "), 0x09, UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"):
                return false
            default: return true
            }
        default: return true
        }
    }
}
