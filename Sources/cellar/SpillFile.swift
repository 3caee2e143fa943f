import Cellar
import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes set aside in a temporary file until their turn to be output (the
/// second part of a shared render, written while the first part is still
/// being drawn). The file is unlinked as soon as it is made, so nothing is
/// left behind whatever way the process ends, and its pages live in the page
/// cache, not in the process's memory.
final class SpillFile: ByteSink {
    private let fd: Int32
    private let sink: FileDescriptorSink

    /// A new empty file in `$TMPDIR` (else /tmp); nil when none can be made.
    init?() {
        let dir = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((dir + "/cellar-part.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { t in t.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { t in _ = t.baseAddress.map { unlink($0) } }
        self.fd = fd
        sink = FileDescriptorSink(fd: fd)
    }

    deinit { close(fd) }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws { try sink.write(bytes) }
    func flush() throws { try sink.flush() }

    /// Everything written so far, from the start, into `out`.
    func copy(to out: ByteSink) throws {
        try sink.flush()
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw Self.readError() }
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { chunk.deallocate() }
        while true {
            let n = read(fd, chunk.baseAddress, chunk.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.readError()
            }
            if n == 0 { return }
            try out.write(UnsafeBufferPointer(rebasing: chunk[0..<n]))
        }
    }

    private static func readError() -> CellarError {
        CellarError("cannot read back the render's second part: \(String(cString: strerror(errno)))")
    }
}
