import Cellar

/// YAML's anchors and aliases, read as the spec's representation reads
/// them: an alias (`*name`) is the node its anchor (`&name`) was last put on,
/// so both readings of the events (the JSON form, the node tree) see a copy.
/// An anchored node's events are kept from its first to its last; an alias
/// appends them again, each marked where the alias stands (an error in a
/// copy is located at the alias that made it).
///
/// Invariant: the nodes appended in all for aliases stay within `limit`
/// (a fixed allowance plus one per byte of the text), so the work
/// and the memory an alias can make grow with the text, never with the
/// product of nested aliases ("billion laughs").
struct YAMLAliases {
    /// Nodes aliases may append beyond one per byte of the text.
    static let allowance = 1 << 16

    /// A node's events, their texts (negative starts) and tags apart from any batch's.
    private struct Node {
        var events: [YAMLEventBatch.Event] = []
        var text: [UInt8] = []
        var tags: [String] = []
        /// Its scalars and collections, itself among them.
        var nodes = 0
        /// The collections open at once inside it, at the most.
        var depth = 0
    }

    private var named: [String: Node] = [:]
    /// Anchored nodes not yet ended, innermost last, with their open collections.
    private var open: [(name: String, node: Node, level: Int)] = []
    /// An anchor read before its node's first event is kept (`key: &a` with the node on the next lines).
    private var pending: String?
    private var appended = 0
    private let limit: Int

    init(textBytes: Int) { limit = Self.allowance + textBytes }

    /// Keeps the next node whose first event is kept (a scalar or a collection's start) under `name`.
    mutating func anchor(_ name: String) {
        pending = name
    }

    /// Whether `keep` has a node to keep events in (a text with no anchor never has).
    var isKeeping: Bool { !open.isEmpty || pending != nil }

    /// Whether any anchor was read (a text read in parts must not hide one from another part).
    var anchored: Bool { isKeeping || !named.isEmpty }

    /// Keeps `batch`'s events from `first` in every anchored node still open.
    mutating func keep(_ batch: YAMLEventBatch, from first: Int, in input: UnsafeBufferPointer<UInt8>) {
        guard isKeeping else { return }
        for e in batch.events[first...] {
            if let name = pending, e.kind == .scalar || e.kind == .sequenceStart || e.kind == .mappingStart {
                open.append((name, Node(), 0))
                pending = nil
            }
            for k in open.indices {
                Self.add(e, from: batch, in: input, to: &open[k].node)
                switch e.kind {
                case .sequenceStart, .mappingStart:
                    open[k].level += 1
                    open[k].node.depth = max(open[k].node.depth, open[k].level)
                case .sequenceEnd, .mappingEnd: open[k].level -= 1
                default: break
                }
            }
            // A node ends on the event that leaves no collection of it open; inner ones end first.
            while let last = open.last, last.level == 0, !last.node.events.isEmpty {
                named[last.name] = open.removeLast().node
            }
        }
    }

    /// Appends the node `name` names to `batch`, marked at `mark`; `depth` collections are open around it.
    mutating func append(
        _ name: String, to batch: inout YAMLEventBatch, mark: (line: Int, column: Int), offset: Int, depth: Int,
        path: String
    ) throws {
        let at = SourceLocation(file: path, line: mark.line, column: mark.column)
        guard let node = named[name] else {
            let what = open.contains { $0.name == name } ? "is inside the node it names" : "names no anchor before it"
            throw CellarError("the alias '*\(Sanitizer.excerpt(name))' \(what)", at: at)
        }
        guard depth + node.depth <= YAMLEvents.maximumNesting else {
            throw CellarError("nested more than \(YAMLEvents.maximumNesting) levels deep", at: at)
        }
        appended += node.nodes
        guard appended <= limit else {
            throw CellarError(
                "aliases expand to more than \(limit) nodes (\(Self.allowance) and one per byte of the text)", at: at)
        }
        let texts = batch.text.count
        let tags = batch.tags.count
        batch.text += node.text
        batch.tags += node.tags
        for var e in node.events {
            if e.kind == .mappingEnd {
                e.textStart = offset
            } else {
                (e.line, e.column) = mark
                if e.textStart < 0 { e.textStart -= texts }
                if e.tag >= 0 { e.tag += tags }
            }
            batch.events.append(e)
        }
    }

    /// `e` (of `batch`) copied into `node`, its text and tag with it when the batch holds them.
    private static func add(
        _ e: YAMLEventBatch.Event, from batch: YAMLEventBatch, in input: UnsafeBufferPointer<UInt8>, to node: inout Node
    ) {
        var e = e
        if e.kind == .scalar && e.textStart < 0 {
            let text = batch.text(of: e, in: input)
            e.textStart = -1 - node.text.count
            node.text.append(contentsOf: text)
        }
        if e.kind == .scalar || e.kind == .sequenceStart || e.kind == .mappingStart { node.nodes += 1 }
        if let tag = batch.tag(of: e) {
            e.tag = node.tags.count
            node.tags.append(tag)
        }
        node.events.append(e)
    }
}
