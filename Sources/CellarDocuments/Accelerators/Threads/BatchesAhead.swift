import CellarText

/// Batches made ahead on a second thread and taken in order on the
/// caller's: at most `capacity` wait, read batches go back to be freed
/// there, and a side wakes the other only when it waits (the maker once the
/// queue is down to `refillAt`: a wake is a system call).
///
/// Invariant (why `@unchecked Sendable`): the state is touched only under
/// the worker's lock; `make` runs on the second thread, `take` and `stop` on the caller's.
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

    /// False when no thread could be started.
    func start(_ make: @escaping @Sendable () -> Void) -> Bool {
        worker.start(make)
    }

    /// The maker's side: queues `batch`, with `last` ending the queue (and its
    /// `failure`, thrown after the batches before). Returns the batches read
    /// since, to free, and how many wait; nil after `stop`.
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

    /// The caller's side: the next batch, `read` handed back; nil at the end.
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

    /// Joins the second thread; the batches not taken or not freed go.
    func stop() {
        worker.stop { stopping = true }
        spent = []
        waiting = []
    }
}
