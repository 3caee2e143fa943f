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
/// `spares`, `busy`, `failure`, `closing`, `draining`, `writerSleeps` and
/// `callerWaits` are read and written only with the worker's lock held.
/// `inner` is used by the writer thread only while it is `busy`
/// (between taking a queued canvas under the lock and giving the lock
/// back after writing it); by the caller only once it has seen, under the
/// lock, an empty queue and an idle thread (`drain`), or after `finish`.
/// Canvases are values: a queued one shares no storage the caller can
/// still change (the caller's next write to its own copy copies first).
/// The queue holds at most `capacity` canvases, so memory stays bounded
/// however far drawing runs ahead.
///
/// Each side sleeps on the other in bursts, not per canvas: a waking costs
/// both threads a system call and a switch, more than writing a canvas. An
/// idle writer thread is woken once `wakeAt` canvases wait (or when the
/// caller drains or finishes), and a caller held back by a full queue once
/// the queue is down to `wakeAt`.
///
/// Canvases go round: once written, a canvas is cleared on the writer
/// thread (off the drawing thread's path) and waits in `spares` (at most
/// `capacity` of them, each blank at the size it was written at), and
/// `writeAndClear` hands the caller a spare in place of the canvas it
/// queues, so a long render reuses a few canvases instead of making a new
/// one per batch. The caller gives its canvas up when it queues it and the
/// writer thread drops its own reference before a spare is handed out, so
/// each side clears a canvas no one else holds, in place (were one shared,
/// clearing would copy: slower, never wrong).
public final class BackgroundCanvasWriter: CanvasWriter, @unchecked Sendable {
    private let inner: CanvasWriter
    private let capacity: Int
    private let wakeAt: Int
    private var queue: [(Canvas, Range<Int>)] = []
    /// Written canvases, cleared, waiting to be handed back (`writeAndClear`).
    private var spares: [Canvas] = []
    /// How many canvases `writeAndClear` has handed back from `spares`.
    package private(set) var sparesReused = 0
    private var busy = false
    private var closing = false
    /// The caller waits for the queue to empty: the writer thread writes every canvas, however few.
    private var draining = false
    /// The writer thread waits for canvases; the caller waits for room or for the queue to empty.
    private var writerSleeps = false
    private var callerWaits = false
    private var failure: Error?
    /// The second thread, and the lock and condition shared with it.
    private let worker = WorkerThread()

    /// Whether a second thread can run beside this one (more than one processor online).
    public static var pays: Bool { WorkerThread.hasSecondCore }

    /// Starts the writer thread; call `finish` when done (it joins the thread).
    public init(wrapping inner: CanvasWriter, capacity: Int = 8) {
        self.inner = inner
        self.capacity = max(1, capacity)
        wakeAt = max(1, self.capacity / 2)
        // When no thread starts, canvases are written in the caller's thread (see `write`).
        _ = worker.start { [self] in run() }
    }

    /// As the writer it wraps.
    public var writesPlainText: Bool { inner.writesPlainText }

    /// Queues the canvas (waiting while the queue is full); throws the first
    /// error the wrapped writer threw, after which nothing more is written.
    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        guard worker.isRunning else { return try inner.write(canvas, lines: lines) }
        _ = try enqueue(canvas, lines: lines)
    }

    /// Queues the canvas as `write` does and hands back in its place a
    /// blank one of the same size and settings: a written spare when there is one.
    public func writeAndClear(_ canvas: inout Canvas, lines: Range<Int>) throws {
        guard worker.isRunning else {
            try inner.write(canvas, lines: lines)
            return canvas.reset(width: canvas.width, height: canvas.height)
        }
        let (width, height, ambiguousWide, dark, plain) = (
            canvas.width, canvas.height, canvas.ambiguousWide, canvas.dark, canvas.takesPlainLines
        )
        // Given up, not copied: the queue holds the only reference.
        var queued = Canvas(width: 0, height: 0)
        swap(&queued, &canvas)
        if var spare = try enqueue(queued, lines: lines) {
            spare.ambiguousWide = ambiguousWide
            // Spares are blank at the size they were written at (a tall item's may differ).
            if spare.width != width || spare.height != height { spare.reset(width: width, height: height) }
            canvas = spare
        } else {
            canvas = Canvas(width: width, height: height, ambiguousWide: ambiguousWide)
        }
        canvas.dark = dark
        canvas.takesPlainLines = plain
    }

    /// Queues the canvas (waiting while the queue is full) and takes a spare, if any.
    private func enqueue(_ canvas: consuming Canvas, lines: Range<Int>) throws -> Canvas? {
        worker.lock()
        defer { worker.unlock() }
        while queue.count >= capacity && failure == nil {
            callerWaits = true
            worker.wait()
        }
        callerWaits = false
        if let failure { throw failure }
        queue.append((canvas, lines))
        if writerSleeps && queue.count >= wakeAt { worker.broadcast() }
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
        draining = true
        if writerSleeps && !queue.isEmpty { worker.broadcast() }
        while (!queue.isEmpty || busy) && failure == nil {
            callerWaits = true
            worker.wait()
        }
        callerWaits = false
        draining = false
        if let failure { throw failure }
    }

    /// Stops the thread (canvases still queued are dropped) and joins it.
    /// Call it on every path, a failed render's too; calling it again does nothing.
    public func finish() {
        worker.stop { closing = true }
    }

    /// The writer thread: takes canvases in order until `finish`; once the
    /// queue is empty it sleeps until `wakeAt` canvases wait, or any does
    /// while the caller drains.
    private func run() {
        worker.lock()
        while true {
            if queue.isEmpty && !closing {
                writerSleeps = true
                while !closing && (queue.isEmpty || (queue.count < wakeAt && !draining)) { worker.wait() }
                writerSleeps = false
            }
            if closing { break }
            let (written, lines) = queue.removeFirst()
            var canvas = written
            busy = true
            let keep = spares.count < capacity
            worker.unlock()
            var error: Error?
            do { try inner.write(canvas, lines: lines) } catch let e { error = e }
            // Cleared here, not on the drawing thread.
            if keep && error == nil { canvas.reset(width: canvas.width, height: canvas.height) }
            worker.lock()
            busy = false
            if keep && error == nil && spares.count < capacity { spares.append(canvas) }
            if let error, failure == nil {
                failure = error
                queue.removeAll()
            }
            // A caller draining waits for an empty queue, one held back for room.
            if callerWaits && (failure != nil || (draining ? queue.isEmpty : queue.count <= wakeAt)) {
                worker.broadcast()
            }
        }
        worker.unlock()
    }
}
