#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal as a full-screen program uses it: raw mode, the alternate
/// screen, a hidden cursor, SGR mouse reports and focus reports (DEC 1004). Everything is put back on
/// `leave()`, and also when a signal ends the process (SIGINT, SIGTERM,
/// SIGHUP, or a crash) or stops it (SIGTSTP; entered again on SIGCONT).
/// The handlers only call async-signal-safe functions (tcsetattr, write,
/// signal, raise) on state prepared before they are installed.
/// SIGWINCH and resumption are reported as bytes on `events`, so one
/// blocking `poll` waits for keys and for them.
public enum RawTerminal {
    /// Sent on `events.readEnd` when the window size changed.
    public static let resizedEvent: UInt8 = UInt8(ascii: "w")
    /// Sent on `events.readEnd` after the process was stopped and continued.
    public static let continuedEvent: UInt8 = UInt8(ascii: "c")

    static let enterBytes = Array(
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?1004h\u{1B}[H\u{1B}[2J".utf8)
    static let leaveBytes = Array(
        "\u{1B}[?2026l\u{1B}[0m\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// The read end of the self-pipe the signal handlers write to.
    public static var eventsFD: Int32 { state.pointee.pipeRead }

    /// Saves the terminal's modes, enters raw mode and the alternate screen,
    /// installs the handlers. Throws when stdin is no terminal.
    public static func enter() throws {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { throw TerminalError("cannot read the terminal's modes") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TerminalError("cannot create a pipe for signals") }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        state.pointee = SavedState(
            original: saved, raw: rawModes(saved), pipeRead: fds[0], pipeWrite: fds[1],
            active: 1)
        applyRaw()
        for sig in endingSignals { signal(sig, onEndingSignal) }
        signal(SIGTSTP, onStop)
        signal(SIGWINCH, onResize)
        signal(SIGCONT, SIG_DFL)
    }

    /// Restores the terminal (idempotent) and the default signal handlers.
    public static func leave() {
        for sig in endingSignals + [SIGTSTP, SIGWINCH] { signal(sig, SIG_DFL) }
        restore()
    }

    /// Ctrl-Z: the terminal is restored, the process stops, and on `fg` the
    /// terminal is entered again and `continuedEvent` arrives.
    public static func suspend() { raise(SIGTSTP) }

    /// The terminal's size (columns, lines), nil when it cannot be read.
    public static func size() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    // MARK: State the handlers read

    struct SavedState {
        var original: termios
        var raw: termios
        var pipeRead: Int32
        var pipeWrite: Int32
        /// 1 while the terminal is in raw mode.
        var active: Int32
    }

    nonisolated(unsafe) static let state: UnsafeMutablePointer<SavedState> = {
        let p = UnsafeMutablePointer<SavedState>.allocate(capacity: 1)
        p.initialize(to: SavedState(original: termios(), raw: termios(), pipeRead: -1, pipeWrite: -1, active: 0))
        return p
    }()

    static let endingSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
        SIGFPE,
    ]

    static func rawModes(_ t: termios) -> termios {
        var raw = t
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    static func applyRaw() {
        _ = tcsetattr(0, TCSAFLUSH, &state.pointee.raw)
        writeAll(enterBytes)
        state.pointee.active = 1
    }

    static func restore() {
        guard state.pointee.active == 1 else { return }
        state.pointee.active = 0
        writeAll(leaveBytes)
        _ = tcsetattr(0, TCSAFLUSH, &state.pointee.original)
    }

    static func notify(_ byte: UInt8) {
        var b = byte
        _ = write(state.pointee.pipeWrite, &b, 1)
    }

    /// Writes all of `bytes` to standard output; false when the terminal is
    /// gone. Async-signal-safe (the handlers restore the terminal with it).
    @discardableResult
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

private func onEndingSignal(_ sig: Int32) {
    RawTerminal.restore()
    signal(sig, SIG_DFL)
    raise(sig)
}

private func onStop(_ sig: Int32) {
    RawTerminal.restore()
    signal(SIGTSTP, SIG_DFL)
    // SIGTSTP is blocked while its handler runs: unblock it so the stop happens now.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)
    // Continued (fg): take the terminal again and ask for a clean frame.
    signal(SIGTSTP, onStop)
    RawTerminal.applyRaw()
    RawTerminal.notify(RawTerminal.continuedEvent)
}

private func onResize(_ sig: Int32) {
    RawTerminal.notify(RawTerminal.resizedEvent)
}

/// The terminal could not be set up.
public struct TerminalError: Error, CustomStringConvertible {
    /// What went wrong, for the user.
    public var description: String
    /// Creates an error saying `description`.
    public init(_ description: String) { self.description = description }
}
