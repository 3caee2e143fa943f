import CellarText
import Synchronization

/// The files mapped at this moment (`MappedFile`), by address range, so a
/// SIGBUS handler can name the file whose page faulted: reading a page past
/// the end of a file that another process truncated while it was mapped is
/// the one way a mapped document faults. The CLI installs the handler; the
/// library only keeps the ranges.
///
/// Each slot holds a range and, in its own buffer, the line to report
/// (`cellar: PATH: …`, sanitised, ending in a line break), written when the
/// file is mapped: a signal handler may not allocate, lock or sanitise.
///
/// Invariants: a slot is claimed by swapping its `start` from 0 to 1, then
/// its end and message are written, then its real start is stored with
/// release ordering; it is freed by storing 0. The handler reads `start`
/// with acquire ordering, so a slot it sees live is complete. The slot of
/// the faulting page cannot change under the handler: the file is unmapped
/// only once no thread reads it, and the faulting thread is reading it.
package enum MappedFileFaults {
    final class Slot: Sendable {
        /// The mapping's first address; 0 for a free slot, 1 while being claimed.
        let start = Atomic<UInt>(0)
        let end = Atomic<UInt>(0)
        let length = Atomic<Int>(0)
        nonisolated(unsafe) let message = UnsafeMutablePointer<UInt8>.allocate(
            capacity: MappedFileFaults.messageCapacity)
    }

    static let messageCapacity = 1024
    /// More files than this mapped at once go unregistered (a fault in one takes the default action).
    static let slots = (0..<8).map { _ in Slot() }

    /// Registers a mapped range; returns its slot, or nil when all are taken.
    static func register(_ range: Range<UInt>, path: String) -> Int? {
        let claimed = slots.firstIndex {
            $0.start.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        }
        guard let claimed else { return nil }
        let slot = slots[claimed]
        let line = Array(truncatedLine(path).utf8)
        line.withUnsafeBufferPointer { slot.message.update(from: $0.baseAddress.unsafelyUnwrapped, count: $0.count) }
        slot.length.store(line.count, ordering: .relaxed)
        slot.end.store(range.upperBound, ordering: .relaxed)
        slot.start.store(range.lowerBound, ordering: .releasing)
        return claimed
    }

    /// What each line starts with (the CLI's `cellar: `), set by `prepare`.
    nonisolated(unsafe) static var linePrefix = ""

    /// Sets the lines' prefix for files mapped from now on and makes the
    /// slots, before a handler is installed (their first use allocates).
    package static func prepare(linePrefix: String) {
        self.linePrefix = linePrefix
        _ = slots.count
    }

    static func unregister(_ slot: Int) {
        slots[slot].start.store(0, ordering: .releasing)
    }

    /// `PATH: …` (after `linePrefix`) sanitised, cut (at a character) to fit a slot with its line break.
    static func truncatedLine(_ path: String) -> String {
        var text = Sanitizer.sanitize(linePrefix + path + ": " + message)
        while text.utf8.count > messageCapacity - 1 { text.removeLast() }
        return text + "\n"
    }

    /// What the report says after the file's name.
    package static let message = "the file was truncated by another process while it was read; the render stopped"

    /// Calls `body` with the line naming the mapped file that holds
    /// `address`, if one does (`cellar: PATH: …` and a line break). Async-signal-safe:
    /// it only reads memory prepared when the file was mapped.
    package static func withLine(at address: UInt, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        for slot in slots {
            let start = slot.start.load(ordering: .acquiring)
            guard start > 1, address >= start, address < slot.end.load(ordering: .relaxed) else { continue }
            body(UnsafeBufferPointer(start: slot.message, count: slot.length.load(ordering: .relaxed)))
            return
        }
    }
}
