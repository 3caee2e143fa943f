import CellarText

/// A failure of Lua code or of the bridge, with the place it happened.
///
/// `description` (and `userMessage`) is the one line a user sees:
/// `Styles/food.lua:12: attempt to index a nil value`.
public struct LuaError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong: compiling, running, a limit, reading the file, or crossing the bridge.
    public enum Kind: Sendable, Equatable {
        /// The chunk does not compile.
        case syntax
        /// An error raised while running (including sandbox refusals).
        case runtime
        /// The memory cap was reached.
        case memory
        /// The per-call time budget ran out.
        case timeout
        /// The file could not be read.
        case file
        /// A value could not cross the bridge (cycle, depth, unsupported type).
        case conversion
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The chunk's file as given to `compile(path:)`, if known.
    public var file: String?
    /// The line in `file`, if known.
    public var line: Int?
    /// The message without its location prefix.
    public var message: String
    /// Lua's stack traceback at the error ("" if none was taken).
    public var traceback: String
    /// The UTF-8 length of the message as raised, before it was bounded.
    public var raisedLength: Int

    /// The message and file are sanitised (they may carry a style's own
    /// text, e.g. `error()`'s): control characters become visible (ESC as ␛).
    public init(kind: Kind, file: String? = nil, line: Int? = nil, message: String, traceback: String = "") {
        self.kind = kind
        self.file = file.map(Sanitizer.sanitize)
        self.line = line
        self.message = Sanitizer.boundedLine(message)
        raisedLength = message.utf8.count
        self.traceback = Self.sanitizedLines(Sanitizer.bounded(traceback, limit: 4 * Sanitizer.messageLimit))
    }

    /// `file:line: message`, or the message alone when the place is unknown.
    public var userMessage: String {
        guard let file else { return message }
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }

    /// The same as `userMessage`: `file:line: message`.
    public var description: String { userMessage }

    /// A chunk a style made with `load` is named "FILE (load at line N)" by
    /// the sandbox (it may not name itself): its errors are placed at FILE:N,
    /// the call of load, with the chunk's own line in the message.
    static func placingLoadedChunk(file: String, line: Int?, message: String) -> (
        file: String, line: Int?, message: String
    ) {
        let mark = " (load at line "
        var last: Range<String.Index>?
        var rest = file[...]
        while let r = rest.firstRange(of: mark) {
            last = r
            rest = file[r.upperBound...]
        }
        guard file.hasSuffix(")"), let r = last,
            let n = Int(file[r.upperBound..<file.index(before: file.endIndex)])
        else { return (file, line, message) }
        let inner = line.map { " (in the chunk loaded there, at its line \($0))" } ?? " (in the chunk loaded there)"
        return (String(file[..<r.lowerBound]), n, message + inner)
    }

    /// `text` sanitised line by line (a traceback keeps its lines).
    static func sanitizedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Sanitizer.sanitize(String($0)) }.joined(separator: "\n")
    }

    /// Splits Lua's `chunk:line: text` into its parts. Scans for the first
    /// `:<digits>: ` so that paths may contain ':' elsewhere.
    static func splitLocation(_ text: String) -> (file: String, line: Int, message: String)? {
        let bytes = Array(text.utf8)
        var i = 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: ":") {
                var j = i + 1
                var line = 0
                while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57, line < 100_000_000 {
                    line = line * 10 + Int(bytes[j] - 48)
                    j += 1
                }
                if j > i + 1, j + 1 < bytes.count, bytes[j] == UInt8(ascii: ":"), bytes[j + 1] == UInt8(ascii: " ") {
                    let file = String(decoding: bytes[0..<i], as: UTF8.self)
                    let rest = String(decoding: bytes[(j + 2)...], as: UTF8.self)
                    return (file, line, rest)
                }
            }
            i += 1
        }
        return nil
    }
}

/// Throw this from a Swift function exposed to Lua to raise a Lua error
/// `file:line: message` at the Lua caller.
public struct LuaFunctionError: Error, CustomStringConvertible, Sendable {
    /// The message the Lua caller's error carries, after its location.
    public var message: String
    /// Creates an error raising `message` in Lua.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
