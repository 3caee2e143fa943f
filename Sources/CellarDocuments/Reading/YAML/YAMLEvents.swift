import CFYAML
import Cellar
import CellarText

/// libfyaml's YAML 1.2 events (`LibFYAMLParser`) over bytes the caller keeps alive: the
/// one source of both readings (`YAMLToJSON`, `YAMLNode.compose`), so what
/// it refuses (characters YAML 1.2 leaves out, deep nesting, a second
/// document) both refuse alike, and both see an alias as a copy of its node
/// (`YAMLAliases`).
struct YAMLEvents: ~Copyable {
    enum Kind { case scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd, documentStart, end, other }

    /// The JSON form is read back to `JSONBytes.maximumDepth`; the node tree is walked recursively.
    static let maximumNesting = JSONBytes.maximumDepth - 12

    private(set) var parser: LibFYAMLParser
    var input: UnsafeBufferPointer<UInt8> { parser.input }
    private(set) var current: UnsafeMutablePointer<fy_event>?
    /// Each open collection: the column of its first key or dash (its indentation, for a block one), whether
    /// it is a flow one or a mapping, how many nodes it has so far (a mapping's keys are its even ones), and
    /// where it starts.
    private(set) var open: [(column: Int, flow: Bool, mapping: Bool, nodes: Int, start: Int)] = []
    private var documents = 0
    private var aliases: YAMLAliases
    let path: String
    /// Whether an anchor was read so far.
    var sawAnchors: Bool { aliases.anchored }
    /// Whether the text was read again (`LibFYAMLParser`): a mended tab was found to be a scalar's, or a
    /// block scalar's header made a plain scalar's.
    var readLinesAgain: Bool { parser.restarted }
    /// The empty block scalars libfyaml reads as plain (`emptiedBlockScalar`): where each header starts,
    /// and how many line feeds its text is.
    private var emptiedBlocks: [Int: Int] = [:]
    /// Where the event before the current one ends: a block scalar's header is after it.
    private var previousEnd = 0

    /// The characters are checked first, the pages `behind` them given back.
    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind? = nil) throws {
        try YAMLCharacters.check(bytes, path: path, dropping: behind)
        parser = try LibFYAMLParser(bytes, path: path)
        aliases = YAMLAliases(textBytes: bytes.count)
        self.path = path
    }

    deinit {
        if let current { parser.free(current) }
    }

    /// The next event (an alias is `.other`); a second document is refused at once.
    private mutating func next() throws -> Kind {
        if let current {
            previousEnd = fy_event_end_mark(current).map { Int($0.pointee.input_pos) } ?? previousEnd
            parser.free(current)
        }
        current = parser.parse()
        guard var event = current else {
            if parser.failed { throw syntaxError }
            return .end
        }
        while event.pointee.type == FYET_SCALAR {
            let reread: (at: Int, emptyBlock: Bool, restarted: Bool)
            if let lines = mendedLinesInScalar() {
                // Read again with those lines as written: YAML reads them as the scalar's.
                let tab = parser.mendedTabs[lines.lowerBound]
                parser.free(event)
                current = nil
                reread = (tab, false, parser.readAsWritten(lines, passing: parser.given - 1))
            } else if let (indicators, lineFeeds) = emptiedBlockScalar() {
                // Read again with the header a plain scalar's, which ends before that line, given the text.
                parser.free(event)
                current = nil
                emptiedBlocks[indicators.lowerBound] = lineFeeds
                reread = (indicators.lowerBound, true, parser.readAsPlain(indicators, passing: parser.given - 1))
            } else {
                break
            }
            guard reread.restarted, let again = parser.parse() else {
                throw parser.failed
                    ? syntaxError
                    : Self.readAgainError(at: reread.at, emptyBlock: reread.emptyBlock, in: input, path: path)
            }
            current = again
            event = again
        }
        let isKey = open.last.map { $0.mapping && $0.nodes % 2 == 0 } ?? false
        if !open.isEmpty,
            [FYET_SCALAR, FYET_ALIAS, FYET_SEQUENCE_START, FYET_MAPPING_START].contains(event.pointee.type)
        {
            open[open.count - 1].nodes += 1
        }
        switch event.pointee.type {
        case FYET_SCALAR:
            try checkFlowPlainIndent()
            if isKey { try checkImplicitKeyLength() }
            return .scalar
        case FYET_SEQUENCE_START, FYET_MAPPING_START:
            if !Self.isFlow(event), let tab = tabAfterIndicator() {
                throw CellarError(
                    "malformed YAML/JSON: a tab after '-', '?' or ':' cannot indent a collection on its line;"
                        + " write spaces", at: ByteLocation.location(of: tab, in: input, path: path))
            }
            let started = fy_event_start_mark(event)?.pointee
            let (column, start) = (started.map { Int($0.column) } ?? 0, started.map { Int($0.input_pos) } ?? 0)
            open.append((column, Self.isFlow(event), event.pointee.type == FYET_MAPPING_START, 0, start))
            if open.count > Self.maximumNesting {
                throw CellarError("nested more than \(Self.maximumNesting) levels deep", at: mark)
            }
            let isList = event.pointee.type == FYET_SEQUENCE_START
            if let tag = properties.tag.flatMap(Self.text),
                let problem = YAMLScalar.collectionTagProblem(tag, list: isList)
            {
                throw CellarError(problem, at: mark)
            }
            return isList ? .sequenceStart : .mappingStart
        case FYET_SEQUENCE_END, FYET_MAPPING_END:
            open.removeLast()
            return event.pointee.type == FYET_SEQUENCE_END ? .sequenceEnd : .mappingEnd
        case FYET_DOCUMENT_START:
            documents += 1
            guard documents > 1 else { return .documentStart }
            // A bare document after `...` (spec 9.2) has no `---` to mark: it starts at its first node.
            if event.pointee.document_start.implicit { _ = try next() }
            throw CellarError(YAMLNode.secondDocument, at: mark)
        case FYET_STREAM_END: return .end
        default: return .other
        }
    }

    /// libfyaml's error, but for a flow collection the text ends in: that is named at its `[` or `{`
    /// (libfyaml names where the text ends, a flow mapping as a missing comma).
    private var syntaxError: CellarError {
        let error = parser.syntaxError
        guard let flow = open.last, flow.flow, let at = error.location,
            let offset = ByteLocation.offset(line: at.line, column: at.column ?? 1, in: input),
            input[offset...].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) })
        else { return error }
        let what = flow.mapping ? "mapping '{'" : "sequence '['"
        return CellarError(
            "malformed YAML/JSON: the flow \(what) is not closed before the text ends",
            at: ByteLocation.location(of: flow.start, in: input, path: path))
    }

    var mark: SourceLocation {
        let (line, column) = position
        return SourceLocation(file: path, line: line, column: column)
    }

    /// Where the current node starts as a reader sees it (1-based): its anchor or tag,
    /// a quoted scalar's quote, a block scalar's `|` or `>` (libfyaml marks the text).
    var position: (line: Int, column: Int) {
        guard let event = current else { return (1, 1) }
        guard let m = fy_event_start_mark(event)?.pointee else { return unmarkedPosition() }
        var start = (line: Int(m.line), column: Int(m.column))
        // An anchor's token starts after its `&`.
        func earlier(_ token: OpaquePointer?, back: Int = 0) {
            guard let token, let t = fy_token_start_mark(token)?.pointee else { return }
            let at = (line: Int(t.line), column: max(0, Int(t.column) - back))
            if at < start { start = at }
        }
        if event.pointee.type == FYET_SCALAR {
            let style = fy_token_scalar_style(event.pointee.scalar.value)
            if style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED {
                start.column = max(0, start.column - 1)
            } else if style == FYSS_LITERAL || style == FYSS_FOLDED, let header = blockHeader() {
                let lineStart = ByteLocation.lineStart(of: header, in: input)
                let column = (lineStart..<header).count { input[$0] & 0xC0 != 0x80 }
                let linesBack = ByteLocation.lineBreaks(in: header..<min(Int(m.input_pos), input.count), of: input)
                start = (max(0, start.line - linesBack), column)
            }
        }
        // An alias is marked, as an anchor, after its `*`.
        if event.pointee.type == FYET_ALIAS {
            start.column = max(0, start.column - 1)
        } else {
            let (anchor, tag) = properties
            earlier(anchor, back: 1)
            earlier(tag)
        }
        return (start.line + 1, start.column + 1)
    }

    /// Where a node libfyaml gives no mark (an empty scalar) stands: at the first indicator after the event before
    /// it, past blanks, line breaks, comments and a flow collection's `,` (an empty key: its `:`).
    private func unmarkedPosition() -> (line: Int, column: Int) {
        var i = previousEnd
        while i < input.count {
            switch input[i] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","): i += 1
            case UInt8(ascii: "#"): i = ByteLocation.lineEnd(from: i, in: input)
            default:
                let at = ByteLocation.location(of: i, in: input, path: path)
                return (at.line, at.column ?? 1)
            }
        }
        return (1, 1)
    }

    private static func isFlow(_ event: UnsafeMutablePointer<fy_event>) -> Bool {
        let token =
            event.pointee.type == FYET_MAPPING_START
            ? event.pointee.mapping_start.mapping_start : event.pointee.sequence_start.sequence_start
        let type = fy_token_get_type(token)
        return type == FYTT_FLOW_MAPPING_START || type == FYTT_FLOW_SEQUENCE_START
    }

    /// Where the current block scalar's `|` or `>` is: the first after the event before it and its
    /// properties, past comments (only indicators, blanks and comments stand between).
    func blockHeader() -> Int? {
        guard let event = current, event.pointee.type == FYET_SCALAR,
            let text = fy_token_start_mark(event.pointee.scalar.value)?.pointee.input_pos
        else { return nil }
        var i = previousEnd
        for token in [properties.anchor, properties.tag] {
            if let end = token.flatMap({ fy_token_end_mark($0)?.pointee.input_pos }) { i = max(i, Int(end)) }
        }
        let end = min(Int(text), input.count)
        while i < end {
            switch input[i] {
            case UInt8(ascii: "|"), UInt8(ascii: ">"): return i
            case UInt8(ascii: "#") where i == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(input[i - 1]):
                i = ByteLocation.lineEnd(from: i, in: input, before: end)
            default: i += 1
            }
        }
        return nil
    }

    /// The next event copied into `batch` (but those readers pass by); true once `.end` is.
    mutating func read(into batch: inout YAMLEventBatch) throws -> Bool {
        let kind = try next()
        let first = batch.events.count
        defer { aliases.keep(batch, from: first, in: input) }
        if kind == .other {
            guard let event = current, event.pointee.type == FYET_ALIAS, let name = properties.anchor.flatMap(Self.text)
            else { return false }
            let offset = fy_event_start_mark(event).map { Int($0.pointee.input_pos) } ?? 0
            try aliases.append(name, to: &batch, mark: position, offset: offset, depth: open.count, path: path)
            return false
        }
        if let name = properties.anchor.flatMap(Self.text) { aliases.anchor(name) }
        var event = YAMLEventBatch.Event(kind: kind)
        switch kind {
        case .scalar:
            try appendScalar(to: &batch, &event)
            (event.line, event.column) = position
        case .sequenceStart, .mappingStart:
            // A collection's tag is kept for `YAMLFragment`, which tells a node from the block around it by it.
            if let tag = properties.tag.flatMap(Self.text) {
                event.tag = batch.tags.count
                batch.tags.append(tag)
            }
            (event.line, event.column) = position
        case .mappingEnd:
            event.textStart = current.flatMap { fy_event_start_mark($0)?.pointee.input_pos }.map { Int($0) } ?? 0
        default: break
        }
        batch.events.append(event)
        return kind == .end
    }

    /// The current scalar's style, tag and text: where libfyaml has it in the input, else copied.
    private func appendScalar(to batch: inout YAMLEventBatch, _ event: inout YAMLEventBatch.Event) throws {
        (event.textStart, event.textCount) = (-1 - batch.text.count, 0)
        if let tag = current?.pointee.scalar.tag.flatMap(Self.text) {
            event.tag = batch.tags.count
            batch.tags.append(tag)
        }
        guard let token = current?.pointee.scalar.value else { return }
        if !emptiedBlocks.isEmpty, let start = fy_token_start_mark(token)?.pointee.input_pos,
            let lineFeeds = emptiedBlocks[Int(start)]
        {
            event.isPlain = false
            event.textCount = lineFeeds
            batch.text += repeatElement(0x0A, count: lineFeeds)
            return
        }
        let style = fy_token_scalar_style(token)
        event.isPlain = style == FYSS_PLAIN
        if style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED, let raw = rawText(token),
            let decoded = YAMLQuoted.decode(raw, double: style == FYSS_DOUBLE_QUOTED)
        {
            event.textCount = decoded.count
            batch.text += decoded
            return
        }
        if Self.isBlockScalar(token), let header = blockHeader(),
            let start = fy_token_start_mark(token)?.pointee.input_pos,
            let end = fy_token_end_mark(token)?.pointee.input_pos
        {
            let lines = min(Int(start), input.count)..<max(min(Int(start), input.count), min(Int(end), input.count))
            let text = try YAMLBlockScalar(header: header, in: input).text(
                of: lines, parent: open.last?.column ?? -1, in: input, path: path)
            event.textCount = text.count
            batch.text += text
            return
        }
        var length = 0
        guard let text = fy_token_get_text(token, &length) else { return }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        event.textCount = length
        // In the text libfyaml reads (`input`, or its mended copy), the offset is the same in `input`.
        if let base = parser.parsed.baseAddress, bytes >= base, bytes + length <= base + input.count {
            event.textStart = bytes - base
        } else {
            batch.text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    /// Whether `token` is a literal (`|`) or folded (`>`) scalar.
    static func isBlockScalar(_ token: OpaquePointer?) -> Bool {
        let style = fy_token_scalar_style(token)
        return style == FYSS_LITERAL || style == FYSS_FOLDED
    }

    private func rawText(_ token: OpaquePointer) -> UnsafeBufferPointer<UInt8>? {
        guard let start = fy_token_start_mark(token)?.pointee.input_pos,
            let end = fy_token_end_mark(token)?.pointee.input_pos,
            start <= end, end <= input.count
        else { return nil }
        return UnsafeBufferPointer(rebasing: input[start..<end])
    }

    /// The current node's anchor and tag tokens; an alias's anchor is the one it names.
    private var properties: (anchor: OpaquePointer?, tag: OpaquePointer?) {
        guard let event = current?.pointee else { return (nil, nil) }
        switch event.type {
        case FYET_SCALAR: return (event.scalar.anchor, event.scalar.tag)
        case FYET_SEQUENCE_START: return (event.sequence_start.anchor, event.sequence_start.tag)
        case FYET_MAPPING_START: return (event.mapping_start.anchor, event.mapping_start.tag)
        case FYET_ALIAS: return (event.alias.anchor, nil)
        default: return (nil, nil)
        }
    }

    private static func text(_ token: OpaquePointer) -> String? {
        var length = 0
        guard let text = fy_token_get_text(token, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }
}
