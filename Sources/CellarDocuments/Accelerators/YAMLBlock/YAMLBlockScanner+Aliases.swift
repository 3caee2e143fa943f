/// The scanner's anchors and aliases, read as libfyaml's events read them
/// (`YAMLAliases` makes the copies for both): `&name` before a mapping's
/// value, an entry's node (on its line or the lines after) or a flow
/// collection's value or item, and `*name` as any of these. Elsewhere (on a
/// key, before a node on the lines after a key) the node declines, and so
/// does any anchor in a node read alone (`YAMLFragment`): the scanner's
/// aliases copy only what it read itself.
extension YAMLBlockScanner {
    /// `&name` at `i` put on the node that starts next; returns where that node starts.
    mutating func anchor(at i: Int, end: Int, flow: Bool = false) throws -> Int {
        let (name, next) = try text.anchorName(at: i, end: end, flow: flow)
        // The events before it (the key it follows) are not its node's.
        keepAnchoredNodes()
        aliases.anchor(name)
        return text.skipSpaces(from: next, to: end)
    }

    /// `*name` at `i` in a block, nothing but a comment after it: a copy of the node it names appended.
    mutating func alias(at i: Int, end: Int) throws {
        let next = try alias(at: i, end: end, flow: false, depth: blocks.count)
        guard text.isBlankOrComment(from: next, to: end) else { throw Declined() }
    }

    /// `*name` at `i` with `depth` collections open around it: a copy appended; returns where the line goes on.
    mutating func alias(at i: Int, end: Int, flow: Bool, depth: Int) throws -> Int {
        let (name, next) = try text.anchorName(at: i, end: end, flow: flow)
        keepAnchoredNodes()
        // Its errors are never shown: libfyaml reads the whole text again and gives its own.
        try aliases.append(name, to: &batch, mark: (0, 0), offset: i, depth: depth, path: "")
        return next
    }

    /// The events since the last call kept in the anchored nodes still open (an alias's copy among them).
    @inline(__always)
    mutating func keepAnchoredNodes() {
        // Tested first: passing the batch would retain its arrays on every line of a text with no anchor.
        if aliases.isKeeping { aliases.keep(batch, from: keptEvents, in: text.bytes) }
        keptEvents = batch.events.count
    }
}
