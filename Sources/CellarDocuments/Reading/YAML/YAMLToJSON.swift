import Cellar
import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A YAML table document written as compact JSON on its events, for the
/// streamed reader: values read as the node tree's reader reads them
/// (`YAMLScalar`; titles and a row's `cell` as text). Composing the tree
/// refuses what this refuses by running it (`YAMLNode.compose`). An offset
/// in the JSON is located by converting again.
///
/// A big form is written to a `JSONFormSpool` in pieces of `pieceSize`, and
/// one being located is let go in pieces: `out` holds the form after
/// `passedOn`, the open mappings' keys copied out first (`keyText`).
struct YAMLToJSON: ~Copyable {
    /// A collection's place in the table, or a key's value's (`Frame.next`): `title` a scalar read as text.
    enum Role { case root, sections, section, rows, row, register, indexTitles, title, other }

    struct Frame {
        var isMapping: Bool
        var role: Role
        var count = 0
        var keysStart: Int
        /// A mapping's: the role of the value of the key read last.
        var next = Role.other
    }

    private var out: JSONFormBuffer
    /// The bytes of the form before `out`, written to `spool` or let go.
    private var passedOn = 0
    private var spool: JSONFormSpool?
    /// The innermost open collection, apart from those around it (`outer`): each node changes it.
    private var top: Frame?
    private var outer: [Frame] = []
    /// The open mappings' keys as written, with their marks: each at its range of `out`, or of
    /// `keyText` for the first `keptKeys` (those open when `out` was passed on).
    private var keys: [(range: Range<Int>, mark: (line: Int, column: Int))] = []
    private var keyText: [UInt8] = []
    private var keptKeys = 0
    /// Refused once the document has parsed: a key that is not text, a value not of its tag's type.
    private var laterError: CellarError?
    private var documents = 0
    /// Locating: the mark of the last node that starts at or before the target.
    private var found: SourceLocation?
    var behind: DropBehind?
    let path: String
    private let input: UnsafeBufferPointer<UInt8>
    private let words = WordScanner.wordsByDefault
    var readsTitles = true

    static let pieceSize = 256 << 10

    init(_ input: UnsafeBufferPointer<UInt8>, path: String, capacity: Int, spool: JSONFormSpool? = nil) {
        self.input = input
        self.path = path
        self.spool = spool
        out = JSONFormBuffer(capacity: spool == nil ? capacity : min(capacity, 2 * Self.pieceSize))
    }

    /// The JSON form of `yaml`, or its first error; in the block subset read by `YAMLBlockScanner`
    /// when `scanning`. Written to `spool` and mapped, or held in memory (without a spool,
    /// or one its disk refuses) up to `heldLimit` bytes of YAML.
    static func convert(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind? = nil, titles: Bool = true,
        aheadFrom minimumBytes: Int = YAMLEventsAhead.minimumBytes, scanning: Bool = Accelerators.enabled(.yamlScanner),
        spool: JSONFormSpool? = nil, heldLimit: Int = .max
    ) throws -> DocumentBytes {
        func form(_ spool: JSONFormSpool?) throws -> DocumentBytes {
            func run(_ scanning: Bool) throws -> YAMLToJSON {
                try converter(
                    yaml, path: path, dropping: behind, titles: titles, spool: spool, aheadFrom: minimumBytes,
                    scanning: scanning)
            }
            // On any error or decline of the scanner libfyaml converts the whole text again, so every
            // error is the plain path's (pages `behind` dropped are then read again).
            if scanning, let c = try? run(true) { return try c.finished() }
            try spool?.reset()
            return try run(false).finished()
        }
        if spool != nil {
            do { return try form(spool) } catch is JSONFormSpool.Refused {}
        }
        guard yaml.count <= heldLimit else {
            throw CellarError(
                "\(path): its JSON form could not be written to disk (no writable cache or temporary directory, "
                    + "or no space left), and a YAML file larger than \(InputFile.describe(size: heldLimit)) is not "
                    + "held in memory (free some space, set TMPDIR, or raise --max-file-size)")
        }
        return try form(nil)
    }

    /// The converter holding the JSON form of `yaml` (written to `spool` but
    /// for its last piece), its events read as `YAMLEventBatch.read` says.
    static func converter(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind? = nil, titles: Bool = true,
        spool: JSONFormSpool? = nil, aheadFrom minimumBytes: Int = YAMLEventsAhead.minimumBytes, scanning: Bool
    ) throws -> YAMLToJSON {
        var c = YAMLToJSON(yaml, path: path, capacity: yaml.count, spool: spool)
        c.behind = behind
        c.readsTitles = titles
        try YAMLEventBatch.read(yaml, path: path, dropping: behind, scanning: scanning, aheadFrom: minimumBytes) {
            try c.write($0, target: nil)
        }
        guard c.documents > 0 else {
            throw CellarError("the document is empty", at: SourceLocation(file: path, line: 1, column: 1))
        }
        c.behind?.finish()
        return c
    }

    /// The whole form: the spool mapped, or `out`.
    private func finished() throws -> DocumentBytes {
        guard let spool else { return DocumentBytes(Array(out.written)) }
        try spool.write(out.written)
        return try spool.mapped(path: path)
    }

    /// Writes `out` to the spool (or lets it go, locating) once it holds a piece.
    private mutating func passOn(locating: Bool) throws {
        guard out.count >= Self.pieceSize, spool != nil || locating else { return }
        try spool?.write(out.written)
        for k in keptKeys..<keys.count {
            let range = keys[k].range
            keys[k].range = keyText.count..<(keyText.count + range.count)
            keyText.append(contentsOf: out[range])
        }
        keptKeys = keys.count
        passedOn += out.count
        out.removeAll()
    }

    /// The YAML mark of the last value or key written at or before `offset` of the JSON form.
    static func location(ofOutput offset: Int, in yaml: UnsafeBufferPointer<UInt8>, path: String) -> SourceLocation {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var c = YAMLToJSON(yaml, path: path, capacity: 0)
        do {
            try YAMLEventBatch.read(yaml, path: path, dropping: nil, scanning: false, aheadFrom: .max) {
                try c.write($0, target: offset)
            }
        } catch { return start }
        return c.found ?? start
    }

    /// Writes `batch`'s events; false once done: at the end or, with `target`,
    /// at the first node that starts past it (`found` is then the mark of the last before).
    mutating func write(_ batch: YAMLEventBatch, target: Int?) throws -> Bool {
        for e in batch.events {
            switch e.kind {
            case .scalar, .sequenceStart, .mappingStart:
                let start = begin(e)
                if let target {
                    if start > target { return false }
                    found = mark(e)
                }
                if e.kind == .scalar {
                    scalar(
                        e, batch.text(of: e, in: input), readable: batch.readable(after: e, in: input),
                        tag: batch.tag(of: e))
                } else {
                    open(isMapping: e.kind == .mappingStart)
                }
            case .sequenceEnd:
                out.append(UInt8(ascii: "]"))
                _ = pop()
            case .mappingEnd:
                behind?.passed(e.textStart)
                out.append(UInt8(ascii: "}"))
                try checkDuplicates(pop())
                try passOn(locating: target != nil)
            case .documentStart: documents += 1
            case .end:
                if let laterError { throw laterError }
                return false
            case .other: continue
            }
        }
        return true
    }

    private func mark(_ e: YAMLEventBatch.Event) -> SourceLocation {
        SourceLocation(file: path, line: e.line, column: e.column)
    }

    private mutating func begin(_ e: YAMLEventBatch.Event) -> Int {
        guard let parent = top else { return passedOn + out.count }
        let isKey = parent.isMapping && parent.count % 2 == 0
        if parent.count > 0 { out.append(isKey || !parent.isMapping ? UInt8(ascii: ",") : UInt8(ascii: ":")) }
        // Each row on a line of its own: the load's check splits the form at a line (`StreamedDocument+TwoPartCheck`).
        if parent.role == .rows { out.append(UInt8(ascii: "\n")) }
        top?.count += 1
        if isKey && e.kind != .scalar && laterError == nil {
            laterError = CellarError(YAMLNode.keyNotText, at: mark(e))
        }
        return passedOn + out.count
    }

    /// Closes the innermost collection: both readers end only what they began.
    private mutating func pop() -> Frame {
        guard let frame = top else { preconditionFailure("a collection ended that was not begun") }
        top = outer.popLast()
        return frame
    }

    private func childRole() -> Role {
        guard let parent = top else { return .root }
        return parent.role == .sections ? .section : parent.role == .rows ? .row : parent.next
    }

    private mutating func open(isMapping: Bool) {
        out.append(isMapping ? UInt8(ascii: "{") : UInt8(ascii: "["))
        let frame = Frame(isMapping: isMapping, role: childRole(), keysStart: keys.count)
        if let top { outer.append(top) }
        top = frame
    }

    /// `readable`: bytes that may be read past `text` (`JSONText.writeString`).
    private mutating func scalar(
        _ e: YAMLEventBatch.Event, _ text: UnsafeBufferPointer<UInt8>, readable: Int, tag: String?
    ) {
        guard let parent = top else { return value(e, text, readable: readable, tag: tag, asTitle: false) }
        if parent.isMapping && parent.count % 2 == 1 {
            // A key written as nothing is null to YAML, which no table key is (`""` is the empty text).
            if text.isEmpty && e.isPlain && tag == nil && laterError == nil {
                laterError = CellarError(YAMLNode.keyMissing, at: mark(e))
            }
            let start = out.count + 1
            JSONText.writeString(text, into: &out, words: words, readable: readable)
            keys.append((start..<(out.count - 1), (e.line, e.column)))
            if parent.role == .root || parent.role == .section || parent.role == .row {
                top?.next = Self.key(text, in: parent.role)
            }
            return
        }
        let isTitle = parent.role == .register || parent.role == .indexTitles || parent.next == .title
        value(e, text, readable: readable, tag: tag, asTitle: readsTitles && isTitle)
    }

    static func key(_ text: UnsafeBufferPointer<UInt8>, in role: Role) -> Role {
        if role == .root {
            if text.equals("sections") { return .sections }
            if text.equals("register") { return .register }
            return text.equals("indexTitles") ? .indexTitles : .other
        }
        if role == .row { return text.equals("cell") ? .title : .other }
        if text.equals("rows") { return .rows }
        return text.equals("header") || text.equals("footer") || text.equals("indexTitle") ? .title : .other
    }

    private mutating func value(
        _ e: YAMLEventBatch.Event, _ text: UnsafeBufferPointer<UInt8>, readable: Int, tag: String?, asTitle: Bool
    ) {
        let plain = e.isPlain
        // As `NodeReader.text`: a title is the scalar's text, and a null is none. Untagged, a scalar not plain
        // or plain text that resolves to nothing is written from its bytes.
        if tag == nil {
            guard plain, text.isEmpty || YAMLScalar.mayResolve(first: text[0]), let resolved = YAMLScalar.resolve(text),
                !asTitle || resolved == .null
            else { return JSONText.writeString(text, into: &out, words: words, readable: readable) }
            return JSONText.write(resolved, into: &out, words: words)
        }
        let value: Value
        do { value = try YAMLScalar.value(text, plain: plain, tag: tag) } catch {
            if laterError == nil { laterError = CellarError(error.message, at: mark(e)) }
            return out.append("null")
        }
        guard asTitle, value != .null else { return JSONText.write(value, into: &out, words: words) }
        JSONText.writeString(text, into: &out, words: words, readable: readable)
    }

    private func key(_ k: Int) -> [UInt8] { k < keptKeys ? Array(keyText[keys[k].range]) : Array(out[keys[k].range]) }

    /// The first key of `among` that repeats an earlier one. Rows have a few keys,
    /// compared pairwise; a long mapping is hashed.
    private func firstRepeat(_ among: Range<Int>) -> Int? {
        if among.count > 16 || among.lowerBound < keptKeys {
            var seen: Set<[UInt8]> = []
            for k in among where !seen.insert(key(k)).inserted { return k }
            return nil
        }
        let buffer = out.written
        for i in among.dropFirst() {
            let a = keys[i].range
            for j in among.lowerBound..<i where keys[j].range.count == a.count {
                if memcmp(
                    buffer.baseAddress.unsafelyUnwrapped + a.lowerBound,
                    buffer.baseAddress.unsafelyUnwrapped + keys[j].range.lowerBound, a.count) == 0
                {
                    return i
                }
            }
        }
        return nil
    }

    /// A repeated key is refused where it repeats.
    private mutating func checkDuplicates(_ frame: Frame) throws {
        defer {
            if frame.keysStart < keptKeys {
                keyText.removeSubrange(keys[frame.keysStart].range.lowerBound...)
                keptKeys = frame.keysStart
            }
            keys.removeSubrange(frame.keysStart...)
        }
        let among = frame.keysStart..<keys.count
        guard among.count > 1, let k = firstRepeat(among) else { return }
        let mark = keys[k].mark
        let at = SourceLocation(file: path, line: mark.line, column: mark.column)
        throw CellarError(YAMLNode.duplicateKey(JSONText.decodeString(key(k))), at: at)
    }
}
