import Cellar
import CellarDocuments
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
            if bytes[i] == 13, i + 1 < bytes.count, bytes[i + 1] == 10 {
                i += 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// Whether golden and output are the same once CRLF line endings are read as LF.
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
    /// Expected and actual lines paired up: both for an equal or changed
    /// line, one side only for a line the other lacks.
    let rows: [Row]
    /// Positions in `rows` that differ.
    let differing: [Int]

    struct Row: Sendable, Equatable {
        var expected: Int?
        var actual: Int?
    }

    /// 1-based line of the golden and display column where the two first differ.
    public let firstDifference: (row: Int, column: Int)?

    /// Aligns the lines of the golden and the output and finds where they differ.
    public init(expected: [UInt8], actual: [UInt8]) {
        let e = Side(expected)
        let a = Side(actual)
        self.expected = e
        self.actual = a
        let rows = GoldenDiff.align(e.lines, a.lines)
        var differing: [Int] = []
        for (k, row) in rows.enumerated() where !GoldenDiff.same(row, e, a) { differing.append(k) }
        if e.endsWithNewline != a.endsWithNewline, let last = rows.indices.last, differing.last != last {
            differing.append(last)
        }
        self.rows = rows
        self.differing = differing
        firstDifference = differing.first.map { GoldenDiff.locate(rows, $0, e, a) }
    }

    static func same(_ row: Row, _ e: Side, _ a: Side) -> Bool {
        guard let i = row.expected, let j = row.actual else { return false }
        return e.lines[i] == a.lines[j]
    }

    /// Golden row and display column of the difference at `rows[k]`.
    static func locate(_ rows: [Row], _ k: Int, _ e: Side, _ a: Side) -> (row: Int, column: Int) {
        let row = rows[k]
        let number = row.expected ?? rows[..<k].reduce(0) { $0 + ($1.expected == nil ? 0 : 1) }
        switch (row.expected, row.actual) {
        case (let i?, let j?) where e.lines[i] != a.lines[j]:
            return (number + 1, firstDifferingColumn(e.lines[i], a.lines[j]))
        case (let i?, _?):
            // Equal text: only the final newline differs.
            return (number + 1, visibleWidth(e.lines[i]) + 1)
        default:
            return (number + 1, 1)
        }
    }

    // MARK: Alignment

    /// Pairs lines by a longest common subsequence of the part between the
    /// common prefix and suffix, so an inserted or deleted line does not turn
    /// every later line into a difference. Within a run of changes, removed
    /// and added lines are paired in order (a changed line shows beside its
    /// replacement). Past a size limit the middle is paired by position.
    static func align(_ e: [String], _ a: [String]) -> [Row] {
        var prefix = 0
        while prefix < e.count, prefix < a.count, e[prefix] == a[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < e.count - prefix, suffix < a.count - prefix,
            e[e.count - 1 - suffix] == a[a.count - 1 - suffix]
        { suffix += 1 }
        var rows = (0..<prefix).map { Row(expected: $0, actual: $0) }
        let em = Array(e[prefix..<(e.count - suffix)])
        let am = Array(a[prefix..<(a.count - suffix)])
        var ops: [Row] = []
        if em.count * am.count <= 250_000 {
            // lcs[i][j]: common subsequence length of em[i...] and am[j...].
            let width = am.count + 1
            var lcs = [Int32](repeating: 0, count: (em.count + 1) * width)
            for i in stride(from: em.count - 1, through: 0, by: -1) {
                for j in stride(from: am.count - 1, through: 0, by: -1) {
                    lcs[i * width + j] =
                        em[i] == am[j]
                        ? lcs[(i + 1) * width + j + 1] + 1
                        : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < em.count || j < am.count {
                if i < em.count, j < am.count, em[i] == am[j] {
                    ops.append(Row(expected: i, actual: j))
                    i += 1
                    j += 1
                } else if j == am.count || (i < em.count && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
                    ops.append(Row(expected: i, actual: nil))
                    i += 1
                } else {
                    ops.append(Row(expected: nil, actual: j))
                    j += 1
                }
            }
        } else {
            for k in 0..<max(em.count, am.count) {
                ops.append(Row(expected: k < em.count ? k : nil, actual: k < am.count ? k : nil))
            }
        }
        // Pair removed with added lines inside each run of changes.
        var k = 0
        while k < ops.count {
            guard ops[k].expected == nil || ops[k].actual == nil else {
                rows.append(
                    Row(expected: ops[k].expected.map { $0 + prefix }, actual: ops[k].actual.map { $0 + prefix }))
                k += 1
                continue
            }
            var removed: [Int] = []
            var added: [Int] = []
            while k < ops.count, ops[k].expected == nil || ops[k].actual == nil {
                if let i = ops[k].expected { removed.append(i + prefix) }
                if let j = ops[k].actual { added.append(j + prefix) }
                k += 1
            }
            for n in 0..<max(removed.count, added.count) {
                rows.append(
                    Row(expected: n < removed.count ? removed[n] : nil, actual: n < added.count ? added[n] : nil))
            }
        }
        for n in 0..<suffix { rows.append(Row(expected: e.count - suffix + n, actual: a.count - suffix + n)) }
        return rows
    }

    /// 1-based display column of the first grapheme where `a` and `b` differ,
    /// measured in their visible forms (what the diff prints).
    static func firstDifferingColumn(_ a: String, _ b: String) -> Int {
        var column = 1
        var ia = a.makeIterator()
        var ib = b.makeIterator()
        while true {
            let ca = ia.next()
            let cb = ib.next()
            guard let x = ca, let y = cb, x == y else { return column }
            column += DisplayWidth.of(visible(x))
        }
    }

    // MARK: Visible whitespace

    /// A character as the diff prints it: a tab as `→`, a no-break space as
    /// `⍽`, and the rest as a terminal shows input text (`Sanitizer`: controls
    /// as pictures, C1 and bidi controls as `\u{…}`), so the columns and the
    /// `^` marks are counted on what is printed.
    static func visible(_ c: Character) -> String {
        switch c {
        case "\t": return "→"
        case "\u{A0}": return "⍽"
        default: return Sanitizer.sanitize(String(c))
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
        for c in line[..<trailing] { out += visible(c) }
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
        guard let firstPosition = differing.first, let first = firstDifference else { return "" }
        // Positions shown: each difference with its context.
        var shown: [Int] = []
        for d in differing {
            for k in max(0, d - GoldenDiff.context)...min(rows.count - 1, d + GoldenDiff.context)
            where shown.last.map({ k > $0 }) ?? true { shown.append(k) }
        }
        var hidden = 0
        if shown.count > GoldenDiff.maxShownLines {
            hidden = differing.filter { $0 > shown[GoldenDiff.maxShownLines - 1] }.count
            shown = Array(shown.prefix(GoldenDiff.maxShownLines))
        }
        let page = DiffPage(diff: self, shown: shown, firstPosition: firstPosition, firstColumn: first.column)
        var out = page.sideBySide(terminalWidth: terminalWidth) ?? page.stacked()
        if hidden > 0 { out += page.blankGutter + "… and \(hidden) more differing lines\n" }
        return out
    }
}
