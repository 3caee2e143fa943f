import CellarText
import Synchronization

/// The files mapped now, by address range, so the CLI's SIGBUS handler can name the file truncated under a mapping;
/// each slot's line is written when the file is mapped, as a handler may not allocate, lock or sanitise.
///
/// Invariants: a slot is claimed by swapping `start` from 0 to 1, filled, then given its start with release ordering
/// (freed: 0); the handler reads `start` with acquire ordering, so a live slot is complete. The faulting slot cannot
/// change under the handler: its file is being read.
package enum MappedFileFaults {
    final class Slot: Sendable {
        let start = Atomic<UInt>(0)
        let end = Atomic<UInt>(0)
        let length = Atomic<Int>(0)
        nonisolated(unsafe) let message = UnsafeMutablePointer<UInt8>.allocate(
            capacity: MappedFileFaults.messageCapacity)
    }

    static let messageCapacity = 1024
    /// More files mapped at once go unregistered (a fault takes the default action).
    static let slots = (0..<8).map { _ in Slot() }

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

    nonisolated(unsafe) static var linePrefix = ""

    /// Makes the slots before a handler is installed (their first use allocates).
    package static func prepare(linePrefix: String) {
        self.linePrefix = linePrefix
        _ = slots.count
    }

    static func unregister(_ slot: Int) {
        slots[slot].start.store(0, ordering: .releasing)
    }

    static func truncatedLine(_ path: String) -> String {
        var text = Sanitizer.sanitize(linePrefix + path + ": " + message)
        while text.utf8.count > messageCapacity - 1 { text.removeLast() }
        return text + "\n"
    }

    package static let message = "the file was truncated by another process while it was read; the render stopped"

    /// The line naming the mapped file holding `address`, if any. Async-signal-safe.
    package static func withLine(at address: UInt, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        for slot in slots {
            let start = slot.start.load(ordering: .acquiring)
            guard start > 1, address >= start, address < slot.end.load(ordering: .relaxed) else { continue }
            body(UnsafeBufferPointer(start: slot.message, count: slot.length.load(ordering: .relaxed)))
            return
        }
    }
}
