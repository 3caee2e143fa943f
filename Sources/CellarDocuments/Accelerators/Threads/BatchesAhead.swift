import CellarText

/// Batches made ahead on a second thread and taken in order on the
/// caller's: at most `capacity` wait, a batch the caller has read goes back
/// to the second thread to be freed there, and each side wakes the other
/// only when it waits (the second thread once the queue is read down to
/// `refillAt`, so it makes several batches per wake: a wake is a system
/// call that costs more than a few rows). Used by the rows decoded ahead
/// (`RowPrefetch`).
///
/// Invariant (why the class may be `@unchecked Sendable`): `waiting`,
/// `spent`, `failure`, `ended`, `stopping` and the two `waits` flags are
/// read and written only with the worker's lock held; `make` runs only on
/// the second thread, `take` and `stop` only on the caller's.
final class BatchesAhead<Element>: @unchecked Sendable {
    private let capacity: Int
    private let refillAt: Int
    private var waiting: [[Element]] = []
    private var spent: [[Element]] = []
    private var failure: Error?
    private var ended = false
    private var stopping = false
    private var makerWaits = false
    private var takerWaits = false
    private let worker = WorkerThread()

    init(capacity: Int, refillAt: Int) {
        self.capacity = capacity
        self.refillAt = refillAt
    }

    /// Runs `make` on a second thread; it hands its batches to `put`. False
    /// when no thread could be started.
    func start(_ make: @escaping @Sendable () -> Void) -> Bool {
        worker.start(make)
    }

    /// The second thread's side: queues `batch` (waiting for room), and with
    /// `last` ends the queue, with `failure` for the caller once it has read
    /// the batches before. Returns the batches read since, to free, and how
    /// many now wait; nil when `stop` was called (`batch` is handed back in `spent`).
    func put(_ batch: [Element], last: Bool = false, failure: Error? = nil) -> (spent: [[Element]], waiting: Int)? {
        worker.lock()
        defer { worker.unlock() }
        if waiting.count >= capacity {
            makerWaits = true
            while waiting.count > refillAt && !stopping { worker.wait() }
            makerWaits = false
        }
        if stopping {
            spent.append(batch)
            return nil
        }
        if !batch.isEmpty { waiting.append(batch) }
        if last {
            ended = true
            self.failure = failure
        }
        let freed = spent
        spent = []
        if takerWaits { worker.broadcast() }
        return (freed, waiting.count)
    }

    /// The caller's side: the next batch, `read` (the one before) handed
    /// back; nil once the queue has ended and nothing waits, throwing the
    /// failure it ended with.
    func take(handingBack read: [Element]) throws -> [Element]? {
        worker.lock()
        defer { worker.unlock() }
        while waiting.isEmpty && !ended {
            takerWaits = true
            worker.wait()
        }
        takerWaits = false
        if !read.isEmpty { spent.append(read) }
        guard !waiting.isEmpty else {
            if let failure { throw failure }
            return nil
        }
        let next = waiting.removeFirst()
        if makerWaits && waiting.count <= refillAt { worker.broadcast() }
        return next
    }

    /// Ends the second thread and joins it; returns the batches it made that
    /// were not taken, and those handed back and not yet freed. Calling it again returns none.
    func stop() -> [[Element]] {
        worker.stop { stopping = true }
        let left = spent + waiting
        spent = []
        waiting = []
        return left
    }
}
