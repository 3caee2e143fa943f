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
/// Invariant (why the class may be `@unchecked Sendable`): the queue
/// (`BatchesAhead`) is shared under its lock; the parser is used only by
/// the second thread between `init` and `stop`; `current` and `position`
/// only by the caller's thread. A taken event is valid until the next
/// `take` (its batch goes back only when the next batch is taken); `stop`
/// deletes what is left once the thread has ended.
final class YAMLEventsAhead: @unchecked Sendable {
    /// Events per batch: a wake costs more than parsing a few hundred events, so each carries thousands.
    static let batchEvents = 8192
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let path: String
    private let queue = BatchesAhead<yaml_event_t>(capacity: 8, refillAt: 4)
    // The caller's side.
    private var current: [yaml_event_t] = []
    private var position = 0

    /// Starts parsing on a second thread; nil when no thread could be started.
    /// `parser` stays the caller's to delete, after `stop`.
    init?(_ parser: UnsafeMutablePointer<yaml_parser_t>, path: String) {
        self.parser = parser
        self.path = path
        guard queue.start({ [self] in run() }) else { return nil }
    }

    /// The next event, valid until the next call; throws the parser's error when the events before it are taken.
    func take() throws -> yaml_event_t {
        if position == current.count {
            let read = current
            current = []
            guard let next = try queue.take(handingBack: read) else {
                // libyaml's stream ends with its end event, which the caller stops at.
                throw YAMLEvents.syntaxError(parser.pointee, path: path)
            }
            current = next
            position = 0
        }
        defer { position += 1 }
        return current[position]
    }

    /// Ends the thread and deletes the events never taken; calling it again does nothing.
    func stop() {
        for var batch in queue.stop() + [current] { Self.delete(&batch) }
        current = []
        position = 0
    }

    private static func delete(_ batch: inout [yaml_event_t]) {
        for i in batch.indices { yaml_event_delete(&batch[i]) }
    }

    /// The second thread: parses batch after batch until the stream ends, an error, or `stop`.
    private func run() {
        var done = false
        while !done {
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
            // Read batches come back to be deleted here, where their events were made.
            guard let (spent, _) = queue.put(batch, last: done, failure: error) else { return }
            for var read in spent { Self.delete(&read) }
        }
    }
}
