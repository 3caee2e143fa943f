import CLibYAML
import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libyaml's events for the common subset of YAML that tables are written
/// in, scanned line by line over bytes in memory, without libyaml: block
/// mappings and sequences (an item's mapping on its `- ` line, a mapping's
/// sequence at its own indentation), scalars on one line (plain, single- and
/// double-quoted with libyaml's escapes), flow mappings and sequences on one
/// line, comments and blank lines, and one leading `---`.
///
/// It gives exactly the events libyaml gives for such a document (kinds,
/// scalar text and style, start marks) and throws `OutsideSubset` the moment
/// it meets anything else or any doubt: anchors, aliases, tags, directives,
/// a second document or `...`, block scalars, a scalar or flow collection
/// over several lines (a plain scalar the next line may go on), complex or
/// over-long keys, tabs and carriage returns outside quotes, a byte order
/// mark, characters libyaml refuses or reads as line breaks, invalid UTF-8,
/// and every error. Then libyaml parses the document again from its start
/// (`YAMLToJSON.convert`), so what is refused, and where, stays libyaml's.
///
/// Invariants: `text` addresses `count` bytes that stay alive and unchanged
/// for the value's life; a byte is read only at an offset below the current
/// line's end (`lineEnd`, itself at most `count`), so every scan is bounded
/// by its line. Events of a line are queued before the first is taken; a
/// scalar's text is a range of `text`, or of `scratch` when escapes or `''`
/// were decoded, and `scratch` is rewritten only when the queue is refilled
/// (after every queued event was taken).
struct YAMLSubsetEvents: YAMLEventSource, ~Copyable {
    /// The scanner steps aside: the document is outside its subset. Never shown to a user.
    struct OutsideSubset: Error {}

    enum Style: UInt8 { case plain, singleQuoted, doubleQuoted }

    struct Event {
        var type: yaml_event_type_t
        var line: Int
        var column: Int
        /// A scalar's text: `count` bytes from `start` in `text`, or in `scratch`.
        var start = 0
        var count = 0
        var inScratch = false
        var style = Style.plain
    }

    /// An open block collection.
    struct Block {
        var isMapping: Bool
        /// Its column: where its keys, or its `-`, stand.
        var indent: Int
        /// A sequence at its mapping's own indentation (`key:` then `- item`
        /// lines), which libyaml ends at the first line that is not an item.
        var indentless = false
    }

    /// Nesting beyond this (blocks and flow collections together) is left to libyaml and its limit.
    static let maximumDepth = 64
    /// libyaml forgets a simple key 1024 characters on; a key's bytes are never fewer than its characters.
    static let maximumKeyBytes = 1000

    let path: String
    let text: UnsafePointer<UInt8>
    let count: Int
    /// The current line: its 0-based number, where it starts and ends (its `\n` or the end of the text).
    var line = -1
    var lineStart = 0
    var lineEnd = 0
    /// UTF-8 continuation bytes passed on the current line so far: a byte offset less these is a column.
    var extra = 0
    var blocks: [Block] = []
    /// The mark of the empty scalar a `key:` or `-` ending its line stands for, unless a deeper line gives the node.
    var pending: (line: Int, column: Int)?
    var started = false
    var explicitStart = false
    var queue: [Event] = []
    var head = 0
    var current = Event(type: YAML_NO_EVENT, line: 0, column: 0)
    var scratch: UnsafeMutablePointer<UInt8>
    var scratchCount = 0
    var scratchCapacity = 256
    /// Gives back the pages of a mapped file behind the scan.
    var behind: DropBehind?

    /// Nil for no bytes (libyaml words the refusal of an empty document).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind? = nil) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        self.path = path
        text = base
        count = bytes.count
        scratch = .allocate(capacity: scratchCapacity)
        self.behind = behind
        queue.reserveCapacity(64)
    }

    deinit { scratch.deallocate() }

    // MARK: The event source

    mutating func next() throws -> yaml_event_type_t {
        if head == queue.count { try refill() }
        current = queue[head]
        head &+= 1
        return current.type
    }

    var startLine: Int { current.line + 1 }
    var startColumn: Int { current.column + 1 }
    var scalarBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: (current.inScratch ? UnsafePointer(scratch) : text) + current.start, count: current.count)
    }
    var isPlainScalar: Bool { current.style == .plain }
    var scalarTag: String? { nil }
    var anchor: String? { nil }

    // MARK: Lines

    /// Reads lines until one gives events; at the end, closes what is open.
    private mutating func refill() throws(OutsideSubset) {
        queue.removeAll(keepingCapacity: true)
        head = 0
        scratchCount = 0
        while queue.isEmpty {
            let next = lineEnd &+ (line < 0 ? 0 : 1)
            guard next < count else { return try finish() }
            line &+= 1
            lineStart = next
            extra = 0
            if let found = memchr(text + next, 0x0A, count &- next) {
                lineEnd = UnsafeRawPointer(found) - UnsafeRawPointer(text)
            } else {
                lineEnd = count
            }
            behind?.passed(lineStart)
            try readLine()
        }
    }

    private mutating func readLine() throws(OutsideSubset) {
        var i = lineStart
        while i < lineEnd && text[i] == UInt8(ascii: " ") { i &+= 1 }
        guard i < lineEnd else { return }
        if text[i] == UInt8(ascii: "#") { return try comment(at: i) }
        let column = i &- lineStart
        if column == 0 && isDocumentMarker(at: i) {
            // Only a first `---` alone on its line is taken; any other marker is libyaml's.
            guard !started, !explicitStart, text[i] == UInt8(ascii: "-") else { throw OutsideSubset() }
            explicitStart = true
            return try endOfLine(from: i &+ 3)
        }
        guard started else { return try root(at: i) }
        if let mark = pending {
            pending = nil
            // A pending node is always a block's.
            guard let top = blocks.last else { throw OutsideSubset() }
            if column > top.indent { return try node(at: i, mayOpenBlock: true) }
            if top.isMapping && column == top.indent && isEntry(at: i) {
                try open(mapping: false, at: column, indentless: true)
                return try entry(at: i)
            }
            emitEmptyScalar(at: mark)
        }
        try continueBlocks(at: i, column: column)
    }

    /// The document's first node, which must be a block mapping or sequence.
    private mutating func root(at i: Int) throws(OutsideSubset) {
        started = true
        emit(YAML_STREAM_START_EVENT, column: 0)
        emit(YAML_DOCUMENT_START_EVENT, column: 0)
        try node(at: i, mayOpenBlock: true, mustOpenBlock: true)
    }

    /// A line at `column` after every node before it is complete: closes the
    /// blocks it stands left of, then is the next key or item of the one it
    /// lines up with. A line deeper than the innermost block is refused:
    /// libyaml reads it as going on with a plain scalar that ended the line
    /// before (a multi-line scalar), or as an error.
    private mutating func continueBlocks(at i: Int, column: Int) throws(OutsideSubset) {
        let isItem = isEntry(at: i)
        while let top = blocks.last, top.indent > column || (top.indentless && top.indent == column && !isItem) {
            close()
        }
        guard let top = blocks.last, top.indent == column, top.isMapping != isItem else { throw OutsideSubset() }
        if isItem { return try entry(at: i) }
        let key = try scalar(at: i, flow: false)
        guard let colon = try indicator(after: key) else { throw OutsideSubset() }
        emit(key)
        try value(after: colon)
    }

    /// At the end: the pending node is empty, and every block closes.
    private mutating func finish() throws(OutsideSubset) {
        guard started, !blocks.isEmpty else { throw OutsideSubset() }
        if let mark = pending {
            pending = nil
            emitEmptyScalar(at: mark)
        }
        while !blocks.isEmpty { close() }
        emit(YAML_DOCUMENT_END_EVENT, column: 0)
        emit(YAML_STREAM_END_EVENT, column: 0)
        behind?.finish()
    }

    // MARK: Block nodes

    /// A node starting at `i` on this line: a scalar or flow collection that
    /// ends the line, or (`mayOpenBlock`) a block sequence or mapping whose
    /// first item or key is here.
    private mutating func node(at i: Int, mayOpenBlock: Bool, mustOpenBlock: Bool = false) throws(OutsideSubset) {
        if mayOpenBlock && isEntry(at: i) {
            try open(mapping: false, at: column(of: i))
            return try entry(at: i)
        }
        let b = text[i]
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
            guard !mustOpenBlock else { throw OutsideSubset() }
            return try endOfLine(from: flow(at: i, depth: blocks.count))
        }
        let s = try scalar(at: i, flow: false)
        if let colon = try indicator(after: s) {
            guard mayOpenBlock else { throw OutsideSubset() }
            try open(mapping: true, at: s.event.column)
            emit(s)
            return try value(after: colon)
        }
        guard !mustOpenBlock else { throw OutsideSubset() }
        emit(s)
    }

    /// After a key's `:`: its value on this line, or pending.
    private mutating func value(after colon: Int) throws(OutsideSubset) {
        try node(after: colon, mayOpenBlock: false)
    }

    /// A sequence item from its `-` at `i`.
    private mutating func entry(at i: Int) throws(OutsideSubset) {
        try node(after: i, mayOpenBlock: true)
    }

    /// The node after an indicator (`:` or `-`) on this line; when none is
    /// there, it is pending, one column past the indicator.
    private mutating func node(after indicator: Int, mayOpenBlock: Bool) throws(OutsideSubset) {
        let i = skipSpaces(from: indicator &+ 1)
        if i == lineEnd || text[i] == UInt8(ascii: "#") {
            pending = (line, column(of: indicator) &+ 1)
            return try endOfLine(from: i)
        }
        try node(at: i, mayOpenBlock: mayOpenBlock)
    }

    private mutating func open(mapping: Bool, at column: Int, indentless: Bool = false) throws(OutsideSubset) {
        guard blocks.count < Self.maximumDepth else { throw OutsideSubset() }
        emit(mapping ? YAML_MAPPING_START_EVENT : YAML_SEQUENCE_START_EVENT, column: column)
        blocks.append(Block(isMapping: mapping, indent: column, indentless: indentless))
    }

    private mutating func close() {
        let block = blocks.removeLast()
        emit(block.isMapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, column: 0)
    }

    // MARK: Bytes

    /// Whether a `-` at `i` is a sequence item's (a space or the line's end after it).
    func isEntry(at i: Int) -> Bool {
        text[i] == UInt8(ascii: "-") && (i &+ 1 == lineEnd || text[i &+ 1] == UInt8(ascii: " "))
    }

    /// `---` or `...` at `i` (the line's start) with a blank or the line's end after it.
    private func isDocumentMarker(at i: Int) -> Bool {
        let c = text[i]
        guard c == UInt8(ascii: "-") || c == UInt8(ascii: ".") else { return false }
        guard i &+ 3 <= lineEnd, text[i &+ 1] == c, text[i &+ 2] == c else { return false }
        return i &+ 3 == lineEnd || text[i &+ 3] == UInt8(ascii: " ") || text[i &+ 3] == UInt8(ascii: "\t")
    }

    func skipSpaces(from i: Int) -> Int {
        var i = i
        while i < lineEnd && text[i] == UInt8(ascii: " ") { i &+= 1 }
        return i
    }

    /// The column (in characters) of the byte at `i`, which the scan has reached on this line.
    func column(of i: Int) -> Int { i &- lineStart &- extra }

    /// From `i` only spaces and a comment may follow on the line.
    mutating func endOfLine(from i: Int) throws(OutsideSubset) {
        let j = skipSpaces(from: i)
        guard j < lineEnd else { return }
        guard text[j] == UInt8(ascii: "#") else { throw OutsideSubset() }
        try comment(at: j)
    }

    mutating func emit(_ type: yaml_event_type_t, column: Int) {
        queue.append(Event(type: type, line: line, column: column))
    }

    mutating func emit(_ scalar: Scalar) { queue.append(scalar.event) }

    private mutating func emitEmptyScalar(at mark: (line: Int, column: Int)) {
        queue.append(Event(type: YAML_SCALAR_EVENT, line: mark.line, column: mark.column))
    }
}
