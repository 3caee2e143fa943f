import CellarText

/// A stream render's drawing on a second thread: the table's thread
/// configures and lays out rows (the styles, a Lua state, the reuse queues
/// and the statistics stay on it) and hands each row's laid-out content
/// here, in order; this thread measures what needs measuring, draws into the
/// batch canvas and writes the batches. The batcher sees the items in the
/// order the table made them, so the output is the one-thread render's.
///
/// Invariant (why the class may be `@unchecked Sendable`): `chunks`,
/// `spares`, `busy`, `failure`, `closing` and the two `waiting` flags are
/// read and written only with the worker's lock held; `pending` only by
/// the table's thread; `batcher` only by the drawing thread, from `init`
/// until `finish` has joined it. Items are values
/// the table's thread no longer changes: a row's `RowContent` (its view
/// tree shares storage only by immutable reference), a section item's
/// closure over the chrome and the layout, which a stream that is not
/// growing does not change; drawing a row that is not editing reads no
/// cell and no data source (`RowRenderer.draw`). The table hands over at
/// most `capacity` chunks ahead, so memory stays bounded.
///
/// Waking a thread is a system call that costs the table's thread more than
/// drawing a few rows: each side wakes the other only when it waits, and
/// the drawing thread, which keeps up, only once half the queue is full,
/// so it draws several chunks per wake.
final class StreamDrawThread: @unchecked Sendable {
    /// Items per chunk handed over: one lock round per chunk, not per row.
    static let chunkItems = 256
    private let capacity = 8
    private var drawerWaiting = false
    private var tableWaiting = false
    private var chunks: [[StreamItem]] = []
    /// Drawn chunks, emptied, handed back to the table's thread to fill again.
    private var spares: [[StreamItem]] = []
    private var busy = false
    private var closing = false
    private var failure: Error?
    private let worker = WorkerThread()
    // The table's side: appended to on every row by the table's thread
    // alone, so it skips run-time exclusivity checks.
    @exclusivity(unchecked) private var pending: [StreamItem] = []
    // The drawing side.
    private var batcher: StreamBatcher
    private let rows: RowRenderer
    private let layout: TableLayout

    /// Starts the drawing thread; nil when none could be started.
    init?(_ batcher: StreamBatcher, _ rows: RowRenderer, _ l: TableLayout) {
        self.batcher = batcher
        self.rows = rows
        layout = l
        pending.reserveCapacity(Self.chunkItems)
        guard worker.start({ [self] in run() }) else { return nil }
    }

    /// Queues `item`; throws the first error drawing or writing threw.
    func add(_ item: consuming StreamItem) throws {
        pending.append(item)
        if pending.count >= Self.chunkItems { try handOver() }
    }

    /// Waits until every item added is drawn and written; throws the first error.
    func drain() throws {
        if !pending.isEmpty { try handOver() }
        worker.lock()
        defer { worker.unlock() }
        if drawerWaiting { worker.broadcast() }
        while (!chunks.isEmpty || busy) && failure == nil { waitAsTable() }
        if let failure { throw failure }
    }

    /// Draws and writes everything added, then the batcher's last batch; ends the thread.
    func finish() throws {
        try drain()
        stop()
        try batcher.finish()
    }

    /// Ends the thread (items not yet drawn are dropped) and joins it; calling it again does nothing.
    func stop() {
        worker.stop { closing = true }
    }

    /// Hands the pending items over (waiting while `capacity` chunks wait) and takes an empty chunk back.
    private func handOver() throws {
        worker.lock()
        defer { worker.unlock() }
        while chunks.count >= capacity && failure == nil { waitAsTable() }
        if let failure { throw failure }
        var next = spares.popLast() ?? []
        swap(&next, &pending)
        chunks.append(next)
        if pending.capacity < Self.chunkItems { pending.reserveCapacity(Self.chunkItems) }
        if drawerWaiting && chunks.count >= capacity / 2 { worker.broadcast() }
    }

    /// The table's thread waits for the drawing thread (with the lock held).
    private func waitAsTable() {
        tableWaiting = true
        worker.wait()
        tableWaiting = false
    }

    /// The drawing thread: draws chunk after chunk, in order, until `stop`.
    private func run() {
        worker.lock()
        while true {
            while chunks.isEmpty && !closing {
                drawerWaiting = true
                worker.wait()
                drawerWaiting = false
            }
            if closing { break }
            var chunk = chunks.removeFirst()
            busy = true
            worker.unlock()
            var error: Error?
            do {
                for i in chunk.indices { try batcher.draw(chunk[i], rows, layout) }
            } catch let e { error = e }
            // The rows' trees and strings are freed here, not on the table's thread.
            chunk.removeAll(keepingCapacity: true)
            worker.lock()
            busy = false
            if spares.count < capacity { spares.append(chunk) }
            if let error, failure == nil {
                failure = error
                chunks.removeAll()
            }
            if tableWaiting { worker.broadcast() }
        }
        worker.unlock()
    }
}
