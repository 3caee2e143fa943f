import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive loop of every table shown in a terminal (`cellar browse`,
/// an app's `TerminalTableController`): blocks in `poll` on the keyboard,
/// the terminal's events and any watched descriptors (no timer, so no
/// output and no CPU while idle; only a lone ESC waits briefly for the rest
/// of a sequence), hands keys to the session and writes the frame diff.
/// Everything runs on the thread that called `run`: the session, its table,
/// and the watches' handlers.
public final class BrowseLoop {
    /// The session the keys act on.
    public let session: BrowseSession
    /// The screen that draws the session.
    public let screen: BrowseScreen
    /// The terminal the loop reads and draws.
    public let terminal: any TerminalDevice
    /// Other descriptors to wait on (a file watcher, an app's updates) and
    /// what to do when one is readable; a frame is drawn after.
    public var watches: [(fd: Int32, onReadable: () -> Void)] = []
    /// Called when key bytes arrive, and after each frame is written (the benchmark times between them).
    public var onInput: (() -> Void)?
    /// Called with each frame after it is written.
    public var onFrame: ((Frame) -> Void)?
    private var decoder = KeyDecoder()
    private var shown: Frame?
    /// Milliseconds a lone ESC waits for the rest of its sequence.
    static let escapeWait: Int32 = 25

    /// Creates a loop driving `session` and drawing it with `screen` on `terminal`.
    public init(session: BrowseSession, screen: BrowseScreen, terminal: any TerminalDevice = SystemTerminal()) {
        self.session = session
        self.screen = screen
        self.terminal = terminal
    }

    /// Runs until quit; the terminal is restored however this returns.
    public func run() throws {
        try terminal.enter()
        defer { terminal.leave() }
        shown = nil
        session.focus(session.focus ?? session.firstRow)
        draw()
        while !session.wantsQuit {
            waitAndHandle()
            if session.wantsSuspend {
                session.wantsSuspend = false
                terminal.suspend()
            }
            draw()
        }
    }

    private func waitAndHandle() {
        var fds = [
            pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: terminal.eventsDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        fds += watches.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), decoder.hasPending ? Self.escapeWait : -1)
        if ready < 0 { return }  // EINTR: a signal; its byte is in the pipe
        if ready == 0 {
            for key in decoder.flushPending() { session.handle(key) }
            return
        }
        if fds[1].revents != 0 { readEvents() }
        // POLLHUP too: the end of input is read as 0 bytes, which quits.
        if fds[0].revents != 0 { readKeys() }
        for (watch, fd) in zip(watches, fds.dropFirst(2)) where fd.revents != 0 { watch.onReadable() }
    }

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(terminal.inputDescriptor, &buffer, buffer.count)
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
        let n = read(terminal.eventsDescriptor, &buffer, buffer.count)
        guard n > 0 else { return }
        // After a resize or a resume the screen's content is unknown: draw it whole.
        if buffer[0..<n].contains(RawTerminal.resizedEvent) || buffer[0..<n].contains(RawTerminal.continuedEvent) {
            shown = nil
        }
    }

    /// Lays out at the terminal's size, keeps the focused row in view, and
    /// writes what changed.
    public func draw() {
        let size = terminal.size() ?? (width: 80, height: 24)
        session.resize(width: size.width, height: size.height - 1)
        session.revealFocus()
        let frame = screen.frame(session, width: session.table.width, height: (session.table.viewportHeight ?? 1) + 1)
        let bytes = frame.diff(from: shown)
        if !bytes.isEmpty, !terminal.write(bytes) { session.wantsQuitAtEndOfInput() }
        shown = frame
        onFrame?(frame)
    }
}

extension BrowseSession {
    /// The terminal closed (end of input, a failed write): the session ends.
    func wantsQuitAtEndOfInput() { wantsQuit = true }
}
