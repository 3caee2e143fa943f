import CellarGolden

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal side of `cellar test --review`: refuses without a person
/// at a terminal (stdin and stdout both terminals, CI not set), then reads
/// one key at a time with the terminal out of line mode, restoring it
/// after every key (so nothing is left raw if the process dies later).
enum ReviewTerminal {
    /// Why review cannot run here, or nil.
    static func refusal(isCI: Bool) -> String? {
        if isCI { return "cellar test --review: CI is set; review needs a person at a terminal (nothing was changed)" }
        if isatty(0) != 1 || isatty(1) != 1 {
            return "cellar test --review: needs a terminal on stdin and stdout (nothing was changed)"
        }
        return nil
    }

    static func show(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(1, base + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// One key from stdin, without echo or waiting for Return; ^C arrives
    /// as a key (0x03), not a signal. nil at end of input.
    static func readKey() -> UInt8? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        var key: UInt8 = 0
        while true {
            let n = read(0, &key, 1)
            if n == 1 { return key }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Runs the review; the closing line goes to stdout.
    static func run(_ review: GoldenReview, paths: [String]) throws -> GoldenReview.Tally {
        let tally = try review.run(paths: paths, show: show, readKey: readKey)
        show(tally.closingLine + "\n")
        return tally
    }
}
