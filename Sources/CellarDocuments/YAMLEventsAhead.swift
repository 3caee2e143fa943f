import CLibYAML
import Cellar
import CellarText

/// libyaml's parser run on a second thread, its events handed over in
/// batches, in order: the scanner is most of a YAML load, and the JSON form
/// is written from the events on the caller's thread meanwhile. The caller
/// gets each event as `YAMLEvents.next` would have parsed it, and the
/// parser's error only after every event before it. Events are deleted on
/// the thread that made them (taken batches go back to it): libc's `free`
/// of memory another thread allocated is slow.
///
/// Invariant (why the class may be `@unchecked Sendable`): `batches`, `spent`,
/// `failure`, `ended`, `stopping` and the two `waiting` flags are read and
/// written only with the worker's lock held; the parser only by the second
/// thread between `start` and `stop`; `current` and `position` only by the
/// caller's thread. A taken event is valid until the next `take` (its batch
/// is handed back only when the next batch is taken); `stop` deletes what is
/// left once the thread has ended. At most `capacity` batches wait.
final class YAMLEventsAhead: @unchecked Sendable {
    /// Events per batch: a wake costs more than parsing a few hundred events, so each carries thousands.
    static let batchEvents = 8192
    private let capacity = 8
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let path: String
    private var batches: [[yaml_event_t]] = []
    /// Batches the caller has read, for the parser's thread to delete.
    private var spent: [[yaml_event_t]] = []
    private var failure: CellarError?
    private var ended = false
    private var stopping = false
    private var parserWaiting = false
    private var callerWaiting = false
    private let worker = WorkerThread()
    // The caller's side.
    private var current: [yaml_event_t] = []
    private var position = 0

    /// Starts parsing on a second thread; nil when no thread could be started.
    /// `parser` stays the caller's to delete, after `stop`.
    init?(_ parser: UnsafeMutablePointer<yaml_parser_t>, path: String) {
        self.parser = parser
        self.path = path
        guard worker.start({ [self] in run() }) else { return nil }
    }

    /// The next event, valid until the next call; throws the parser's error when the events before it are taken.
    func take() throws -> yaml_event_t {
        if position == current.count {
            worker.lock()
            while batches.isEmpty && !ended {
                callerWaiting = true
                worker.wait()
                callerWaiting = false
            }
            if !current.isEmpty { spent.append(current) }
            current = batches.isEmpty ? [] : batches.removeFirst()
            if parserWaiting && batches.count <= capacity / 2 { worker.broadcast() }
            let failure = current.isEmpty ? self.failure : nil
            worker.unlock()
            position = 0
            if let failure { throw failure }
            // Ended with neither events nor an error: libyaml stops after the stream's end.
            guard !current.isEmpty else { throw YAMLEvents.syntaxError(parser.pointee, path: path) }
        }
        defer { position += 1 }
        return current[position]
    }

    /// Ends the thread and deletes the events never taken; calling it again does nothing.
    func stop() {
        worker.stop { stopping = true }
        for var batch in spent + batches + [current] { Self.delete(&batch) }
        current = []
        position = 0
        spent = []
        batches = []
    }

    private static func delete(_ batch: inout [yaml_event_t]) {
        for i in batch.indices { yaml_event_delete(&batch[i]) }
    }

    /// The second thread: parses batch after batch until the stream ends, an error, or `stop`.
    private func run() {
        var done = false
        var freed: [[yaml_event_t]] = []
        while !done {
            for b in freed.indices { Self.delete(&freed[b]) }
            freed.removeAll(keepingCapacity: true)
            var batch: [yaml_event_t] = []
            batch.reserveCapacity(Self.batchEvents)
            var error: CellarError?
            while batch.count < Self.batchEvents {
                var event = yaml_event_t()
                guard yaml_parser_parse(parser, &event) == 1 else {
                    error = YAMLEvents.syntaxError(parser.pointee, path: path)
                    done = true
                    break
                }
                batch.append(event)
                if event.type == YAML_STREAM_END_EVENT {
                    done = true
                    break
                }
            }
            worker.lock()
            while batches.count >= capacity && !stopping {
                parserWaiting = true
                worker.wait()
                parserWaiting = false
            }
            if stopping {
                worker.unlock()
                Self.delete(&batch)
                return
            }
            swap(&freed, &spent)
            if !batch.isEmpty { batches.append(batch) }
            if let error { failure = error }
            if done { ended = true }
            if callerWaiting { worker.broadcast() }
            worker.unlock()
        }
        for b in freed.indices { Self.delete(&freed[b]) }
    }
}
