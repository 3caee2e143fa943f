import CellarText

/// Standard output that holds what is written until the render succeeds, so
/// a failing row (a broken style, say) leaves no half-written table behind.
/// Past `holdLimit` bytes it streams instead: a million-row table must not
/// sit in memory, and a render that large fails loudly on stderr anyway.
final class HeldOutput: ByteSink {
    private let out: FileDescriptorSink
    private let holdLimit: Int
    private var held: [UInt8] = []
    private var streaming = false

    init(fd: Int32 = 1, holdLimit: Int = 8 << 20) {
        out = FileDescriptorSink(fd: fd)
        self.holdLimit = holdLimit
        // Reserved at once, so the held bytes are never copied into a buffer
        // twice their size as they grow (pages not yet written cost nothing).
        held.reserveCapacity(holdLimit)
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if streaming { return try out.write(bytes) }
        guard held.count + bytes.count > holdLimit else { return held.append(contentsOf: bytes) }
        streaming = true
        try release()
        try out.write(bytes)
    }

    /// Writers flush as they go; while holding, that must not reach stdout.
    func flush() throws {
        if streaming { try out.flush() }
    }

    /// The render succeeded: write out everything.
    func commit() throws {
        try release()
        try out.flush()
    }

    private func release() throws {
        try held.withUnsafeBufferPointer { try out.write($0) }
        held.removeAll()
    }
}
