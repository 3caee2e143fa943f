#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `CanvasWriter` that hands each canvas to a second thread, which
/// passes it on to the writer it wraps, so turning cells into bytes
/// overlaps with drawing the next batch. The wrapped writer sees exactly
/// the calls, in exactly the order, that it would see without this one,
/// so the output is byte-identical.
///
/// Invariant (why the class may be `@unchecked Sendable`): `queue`,
/// `spares`, `busy`, `failure` and `closing` are read and written only
/// with the worker's lock held. `inner` is used by the writer thread only while it is `busy`
/// (between taking a queued canvas under the lock and giving the lock
/// back after writing it); by the caller only once it has seen, under the
/// lock, an empty queue and an idle thread (`drain`), or after `finish`.
/// Canvases are values: a queued one shares no storage the caller can
/// still change (the caller's next write to its own copy copies first).
/// The queue holds at most `capacity` canvases, so memory stays bounded
/// however far drawing runs ahead.
///
/// Canvases go round: once written, a canvas waits in `spares` (at most
/// `capacity` of them), and `writeAndClear` hands the caller a spare in
/// place of the canvas it queues, so a long render reuses a few canvases
/// instead of making a new one per batch. The writer thread drops its own
/// reference before a spare is handed out, so the caller's copy is unique
/// and clearing it allocates nothing (were it shared, clearing would copy:
/// slower, never wrong).
public final class BackgroundCanvasWriter: CanvasWriter, @unchecked Sendable {
    private let inner: CanvasWriter
    private let capacity: Int
    private var queue: [(Canvas, Range<Int>)] = []
    /// Written canvases waiting to be handed back (`writeAndClear`).
    private var spares: [Canvas] = []
    /// How many canvases `writeAndClear` has handed back from `spares`.
    package private(set) var sparesReused = 0
    private var busy = false
    private var closing = false
    private var failure: Error?
    /// The second thread, and the lock and condition shared with it.
    private let worker = WorkerThread()

    /// Whether a second thread can run beside this one (more than one processor online).
    public static var pays: Bool { sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 }

    /// Starts the writer thread; call `finish` when done (it joins the thread).
    public init(wrapping inner: CanvasWriter, capacity: Int = 4) {
        self.inner = inner
        self.capacity = max(1, capacity)
        // When no thread starts, canvases are written in the caller's thread (see `write`).
        _ = worker.start { [self] in run() }
    }

    /// Queues the canvas (waiting while the queue is full); throws the first
    /// error the wrapped writer threw, after which nothing more is written.
    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        guard worker.isRunning else { return try inner.write(canvas, lines: lines) }
        _ = try enqueue(canvas, lines: lines)
    }

    /// Queues the canvas as `write` does and hands back in its place a
    /// blank one of the same size: a written spare when there is one.
    public func writeAndClear(_ canvas: inout Canvas, lines: Range<Int>) throws {
        guard worker.isRunning else {
            try inner.write(canvas, lines: lines)
            return canvas.reset(width: canvas.width, height: canvas.height)
        }
        let (width, height, ambiguousWide) = (canvas.width, canvas.height, canvas.ambiguousWide)
        if var spare = try enqueue(canvas, lines: lines) {
            spare.ambiguousWide = ambiguousWide
            spare.reset(width: width, height: height)
            canvas = spare
        } else {
            canvas = Canvas(width: width, height: height, ambiguousWide: ambiguousWide)
        }
    }

    /// Queues the canvas (waiting while the queue is full) and takes a spare, if any.
    private func enqueue(_ canvas: Canvas, lines: Range<Int>) throws -> Canvas? {
        worker.lock()
        defer { worker.unlock() }
        while queue.count >= capacity && failure == nil { worker.wait() }
        if let failure { throw failure }
        queue.append((canvas, lines))
        worker.broadcast()
        guard let spare = spares.popLast() else { return nil }
        sparesReused += 1
        return spare
    }

    /// Waits until every queued canvas is written, then flushes the wrapped writer.
    public func flush() throws {
        try drain()
        try inner.flush()
    }

    /// Waits until every queued canvas is written; throws the first error.
    public func drain() throws {
        guard worker.isRunning else { return }
        worker.lock()
        defer { worker.unlock() }
        while (!queue.isEmpty || busy) && failure == nil { worker.wait() }
        if let failure { throw failure }
    }

    /// Stops the thread (canvases still queued are dropped) and joins it.
    /// Call it on every path, a failed render's too; calling it again does nothing.
    public func finish() {
        worker.stop { closing = true }
    }

    /// The writer thread: takes canvases in order until `finish`.
    private func run() {
        worker.lock()
        while true {
            while queue.isEmpty && !closing { worker.wait() }
            if closing { break }
            let (canvas, lines) = queue.removeFirst()
            busy = true
            worker.unlock()
            var error: Error?
            do { try inner.write(canvas, lines: lines) } catch let e { error = e }
            worker.lock()
            busy = false
            if spares.count < capacity { spares.append(consume canvas) }
            if let error, failure == nil {
                failure = error
                queue.removeAll()
            }
            worker.broadcast()
        }
        worker.unlock()
    }
}
