import CFYAML
import Cellar
import CellarText

/// libfyaml's event parser over bytes the caller keeps alive, with its
/// collected errors, and read past the one line of YAML 1.2 it refuses.
///
/// Below a plain scalar, libfyaml refuses a line of blanks (a comment may
/// end it) whose tab starts short of the scalar's indentation: "invalid tab
/// used as indentation" (`- text: a`, then `⇥# note` or `⇥` alone). YAML
/// reads that line as a comment (`l-comment`), which ends the scalar. Such
/// a line is read again from a copy of the text with its first tab made a
/// `#`: the same reading, every offset where it was. The parser restarts on
/// the copy and passes over the events it had given, which are the same:
/// the text before the line is unchanged.
///
/// Every restart reads the text up to its line again; past `rereadBudget`
/// bytes in all, the error stands.
struct LibFYAMLParser: ~Copyable {
    static let refusedTab = "invalid tab used as indentation"

    private var parser: OpaquePointer
    private var diagnostics: OpaquePointer
    /// The text, as the caller gave it: offsets into `parsed` are offsets into it.
    let input: UnsafeBufferPointer<UInt8>
    /// The bytes libfyaml reads: `input`, or `copy` once a line is mended.
    private(set) var parsed: UnsafeBufferPointer<UInt8>
    private var copy: UnsafeMutableBufferPointer<UInt8>?
    /// Events `parse` has given since the parser (re)started on its text, counting those a restart passed.
    private(set) var given = 0
    private var reread = 0
    /// The refusal that stands when a restart does not read the text before its line as before.
    private var standing: CellarError?
    let path: String

    /// Never written: only its address is used, for an empty input.
    private nonisolated(unsafe) static let emptyInput = UnsafeRawPointer(
        UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws {
        (parser, diagnostics) = try Self.make(over: bytes, path: path)
        input = bytes
        parsed = bytes
        self.path = path
    }

    deinit {
        fy_parser_destroy(parser)
        fy_diag_destroy(diagnostics)
        copy?.deallocate()
    }

    private var rereadBudget: Int { 8 * input.count + (1 << 20) }

    /// The next event, or nil at the stream's end or at an error (`failed`); each is given back by `free`.
    mutating func parse() -> UnsafeMutablePointer<fy_event>? {
        while true {
            if let event = fy_parser_parse(parser) {
                given += 1
                return event
            }
            guard failed, mendRefusedTab() else { return nil }
        }
    }

    func free(_ event: UnsafeMutablePointer<fy_event>) { fy_parser_event_free(parser, event) }

    var failed: Bool { standing != nil || fy_parser_get_stream_error(parser) }

    /// The first error libfyaml collected, located and sanitised.
    var syntaxError: CellarError {
        if let standing { return standing }
        guard let (problem, line, column) = firstError else {
            return CellarError("malformed YAML/JSON", at: SourceLocation(file: path, line: 1, column: 1))
        }
        let at = SourceLocation(file: path, line: max(1, line), column: max(1, column))
        return CellarError("malformed YAML/JSON: \(Sanitizer.sanitize(String(problem.prefix(200))))", at: at)
    }

    private var firstError: (String, line: Int, column: Int)? {
        var iterator: UnsafeMutableRawPointer?
        guard let error = fy_diag_errors_iterate(diagnostics, &iterator) else { return nil }
        let problem = error.pointee.msg.map { String(cString: $0) } ?? "unknown error"
        return (problem, Int(error.pointee.line), Int(error.pointee.column))
    }

    /// After libfyaml's refusal of a line the type describes: the line mended, the parser restarted
    /// past the events given; false for any other error, which stands.
    private mutating func mendRefusedTab() -> Bool {
        guard let (problem, line, _) = firstError, problem == Self.refusedTab,
            let start = Self.start(ofLine: line, in: parsed), let tab = Self.blankLineTab(from: start, in: parsed)
        else { return false }
        return mend(tab: tab, lineStart: start, passing: given, refusal: syntaxError)
    }

    /// The line at `lineStart` made a comment (its tab at `tab` a `#`) in `copy`, and libfyaml restarted on
    /// the copy past its first `count` events (the text before the line is unchanged, so they parse as they
    /// did); false when the budget is spent or the restart fails (`refusal` then stands, if any).
    mutating func mend(tab: Int, lineStart: Int, passing count: Int, refusal: CellarError?) -> Bool {
        guard reread + lineStart <= rereadBudget, tab < input.count else { return false }
        let text: UnsafeMutableBufferPointer<UInt8>
        if let made = self.copy {
            text = made
        } else {
            text = .allocate(capacity: input.count)
            _ = text.initialize(from: input)
            self.copy = text
        }
        text[tab] = UInt8(ascii: "#")
        guard let (restarted, restartedDiagnostics) = try? Self.make(over: UnsafeBufferPointer(text), path: path)
        else { return false }
        fy_parser_destroy(parser)
        fy_diag_destroy(diagnostics)
        (parser, diagnostics) = (restarted, restartedDiagnostics)
        parsed = UnsafeBufferPointer(text)
        reread += lineStart
        given = count
        for _ in 0..<count {
            guard let event = fy_parser_parse(parser) else {
                standing = refusal ?? syntaxError
                return false
            }
            fy_parser_event_free(parser, event)
        }
        return true
    }

    /// Where line `line` (1-based, as libfyaml counts: a line feed, a carriage return, or both, ends one) starts.
    static func start(ofLine line: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard line >= 1 else { return nil }
        var i = 0
        var current = 1
        while current < line {
            guard i < text.count else { return nil }
            if text[i] == 0x0A || text[i] == 0x0D && (i + 1 == text.count || text[i + 1] != 0x0A) { current += 1 }
            i += 1
        }
        return i
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
