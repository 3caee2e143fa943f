/// A screen as lines of bytes ready for the terminal (text with its SGR
/// sequences, each line complete in itself), and the bytes that turn one
/// screen into the next: only the lines that changed are rewritten, each
/// after a cursor move and followed by erase-to-end-of-line, all inside
/// synchronized output (DEC mode 2026) so a frame never shows half drawn.
public struct Frame: Equatable, Sendable {
    public var lines: [[UInt8]]

    public init(lines: [[UInt8]]) { self.lines = lines }

    /// Begin and end of a synchronized update (terminals without 2026 ignore them).
    public static let beginSync: [UInt8] = Array("\u{1B}[?2026h".utf8)
    public static let endSync: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// The bytes that change `old` (nil: an unknown screen, so everything is
    /// drawn after clearing it) into `self`. Empty when nothing changed.
    public func diff(from old: Frame?) -> [UInt8] {
        var out: [UInt8] = []
        for (y, line) in lines.enumerated() {
            if let old, y < old.lines.count, old.lines[y] == line { continue }
            if out.isEmpty {
                out += Self.beginSync
                if old == nil { out += Array("\u{1B}[H\u{1B}[2J".utf8) }
            }
            Self.appendMove(to: y, &out)
            out += line
            out += Self.eraseLine
        }
        if let old, old.lines.count > lines.count {
            // A shorter screen: clear the lines below it.
            if out.isEmpty { out += Self.beginSync }
            Self.appendMove(to: lines.count, &out)
            out += Array("\u{1B}[J".utf8)
        }
        if !out.isEmpty { out += Self.endSync }
        return out
    }

    static let eraseLine: [UInt8] = Array("\u{1B}[0m\u{1B}[K".utf8)

    /// CUP to the start of 0-based line `y`.
    static func appendMove(to y: Int, _ out: inout [UInt8]) {
        out += [0x1B, UInt8(ascii: "[")]
        out += Array(String(y + 1).utf8)
        out += Array(";1H".utf8)
    }
}
