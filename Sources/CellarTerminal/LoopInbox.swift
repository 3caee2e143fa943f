import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Items handed to a loop's thread from any thread: `post` queues one and
/// makes `descriptor` readable, so the loop, blocked in `poll`, wakes and
/// `take`s them in the order they were posted.
///
/// Invariant (why the class may be `@unchecked Sendable`): `items` is read
/// and written only with the lock held; the pipe's ends are set in `init`
/// and closed in `deinit` only.
final class LoopInbox<Item: Sendable>: @unchecked Sendable {
    /// Readable while items may wait.
    let descriptor: Int32
    private let writeEnd: Int32
    private let lock = WorkerThread()
    private var items: [Item] = []

    /// A new inbox with its wake-up pipe; throws when no pipe can be made.
    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TerminalError("cannot create a pipe for the table's updates") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        descriptor = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Queues `item` and wakes the loop. Safe from any thread, the loop's own included.
    func post(_ item: Item) {
        lock.lock()
        items.append(item)
        lock.unlock()
        // A full pipe (EAGAIN) already holds a wake-up the loop has not read.
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Everything posted so far, oldest first. The wake-up bytes are read
    /// before the items are taken, so an item posted meanwhile either comes
    /// now or leaves a byte that wakes the loop again.
    func take() -> [Item] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let taken = items
        items.removeAll()
        return taken
    }
}
