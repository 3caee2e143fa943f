import Cellar
import CellarText

/// The accelerator of YAML's one reader (`YAMLToJSON`): the events of a table
/// in the common block subset of YAML, read from the bytes a line at a time;
/// libfyaml (`YAMLEvents`) is the plain twin.
///
/// The subset: block mappings and sequences (an entry's mapping on the entry's
/// line, a sequence under a key at the key's indentation), flow mappings of
/// scalars and flow collections and flow sequences of flow mappings and
/// scalars (on one line, or over lines deeper than their block; a document
/// that is one, as a JSON text is, at any column), quoted and plain scalars
/// (in a block, a value or entry may go on over more-indented lines), a
/// mapping's value as a literal or folded block scalar in its common forms
/// (`YAMLBlockText+BlockScalars`), an entry's node on the lines after its
/// dash, anchors and aliases on values and entries
/// (`YAMLBlockScanner+Aliases`), `!!name` tags on scalars, comments, blank
/// lines, CRLF, a byte order mark, `%YAML 1.2` and one `---` first and one
/// `...` last, tabs between a key and its value, after a value or inside a
/// plain one (`YAMLBlockText.tabbedLine`), and lines of blanks with a tab
/// between nodes. A node outside it on lines it may
/// read (another tab inside a line, a `?` key, `- - a`, more-indented folded
/// lines, an indentation indicator, a key of 1,000 bytes or more, U+00A0, a
/// flow collection outside the subset) is read by libfyaml alone
/// (`YAMLFragment`). Anything else declines the whole text (`Declined`): an
/// anchor in such a node, other tags and directives, deeper indentation than
/// a block takes, a line starting with a tab, a line break other than LF or
/// CR LF, and a character YAML refuses (`YAMLCharacters.firstForbidden`, from
/// `YAMLBlockText.accept`).
///
/// Invariants: in the subset the events are libfyaml's, in its order, with the
/// same scalar texts and styles, so `YAMLToJSON` writes the same JSON form
/// (`YAMLBlockScannerTests`). The events have no marks, as none is reported:
/// on any error or decline the caller converts the whole text again by
/// libfyaml (`YAMLToJSON.convert`), so every message and location is the
/// plain path's, and events made before a decline are dropped.
struct YAMLBlockScanner: ~Copyable {
    /// The text is outside the subset: read it by libfyaml from the start.
    struct Declined: Error {}
    /// The reader of the events asked for no more (`handOn` returned false).
    struct Stopped: Error {}

    typealias Event = YAMLEventBatch.Event

    /// An open block collection: its indentation, and whether it is a mapping.
    struct Block {
        var indent: Int
        var isMapping: Bool
    }

    /// Blocks open at once past this decline (a flow mapping is one more; libfyaml's limit is far above).
    static let maximumDepth = 48
    /// An implicit key this long or longer declines (YAML bounds them at 1,024 characters, libfyaml near it).
    static let maximumKeyBytes = 1000

    // The state its extensions read (`+Scalars`) is internal; nothing but the scanner touches it.

    var text: YAMLBlockText
    var nextLine = 0
    var lineStart = 0
    var blocks: [Block] = []
    /// A key or an entry's dash ended its line with no node: a block opens on the next line, or the node is null.
    private var awaitingValue = false
    private var started = false
    private var sawDocumentMarker = false
    /// Nodes read by libfyaml alone so far (`readAlone`).
    private(set) var nodesReadAlone = 0
    /// The batch being filled (`readLine(into:)`): a decoded scalar's text is in its `text`.
    var batch = YAMLEventBatch()
    /// The tag of the next scalar appended (its index in the batch's `tags`), or -1.
    var nextTag = -1
    /// Takes a full batch and leaves an empty one, or returns false to stop: how a document that is
    /// one flow collection, read in one `readLine`, passes its events on as it goes (`handOnIfFull`).
    typealias HandOn = (inout YAMLEventBatch) throws -> Bool
    /// The `readLine` caller's, while a document that is one flow collection is read.
    var handOn: HandOn?
    /// Copies for aliases, of the nodes anchored so far (`YAMLBlockScanner+Aliases`).
    var aliases: YAMLAliases
    /// The batch's events before this are kept in the anchored nodes open.
    var keptEvents = 0

    /// A scanner of `bytes`, which reads no line with a character outside the subset's
    /// (`YAMLCharacters.firstForbidden`) itself.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.text = YAMLBlockText(bytes)
        aliases = YAMLAliases(textBytes: bytes.count)
    }

    /// The next line's events added to `batch`; true once the last, `.end`, is added.
    mutating func readLine(into batch: inout YAMLEventBatch, handOn: HandOn = { _ in true }) throws -> Bool {
        swap(&self.batch, &batch)
        defer { swap(&self.batch, &batch) }
        keptEvents = self.batch.events.count
        try readLine(handOn: handOn)
        keepAnchoredNodes()
        return self.batch.events.last?.kind == .end
    }

    // MARK: Lines

    /// Reads the next line that holds a node (or the end) and queues its events.
    private mutating func readLine(handOn: HandOn) throws {
        while true {
            guard nextLine < text.count else { return try finish() }
            lineStart = nextLine
            var readable = true
            var (end, following) = (0, 0)
            if let line = text.acceptedLine(from: nextLine) ?? text.tabbedLine(from: nextLine) {
                (end, following) = line
            } else if let after = text.blankLineWithTab(from: nextLine) {
                nextLine = after
                continue
            } else {
                // Its node is read by libfyaml alone, if it holds one.
                (end, following) = try text.declinedLine(from: nextLine)
                readable = false
            }
            nextLine = following
            if lineStart == 0 { lineStart = text.bytes.byteOrderMarkLength }
            let content = text.skipSpaces(from: lineStart, to: end)
            if content == end || text[content] == UInt8(ascii: "#") { continue }
            let indent = content - lineStart
            if indent == 0 && (text[content] == UInt8(ascii: "%") || text.isDocumentMarker(at: content, end: end)) {
                guard readable else { throw Declined() }
                try marker(at: content, end: end)
                continue
            }
            if !started && readable && (text[content] == UInt8(ascii: "{") || text[content] == UInt8(ascii: "[")) {
                return try rootFlow(at: content, end: end, handOn: handOn)
            }
            return try node(at: content, indent: indent, end: end, readable: readable)
        }
    }

    /// `%YAML 1.2` first, then `---` before the document, or `...` after it,
    /// each alone on its line but for a comment (another version, `%TAG`, a
    /// second document or a node on a marker's line declines).
    private mutating func marker(at content: Int, end: Int) throws {
        switch text[content] {
        case UInt8(ascii: "%"):
            // The next line with more than a comment must be the `---`: read here, so no other line asks.
            guard !started, !sawDocumentMarker, text.isVersion12Directive(at: content, end: end),
                let (start, next, nextEnd) = try nextContent(), next == start, text[next] == UInt8(ascii: "-"),
                text.isDocumentMarker(at: next, end: nextEnd)
            else { throw Declined() }
            try marker(at: next, end: nextEnd)
        case UInt8(ascii: "-"):
            guard !started, !sawDocumentMarker, text.isBlankOrComment(from: content + 3, to: end) else {
                throw Declined()
            }
            sawDocumentMarker = true
        default:
            // Nothing but comments may follow: read here, so no other line asks whether the document ended.
            guard started, text.isBlankOrComment(from: content + 3, to: end), try nextContent() == nil else {
                throw Declined()
            }
        }
    }

    /// The next line with more than a comment: where it starts, its content and its end; nil at the text's end.
    mutating func nextContent() throws -> (start: Int, content: Int, end: Int)? {
        while nextLine < text.count {
            let start = nextLine
            let (end, following) = try text.line(from: start)
            nextLine = following
            let content = text.skipSpaces(from: start, to: end)
            if content < end && text[content] != UInt8(ascii: "#") { return (start, content, end) }
        }
        return nil
    }

    /// A document that is one flow collection, as a JSON text is: its lines
    /// may start at any column. Only comments and `...` may follow it (the
    /// next line with a node finds no block and declines).
    @inline(never)
    private mutating func rootFlow(at bracket: Int, end: Int, handOn: HandOn) throws {
        started = true
        batch.events.append(Event(kind: .documentStart))
        try withoutActuallyEscaping(handOn) { handOn in
            self.handOn = handOn
            defer { self.handOn = nil }
            try flowCollection(at: bracket, end: end)
        }
    }

    /// The indentation of the innermost block, or -1 outside any (a flow collection's lines may start at column 0).
    var blockIndent: Int { blocks.last?.indent ?? -1 }

    /// The end of the text: every open block closes.
    private mutating func finish() throws {
        guard started else { throw Declined() }
        if awaitingValue {
            guard blocks[blocks.count - 1].isMapping else { throw Declined() }
            append(scalar: (0, 0), plain: true)
        }
        awaitingValue = false
        while let block = blocks.popLast() { close(isMapping: block.isMapping) }
        batch.events.append(Event(kind: .end))
    }

    /// A line whose content starts at `content`, indented `indent`: closes
    /// the blocks it ends, opens the one it starts, and reads its node, or
    /// has libfyaml read that node alone if the scanner declines it (`readable`:
    /// the scanner may read the line's bytes past its indentation).
    private mutating func node(at content: Int, indent: Int, end: Int, readable: Bool) throws {
        let isEntry = text.isEntry(at: content, end: end)
        let opening = try structure(indent: indent, isEntry: isEntry)
        let mark = Mark(events: batch.events.count, blocks: blocks.count)
        do {
            guard readable else { throw Declined() }
            if opening {
                // A key's value on the lines after it, or the first key of a mapping there.
                let read = try readScalar(at: content, end: end, closer: nil)
                guard read.isKey else {
                    return try appendInBlock(read, end: end, parent: blocks[blocks.count - 1].indent)
                }
                try open(isMapping: true, indent: indent)
                try member(read, end: end)
            } else if blocks[blocks.count - 1].isMapping {
                try member(try readScalar(at: content, end: end, closer: nil), end: end)
            } else {
                try entry(at: content, end: end)
            }
        } catch is Declined {
            try readAlone(indent: indent, opening: opening, since: mark)
        }
    }

    /// The blocks a line at `indent` ends closed, and the one it starts opened;
    /// true if it is a key's value on the lines after the key, or the first
    /// key of a mapping there (its reading tells which). A line that fits no
    /// open block declines.
    @inline(__always)
    private mutating func structure(indent: Int, isEntry: Bool) throws -> Bool {
        if !started {
            started = true
            batch.events.append(Event(kind: .documentStart))
            try open(isMapping: !isEntry, indent: indent)
        } else if awaitingValue {
            awaitingValue = false
            let (parent, inMapping) = (blocks[blocks.count - 1].indent, blocks[blocks.count - 1].isMapping)
            if indent > parent && !isEntry {
                return true
            } else if indent > parent || (indent == parent && isEntry && inMapping) {
                try open(isMapping: false, indent: indent)
            } else {
                // libfyaml 0.7.12 refuses some entries with no node (`a:` `-` `- b`): it reads those.
                guard inMapping else { throw Declined() }
                append(scalar: (0, 0), plain: true)
            }
        }
        while let top = blocks.last, top.indent > indent || (top.indent == indent && !top.isMapping && !isEntry) {
            // A sequence at its key's indentation ends at the first line that is not an entry.
            if top.indent == indent && !(blocks.count >= 2 && blocks[blocks.count - 2].indent == indent) { break }
            blocks.removeLast()
            close(isMapping: top.isMapping)
        }
        guard let top = blocks.last, top.indent == indent, top.isMapping || isEntry else { throw Declined() }
        return false
    }

    /// The node on the line from `lineStart`, which the scanner declined, read by libfyaml alone
    /// (`YAMLFragment`): what the scanner made of it dropped, libfyaml's events in its place.
    private mutating func readAlone(indent: Int, opening: Bool, since mark: Mark) throws {
        nodesReadAlone += 1
        guard YAMLFragment.affordable(nodesReadAlone, at: lineStart) else { throw Declined() }
        batch.events.removeSubrange(mark.events...)
        blocks.removeSubrange(mark.blocks...)
        awaitingValue = false
        nextTag = -1
        let block = blocks[blocks.count - 1]
        let node: YAMLFragment.Node =
            opening ? .value(parent: block.indent) : block.isMapping ? .member(indent: indent) : .entry(indent: indent)
        nextLine = try YAMLFragment.read(
            node, from: lineStart, in: text, into: &batch, depthLeft: Self.maximumDepth - blocks.count)
    }

    private mutating func open(isMapping: Bool, indent: Int) throws {
        guard blocks.count < Self.maximumDepth else { throw Declined() }
        blocks.append(Block(indent: indent, isMapping: isMapping))
        batch.events.append(Event(kind: isMapping ? .mappingStart : .sequenceStart))
    }

    /// A collection's end, at the line's offset (a mapping's passes the text before it: `DropBehind`).
    mutating func close(isMapping: Bool) {
        batch.events.append(Event(kind: isMapping ? .mappingEnd : .sequenceEnd, textStart: lineStart))
    }

    /// `- node`: a scalar, a flow mapping, the first `key: value` of a mapping on the entry's line, an alias,
    /// or nothing (its node on the next lines; none declines).
    private mutating func entry(at dash: Int, end: Int) throws {
        var content = text.skipSpaces(from: dash + 1, to: end)
        if content < end && text[content] == UInt8(ascii: "*") { return try alias(at: content, end: end) }
        let anchored = content < end && text[content] == UInt8(ascii: "&")
        if anchored { content = try anchor(at: content, end: end) }
        if content == end || text[content] == UInt8(ascii: "#") {
            awaitingValue = true
            return
        }
        guard !text.isEntry(at: content, end: end) else { throw Declined() }
        if text[content] == UInt8(ascii: "{") || text[content] == UInt8(ascii: "[") {
            return try flowCollection(at: content, end: end)
        }
        let tagged = text[content] == UInt8(ascii: "!")
        if tagged { content = try tag(at: content, end: end) }
        let read = try readScalar(at: content, end: end, closer: nil)
        guard read.isKey else { return try appendInBlock(read, end: end, parent: blocks[blocks.count - 1].indent) }
        // A property before an implicit key is the key's, not the mapping's.
        guard !tagged && !anchored else { throw Declined() }
        try open(isMapping: true, indent: content - lineStart)
        try member(read, end: end)
    }

    /// `key: value` in a block mapping, its key read.
    private mutating func member(_ key: ReadScalar, end: Int) throws {
        var content = try append(key: key, end: end)
        if content < end && (text[content] == UInt8(ascii: "*") || text[content] == UInt8(ascii: "&")) {
            if text[content] == UInt8(ascii: "*") { return try alias(at: content, end: end) }
            content = try anchor(at: content, end: end)
        }
        if content == end || text[content] == UInt8(ascii: "#") {
            awaitingValue = true
            return
        }
        if text[content] == UInt8(ascii: "{") || text[content] == UInt8(ascii: "[") {
            return try flowCollection(at: content, end: end)
        }
        if text[content] == UInt8(ascii: "!") { content = try tag(at: content, end: end) }
        if text[content] == UInt8(ascii: "|") || text[content] == UInt8(ascii: ">") {
            return try blockScalar(at: content, end: end)
        }
        let read = try readScalar(at: content, end: end, closer: nil)
        guard !read.isKey else { throw Declined() }
        try appendInBlock(read, end: end, parent: blocks[blocks.count - 1].indent)
    }

}
