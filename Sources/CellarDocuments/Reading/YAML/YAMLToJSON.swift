import CLibYAML
import Cellar
import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A YAML table document written out as compact JSON on libyaml's events,
/// so the streamed reader (`StreamedDocument`) indexes and decodes it as it
/// does a JSON document, with no node tree in between. Values are written as
/// the eager reader (`NodeReader`) reads them: scalars resolved by the core
/// schema in row data, titles (`header`, `footer`, `indexTitle`, `register`'s
/// styles, `indexTitles`) and a row's `cell` as their text. What the eager reader refuses while
/// composing is refused here at the same mark (syntax, duplicate keys, an
/// undefined alias, a second document); anchors and non-text keys are
/// refused once the whole document has parsed, as the eager reader does.
/// One refusal is its own: nesting deeper than `maximumNesting` (the eager
/// reader allows libyaml's 1000; the JSON form is read back to 512).
/// Offsets in the JSON are mapped back to the YAML's marks by converting
/// again (`location`): only an error needs one.
struct YAMLToJSON {
    /// Where a container sits in a table document, as far as titles are concerned.
    enum Role { case root, sections, section, rows, row, register, indexTitles, other }
    /// The key just read at the top level or in a section, when it decides a role.
    enum Key { case none, sections, register, indexTitles, rows, title }

    struct Frame {
        var isMapping: Bool
        var role: Role
        var count = 0
        var keysStart: Int
        var key = Key.none
    }

    /// The eager reader's nesting limit would pass nesting the JSON reader refuses: refused first, in YAML's words.
    static let maximumNesting = JSONBytes.maximumDepth - 12

    private(set) var out: [UInt8] = []
    private var stack: [Frame] = []
    /// Each open mapping's keys: their text's range in `out`, and their marks.
    private var keyRanges: [Range<Int>] = []
    private var keyMarks: [(line: Int, column: Int)] = []
    private var anchors: Set<String> = []
    /// Refused once the document has parsed: the first anchor (the eager
    /// reader looks for one after composing), else the first key that is not text.
    private var anchorError: CellarError?
    private var keyError: CellarError?
    /// Nesting the JSON form cannot hold, refused last (libyaml's own limit, deeper, comes first).
    private var depthError: CellarError?
    private var documents = 0
    let path: String

    init(path: String, capacity: Int) {
        self.path = path
        out.reserveCapacity(capacity)
    }

    /// Which parser gave a document's events.
    enum Parser { case subset, libyaml }

    /// Where the YAML comes from: bytes in memory, or an open file read as libyaml asks.
    enum Input {
        case bytes(UnsafeBufferPointer<UInt8>)
        case file(Int32)
    }

    /// The JSON form of `yaml`, or the first error the eager reader would report.
    /// With `parseAhead`, libyaml parses on a second thread while the JSON
    /// form is written here (the same events in the same order).
    static func convert(_ yaml: Input, path: String, capacity: Int, parseAhead: Bool = false) throws -> [UInt8] {
        var c = YAMLToJSON(path: path, capacity: capacity)
        try c.run(yaml, target: nil, parseAhead: parseAhead)
        return c.out
    }

    /// The JSON form of `yaml` from the subset scanner's events
    /// (`YAMLSubsetEvents`), or nil when the document is outside its subset or
    /// has any error: libyaml then converts it again from its start, so every
    /// refusal is made, and worded, on libyaml's events.
    static func convertSubset(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, capacity: Int, dropping behind: DropBehind? = nil
    ) -> [UInt8]? {
        guard var events = YAMLSubsetEvents(yaml, path: path, dropping: behind) else { return nil }
        var c = YAMLToJSON(path: path, capacity: capacity)
        do { _ = try c.consume(&events, target: nil) } catch { return nil }
        return c.out
    }

    /// Documents from this size on are parsed on a second thread (where there is a second core).
    static func parsesAhead(size: Int) -> Bool { size >= 1 << 20 && WorkerThread.hasSecondCore }

    /// The YAML mark of the value or key written at `offset` of the JSON
    /// form (the last one starting at or before it), on the events of the
    /// parser that converted the document (the subset scanner's marks are
    /// libyaml's; a document it stepped aside from is walked by libyaml).
    static func location(
        ofOutput offset: Int, in yaml: Input, path: String, parser: Parser = .libyaml
    ) -> SourceLocation {
        let start = SourceLocation(file: path, line: 1, column: 1)
        if parser == .subset, case .bytes(let bytes) = yaml, var events = YAMLSubsetEvents(bytes, path: path) {
            var c = YAMLToJSON(path: path, capacity: 0)
            do { return try c.consume(&events, target: offset) ?? start } catch {
                // Never for a document the scanner converted; libyaml walks it then.
            }
        }
        var c = YAMLToJSON(path: path, capacity: 0)
        return ((try? c.run(yaml, target: offset)) ?? nil) ?? start
    }

    /// Converts on libyaml's events, or with `target` only walks until the
    /// token written at or before `target` is found and returns its mark.
    @discardableResult
    mutating func run(_ yaml: Input, target: Int?, parseAhead: Bool = false) throws -> SourceLocation? {
        var events: YAMLEvents
        switch yaml {
        case .bytes(let bytes):
            // libyaml refuses an empty input (as it has no address).
            guard !bytes.isEmpty else {
                throw CellarError("the document is empty", at: SourceLocation(file: path, line: 1, column: 1))
            }
            events = YAMLEvents(bytes, path: path)
        case .file(let fd): events = YAMLEvents(fd: fd, path: path)
        }
        if parseAhead { events.parseAhead() }
        return try consume(&events, target: target)
    }

    /// Writes the JSON form of the events (or with `target`, see `run`).
    mutating func consume<Events: YAMLEventSource & ~Copyable>(
        _ events: inout Events, target: Int?
    ) throws -> SourceLocation? {
        var found: SourceLocation?
        while true {
            let type = try events.next()
            switch type {
            case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let start = try begin(&events, type)
                if let target {
                    if start > target { return found }
                    found = events.mark
                }
                try node(&events, type)
            case YAML_SEQUENCE_END_EVENT:
                out.append(UInt8(ascii: "]"))
                stack.removeLast()
            case YAML_MAPPING_END_EVENT:
                out.append(UInt8(ascii: "}"))
                try checkDuplicates(stack.removeLast())
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw CellarError(
                        "malformed YAML/JSON: expected a single document in the stream; but found another document",
                        at: events.mark)
                }
            case YAML_STREAM_END_EVENT:
                if documents == 0 {
                    throw CellarError("the document is empty", at: SourceLocation(file: path, line: 1, column: 1))
                }
                if let error = anchorError ?? keyError ?? depthError { throw error }
                return found
            default: continue
            }
        }
    }

    /// Writes the separator before a node and notes its role; returns where its token starts.
    private mutating func begin<Events: YAMLEventSource & ~Copyable>(
        _ events: inout Events, _ type: yaml_event_type_t
    ) throws -> Int {
        guard let parent = stack.last else { return out.count }
        let isKey = parent.isMapping && parent.count % 2 == 0
        if parent.count > 0 { out.append(isKey || !parent.isMapping ? UInt8(ascii: ",") : UInt8(ascii: ":")) }
        stack[stack.count - 1].count += 1
        // An alias key is refused with the anchor it names (already noted, or undefined).
        if isKey && type != YAML_SCALAR_EVENT && type != YAML_ALIAS_EVENT && keyError == nil {
            keyError = CellarError("keys must be plain text", at: events.mark)
        }
        return out.count
    }

    /// The role of a node about to be written under the innermost container.
    private func childRole() -> Role {
        guard let parent = stack.last else { return .root }
        switch (parent.role, parent.key) {
        case (.root, .sections): return .sections
        case (.root, .register): return .register
        case (.root, .indexTitles): return .indexTitles
        case (.sections, _): return .section
        case (.section, .rows): return .rows
        case (.rows, _): return .row
        default: return .other
        }
    }

    private mutating func node<Events: YAMLEventSource & ~Copyable>(
        _ events: inout Events, _ type: yaml_event_type_t
    ) throws {
        if let anchor = events.anchor {
            if type == YAML_ALIAS_EVENT && !anchors.contains(anchor) {
                throw CellarError("malformed YAML/JSON: found undefined alias", at: events.mark)
            }
            anchors.insert(anchor)
            if anchorError == nil {
                anchorError = CellarError(
                    "anchors and aliases (&name, *name) are not supported: write the value out", at: events.mark)
            }
        }
        switch type {
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if stack.count >= Self.maximumNesting && depthError == nil {
                depthError = CellarError("nested more than \(Self.maximumNesting) levels deep", at: events.mark)
            }
            let isMapping = type == YAML_MAPPING_START_EVENT
            out.append(isMapping ? UInt8(ascii: "{") : UInt8(ascii: "["))
            stack.append(Frame(isMapping: isMapping, role: childRole(), keysStart: keyRanges.count))
        case YAML_SCALAR_EVENT:
            scalar(&events)
        default:
            out.append(contentsOf: "null".utf8)  // an alias: refused at the end, as the anchor it names
        }
    }

    private mutating func scalar<Events: YAMLEventSource & ~Copyable>(_ events: inout Events) {
        let text = events.scalarBytes
        guard let parent = stack.last else { return value(&events, text, asTitle: false) }
        if parent.isMapping && parent.count % 2 == 1 {
            let start = out.count + 1
            JSONText.writeString(text, into: &out)
            keyRanges.append(start..<(out.count - 1))
            keyMarks.append((events.startLine, events.startColumn))
            if parent.role == .root || parent.role == .section || parent.role == .row {
                stack[stack.count - 1].key = Self.key(text, in: parent.role)
            }
            return
        }
        let asTitle =
            parent.role == .register || parent.role == .indexTitles
            || ((parent.role == .section || parent.role == .row) && parent.key == .title)
        value(&events, text, asTitle: asTitle)
    }

    /// The keys that give a child its role, or that are read as text (a section's titles, a row's `cell`).
    static func key(_ text: UnsafeBufferPointer<UInt8>, in role: Role) -> Key {
        func equals(_ word: StaticString) -> Bool {
            text.count == word.utf8CodeUnitCount
                && text.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: text.count))
        }
        if role == .root {
            if equals("sections") { return .sections }
            if equals("register") { return .register }
            if equals("indexTitles") { return .indexTitles }
            return .none
        }
        if role == .row { return equals("cell") ? .title : .none }
        if equals("rows") { return .rows }
        return equals("header") || equals("footer") || equals("indexTitle") ? .title : .none
    }

    private mutating func value<Events: YAMLEventSource & ~Copyable>(
        _ events: inout Events, _ text: UnsafeBufferPointer<UInt8>, asTitle: Bool
    ) {
        let tag = events.scalarTag
        guard events.isPlainScalar else { return JSONText.writeString(text, into: &out) }
        if tag == nil, !YAMLScalar.mayResolve(text) {
            return JSONText.writeString(text, into: &out)
        }
        let string = String(decoding: text, as: UTF8.self)
        if asTitle {
            // As `NodeReader.text`: a title is the scalar's text, and a plain null is none.
            if YAMLScalar.isNull(string, tag: tag) { return out.append(contentsOf: "null".utf8) }
            return JSONText.writeString(text, into: &out)
        }
        JSONText.write(YAMLScalar.plain(string, tag: tag), into: &out)
    }

    /// Whether two keys of a mapping are the same text: rows have a few
    /// keys, compared pairwise; a long mapping is hashed.
    private func hasRepeat(_ keys: Range<Int>) -> Bool {
        if keys.count > 16 { return Set(keys.map { out[keyRanges[$0]] }).count < keys.count }
        return out.withUnsafeBufferPointer { buffer in
            for i in keys.dropFirst() {
                let a = keyRanges[i]
                for j in keys.lowerBound..<i where keyRanges[j].count == a.count {
                    if memcmp(
                        buffer.baseAddress.unsafelyUnwrapped + a.lowerBound,
                        buffer.baseAddress.unsafelyUnwrapped + keyRanges[j].lowerBound, a.count) == 0
                    {
                        return true
                    }
                }
            }
            return false
        }
    }

    /// As Yams' composer: repeated keys in a mapping are refused, all named, at the first one's first mark.
    private mutating func checkDuplicates(_ frame: Frame) throws {
        defer {
            keyRanges.removeSubrange(frame.keysStart...)
            keyMarks.removeSubrange(frame.keysStart...)
        }
        let keys = frame.keysStart..<keyRanges.count
        guard keys.count > 1, hasRepeat(keys) else { return }
        var firstOf: [ArraySlice<UInt8>: Int] = [:]
        var repeated: [ArraySlice<UInt8>: Int] = [:]
        for k in keys {
            let text = out[keyRanges[k]]
            if let first = firstOf[text] { repeated[text] = first } else { firstOf[text] = k }
        }
        guard !repeated.isEmpty else { return }
        let named = repeated.map { (JSONText.decodeString(Array($0.key)), $0.value) }.sorted { $0.0 < $1.0 }
        let mark = keyMarks[named[0].1]
        throw CellarError(
            "duplicate key \(named.map { "'\(Sanitizer.excerpt($0.0))'" }.joined(separator: ", "))",
            at: SourceLocation(file: path, line: mark.line, column: mark.column))
    }
}
