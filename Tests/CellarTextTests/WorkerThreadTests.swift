import Foundation
import Testing

@testable import CellarText

/// `WorkerThread.hasSecondCore` is asked before each row of a table drawn
/// without a second thread (one processor, or the prefetch not started), so
/// it must not cost a system call each time.
@Suite struct WorkerThreadTests {
    /// This thread's read system calls so far (`/proc/thread-self/io`).
    static func readCalls() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("syscr:") })
        return try #require(Int(line.dropFirst("syscr:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test func theProcessorCountIsAskedOnce() throws {
        _ = WorkerThread.hasSecondCore
        let before = try Self.readCalls()
        var answers = 0
        for _ in 0..<1_000 where WorkerThread.hasSecondCore { answers += 1 }
        let after = try Self.readCalls()
        #expect(answers == 0 || answers == 1_000)
        // Reading the count itself is one call or a few.
        #expect(after - before < 10, "\(after - before) reads for 1,000 answers")
    }
}
