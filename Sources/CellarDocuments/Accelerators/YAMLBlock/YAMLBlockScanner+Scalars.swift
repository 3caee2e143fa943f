/// The scanner's scalars: block scalars, plain and quoted scalars in a block
/// or a flow collection, keys, tags, and the events they append.
extension YAMLBlockScanner {
    /// A mapping's value written as a block scalar: its lines are read now, as part of the key's line.
    mutating func blockScalar(at indicator: Int, end: Int) throws {
        let (folded, chomping) = try text.blockScalarHeader(at: indicator, end: end)
        let start = batch.text.count
        nextLine = try text.blockScalar(
            from: nextLine, parent: blocks[blocks.count - 1].indent, folded: folded, chomping: chomping,
            into: &batch.text)
        append(scalar: (-1 - start, batch.text.count - start), plain: false)
    }

    /// A scalar in block context (`closer` nil) or in a flow collection closed by `closer`.
    mutating func readScalar(at i: Int, end: Int, closer: UInt8?) throws -> ReadScalar {
        guard i < end else { throw Declined() }
        switch text[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try text.quoted(
                at: i, end: end, flow: closer != nil, next: &nextLine, past: blockIndent, into: &batch.text)
        default: return try text.plain(at: i, end: end, closer: closer)
        }
    }

    /// A scalar followed by `:`, appended; returns where its value starts.
    mutating func append(key: ReadScalar, end: Int) throws -> Int {
        guard key.isKey, key.next - key.start < Self.maximumKeyBytes else { throw Declined() }
        append(key)
        return text.skipSeparation(from: key.next, to: end)
    }

    /// A scalar in a flow collection that is not a key, appended; returns where the line goes on after it,
    /// `end` then that line's (a quoted or plain scalar may go on over lines).
    @inline(__always)
    mutating func value(at i: Int, end: inout Int, closer: UInt8) throws -> Int {
        let start = i < end && text[i] == UInt8(ascii: "!") ? try tag(at: i, end: end) : i
        let value = try readScalar(at: start, end: end, closer: closer)
        guard !value.isKey else { throw Declined() }
        if value.isPlain && value.next == end, let stop = try appendFlowGoingOn(value, closer: closer, end: &end) {
            return stop
        }
        append(value)
        if value.next > end { end = text.bounds(ofLineFrom: value.next).end }
        return value.next
    }

    /// A plain scalar in a flow collection with the lines that go on it appended
    /// (`YAMLBlockText.flowPlainLines`): the separator after it, `end` then its line's; nil if none goes on.
    @inline(never)
    private mutating func appendFlowGoingOn(_ read: ReadScalar, closer: UInt8, end: inout Int) throws -> Int? {
        let start = batch.text.count
        guard
            let (stop, stopEnd, after) = try text.flowPlainLines(
                from: nextLine, past: blockIndent, closer: closer,
                first: text.slice(read.text.start, read.text.count), into: &batch.text)
        else { return nil }
        nextLine = after
        end = stopEnd
        append(scalar: (-1 - start, batch.text.count - start), plain: true)
        return stop
    }

    /// A scalar that ends its line in a block indented `parent`, appended;
    /// a plain one with the lines that go on it (`YAMLBlockText.plainLines`).
    @inline(__always)
    mutating func appendInBlock(_ read: ReadScalar, end: Int, parent: Int) throws {
        // A next line indented no deeper than the block ends it (mostly seen at one byte); so does a comment after it.
        if read.isPlain && text.mayGoOn(at: nextLine, past: parent)
            && text.skipSpaces(from: read.text.start + read.text.count, to: end) == end,
            try appendGoingOn(read, past: parent)
        {
            return
        }
        append(read)
    }

    /// A plain scalar with the lines that go on it appended; false if none does.
    mutating func appendGoingOn(_ read: ReadScalar, past parent: Int) throws -> Bool {
        let start = batch.text.count
        let after = try text.plainLines(
            from: nextLine, past: parent, first: text.slice(read.text.start, read.text.count), into: &batch.text)
        guard after > nextLine else { return false }
        nextLine = after
        append(scalar: (-1 - start, batch.text.count - start), plain: true)
        return true
    }

    /// `!!name` before a scalar: `tag:yaml.org,2002:name` is the next scalar's tag. Returns where the scalar starts.
    mutating func tag(at i: Int, end: Int) throws -> Int {
        let (name, next) = try text.secondaryTag(at: i, end: end)
        // A tagged collection, block scalar or empty node declines.
        guard next < end, !"#{[|>!&*,]}".utf8.contains(text[next]) else { throw Declined() }
        // Rows repeat a few tags: the last few are looked for by their names' bytes (no string made),
        // a bounded search however many differ.
        let prefix = YAMLScalar.tagPrefix.utf8.count
        if let k = batch.tags.indices.suffix(8).last(where: {
            batch.tags[$0].utf8.dropFirst(prefix).elementsEqual(name)
        }) {
            nextTag = k
        } else {
            nextTag = batch.tags.count
            batch.tags.append(YAMLScalar.tagPrefix + String(decoding: name, as: UTF8.self))
        }
        return next
    }

    mutating func append(_ read: ReadScalar) {
        append(scalar: read.text, plain: read.isPlain)
    }

    /// A scalar, its text as `Event` places it, with the tag read before it.
    mutating func append(scalar: (start: Int, count: Int), plain: Bool) {
        batch.events.append(
            Event(kind: .scalar, isPlain: plain, textStart: scalar.start, textCount: scalar.count, tag: nextTag))
        nextTag = -1
    }
}

/// A scalar read on a line: its text (as `YAMLEventBatch.Event` places it:
/// in the input, or decoded in the batch's text), where it starts, whether it
/// is a key (a `:` indicator follows), and where reading goes on (after the
/// `:` of a key, else after the scalar).
struct ReadScalar {
    var text: (start: Int, count: Int)
    var isPlain: Bool
    var start: Int
    var isKey: Bool
    var next: Int
}
