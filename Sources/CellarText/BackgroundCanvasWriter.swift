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
/// with `lock` held. `inner` is used by the writer thread only while it is `busy`
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
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?

    /// Whether a second thread can run beside this one (more than one processor online).
    public static var pays: Bool { sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 }

    /// Starts the writer thread; call `finish` when done (it joins the thread).
    public init(wrapping inner: CanvasWriter, capacity: Int = 4) {
        self.inner = inner
        self.capacity = max(1, capacity)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        var t = pthread_t()
        let started = pthread_create(
            &t, nil,
            { context in
                guard let context else { return nil }
                let writer = Unmanaged<BackgroundCanvasWriter>.fromOpaque(context).takeRetainedValue()
                writer.run()
                return nil
            }, context)
        if started == 0 {
            thread = t
        } else {
            // No thread: the canvases are written in the caller's thread (see `write`).
            Unmanaged<BackgroundCanvasWriter>.fromOpaque(context).release()
        }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Queues the canvas (waiting while the queue is full); throws the first
    /// error the wrapped writer threw, after which nothing more is written.
    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        guard thread != nil else { return try inner.write(canvas, lines: lines) }
        _ = try enqueue(canvas, lines: lines)
    }

    /// Queues the canvas as `write` does and hands back in its place a
    /// blank one of the same size: a written spare when there is one.
    public func writeAndClear(_ canvas: inout Canvas, lines: Range<Int>) throws {
        guard thread != nil else {
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
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while queue.count >= capacity && failure == nil { pthread_cond_wait(changed, lock) }
        if let failure { throw failure }
        queue.append((canvas, lines))
        pthread_cond_broadcast(changed)
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
        guard thread != nil else { return }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while (!queue.isEmpty || busy) && failure == nil { pthread_cond_wait(changed, lock) }
        if let failure { throw failure }
    }

    /// Stops the thread (canvases still queued are dropped) and joins it.
    /// Call it on every path, a failed render's too; calling it again does nothing.
    public func finish() {
        guard let t = thread else { return }
        pthread_mutex_lock(lock)
        closing = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(t, nil)
        thread = nil
    }

    /// The writer thread: takes canvases in order until `finish`.
    private func run() {
        pthread_mutex_lock(lock)
        while true {
            while queue.isEmpty && !closing { pthread_cond_wait(changed, lock) }
            if closing { break }
            let (canvas, lines) = queue.removeFirst()
            busy = true
            pthread_mutex_unlock(lock)
            var error: Error?
            do { try inner.write(canvas, lines: lines) } catch let e { error = e }
            pthread_mutex_lock(lock)
            busy = false
            if spares.count < capacity { spares.append(consume canvas) }
            if let error, failure == nil {
                failure = error
                queue.removeAll()
            }
            pthread_cond_broadcast(changed)
        }
        pthread_mutex_unlock(lock)
    }
}
