import Foundation
import Testing

@testable import CellarText

@Suite struct FileDescriptorSinkTests {
    /// Small writes are buffered and large ones go out directly after the
    /// buffer (gathered): whatever the mix, the file gets the bytes in order.
    @Test func mixedWritesArriveInOrder() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("cellar-sink-\(UUID().uuidString)").path
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        var expected: [UInt8] = []
        do {
            let sink = FileDescriptorSink(fd: fd)
            let sizes = [3, 40_000, 5, 16_384, 16_383, 70_000, 1, 65_535, 65_536, 2, 20_000, 16_000, 40_000, 9]
            for (k, size) in sizes.enumerated() {
                let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ k) }
                expected += bytes
                try bytes.withUnsafeBufferPointer { try sink.write($0) }
            }
            try sink.flush()
        }
        close(fd)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }
}
