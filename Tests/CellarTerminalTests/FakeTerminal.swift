import CellarText
import Testing

@testable import CellarTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal made of pipes, for driving a loop in a test: keys are typed
/// into the input pipe, resizes change `size` and send the resize event,
/// and every write is kept, one entry per write (one frame's diff).
///
/// Invariant (why `@unchecked Sendable`): `writes`, `entered`, `left` and
/// `currentSize` are read and written only with the lock held; the pipe
/// descriptors are set in `init` and closed only by `deinit` (and the input's
/// write end by `endInput`, once).
final class FakeTerminal: TerminalDevice, @unchecked Sendable {
    private let input: [Int32]
    private let events: [Int32]
    private let lock = WorkerThread()
    private var writes: [[UInt8]] = []
    private var entered = 0
    private var left = 0
    private var currentSize: (width: Int, height: Int)
    private var inputOpen = true

    init(width: Int, height: Int) {
        var i: [Int32] = [0, 0]
        var e: [Int32] = [0, 0]
        precondition(pipe(&i) == 0 && pipe(&e) == 0)
        input = i
        events = e
        currentSize = (width, height)
    }

    deinit {
        for fd in [input[0], events[0], events[1]] { close(fd) }
        if inputOpen { close(input[1]) }
    }

    var inputDescriptor: Int32 { input[0] }
    var eventsDescriptor: Int32 { events[0] }
    func enter() throws { locked { entered += 1 } }
    func leave() { locked { left += 1 } }
    func size() -> (width: Int, height: Int)? { locked { currentSize } }
    func write(_ bytes: [UInt8]) -> Bool {
        locked { writes.append(bytes) }
        return true
    }
    func suspend() {}

    /// Types `text` (escape sequences included) as the keyboard would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        precondition(Glibc.write(input[1], bytes, bytes.count) == bytes.count)
    }

    /// Closes the keyboard: the loop reads the end of input and quits.
    func endInput() {
        locked { inputOpen = false }
        close(input[1])
    }

    /// The window becomes `width` × `height` and SIGWINCH's event arrives.
    func resize(width: Int, height: Int) {
        locked { currentSize = (width, height) }
        var byte = RawTerminal.resizedEvent
        _ = Glibc.write(events[1], &byte, 1)
    }

    /// Every write so far.
    var written: [[UInt8]] { locked { writes } }
    /// How often the terminal was entered and left.
    var enterLeaveCounts: [Int] { locked { [entered, left] } }

    /// Waits (10 s at most) until `count` writes were made; false on timeout.
    func waitForWrites(_ count: Int) -> Bool {
        for _ in 0..<10_000 {
            if locked({ writes.count }) >= count { return true }
            usleep(1000)
        }
        return false
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Runs `controller` on a thread of its own, as an app's main thread runs
/// it; once its first frame is written, `body` drives it; then the loop is
/// stopped and its thread joined.
func drive<Owner>(_ controller: TerminalTableController<Owner>, on terminal: FakeTerminal, _ body: () -> Void) {
    let thread = WorkerThread()
    #expect(thread.start { try? controller.run() })
    #expect(terminal.waitForWrites(1))
    body()
    controller.stop()
    thread.stop {}
}

/// The 1-based screen lines `bytes` move the cursor to (CUP to column 1), in order.
func moves(_ bytes: [UInt8]) -> [Int] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(separator: "\u{1B}").compactMap { piece in
        guard piece.hasPrefix("["), let h = piece.firstIndex(of: "H"), piece[..<h].hasSuffix(";1") else {
            return nil
        }
        return Int(piece.dropFirst().prefix { $0 != ";" })
    }
}
