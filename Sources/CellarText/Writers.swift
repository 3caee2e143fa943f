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

public struct WriteError: Error, CustomStringConvertible {
    public let errno: Int32
    public var description: String { "write failed (errno \(errno))" }
}

/// A buffered sink on a file descriptor (stdout by default).
public final class FileDescriptorSink: ByteSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    public init(fd: Int32 = 1) {
        self.fd = fd
        buffer.reserveCapacity(capacity)
    }

    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    public func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw WriteError(errno: errno)
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { try? flush() }
}

/// Collects output in memory (tests, golden files).
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws { self.bytes.append(contentsOf: bytes) }
    public func flush() throws {}
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Turns canvas lines into bytes.
public protocol CanvasWriter: AnyObject {
    func write(_ canvas: Canvas, lines: Range<Int>) throws
    func flush() throws
}

extension CanvasWriter {
    public func write(_ canvas: Canvas) throws { try write(canvas, lines: 0..<canvas.height) }
}

/// Plain text: no escape sequences, trailing spaces trimmed, `\n` endings.
public final class PlainWriter: CanvasWriter {
    let sink: ByteSink
    public init(sink: ByteSink) { self.sink = sink }

    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        for y in lines {
            var utf8 = Array((canvas.line(y) + "\n").utf8)
            try utf8.withUnsafeMutableBufferPointer { try sink.write(UnsafeBufferPointer($0)) }
        }
    }
    public func flush() throws { try sink.flush() }
}

/// Whether to colour: `--color auto|always|never`, with NO_COLOR and the
/// terminal check applied to `auto`.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never

    public func usesColor(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return environment["NO_COLOR"] == nil && outputIsTerminal
        }
    }
}
