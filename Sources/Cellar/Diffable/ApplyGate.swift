#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lets one `apply` (or other change of a diffable data source's snapshot)
/// run at a time, and none while the cell provider runs. A second one that
/// starts while the first runs, from another thread or from inside the
/// first, or one from inside the cell provider (whose table is reading the
/// snapshot it would replace), is refused with an error instead of racing
/// on the table: the data source and its table belong to one thread or
/// actor at a time, as in UIKit.
final class ApplyGate: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Whether the cell provider is running (on the table's thread: a
    /// provider runs inside a render or an apply there).
    private var inProvider = false

    /// Runs the cell provider.
    func providing<T>(_ body: () throws -> T) rethrows -> T {
        let outer = inProvider
        inProvider = true
        defer { inProvider = outer }
        return try body()
    }

    /// Runs `body` unless another call or the cell provider is inside; then throws, naming `what`.
    func run<T>(_ what: String, _ body: () throws -> T) throws -> T {
        guard !inProvider, pthread_mutex_trylock(mutex) == 0 else {
            throw CellarError(
                "\(what) was called while another change of this diffable data source was running (from another thread, or from inside a cell provider): a diffable data source and its table belong to one thread or actor, so call apply there, one at a time"
            )
        }
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
