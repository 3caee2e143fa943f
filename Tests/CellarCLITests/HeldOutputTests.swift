import CellarText
import Testing

@testable import cellar

#if canImport(Glibc)
    import Glibc
#endif

/// `cellar render` holds small outputs until the render succeeds and
/// streams large ones.
@Suite struct HeldOutputTests {
    /// Reads what is in the pipe now, without blocking.
    func available(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return out
    }

    func withPipe(_ body: (_ readEnd: Int32, _ writeEnd: Int32) throws -> Void) throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        defer {
            close(fds[0])
            close(fds[1])
        }
        try body(fds[0], fds[1])
    }

    func write(_ text: String, to sink: ByteSink) throws {
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { try sink.write(UnsafeBufferPointer($0)) }
    }

    @Test func nothingReachesStdoutBeforeCommit() throws {
        try withPipe { r, w in
            let out = HeldOutput(fd: w, holdLimit: 1024)
            try write("row 1\n", to: out)
            try out.flush()  // a writer's flush must not leak held bytes
            try write("row 2\n", to: out)
            #expect(available(r).isEmpty)  // a failing render would stop here: nothing written
            try out.commit()
            #expect(String(decoding: available(r), as: UTF8.self) == "row 1\nrow 2\n")
        }
    }

    @Test func largeOutputsStreamInsteadOfPilingUp() throws {
        try withPipe { r, w in
            let out = HeldOutput(fd: w, holdLimit: 64)
            let line = String(repeating: "x", count: 39) + "\n"
            for _ in 0..<4 { try write(line, to: out) }  // 160 bytes: past the limit
            try out.flush()
            #expect(available(r).count == 160)
            try write(line, to: out)
            try out.commit()
            #expect(available(r).count == 40)
        }
    }
}
