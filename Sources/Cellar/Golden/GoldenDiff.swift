import CellarText

/// Compares a golden with actual output and renders the difference for a
/// person: differing lines with context, whitespace made visible on them, a
/// `^` under the first differing display column (wide characters count two),
/// side by side when both fit the terminal, else one above the other.
public struct GoldenDiff: Sendable {
    /// Bytes as compared: exact, except that CRLF counts as LF (a golden
    /// checked out on Windows still matches).
    public static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(13) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 13, i + 1 < bytes.count, bytes[i + 1] == 10 { i += 1; continue }
            out.append(bytes[i]); i += 1
        }
        return out
    }

    public static func matches(expected: [UInt8], actual: [UInt8]) -> Bool {
        normalized(expected) == normalized(actual)
    }

    struct Side: Sendable {
        var lines: [String]
        var endsWithNewline: Bool
        init(_ bytes: [UInt8]) {
            let text = String(decoding: GoldenDiff.normalized(bytes), as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            endsWithNewline = text.hasSuffix("\n")
            if endsWithNewline || text.isEmpty { lines.removeLast() }
            self.lines = lines
        }
    }

    let expected: Side
    let actual: Side

    /// 1-based line of the golden and display column where the two first differ.
    public let firstDifference: (row: Int, column: Int)?

    public init(expected: [UInt8], actual: [UInt8]) {
        self.expected = Side(expected)
        self.actual = Side(actual)
        firstDifference = GoldenDiff.locateFirstDifference(self.expected, self.actual)
    }

    static func locateFirstDifference(_ e: Side, _ a: Side) -> (row: Int, column: Int)? {
        let n = max(e.lines.count, a.lines.count)
        for i in 0..<n {
            let el = i < e.lines.count ? e.lines[i] : nil
            let al = i < a.lines.count ? a.lines[i] : nil
            if el != al { return (i + 1, firstDifferingColumn(el ?? "", al ?? "")) }
        }
        if e.endsWithNewline != a.endsWithNewline {
            let last = max(n, 1)
            let line = last <= e.lines.count ? e.lines[last - 1] : ""
            return (last, visibleWidth(line) + 1)
        }
        return nil
    }

    /// 1-based display column of the first grapheme where `a` and `b` differ,
    /// measured in their visible forms (what the diff prints).
    static func firstDifferingColumn(_ a: String, _ b: String) -> Int {
        var column = 1
        var ia = a.makeIterator(), ib = b.makeIterator()
        while true {
            let ca = ia.next(), cb = ib.next()
            guard let x = ca, let y = cb, x == y else { return column }
            column += DisplayWidth.of(visible(x))
        }
    }

    // MARK: Visible whitespace

    /// Control characters as pictures (ESC → ␛, TAB → →); nothing else changes.
    static func visible(_ c: Character) -> Character {
        guard let s = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return c }
        switch s.value {
        case 0x09: return "→"
        case 0x1B: return "␛"
        case 0x00..<0x20: return Character(Unicode.Scalar(0x2400 + s.value) ?? "?")
        case 0x7F: return "␡"
        case 0xA0: return "⍽"
        default: return c
        }
    }

    /// A differing line with trailing spaces as `·` and controls as pictures,
    /// so a change in invisible characters shows on screen.
    static func visibleLine(_ line: String) -> String {
        var trailing = line.endIndex
        while trailing > line.startIndex, line[line.index(before: trailing)] == " " {
            trailing = line.index(before: trailing)
        }
        var out = ""
        for c in line[..<trailing] { out.append(visible(c)) }
        out += String(repeating: "·", count: line.distance(from: trailing, to: line.endIndex))
        return out
    }

    static func visibleWidth(_ line: String) -> Int {
        line.reduce(0) { $0 + DisplayWidth.of(visible($1)) }
    }

    // MARK: Rendering

    static let noLine = "(no line)"
    static let noFinalNewline = "(no newline at end of file)"
    static let context = 2
    static let maxShownLines = 60

    /// The readable diff, at most `terminalWidth` columns wide where it can be.
    /// Ends with a newline.
    public func render(terminalWidth: Int) -> String {
        guard let first = firstDifference else { return "" }
        let n = max(expected.lines.count, actual.lines.count)
        // Rows (0-based) that differ, and the rows shown around them.
        var differing: [Int] = []
        for i in 0..<n where line(expected, i) != line(actual, i) { differing.append(i) }
        let finalNewlineDiffers = expected.endsWithNewline != actual.endsWithNewline
        if finalNewlineDiffers, !differing.contains(first.row - 1) { differing.append(first.row - 1) }
        var shown: [Int] = []
        for d in differing {
            for i in max(0, d - GoldenDiff.context)...min(max(n, 1) - 1, d + GoldenDiff.context)
            where shown.last.map({ i > $0 }) ?? true { shown.append(i) }
        }
        var hidden = 0
        if shown.count > GoldenDiff.maxShownLines {
            hidden = differing.filter { $0 > shown[GoldenDiff.maxShownLines - 1] }.count
            shown = Array(shown.prefix(GoldenDiff.maxShownLines))
        }
        let differs = Set(differing)

        // Cell text per side: visible form on differing lines.
        func cell(_ side: Side, _ i: Int) -> String {
            guard i < side.lines.count else { return differs.contains(i) ? GoldenDiff.noLine : "" }
            var text = differs.contains(i) ? GoldenDiff.visibleLine(side.lines[i]) : side.lines[i]
            if finalNewlineDiffers, !side.endsWithNewline, i == side.lines.count - 1 {
                text += " " + GoldenDiff.noFinalNewline
            }
            return text
        }
        let numberWidth = String(max(n, 1)).count
        let gutterWidth = 2 + numberWidth + 2              // "! " + number + "  "
        func gutter(_ i: Int) -> String {
            let number = String(i + 1)
            return (differs.contains(i) ? "! " : "  ")
                + String(repeating: " ", count: numberWidth - number.count) + number + "  "
        }
        let markerRow = first.row - 1
        let marker = String(repeating: " ", count: first.column - 1) + "^"
        let blankGutter = String(repeating: " ", count: gutterWidth)

        // Differing lines set the column widths; unchanged context lines
        // wider than that are clipped with … in side-by-side mode only.
        let leftWidth = differing.reduce(DisplayWidth.of("expected")) { max($0, DisplayWidth.of(cell(expected, $1))) }
        let rightWidth = differing.reduce(DisplayWidth.of("actual")) { max($0, DisplayWidth.of(cell(actual, $1))) }
        var out = ""
        func pad(_ s: String, _ width: Int) -> String {
            s + String(repeating: " ", count: max(0, width - DisplayWidth.of(s)))
        }
        func clip(_ s: String, _ width: Int) -> String {
            guard DisplayWidth.of(s) > width else { return s }
            var kept = "", used = 0
            for c in s {
                let w = DisplayWidth.of(c)
                if used + w > width - 1 { break }
                kept.append(c); used += w
            }
            return kept + "…"
        }
        func side(_ s: Side, _ i: Int, _ width: Int) -> String {
            differs.contains(i) ? cell(s, i) : clip(cell(s, i), width)
        }
        func gap(_ i: Int, _ previous: Int?) -> Bool { previous.map { i > $0 + 1 } ?? (i > 0) }

        if gutterWidth + leftWidth + 3 + rightWidth <= terminalWidth {
            let rightLimit = terminalWidth - gutterWidth - leftWidth - 3
            out += blankGutter + pad("expected", leftWidth) + " │ actual\n"
            var previous: Int?
            for i in shown {
                if gap(i, previous) { out += blankGutter + pad("⋮", leftWidth) + " │ ⋮\n" }
                out += gutter(i) + pad(side(expected, i, leftWidth), leftWidth) + " │ "
                    + side(actual, i, rightLimit) + "\n"
                if i == markerRow { out += blankGutter + pad(marker, leftWidth) + " │ " + marker + "\n" }
                previous = i
            }
        } else {
            for (title, side) in [("expected", expected), ("actual", actual)] {
                out += blankGutter + title + "\n"
                var previous: Int?
                for i in shown {
                    if gap(i, previous) { out += blankGutter + "⋮\n" }
                    out += gutter(i) + cell(side, i) + "\n"
                    if i == markerRow { out += blankGutter + marker + "\n" }
                    previous = i
                }
            }
        }
        if hidden > 0 { out += blankGutter + "… and \(hidden) more differing lines\n" }
        return out
    }

    func line(_ side: Side, _ i: Int) -> String? { i < side.lines.count ? side.lines[i] : nil }
}
