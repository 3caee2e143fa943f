/// A node the block scanner declines (a tab in it, a `?` key, `- - a`…),
/// read by libfyaml alone: its lines, from its first to the first line that
/// ends it, parsed as a document of their own. The rest of the text stays
/// with the scanner, so one such node no longer sends the whole text to
/// libfyaml.
///
/// Invariant: the node's events are those libfyaml gives it in the whole
/// text. Its lines are the same bytes at the same columns, and what follows
/// them ends the node in the whole text too (a line indented no deeper, or
/// the text's end). Whatever could tell the two apart declines the whole
/// text instead (`YAMLBlockScanner.Declined`): a character that breaks a
/// line elsewhere than at a line feed, a byte order mark, a value whose key
/// is before the node (`: value`), a key's value (not its key) with a line
/// starting with a tab, a node that may be left open at the cut
/// (`YAMLBlockText.mayEndOpen`), an error, other nodes than the one asked
/// for (a flow or tagged collection where a member or entry was asked for),
/// and nesting past the scanner's bound. Events carry no marks, as the
/// scanner's do not.
enum YAMLFragment {
    /// The node the scanner declined, by what holds it, and so which line ends it.
    enum Node {
        /// `key: …` in a block mapping indented `indent`: ended by a line indented
        /// less, or as much but for an entry (a sequence at its key's indentation)
        /// or an explicit key's value (`? key` then `: value`).
        case member(indent: Int)
        /// `- …` in a block sequence indented `indent`: ended by a line indented no deeper.
        case entry(indent: Int)
        /// A key's value or an entry's node on the lines after it (or a mapping
        /// there), the block holding it indented `parent`: ended by a line indented no deeper than that block.
        case value(parent: Int)

        var isValue: Bool { if case .value = self { true } else { false } }

        func isEnded(byLineAt indent: Int, entry: Bool, value: Bool) -> Bool {
            switch self {
            case .member(let k): indent < k || indent == k && !entry && !value
            case .entry(let k): indent <= k
            case .value(let parent): indent <= parent
            }
        }
    }

    /// Nodes read alone before `bytesPerNode` applies.
    static let freeNodes = 64
    /// Past `freeNodes`, at most one node read alone per this many bytes of text before it, else the whole
    /// text goes to libfyaml: each node sets up a parser, and denser nodes would cost about as much as
    /// libfyaml reading the whole text (which a late decline then does as well).
    static let bytesPerNode = 1024

    /// A node's lines longer than this decline the whole text: its events are held in one batch
    /// (a key around most of the file, `rows:` with a tab after it, would hold them all).
    static let maximumBytes = 256 << 10

    static func affordable(_ nodes: Int, at offset: Int) -> Bool {
        nodes <= freeNodes || nodes * bytesPerNode <= offset
    }

    /// Reads `node`, whose first line starts at `start`, into `batch`, with
    /// at most `depthLeft` collections open in it past the one holding it;
    /// returns where the line after it starts.
    static func read(
        _ node: Node, from start: Int, in text: YAMLBlockText, into batch: inout YAMLEventBatch, depthLeft: Int
    ) throws -> Int {
        guard let lines = self.lines(of: node, from: start, in: text) else { throw YAMLBlockScanner.Declined() }
        let bytes = text.slice(start, lines.end - start)
        let content = text.skipSpaces(from: start, to: lines.last.upperBound)
        // A `:` starting the node is a value whose key is before it (libfyaml may join a plain scalar there to it).
        // libfyaml reads a line starting with a tab by the indentation around it: a value alone has no key's.
        // A flow mapping or sequence there is a node of its own, not a member or entry of the block around it.
        guard text[content] != UInt8(ascii: ":") || !text.isWhite(after: content, before: lines.last.upperBound),
            node.isValue || text[content] != UInt8(ascii: "{") && text[content] != UInt8(ascii: "["),
            !(lines.tabbed && node.isValue),
            YAMLCharacters.firstForbidden(bytes, markFirst: false, reader: .fragment) == nil,
            !text.mayEndOpen(lines.last)
        else { throw YAMLBlockScanner.Declined() }
        let first = batch.events.count
        do {
            var events = try YAMLEvents(bytes, path: "")
            while try !events.read(into: &batch) {}
            // The scanner's aliases know only the anchors it read: one read here would be hidden from them.
            // A line of blanks with a tab read as a scalar's costs the whole text's reading a restart, which
            // its bound may refuse: that reading decides.
            guard !events.sawAnchors, !events.readLinesAgain else { throw YAMLBlockScanner.Declined() }
            try splice(node, events: first, at: start, in: &batch, depthLeft: depthLeft)
        } catch {
            // Its `.end` must not reach the writer before the decline does.
            batch.events.removeSubrange(first...)
            throw YAMLBlockScanner.Declined()
        }
        return lines.end
    }

    /// The lines of a node read alone.
    struct Lines {
        /// Where the line after them starts.
        var end: Int
        /// The last line that holds a node.
        var last: Range<Int>
        /// Whether a line after the first starts with a tab.
        var tabbed = false
    }

    /// The node's lines: to the first line after its first that holds a node
    /// the node ends at (blank lines and comments never do), or the text's
    /// end; nil past `maximumBytes`.
    static func lines(of node: Node, from start: Int, in text: YAMLBlockText) -> Lines? {
        var lines = Lines(end: text.count, last: start..<(text.bytes.afterLineFeed(from: start) ?? text.count))
        var line = lines.last.upperBound
        while line < text.count {
            guard line - start <= maximumBytes else { return nil }
            let next = text.bytes.afterLineFeed(from: line) ?? text.count
            let content = text.skipSpaces(from: line, to: next)
            lines.tabbed = lines.tabbed || content < next && text[content] == 0x09
            if let first = text.skipWhite(from: content, to: next), text[first] != UInt8(ascii: "#") {
                let white = text.isWhite(after: content, before: next)
                let (entry, value) = (
                    white && text[content] == UInt8(ascii: "-"), white && text[content] == UInt8(ascii: ":")
                )
                if node.isEnded(byLineAt: content - line, entry: entry, value: value) {
                    lines.end = line
                    return lines
                }
                lines.last = line..<next
            }
            line = next
        }
        return text.count - start <= maximumBytes ? lines : nil
    }

    /// The events libfyaml appended from `first` made the node's: marks
    /// cleared, input offsets moved from the node's lines to the text, the
    /// document around them dropped, and for a member or entry the collection
    /// around it too (the scanner has opened it, and closes it).
    private static func splice(
        _ node: Node, events first: Int, at start: Int, in batch: inout YAMLEventBatch, depthLeft: Int
    ) throws {
        var depth = 0
        var deepest = 0
        var children = 0
        for k in first..<batch.events.count {
            let kind = batch.events[k].kind
            switch kind {
            case .scalar, .mappingStart, .sequenceStart:
                if depth == 1 { children += 1 }
                if kind != .scalar {
                    depth += 1
                    deepest = max(deepest, depth)
                }
            case .mappingEnd, .sequenceEnd: depth -= 1
            default: break
            }
            if kind == .mappingEnd || kind == .scalar && batch.events[k].textStart >= 0 {
                batch.events[k].textStart += start
            }
            (batch.events[k].line, batch.events[k].column) = (0, 0)
        }
        // Kinds read by index: a slice of the events kept to the removals below would copy them all.
        func kind(_ k: Int) -> YAMLEvents.Kind { batch.events[k].kind }
        let count = batch.events.count - first
        let wrapping: Int
        switch node {
        case .member, .entry:
            let isMapping = if case .member = node { true } else { false }
            // A tag there was the node's: the block collection around a member or entry has none.
            guard count >= 4, kind(first + 1) == (isMapping ? .mappingStart : .sequenceStart),
                batch.events[first + 1].tag < 0,
                kind(first + count - 2) == (isMapping ? .mappingEnd : .sequenceEnd),
                children == (isMapping ? 2 : 1), deepest - 1 <= depthLeft
            else { throw YAMLBlockScanner.Declined() }
            wrapping = 2
        case .value:
            guard count >= 3, deepest <= depthLeft else { throw YAMLBlockScanner.Declined() }
            wrapping = 1
        }
        guard kind(first) == .documentStart, kind(first + count - 1) == .end else {
            throw YAMLBlockScanner.Declined()
        }
        batch.events.removeLast(wrapping)
        batch.events.removeSubrange(first..<(first + wrapping))
    }
}

extension YAMLBlockText {
    /// A line `acceptedLine` declined, to be read by libfyaml (`YAMLFragment`):
    /// its end and where the next line starts. It declines the whole text if a
    /// character breaks it elsewhere than at its line feed, or it starts with
    /// a byte other than a space or printable ASCII: a tab (libfyaml reads a
    /// blank line or comment after one by the line that follows), U+00A0
    /// (which moves its indentation to a YAML 1.1 reader).
    func declinedLine(from start: Int) throws -> (end: Int, next: Int) {
        let line = bounds(ofLineFrom: start)
        let bytes = slice(start, line.next - start)
        guard YAMLCharacters.firstForbidden(bytes, markFirst: start == 0, reader: .fragment) == nil else {
            throw YAMLBlockScanner.Declined()
        }
        let content = skipSpaces(from: start, to: line.end)
        guard content < line.end, base[content] > 0x20 && base[content] < 0x7F else {
            throw YAMLBlockScanner.Declined()
        }
        return line
    }

    /// The first byte from `start` that is neither a space, a tab nor a line break, or nil.
    func skipWhite(from start: Int, to end: Int) -> Int? {
        var i = start
        while i < end && isWhite(base[i]) { i += 1 }
        return i < end ? i : nil
    }

    func isWhite(after i: Int, before end: Int) -> Bool { i + 1 == end || isWhite(base[i + 1]) }

    private func isWhite(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Whether the line may end with a node left open: an entry's dash, a
    /// key's colon, a `?`, a tag, or a block scalar's header (`|` or `>` and up
    /// to two indicators), before the line's end or a `#` that may start a
    /// comment. libfyaml reads what follows such a line in the whole text
    /// otherwise than the end of a text (`- - a` after `-`, a block scalar's
    /// lines at its key's indentation), so a node ending so is not read alone.
    /// A plain scalar ending so is taken for one.
    func mayEndOpen(_ line: Range<Int>) -> Bool {
        line.contains { i in
            // The last bytes before the line's end or before a `#` after white space.
            guard !isWhite(base[i]), i + 1 == line.upperBound || isWhite(base[i + 1]) else { return false }
            if let after = skipWhite(from: i + 1, to: line.upperBound), base[after] != UInt8(ascii: "#") {
                return false
            }
            var word = i
            while word > line.lowerBound && !isWhite(base[word - 1]) { word -= 1 }
            if base[word] == UInt8(ascii: "!") { return true }
            var k = i
            while k > word && k > i - 2 && "+-0123456789".utf8.contains(base[k]) { k -= 1 }
            return base[k] == UInt8(ascii: "|") || base[k] == UInt8(ascii: ">")
                || "-:?".utf8.contains(base[i])
        }
    }
}

extension YAMLBlockScanner {
    /// How far the events and the open blocks were before a node: what the
    /// scanner made of the node is dropped from there when libfyaml reads it
    /// instead. (Text and tags it added stay unused in the batch.)
    struct Mark {
        let events: Int
        let blocks: Int
    }
}
