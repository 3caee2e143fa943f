import CFYAML
import Cellar
import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libfyaml's event parser over bytes the caller keeps alive, with its
/// collected errors, reading the tabs it gets wrong as YAML 1.2 does.
///
/// A line of blanks with a tab (a comment may end it) is a comment to YAML
/// (`l-comment`) but inside a scalar over lines. libfyaml refuses one below
/// a plain scalar whose tab starts short of the scalar's indentation ("invalid
/// tab used as indentation": `- text: a`, then `⇥# note` or `⇥` alone), and
/// reads one a column short as an empty line of the scalar. It also refuses
/// a tab after an explicit key's `?` or value's `:` (`?⇥a` then `:⇥b`),
/// which separates as a space does. So libfyaml reads a copy of the text
/// with each such tab mended (`mendedTabs`): a blank line's first made a
/// `#`, a comment to it too, and the indicator's made a space; every offset
/// stays where it was. Where
/// the line was a scalar's after all (`YAMLEvents.mendedLinesInScalar` finds
/// them), its tab is given back (`readAsWritten`): the parser restarts on the
/// copy and passes over the events it had given, which are the same, as the
/// text before the line is unchanged. Every restart reads the text up to its
/// line again; past `rereadBudget` bytes in all, an error stands.
struct LibFYAMLParser: ~Copyable {
    private var parser: OpaquePointer
    private var diagnostics: OpaquePointer
    /// The text, as the caller gave it: offsets into `parsed` are offsets into it.
    let input: UnsafeBufferPointer<UInt8>
    /// The bytes libfyaml reads: `input`, or `copy` when a tab or a block scalar's header is mended.
    private(set) var parsed: UnsafeBufferPointer<UInt8>
    private var copy: UnsafeMutableBufferPointer<UInt8>?
    /// The tabs mended in `copy`, in order.
    private(set) var mendedTabs: [Int] = []
    /// Events `parse` has given since the parser (re)started on its text, counting those a restart passed.
    private(set) var given = 0
    private var reread = 0
    /// Whether a mended tab was read as written again (`readAsWritten`).
    private(set) var restarted = false
    let path: String

    /// Never written: only its address is used, for an empty input.
    private nonisolated(unsafe) static let emptyInput = UnsafeRawPointer(
        UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws {
        input = bytes
        parsed = bytes
        self.path = path
        let mends = Self.tabsToMend(in: bytes)
        mendedTabs = mends.map(\.offset)
        if !mends.isEmpty {
            let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = text.initialize(from: bytes)
            for (tab, becomes) in mends { text[tab] = becomes }
            copy = text
            parsed = UnsafeBufferPointer(text)
        }
        do {
            (parser, diagnostics) = try Self.make(over: parsed, path: path)
        } catch {
            copy?.deallocate()
            throw error
        }
    }

    deinit {
        fy_parser_destroy(parser)
        fy_diag_destroy(diagnostics)
        copy?.deallocate()
    }

    private var rereadBudget: Int { 8 * input.count + (16 << 20) }

    /// The next event, or nil at the stream's end or at an error (`failed`); each is given back by `free`.
    mutating func parse() -> UnsafeMutablePointer<fy_event>? {
        guard let event = fy_parser_parse(parser) else { return nil }
        given += 1
        return event
    }

    func free(_ event: UnsafeMutablePointer<fy_event>) { fy_parser_event_free(parser, event) }

    var failed: Bool { fy_parser_get_stream_error(parser) }

    /// The first error libfyaml collected, located and sanitised.
    var syntaxError: CellarError {
        var iterator: UnsafeMutableRawPointer?
        guard let error = fy_diag_errors_iterate(diagnostics, &iterator) else {
            return CellarError("malformed YAML/JSON", at: SourceLocation(file: path, line: 1, column: 1))
        }
        let problem = error.pointee.msg.map { String(cString: $0) } ?? "unknown error"
        let (line, column) = (max(1, Int(error.pointee.line)), max(1, Int(error.pointee.column)))
        let offset = ByteLocation.offset(line: line, column: column, in: input)
        if let offset, let mistake = YAMLMistakes.explained(problem, at: offset, in: input) {
            let at = ByteLocation.location(of: mistake.offset, in: input, path: path)
            return CellarError("malformed YAML/JSON: \(mistake.message)", at: at)
        }
        // libfyaml marks an anchor or alias after its `&` or `*`, and an unclosed quote after the quote.
        let atIndicator =
            switch offset.flatMap({ $0 > 0 ? input[$0 - 1] : nil }) {
            case UInt8(ascii: "&")?, UInt8(ascii: "*")?: problem.contains("anchor") || problem.contains("alias")
            case UInt8(ascii: "\"")?, UInt8(ascii: "'")?: problem.contains("closing quote")
            default: false
            }
        let at = SourceLocation(file: path, line: line, column: atIndicator ? column - 1 : column)
        return CellarError("malformed YAML/JSON: \(Sanitizer.sanitize(String(problem.prefix(200))))", at: at)
    }

    /// The indices in `mendedTabs` of the tabs mended within `range` of the text.
    func mended(in range: Range<Int>) -> Range<Int> { mendedTabs.indices(ofSortedWithin: range) }

    /// The tabs `lines` (indices in `mendedTabs`) read as written again, and libfyaml restarted past its
    /// first `count` events (the text before the first line is unchanged, so they parse as they did); false
    /// when the budget is spent or the restart fails.
    mutating func readAsWritten(_ lines: Range<Int>, passing count: Int) -> Bool {
        guard let text = copy, let first = lines.first, spend(rereading: mendedTabs[first]) else { return false }
        for tab in mendedTabs[lines] { text[tab] = 0x09 }
        mendedTabs.removeSubrange(lines)
        return restart(passing: count)
    }

    /// The bytes `indicators` (a block scalar's header) read as a plain scalar's (each made an `x`), and
    /// libfyaml restarted past its first `count` events; false when the budget is spent or the restart fails.
    /// `YAMLEvents` gives that scalar the empty block scalar's text libfyaml misses (`emptiedBlockScalar`).
    mutating func readAsPlain(_ indicators: Range<Int>, passing count: Int) -> Bool {
        guard spend(rereading: indicators.lowerBound) else { return false }
        mend(indicators, to: UInt8(ascii: "x"))
        return restart(passing: count)
    }

    /// `bytes` of the copy libfyaml reads made `byte`; the copy is made first if there is none.
    private mutating func mend(_ bytes: Range<Int>, to byte: UInt8) {
        let text: UnsafeMutableBufferPointer<UInt8>
        if let copy {
            text = copy
        } else {
            text = .allocate(capacity: input.count)
            _ = text.initialize(from: input)
            copy = text
            parsed = UnsafeBufferPointer(text)
        }
        for i in bytes { text[i] = byte }
    }

    /// Whether a restart that reads the text again up to `offset` is within `rereadBudget`; if so it is counted.
    private mutating func spend(rereading offset: Int) -> Bool {
        guard reread + offset <= rereadBudget else { return false }
        reread += offset
        restarted = true
        return true
    }

    /// libfyaml made again over `parsed` and moved past its first `count` events.
    private mutating func restart(passing count: Int) -> Bool {
        guard let (restarted, restartedDiagnostics) = try? Self.make(over: parsed, path: path) else { return false }
        fy_parser_destroy(parser)
        fy_diag_destroy(diagnostics)
        (parser, diagnostics) = (restarted, restartedDiagnostics)
        given = count
        for _ in 0..<count {
            guard let event = fy_parser_parse(parser) else { return false }
            fy_parser_event_free(parser, event)
        }
        return true
    }

    /// The tabs libfyaml reads otherwise than YAML, with what each becomes: the first of every line that holds
    /// only blanks with a tab, then perhaps a comment (a `#`); one right after a `?` or `:` that only spaces
    /// and entries' `- ` stand before on its line; and those in blanks between a block indicator and another
    /// (`tabsBeforeABlockIndicator`). A space reads alike in the last two.
    static func tabsToMend(in text: UnsafeBufferPointer<UInt8>) -> [(offset: Int, becomes: UInt8)] {
        guard let base = text.baseAddress else { return [] }
        var tabs: [(offset: Int, becomes: UInt8)] = []
        var i = 0
        while i < text.count, let found = memchr(base + i, 0x09, text.count - i) {
            let tab = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let (start, end) = (ByteLocation.lineStart(of: tab, in: text), ByteLocation.lineEnd(from: tab, in: text))
            if blankLineTab(from: start, in: text) == tab {
                tabs.append((tab, UInt8(ascii: "#")))
            } else {
                var content = start
                while content < end && (text[content] == 0x20 || text[content] == 0x09) { content += 1 }
                var spaced = tabsBeforeABlockIndicator(in: content..<end, of: text)
                // The line's first tab right after its first node's `?` or `:`, only entries' `- ` before it.
                if afterEntries(tab - 1, from: content, in: text) && followsAnIndicator(tab, in: text)
                    && !spaced.contains(tab)
                {
                    spaced.append(tab)
                    spaced.sort()
                }
                tabs += spaced.map { ($0, 0x20) }
            }
            i = end
        }
        return tabs
    }

    /// The tabs in the blanks after a block indicator (`-` or `?` after a blank, or `:`) that `?`, `:`, `|`,
    /// `>`, or `-` and a blank follow. libfyaml 0.7.12 refuses them ("cannot use tab for indentation of block
    /// entry"), and after a key's `:` leaves its parser broken, to crash when it is freed (`? a:⇥|`). YAML
    /// refuses such a tab only before a collection on the line, as `YAMLEvents.tabAfterIndicator` does.
    private static func tabsBeforeABlockIndicator(in line: Range<Int>, of text: UnsafeBufferPointer<UInt8>) -> [Int] {
        func isBlank(_ i: Int) -> Bool { i == line.upperBound || text[i] == 0x20 || text[i] == 0x09 }
        var tabs: [Int] = []
        var i = line.lowerBound
        while i < line.upperBound {
            let b = text[i]
            let isIndicator =
                b == UInt8(ascii: ":")
                || (b == UInt8(ascii: "-") || b == UInt8(ascii: "?")) && (i == line.lowerBound || isBlank(i - 1))
            guard isIndicator, i + 1 < line.upperBound, isBlank(i + 1) else {
                i += 1
                continue
            }
            var next = i + 1
            while next < line.upperBound && isBlank(next) { next += 1 }
            if next < line.upperBound,
                "?:|>".utf8.contains(text[next]) || text[next] == UInt8(ascii: "-") && isBlank(next + 1)
            {
                tabs += ((i + 1)..<next).filter { text[$0] == 0x09 }
            }
            i = next
        }
        return tabs
    }

    /// Whether only block entries' `-` and blanks stand between `content` and `indicator` on its line.
    private static func afterEntries(_ indicator: Int, from content: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = content
        while i < indicator {
            guard text[i] == UInt8(ascii: "-"), i + 1 < indicator, text[i + 1] == 0x20 || text[i + 1] == 0x09 else {
                return false
            }
            i += 1
            while i < indicator && (text[i] == 0x20 || text[i] == 0x09) { i += 1 }
        }
        return i == indicator
    }

    /// Whether the tab at `tab` follows an explicit key's `?` or a value's `:`.
    private static func followsAnIndicator(_ tab: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        tab > 0 && (text[tab - 1] == UInt8(ascii: ":") || text[tab - 1] == UInt8(ascii: "?"))
    }

    /// The first tab of the line at `start` when the line holds only blanks, then perhaps a comment.
    static func blankLineTab(from start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = start
        var tab: Int?
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 {
            if text[i] == 0x09 && tab == nil { tab = i }
            i += 1
        }
        guard i == text.count || text[i] == 0x0A || text[i] == 0x0D || text[i] == UInt8(ascii: "#") else { return nil }
        return tab
    }

    private static func make(
        over bytes: UnsafeBufferPointer<UInt8>, path: String
    ) throws -> (OpaquePointer, OpaquePointer) {
        var diagConfig = fy_diag_cfg()
        fy_diag_cfg_default(&diagConfig)
        diagConfig.fp = nil
        diagConfig.output_fn = nil
        guard let diag = fy_diag_create(&diagConfig) else { throw memoryError(path) }
        fy_diag_set_collect_errors(diag, true)
        var config = fy_parse_cfg()
        config.flags = fy_parse_cfg_flags(
            FYPCF_QUIET.rawValue | FYPCF_COLLECT_DIAG.rawValue | FYPCF_DEFAULT_VERSION_1_2.rawValue
                | FYPCF_JSON_NONE.rawValue)
        config.diag = diag
        // An empty input has no address; libfyaml refuses a null one.
        let start = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? emptyInput
        guard let parser = fy_parser_create(&config) else {
            fy_diag_destroy(diag)
            throw memoryError(path)
        }
        guard fy_parser_set_string(parser, start.assumingMemoryBound(to: CChar.self), bytes.count) == 0 else {
            fy_parser_destroy(parser)
            fy_diag_destroy(diag)
            throw memoryError(path)
        }
        return (parser, diag)
    }

    static func memoryError(_ path: String) -> CellarError {
        CellarError("cannot read: out of memory", at: SourceLocation(file: path, line: 1, column: 1))
    }
}
