#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where writers put bytes.
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws
    func flush() throws
}

/// A write to a file descriptor failed; carries the system's error number.
public struct WriteError: Error, CustomStringConvertible {
    /// The `errno` the failed write set.
    public let errno: Int32
    /// "write failed (errno N)".
    public var description: String { "write failed (errno \(errno))" }
}

/// A buffered sink on a file descriptor (stdout by default). Bytes go out
/// in 64 KiB writes; `flush` sends the rest.
public final class FileDescriptorSink: ByteSink {
    private let fd: Int32
    private let buffer: ByteBuffer
    private let capacity = 1 << 16

    /// Creates a sink writing to `fd`, standard output by default.
    public init(fd: Int32 = 1) {
        self.fd = fd
        buffer = ByteBuffer(capacity: capacity)
    }

    /// Buffers `bytes`, writing the buffer out first when they would overflow it. A run of a quarter
    /// of the buffer or more (a writer's batch of rows) goes out directly, after what is buffered, in
    /// one system call: copying it here first would only add a copy.
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if bytes.count >= capacity / 4 {
            try writeAll(buffer.bytes, then: bytes)
            buffer.removeAll()
        } else {
            if buffer.count + bytes.count > capacity { try flush() }
            buffer.append(bytes)
        }
    }

    /// Writes out everything buffered.
    public func flush() throws {
        try writeAll(buffer.bytes)
        buffer.removeAll()
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
            #else
                let n = Darwin.write(fd, base + offset, bytes.count - offset)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                throw WriteError(errno: errno)
            }
            offset += n
        }
    }

    /// `first`, then `second`, gathered by one `writev` where both have bytes; a partial write's rest goes by `write`.
    private func writeAll(_ first: UnsafeBufferPointer<UInt8>, then second: UnsafeBufferPointer<UInt8>) throws {
        guard let a = first.baseAddress, let b = second.baseAddress, !first.isEmpty, !second.isEmpty else {
            try writeAll(first)
            return try writeAll(second)
        }
        var pieces = [
            iovec(iov_base: UnsafeMutableRawPointer(mutating: a), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: b), iov_len: second.count),
        ]
        var n: Int
        repeat { n = writev(fd, &pieces, 2) } while n < 0 && errno == EINTR
        if n < 0 { throw WriteError(errno: errno) }
        if n < first.count {
            try writeAll(UnsafeBufferPointer(rebasing: first[n...]))
            try writeAll(second)
        } else {
            try writeAll(UnsafeBufferPointer(rebasing: second[(n - first.count)...]))
        }
    }

    deinit { try? flush() }
}

/// Collects output in memory (tests, golden files).
public final class MemorySink: ByteSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []
    /// Creates an empty sink.
    public init() {}
    /// Appends `bytes` to `bytes`.
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws { self.bytes.append(contentsOf: bytes) }
    /// Does nothing: memory needs no flushing.
    public func flush() throws {}
    /// Everything written so far, decoded as UTF-8.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    /// Hands over everything written so far and goes on writing into
    /// `storage`, emptied: a reused buffer keeps its capacity, so a sink
    /// filled again and again allocates once.
    public func takeBytes(continuingIn storage: [UInt8] = []) -> [UInt8] {
        var next = storage
        next.removeAll(keepingCapacity: true)
        swap(&bytes, &next)
        return next
    }
}

/// Turns canvas lines into bytes.
public protocol CanvasWriter: AnyObject {
    func write(_ canvas: Canvas, lines: Range<Int>) throws
    func flush() throws
    /// Writes `lines` of `canvas`, then leaves `canvas` blank at its size
    /// and settings (ambiguous width, appearance, plain lines), ready for the next batch.
    func writeAndClear(_ canvas: inout Canvas, lines: Range<Int>) throws
    /// Writes text alone, no styles: a canvas for it may hold plain lines (`Canvas.takesPlainLines`).
    var writesPlainText: Bool { get }
}

extension CanvasWriter {
    /// Writes every line of the canvas.
    public func write(_ canvas: Canvas) throws { try write(canvas, lines: 0..<canvas.height) }

    /// Styled or drawn output by default.
    public var writesPlainText: Bool { false }

    /// Writes, then clears the canvas in place (its storage is kept).
    public func writeAndClear(_ canvas: inout Canvas, lines: Range<Int>) throws {
        try write(canvas, lines: lines)
        canvas.reset(width: canvas.width, height: canvas.height)
    }
}

/// The escape sequence for each style id of one canvas, and whether a
/// space in that style shows (a background, inverse, underline…), so such
/// trailing spaces are kept.
struct SGRTable {
    static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
    var sequences: [[UInt8]]
    var blankIsVisible: [Bool]
    /// For each style id, the first id with the same sequence: styles that
    /// differ only in ways the palette erases (`.label` and the default
    /// colour, say) switch nothing, so they emit nothing.
    var canonical: [UInt32]

    init(sequences: [[UInt8]], blankIsVisible: [Bool]) {
        self.sequences = sequences
        self.blankIsVisible = blankIsVisible
        var first: [[UInt8]: UInt32] = [:]
        canonical = sequences.indices.map { i in
            if let id = first[sequences[i]] { return id }
            first[sequences[i]] = UInt32(i)
            return UInt32(i)
        }
    }
}

/// Streams rows through one reusable buffer into the sink: a million-row
/// render never builds one big string. Rows go out about 128 KiB at a time:
/// each write is a system call on the thread that writes.
final class RowStreamer {
    let sink: ByteSink
    let buffer = ByteBuffer(capacity: 1 << 18)
    init(sink: ByteSink) { self.sink = sink }

    func stream(_ canvas: Canvas, lines: Range<Int>, sgr: SGRTable?) throws {
        let rows = max(0, lines.lowerBound)..<min(canvas.height, max(lines.upperBound, 0))
        for y in rows {
            canvas.render(row: y, into: buffer, sgr: sgr)
            buffer.append(0x0A)
            if buffer.count >= 1 << 17 {
                try sink.write(buffer.bytes)
                buffer.removeAll()
            }
        }
        if buffer.count > 0 {
            try sink.write(buffer.bytes)
            buffer.removeAll()
        }
    }

    func flush() throws { try sink.flush() }
}

/// Plain text: no escape sequences at all, trailing spaces trimmed, `\n`
/// endings.
public final class PlainWriter: CanvasWriter {
    private let streamer: RowStreamer
    /// Creates a writer streaming plain text into `sink`.
    public init(sink: ByteSink) { streamer = RowStreamer(sink: sink) }

    /// Text alone: a stream may hand it plain lines.
    public var writesPlainText: Bool { true }

    /// Writes the lines of `canvas` in `lines` (clamped to the canvas), one `\n` after each.
    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        try streamer.stream(canvas, lines: lines, sgr: nil)
    }
    /// Flushes the sink.
    public func flush() throws { try streamer.flush() }
}

/// ANSI terminal output: SGR sequences only where the style changes, a
/// reset at the end of every line that is not plain, semantic colours
/// mapped through a palette.
public final class ANSIWriter: CanvasWriter {
    /// Maps semantic colours to the colours sent to the terminal.
    public let palette: ANSIPalette
    private let streamer: RowStreamer
    private var cache: [TextStyle: [UInt8]] = [:]

    /// Creates a writer streaming ANSI-styled text into `sink`, colouring through `palette`.
    public init(sink: ByteSink, palette: ANSIPalette = .default) {
        self.palette = palette
        streamer = RowStreamer(sink: sink)
    }

    /// Flushes the sink.
    public func flush() throws { try streamer.flush() }

    /// Writes the lines of `canvas` in `lines` (clamped to the canvas) with SGR sequences, one `\n` after each.
    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        let table = SGRTable(
            sequences: canvas.styles.map(sequence(for:)),
            blankIsVisible: canvas.styles.map { style in
                palette.resolve(style.background, background: true) != .default
                    || !style.attributes.isDisjoint(with: [.inverse, .underline, .strikethrough])
            })
        try streamer.stream(canvas, lines: lines, sgr: table)
    }

    /// The SGR sequence that switches to `style` from any other: a reset
    /// followed by the style's parameters.
    func sequence(for style: TextStyle) -> [UInt8] {
        if let cached = cache[style] { return cached }
        var params: [String] = ["0"]
        let a = style.attributes
        if a.contains(.bold) { params.append("1") }
        if a.contains(.dim) { params.append("2") }
        if a.contains(.italic) { params.append("3") }
        if a.contains(.underline) { params.append("4") }
        if a.contains(.inverse) { params.append("7") }
        if a.contains(.strikethrough) { params.append("9") }
        if let fg = Self.colorParameters(palette.resolve(style.foreground, background: false), background: false) {
            params.append(fg)
        }
        if let bg = Self.colorParameters(palette.resolve(style.background, background: true), background: true) {
            params.append(bg)
        }
        let bytes = Array(("\u{1B}[" + params.joined(separator: ";") + "m").utf8)
        cache[style] = bytes
        return bytes
    }

    /// SGR parameters of a resolved colour; nil for the terminal default.
    static func colorParameters(_ color: Color, background: Bool) -> String? {
        switch color {
        case .default, .semantic: return nil
        case .palette(let n) where n < 8: return String((background ? 40 : 30) + Int(n))
        case .palette(let n) where n < 16: return String((background ? 100 : 90) + Int(n) - 8)
        case .palette(let n): return (background ? "48;5;" : "38;5;") + String(n)
        case .rgb(let r, let g, let b): return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
        case .dynamic: return colorParameters(color.resolved(dark: false), background: background)
        }
    }
}

/// Whether to colour: `--color auto|always|never`. `NO_COLOR` set to any
/// value turns `auto` off; `auto` colours only a terminal. An explicit
/// `always` wins over NO_COLOR, as no-color.org asks of command-line flags.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never

    /// Whether output in this mode is coloured, given the environment (NO_COLOR) and whether output is a terminal.
    public func usesColor(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return environment["NO_COLOR"] == nil && outputIsTerminal
        }
    }

    /// A writer for `sink` following this mode.
    public func writer(
        sink: ByteSink, environment: [String: String], outputIsTerminal: Bool,
        palette: ANSIPalette = .default
    ) -> CanvasWriter {
        usesColor(environment: environment, outputIsTerminal: outputIsTerminal)
            ? ANSIWriter(sink: sink, palette: palette) : PlainWriter(sink: sink)
    }
}
