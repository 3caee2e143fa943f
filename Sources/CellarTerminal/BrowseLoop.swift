import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive loop: blocks in `poll` on the keyboard, the signal pipe
/// and any watched files (no timer, so no output and no CPU while idle;
/// only a lone ESC waits briefly for the rest of a sequence), hands keys to
/// the session and writes the frame diff.
public final class BrowseLoop {
    /// The session the keys act on.
    public let session: BrowseSession
    /// The screen that draws the session.
    public let screen: BrowseScreen
    /// Another descriptor to wait on (a file watcher) and what to do when it is readable.
    public var watch: (fd: Int32, onReadable: () -> Void)?
    /// Called when key bytes arrive, and after each frame is written (the benchmark times between them).
    public var onInput: (() -> Void)?
    /// Called with each frame after it is written.
    public var onFrame: ((Frame) -> Void)?
    private var decoder = KeyDecoder()
    private var shown: Frame?
    /// Milliseconds a lone ESC waits for the rest of its sequence.
    static let escapeWait: Int32 = 25

    /// Creates a loop driving `session` and drawing it with `screen`.
    public init(session: BrowseSession, screen: BrowseScreen) {
        self.session = session
        self.screen = screen
    }

    /// Runs until quit; the terminal is restored however this returns.
    public func run() throws {
        try RawTerminal.enter()
        defer { RawTerminal.leave() }
        session.focus(session.firstRow)
        draw()
        while !session.wantsQuit {
            waitAndHandle()
            if session.wantsSuspend {
                session.wantsSuspend = false
                RawTerminal.suspend()
            }
            draw()
        }
    }

    private func waitAndHandle() {
        var fds = [
            pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
            pollfd(fd: RawTerminal.eventsFD, events: Int16(POLLIN), revents: 0),
        ]
        if let watch { fds.append(pollfd(fd: watch.fd, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), decoder.hasPending ? Self.escapeWait : -1)
        if ready < 0 { return }  // EINTR: a signal; its byte is in the pipe
        if ready == 0 {
            for key in decoder.flushPending() { session.handle(key) }
            return
        }
        if fds[1].revents != 0 { readEvents() }
        if fds[0].revents != 0 { readKeys() }
        if fds.count > 2, fds[2].revents != 0 { watch?.onReadable() }
    }

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(0, &buffer, buffer.count)
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard n > 0 else {
            session.wantsQuitAtEndOfInput()
            return
        }
        onInput?()
        for key in decoder.feed(buffer[0..<n]) {
            session.handle(key)
            if session.wantsQuit { return }
        }
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(RawTerminal.eventsFD, &buffer, buffer.count)
        guard n > 0 else { return }
        // After a resize or a resume the screen's content is unknown: draw it whole.
        if buffer[0..<n].contains(RawTerminal.resizedEvent) || buffer[0..<n].contains(RawTerminal.continuedEvent) {
            shown = nil
        }
    }

    /// Lays out at the terminal's size, keeps the focused row in view, and
    /// writes what changed.
    public func draw() {
        let size = RawTerminal.size() ?? (width: 80, height: 24)
        session.resize(width: size.width, height: size.height - 1)
        session.revealFocus()
        let frame = screen.frame(session, width: session.table.width, height: (session.table.viewportHeight ?? 1) + 1)
        let bytes = frame.diff(from: shown)
        if !bytes.isEmpty, !Self.writeAll(bytes) { session.wantsQuitAtEndOfInput() }
        shown = frame
        onFrame?(frame)
    }

    /// Writes everything; false when the terminal is gone.
    static func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(1, base + offset, raw.count - offset)
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}

extension BrowseSession {
    /// The terminal closed (end of input, a failed write): the session ends.
    func wantsQuitAtEndOfInput() { wantsQuit = true }
}
