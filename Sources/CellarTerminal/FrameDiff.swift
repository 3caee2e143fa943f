/// A screen as lines of bytes ready for the terminal (text with its SGR
/// sequences, each line complete in itself), and the bytes that turn one
/// screen into the next: only the lines that changed are rewritten, each
/// after a cursor move and followed by erase-to-end-of-line, all inside
/// synchronized output (DEC mode 2026) so a frame never shows half drawn.
public struct Frame: Equatable, Sendable {
    /// The screen's lines, each the bytes drawn on that line.
    public var lines: [[UInt8]]

    /// Creates a frame of `lines`.
    public init(lines: [[UInt8]]) { self.lines = lines }

    /// Begin and end of a synchronized update (terminals without 2026 ignore them).
    public static let beginSync: [UInt8] = Array("\u{1B}[?2026h".utf8)
    /// Ends the synchronized update `beginSync` began.
    public static let endSync: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// The bytes that change `old` (nil: an unknown screen, so everything is
    /// drawn after clearing it) into `self`. Empty when nothing changed.
    /// When the new screen is the old one moved up or down a few lines (a
    /// scroll), the terminal scrolls (SU/SD) first and only the lines that
    /// still differ are written.
    public func diff(from old: Frame?) -> [UInt8] {
        var out: [UInt8] = []
        var base = old?.lines ?? []
        if let old, let shift = bestShift(from: old) {
            out += Self.beginSync
            out += Array("\u{1B}[\(abs(shift))\(shift > 0 ? "S" : "T")".utf8)
            base = Self.shifted(old.lines, by: shift)
        }
        for (y, line) in lines.enumerated() {
            if old != nil, y < base.count, base[y] == line { continue }
            if out.isEmpty {
                out += Self.beginSync
                if old == nil { out += Array("\u{1B}[H\u{1B}[2J".utf8) }
            }
            Self.appendMove(to: y, &out)
            out += line
            out += Self.eraseLine
        }
        if base.count > lines.count {
            // A shorter screen: clear the lines below it.
            if out.isEmpty { out += Self.beginSync }
            Self.appendMove(to: lines.count, &out)
            out += Array("\u{1B}[J".utf8)
        }
        if !out.isEmpty { out += Self.endSync }
        return out
    }

    /// Lines a scroll moves at most (a page is drawn afresh).
    static let maximumShift = 12

    /// The shift (positive: content moved up) that leaves the most lines in
    /// place, when it beats not scrolling by more than the scroll costs.
    func bestShift(from old: Frame) -> Int? {
        let n = lines.count
        guard old.lines.count == n, n > 2 else { return nil }
        func matches(_ k: Int) -> Int {
            var m = 0
            for y in max(0, -k)..<min(n, n - k) where lines[y] == old.lines[y + k] { m += 1 }
            return m
        }
        var best: (shift: Int, matches: Int)?
        for k in 1...min(Self.maximumShift, n / 2) {
            for shift in [k, -k] {
                let m = matches(shift)
                if m > (best?.matches ?? 0) { best = (shift, m) }
            }
        }
        guard let best, best.matches > matches(0) + 1 else { return nil }
        return best.shift
    }

    /// `lines` as the terminal shows them after scrolling by `shift`: blank lines come in.
    static func shifted(_ lines: [[UInt8]], by shift: Int) -> [[UInt8]] {
        let n = lines.count
        return (0..<n).map { y in
            let from = y + shift
            return from >= 0 && from < n ? lines[from] : []
        }
    }

    static let eraseLine: [UInt8] = Array("\u{1B}[0m\u{1B}[K".utf8)

    /// CUP to the start of 0-based line `y`.
    static func appendMove(to y: Int, _ out: inout [UInt8]) {
        out += [0x1B, UInt8(ascii: "[")]
        out += Array(String(y + 1).utf8)
        out += Array(";1H".utf8)
    }
}
