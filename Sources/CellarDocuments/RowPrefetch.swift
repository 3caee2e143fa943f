import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rows decoded ahead on a second thread, in order, while the table
/// configures, lays out and draws the rows before them (a whole-table
/// render, or measuring every row, of a long document). The table gets the
/// same `StyleRow` it would have decoded itself: `take` answers a row only
/// when it is the next one decoded, and nil otherwise (the caller then
/// decodes it, and errors come from there with their location).
///
/// Invariant (why the class may be `@unchecked Sendable`): `chunks`,
/// `stopped` and `finished` are read and written only with `lock` held;
/// `current`, `position` and `expected` only by the one thread that calls
/// `take` (the table's); the decoder is an immutable value over arrays no
/// one changes after the load. The producer runs at most `capacity`
/// chunks ahead, so memory stays bounded.
final class RowPrefetch: @unchecked Sendable {
    /// Rows per chunk handed over: one lock round per chunk, not per row.
    static let chunkRows = 64
    private let decoder: RowDecoder
    private let capacity = 4
    private var chunks: [[StyleRow]] = []
    private var stopped = false
    private var finished = false
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?
    // The consumer's side.
    private var current: [StyleRow] = []
    private var position = 0
    /// The row `take` answers next.
    private(set) var expected: Int

    /// Starts decoding rows `start..<decoder.count` on a second thread; nil
    /// when no thread could be started.
    init?(_ decoder: RowDecoder, from start: Int) {
        self.decoder = decoder
        expected = start
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        var t = pthread_t()
        let started = pthread_create(
            &t, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<RowPrefetch>.fromOpaque(context).takeRetainedValue().produce()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<RowPrefetch>.fromOpaque(context).release()
            return nil
        }
        thread = t
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// The decoded row `index` if it is the next one (waiting for it if
    /// need be), else nil; after a nil the prefetch is of no more use.
    func take(_ index: Int) -> StyleRow? {
        guard index == expected else { return nil }
        if position == current.count {
            pthread_mutex_lock(lock)
            while chunks.isEmpty && !finished { pthread_cond_wait(changed, lock) }
            current = chunks.isEmpty ? [] : chunks.removeFirst()
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
            position = 0
            guard !current.isEmpty else { return nil }
        }
        let row = current[position]
        position += 1
        expected += 1
        return row
    }

    /// Stops the producer and joins it; calling it again does nothing.
    func stop() {
        guard let t = thread else { return }
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(t, nil)
        thread = nil
    }

    /// The producer: decodes chunk after chunk until the last row, a row
    /// that fails to decode (the table's own decode reports it), or `stop`.
    private func produce() {
        var next = expected
        var failed = false
        while next < decoder.count && !failed {
            var chunk: [StyleRow] = []
            chunk.reserveCapacity(Self.chunkRows)
            let end = min(decoder.count, next + Self.chunkRows)
            while next < end, let row = try? decoder.styleRow(next) {
                chunk.append(row)
                next += 1
            }
            failed = next < end
            pthread_mutex_lock(lock)
            while chunks.count >= capacity && !stopped { pthread_cond_wait(changed, lock) }
            let stop = stopped
            if !stop && !chunk.isEmpty { chunks.append(chunk) }
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
            if stop { return }
        }
        pthread_mutex_lock(lock)
        finished = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }
}
