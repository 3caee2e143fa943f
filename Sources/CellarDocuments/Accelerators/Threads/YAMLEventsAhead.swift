import Cellar
import CellarText

/// A YAML text's events read on a second thread and taken here in
/// batches: by libfyaml, whose plain twin is `YAMLEvents` on this thread,
/// or by the block scanner, whose twin is `YAMLBlockScanner` on this thread.
///
/// Invariant: the reader lives on the second thread only; only copies of
/// its events cross, in order, the reader's error after them, so the JSON
/// form and every error are the one-thread path's (`YAMLEventsAheadTests`,
/// `YAMLBlockScannerTests`).
/// `deinit` joins the thread; the caller keeps the text until then.
struct YAMLEventsAhead: ~Copyable, YAMLEventSource {
    /// Below this size a thread costs more than it saves.
    static let minimumBytes = 1 << 20
    static let batchEvents = 4096

    /// One event, copied: its text and tag are in its batch.
    struct Event {
        var kind: YAMLEvents.Kind
        var isPlain = true
        var hasAnchor = false
        var line = 0
        var column = 0
        /// A scalar's text in the input from `textStart`, or in `Batch.text` from
        /// `-1 - textStart` (a negative start; as `YAMLBlockScanner`'s scratch); a mapping end's input offset.
        var textStart = 0
        var textCount = 0
        /// Its index in `Batch.tags`, or -1.
        var tag = -1
    }

    struct Batch {
        var events: [Event] = []
        var text: [UInt8] = []
        var tags: [String] = []

        mutating func removeAll() {
            events.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
            tags.removeAll()
        }

        mutating func append<Source: YAMLEventSource & ~Copyable>(_ kind: YAMLEvents.Kind, of source: borrowing Source)
        {
            var event = Event(kind: kind)
            switch kind {
            case .scalar:
                let bytes = source.scalarBytes
                event.textCount = bytes.count
                event.textStart = -1 - text.count
                text.append(contentsOf: bytes)
                event.isPlain = source.isPlainScalar
                if let tag = source.scalarTag {
                    event.tag = tags.count
                    tags.append(tag)
                }
                fallthrough
            case .alias, .sequenceStart, .mappingStart:
                event.hasAnchor = source.hasAnchor
                fallthrough
            case .documentStart:
                (event.line, event.column) = source.position
            case .mappingEnd:
                event.textStart = source.inputOffset
            default: break
            }
            events.append(event)
        }
    }

    /// The text, to cross to the second thread: read there only while this value lives.
    private struct Text: @unchecked Sendable { let bytes: UnsafeBufferPointer<UInt8> }

    private let queue = BatchesAhead<Batch>(capacity: 8, refillAt: 4)
    private var current = Batch()
    private var index = -1
    private let input: UnsafeBufferPointer<UInt8>
    let path: String

    /// Nil (nothing started) when too short, on one core, or with accelerators off.
    /// `scanning`: the block scanner reads (its `Declined` is the error when the text is outside its subset).
    init?(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, minimumBytes: Int = Self.minimumBytes,
        dropping behind: DropBehind? = nil, scanning: Bool = false
    ) {
        self.path = path
        input = yaml
        guard yaml.count >= minimumBytes, WorkerThread.hasSecondCore else { return nil }
        let queue = self.queue
        let text = Text(bytes: yaml)
        guard queue.start({ Self.read(text.bytes, path: path, dropping: behind, scanning: scanning, into: queue) })
        else { return nil }
    }

    deinit { _ = queue.stop() }

    private static func read(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind?, scanning: Bool,
        into queue: BatchesAhead<Batch>
    ) {
        do {
            if scanning {
                // A line's events at once, as `Batch.append` copies them.
                var scanner = try YAMLBlockScanner(checking: yaml, path: path, dropping: behind)
                pass(into: queue) { try scanner.readLine(into: &$0) }
            } else {
                var events = try YAMLEvents(yaml, path: path, dropping: behind)
                pass(into: queue) { batch in
                    let kind = try events.next()
                    // The reader passes these by.
                    if kind != .other { batch.append(kind, of: events) }
                    return kind == .end
                }
            }
        } catch {
            _ = queue.put([], last: true, failure: error)
        }
    }

    /// Batches into `queue`, each filled by `fill` (true once it has added the `.end`), the
    /// reader's error (if any) after the last.
    private static func pass(into queue: BatchesAhead<Batch>, _ fill: (inout Batch) throws -> Bool) {
        var batch = reusable([])
        do {
            while try !fill(&batch) {
                if batch.events.count >= batchEvents {
                    guard let (spent, _) = queue.put([batch]) else { return }
                    batch = reusable(consume spent)
                }
            }
            _ = queue.put([batch], last: true)
        } catch {
            _ = queue.put([batch], last: true, failure: error)
        }
    }

    /// A batch handed back (no other reference: its arrays are reused, not copied), or a new one.
    private static func reusable(_ spent: consuming [[Batch]]) -> Batch {
        var batches = spent
        if var last = batches.popLast(), var batch = last.popLast() {
            batch.removeAll()
            return batch
        }
        var batch = Batch()
        batch.events.reserveCapacity(batchEvents)
        return batch
    }

    mutating func next() throws -> YAMLEvents.Kind {
        index += 1
        while index >= current.events.count {
            var read = Batch()
            swap(&read, &current)
            guard let next = try queue.take(handingBack: [consume read])?.first else { return .end }
            current = next
            index = 0
        }
        return current.events[index].kind
    }

    private var event: Event { current.events[index] }
    var hasAnchor: Bool { event.hasAnchor }
    var position: (line: Int, column: Int) { (event.line, event.column) }
    var inputOffset: Int { event.textStart }
    var isPlainScalar: Bool { event.isPlain }
    var scalarTag: String? { event.tag >= 0 ? current.tags[event.tag] : nil }
    @inline(__always)
    var scalarBytes: UnsafeBufferPointer<UInt8> {
        let e = event
        guard e.textStart < 0 else {
            // Within the input: the reader found the text there.
            return UnsafeBufferPointer(start: input.baseAddress.map { $0 + e.textStart }, count: e.textCount)
        }
        let start = -1 - e.textStart
        // `current` is held unchanged until the next event, as the text's lifetime requires.
        return current.text.withUnsafeBufferPointer {
            UnsafeBufferPointer(rebasing: $0[start..<(start + e.textCount)])
        }
    }
}
