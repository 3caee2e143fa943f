/// A YAML text's events copied in order, the one form `YAMLToJSON` reads
/// them in, whichever reader made them: libfyaml (`YAMLEvents`) or the block
/// scanner (`YAMLBlockScanner`), on this thread or ahead on a second
/// (`YAMLEventsAhead`).
struct YAMLEventBatch {
    /// The events a batch holds before it is handed on.
    static let size = 4096

    struct Event {
        var kind: YAMLEvents.Kind
        var isPlain = true
        /// A node's 1-based line and column in characters, for errors (0 from the scanner: `YAMLBlockScanner`).
        var line = 0
        var column = 0
        /// A scalar's text in the input from `textStart`, or in `text` from
        /// `-1 - textStart` (a negative start); a mapping end's input offset.
        var textStart = 0
        var textCount = 0
        /// Its index in `tags`, or -1.
        var tag = -1
    }

    var events: [Event] = []
    var text: [UInt8] = []
    var tags: [String] = []

    /// An empty batch with room for `size` events and the line that passes it
    /// (a batch is handed on once it has `size`, after a whole line: growing
    /// then would copy every event), and for the unescaped text of quoted scalars.
    static func reserved() -> YAMLEventBatch {
        var batch = YAMLEventBatch()
        batch.events.reserveCapacity(size + lineEvents)
        batch.text.reserveCapacity(size * 4)
        return batch
    }

    /// Events a line adds beyond `size` without the batch growing; a longer flow line grows it.
    static let lineEvents = 256

    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        tags.removeAll()
    }

    /// A scalar's text, valid while the batch is unchanged.
    @inline(__always)
    func text(of e: Event, in input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard e.textStart < 0 else {
            return UnsafeBufferPointer(start: input.baseAddress.map { $0 + e.textStart }, count: e.textCount)
        }
        let start = -1 - e.textStart
        return text.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[start..<(start + e.textCount)]) }
    }

    /// How many bytes of the same buffer follow `e`'s text (`text(of:in:)`).
    func readable(after e: Event, in input: UnsafeBufferPointer<UInt8>) -> Int {
        e.textStart < 0 ? text.count - (-1 - e.textStart + e.textCount) : input.count - (e.textStart + e.textCount)
    }

    func tag(of e: Event) -> String? { e.tag >= 0 ? tags[e.tag] : nil }

    /// Reads `yaml`'s events by the block scanner (`scanning`, which throws `YAMLBlockScanner.Declined` for a text
    /// outside its subset) or libfyaml, on a second thread from `aheadFrom` bytes, and hands each batch in order to
    /// `take` until it returns false; the reader's error comes after the events before it.
    static func read(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind?, scanning: Bool,
        aheadFrom minimumBytes: Int, into take: (YAMLEventBatch) throws -> Bool
    ) throws {
        if let ahead = YAMLEventsAhead(
            yaml, path: path, minimumBytes: minimumBytes, dropping: behind, scanning: scanning)
        {
            return try ahead.hand(to: take)
        }
        try fill(yaml, path: path, dropping: behind, scanning: scanning) { batch, _, failure in
            guard try take(batch) else { return false }
            if let failure { throw failure }
            batch.removeAll()
            return true
        }
    }

    /// Fills the batches `read` hands on: `put` takes each and leaves an empty one, or returns false to stop; the
    /// last (`last`) ends in `.end` or in the reader's error (`failure`). A reader that cannot start throws.
    static func fill(
        _ yaml: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind?, scanning: Bool,
        into put: (inout YAMLEventBatch, _ last: Bool, _ failure: Error?) throws -> Bool
    ) throws {
        var batch = reserved()
        if scanning {
            var scanner = YAMLBlockScanner(yaml)
            try pass(&batch, into: put) { try scanner.readLine(into: &$0, handOn: { try put(&$0, false, nil) }) }
        } else {
            var events = try YAMLEvents(yaml, path: path, dropping: behind)
            try pass(&batch, into: put) { try events.read(into: &$0) }
        }
    }

    /// `batch` filled by `add` (true once it has added the `.end`) and handed to `put` when full or last.
    private static func pass(
        _ batch: inout YAMLEventBatch, into put: (inout YAMLEventBatch, Bool, Error?) throws -> Bool,
        _ add: (inout YAMLEventBatch) throws -> Bool
    ) throws {
        while true {
            let ended: Bool
            do { ended = try add(&batch) } catch is YAMLBlockScanner.Stopped {
                return
            } catch {
                _ = try put(&batch, true, error)
                return
            }
            guard ended || batch.events.count >= size else { continue }
            guard try put(&batch, ended, nil), !ended else { return }
        }
    }
}
