import CellarText
import Testing

@testable import CellarTerminal

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LoopInboxTests {
    /// Waits (10 s at most) until `fd` is readable.
    private func readable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 10_000) == 1
    }

    @Test func itemsPostedFromTwoThreadsAllArriveEachThreadsInOrder() throws {
        let inbox = try LoopInbox<Int>()
        let perThread = 5000
        let threads = [WorkerThread(), WorkerThread()]
        for (t, thread) in threads.enumerated() {
            #expect(thread.start { for i in 0..<perThread { inbox.post(t * perThread + i) } })
        }
        var taken: [Int] = []
        while taken.count < 2 * perThread, readable(inbox.descriptor) { taken += inbox.take() }
        for thread in threads { thread.stop {} }
        #expect(taken.count == 2 * perThread)
        #expect(taken.filter { $0 < perThread } == Array(0..<perThread))
        #expect(taken.filter { $0 >= perThread } == Array(perThread..<(2 * perThread)))
        // Everything taken: no wake-up is left to spin the loop.
        taken += inbox.take()
        var p = pollfd(fd: inbox.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 0) == 0 && taken.count == 2 * perThread)
    }
}
