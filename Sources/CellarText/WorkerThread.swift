#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A second thread, and the mutex and condition it shares with the thread
/// that started it: the one place Cellar starts a thread
/// (`BackgroundCanvasWriter`, a stream's `StreamDrawThread`, the documents'
/// row prefetch).
///
/// Invariant: only the starting thread calls `start` and `stop`; the
/// owner's shared state is read and written only between `lock()` and
/// `unlock()`, and `wait()` is called with the lock held, in a loop on the
/// condition awaited.
package final class WorkerThread: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?

    /// A lock and condition with no thread yet.
    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Whether a second thread can run beside the caller's (more than one
    /// processor online, and accelerators on, `second-core` among them: every
    /// second thread is one, see `Accelerators`): the threads above start only when it can.
    /// Asked once a process: glibc reads `/sys` for each `sysconf` of it, and
    /// a table without a second thread asks again at every row.
    package static let hasSecondCore: Bool =
        Accelerators.enabled(.secondCore) && sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

    /// Whether the thread was started and not yet stopped.
    package var isRunning: Bool { thread != nil }

    /// Runs `body` on a new thread (which keeps what it captures until it
    /// returns); false when no thread could be started.
    package func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var t = pthread_t()
        let started = pthread_create(
            &t, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        thread = t
        return true
    }

    /// Runs `signal` under the lock (it tells the thread to end), wakes
    /// every waiter and joins the thread; does nothing when none runs.
    package func stop(_ signal: () -> Void) {
        guard let t = thread else { return }
        lock()
        signal()
        broadcast()
        unlock()
        pthread_join(t, nil)
        thread = nil
    }

    /// Takes the shared lock.
    package func lock() { pthread_mutex_lock(mutex) }
    /// Gives the shared lock back.
    package func unlock() { pthread_mutex_unlock(mutex) }
    /// Gives the lock back until a `broadcast`, then takes it again.
    package func wait() { pthread_cond_wait(condition, mutex) }
    /// Wakes every thread in `wait()`.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// The thread's work, boxed to cross `pthread_create`'s context pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
