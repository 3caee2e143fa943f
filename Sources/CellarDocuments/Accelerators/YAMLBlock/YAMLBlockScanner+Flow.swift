/// The scanner's flow collections: `{key: value, …}` and `[item, …]` on one
/// line or over lines deeper than their block, and how a document that is
/// one hands its events on as it is read.
extension YAMLBlockScanner {
    /// A flow collection that ends its line (its last, if it goes on over lines): `{key: value, …}` or `[item, …]`.
    mutating func flowCollection(at bracket: Int, end: Int) throws {
        var end = end
        let after = try flow(at: bracket, end: &end, depth: 0)
        guard text.isBlankOrComment(from: after, to: end) else { throw Declined() }
    }

    /// `{key: value, …}` with scalar keys, its values scalars or flow collections, or `[item, …]` of scalars and
    /// flow mappings (`[a: b]`, a sequence in a sequence and a trailing comma decline), over lines between its
    /// tokens (`flowToken`): where the line goes on after the closing bracket, `end` then that line's.
    mutating func flow(at bracket: Int, end: inout Int, depth: Int) throws -> Int {
        let isMapping = text[bracket] == UInt8(ascii: "{")
        // A flow sequence's mappings are one level deeper; `depth` collections hold this one.
        guard blocks.count + depth + (isMapping ? 0 : 1) < Self.maximumDepth else { throw Declined() }
        batch.events.append(Event(kind: isMapping ? .mappingStart : .sequenceStart))
        let closer = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var i = try flowToken(from: bracket + 1, end: &end)
        if text[i] != closer {
            while true {
                if isMapping { i = try append(key: try readScalar(at: i, end: end, closer: closer), end: end) }
                if i < end && text[i] == UInt8(ascii: "*") {
                    i = try alias(at: i, end: end, flow: true, depth: blocks.count + depth + 1)
                } else {
                    if i < end && text[i] == UInt8(ascii: "&") { i = try anchor(at: i, end: end, flow: true) }
                    // A value may be a flow collection itself (`{color: {light: …}}`, `{actions: [{…}]}`).
                    if i < end && (text[i] == UInt8(ascii: "{") || isMapping && text[i] == UInt8(ascii: "[")) {
                        i = try flow(at: i, end: &end, depth: depth + 1)
                    } else {
                        i = try value(at: i, end: &end, closer: closer)
                    }
                }
                try handOnIfFull()
                // Past the `,` (and the spaces after it) or the `closer` that must follow an item.
                i = try flowToken(from: i, end: &end)
                if text[i] == closer { break }
                guard text[i] == UInt8(ascii: ",") else { throw Declined() }
                i = try flowToken(from: i + 1, end: &end)
            }
        }
        close(isMapping: isMapping)
        return i + 1
    }

    /// Past spaces to a flow collection's next token, on this line or, past
    /// its end or a comment, on the next line with one (`nextFlowLine`).
    @inline(__always)
    private mutating func flowToken(from i: Int, end: inout Int) throws -> Int {
        let j = text.skipSpaces(from: i, to: end)
        if j < end && text[j] != UInt8(ascii: "#") { return j }
        return try nextFlowLine(at: j, end: &end)
    }

    /// The next line of a flow collection with a token, indented deeper than its block: where its token is, `end`
    /// then its line's. A `#` at `j` must follow a space; a document marker declines.
    private mutating func nextFlowLine(at j: Int, end: inout Int) throws -> Int {
        guard j == end || text[j - 1] == UInt8(ascii: " "), let line = try nextContent(),
            line.content - line.start > blockIndent,
            line.content > line.start || !text.isDocumentMarker(at: line.start, end: line.end)
        else { throw Declined() }
        end = line.end
        // A document that is one flow collection passes its text a line at a time (`close`); in a block,
        // the line the collection started on is where a node read alone starts.
        if blocks.isEmpty { lineStart = line.start }
        return line.content
    }

    /// In a document that is one flow collection, a full batch handed on
    /// between items. A decline there has libfyaml read the whole text again,
    /// so nothing handed on is taken back (a node read alone would be).
    @inline(__always)
    mutating func handOnIfFull() throws {
        guard blocks.isEmpty, batch.events.count >= YAMLEventBatch.size, let handOn else { return }
        keepAnchoredNodes()
        guard try handOn(&batch) else { throw Stopped() }
        keptEvents = batch.events.count
    }
}
