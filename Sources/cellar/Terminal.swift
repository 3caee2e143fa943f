import Cellar
import CellarText

#if canImport(Glibc)
    import CellarDocuments
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the CLI needs to know about its terminal.
enum Terminal {
    /// Columns of the terminal on stdout (TIOCGWINSZ), else $COLUMNS, else 80.
    static func width(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let c = environment["COLUMNS"], let n = Int(c), n > 0 { return n }
        return 80
    }

    /// Lines of the terminal on stdout (TIOCGWINSZ), else $LINES, else nil.
    static func height(environment: [String: String]) -> Int? {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        if let c = environment["LINES"], let n = Int(c), n > 0 { return n }
        return nil
    }

    static var stdoutIsTerminal: Bool { isatty(1) == 1 }

    static var environment: [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            // By byte: a Character search breaks the whole entry into grapheme clusters.
            if let eq = s.utf8.firstIndex(of: UInt8(ascii: "=")) {
                env[String(s[..<eq])] = String(s[s.utf8.index(after: eq)...])
            }
            p += 1
        }
        return env
    }

    /// Text from input made safe for the terminal (`CellarText.Sanitizer`).
    static func sanitized(_ text: String) -> String { Sanitizer.sanitize(text) }

    /// Writes one line to stderr, sanitised: messages quote input (keys,
    /// identifiers, paths) that may hold escapes.
    static func printError(_ message: String) {
        var bytes = Array((Sanitizer.boundedLine(message) + "\n").utf8)
        bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// Writes text to stdout, all of it, or throws its `WriteError` (a full
    /// disk, a closed pipe), which `CLIError.report` says in words, exit 1.
    static func printOutput(_ text: String) throws {
        let sink = FileDescriptorSink(fd: 1)
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { try sink.write(UnsafeBufferPointer($0)) }
        try sink.flush()
    }

    /// "cannot write to standard output: no space left on device".
    static func outputError(_ e: WriteError) -> CellarError {
        CellarError("cannot write to standard output: \(Directories.reason(e.errno))")
    }

    /// The writer for stdout: ANSI colour when `color` says so, else plain text.
    static func writer(color: Bool, sink: ByteSink) -> CanvasWriter {
        color ? ANSIWriter(sink: sink) : PlainWriter(sink: sink)
    }
}
