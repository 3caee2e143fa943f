import CellarText

/// A YAML text's events read on a second thread (`YAMLEventBatch.fill`) and
/// taken here in batches; the plain twin reads them on this thread.
///
/// Invariant: the reader lives on the second thread only; only copies of
/// its events cross, in order, the reader's error after them, so the JSON
/// form and every error are the one-thread path's (`YAMLEventsAheadTests`,
/// `YAMLBlockScannerTests`). `deinit` joins the thread; the caller keeps
/// the text until then.
struct YAMLEventsAhead: ~Copyable {
    /// Below this size a thread costs more than it saves.
    static let minimumBytes = 1 << 20

    /// The text, to cross to the second thread: read there only while this value lives.
    private struct Text: @unchecked Sendable { let bytes: UnsafeBufferPointer<UInt8> }

    private let queue = BatchesAhead<YAMLEventBatch>(capacity: 8, refillAt: 4)

    /// Nil (nothing started) when too short, on one core, or with accelerators off.
    init?(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, minimumBytes: Int = Self.minimumBytes,
        dropping behind: DropBehind? = nil, scanning: Bool = false
    ) {
        guard yaml.count >= minimumBytes, WorkerThread.hasSecondCore, Accelerators.enabled(.yamlAhead) else {
            return nil
        }
        let queue = self.queue
        let text = Text(bytes: yaml)
        guard queue.start({ Self.read(text.bytes, path: path, dropping: behind, scanning: scanning, into: queue) })
        else { return nil }
    }

    deinit { queue.stop() }

    private static func read(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind?, scanning: Bool,
        into queue: BatchesAhead<YAMLEventBatch>
    ) {
        do {
            try YAMLEventBatch.fill(yaml, path: path, dropping: behind, scanning: scanning) { batch, last, failure in
                guard let (spent, _) = queue.put([batch], last: last, failure: failure) else { return false }
                batch = reusable(spent)
                return true
            }
        } catch {
            _ = queue.put([], last: true, failure: error)
        }
    }

    /// A batch handed back (no other reference: its arrays are reused, not copied), or a new one.
    private static func reusable(_ spent: consuming [[YAMLEventBatch]]) -> YAMLEventBatch {
        var batches = spent
        if var last = batches.popLast(), var batch = last.popLast() {
            batch.removeAll()
            return batch
        }
        return .reserved()
    }

    /// Hands the batches to `take` in order until it returns false; the reader's error after the last.
    func hand(to take: (YAMLEventBatch) throws -> Bool) throws {
        var read: [YAMLEventBatch] = []
        while true {
            guard let batches = try queue.take(handingBack: consume read) else { return }
            for batch in batches {
                guard try take(batch) else { return }
            }
            read = batches
        }
    }
}
