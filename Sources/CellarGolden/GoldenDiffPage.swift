import CellarText

/// The rows of one rendered diff: gutters, cells and the first difference's
/// marker, laid out side by side when both columns fit, else one side above
/// the other.
struct DiffPage {
    let diff: GoldenDiff
    let shown: [Int]
    let firstPosition: Int
    let differs: Set<Int>
    let finalNewlineDiffers: Bool
    let numberWidth: Int
    let marker: String

    init(diff: GoldenDiff, shown: [Int], firstPosition: Int, firstColumn: Int) {
        self.diff = diff
        self.shown = shown
        self.firstPosition = firstPosition
        differs = Set(diff.differing)
        finalNewlineDiffers = diff.expected.endsWithNewline != diff.actual.endsWithNewline
        numberWidth = String(max(diff.expected.lines.count, diff.actual.lines.count, 1)).count
        marker = String(repeating: " ", count: firstColumn - 1) + "^"
    }

    /// "! " + line number + two spaces.
    var gutterWidth: Int { 2 + numberWidth + 2 }
    var blankGutter: String { String(repeating: " ", count: gutterWidth) }

    /// One side's text at a position as printed: visible whitespace on
    /// differing rows, sanitised on the others.
    func cell(_ side: GoldenDiff.Side, _ index: Int?, _ k: Int) -> String {
        guard let i = index else { return differs.contains(k) ? GoldenDiff.noLine : "" }
        var text = differs.contains(k) ? GoldenDiff.visibleLine(side.lines[i]) : Sanitizer.sanitize(side.lines[i])
        if finalNewlineDiffers, !side.endsWithNewline, i == side.lines.count - 1 {
            text += " " + GoldenDiff.noFinalNewline
        }
        return text
    }

    func gutter(_ k: Int, _ index: Int?) -> String {
        let number = index.map { String($0 + 1) } ?? ""
        return (differs.contains(k) ? "! " : "  ") + String(repeating: " ", count: numberWidth - number.count)
            + number + "  "
    }

    func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - DisplayWidth.of(s)))
    }

    func clip(_ s: String, _ width: Int) -> String {
        guard DisplayWidth.of(s) > width else { return s }
        var kept = ""
        var used = 0
        for c in s {
            let w = DisplayWidth.of(c)
            if used + w > width - 1 { break }
            kept.append(c)
            used += w
        }
        return kept + "…"
    }

    func gap(_ k: Int, _ previous: Int?) -> Bool { previous.map { k > $0 + 1 } ?? (k > 0) }

    func widest(
        _ side: GoldenDiff.Side, _ positions: [Int], _ title: String,
        _ pick: (GoldenDiff.Row) -> Int?
    ) -> Int {
        positions.reduce(DisplayWidth.of(title)) { max($0, DisplayWidth.of(cell(side, pick(diff.rows[$1]), $1))) }
    }

    /// Narrower columns than this stack the two sides instead.
    static let minimumColumn = 12

    /// Both sides in columns: as wide as every shown row when that fits, else
    /// sharing the room (a narrow side gives the other its spare columns),
    /// differing rows wrapped inside their column and unchanged context
    /// clipped with …. Under each differing row, `^` marks every display
    /// cell that differs from the other side's cell in the same column.
    /// nil when a column would be narrower than `minimumColumn`.
    func sideBySide(terminalWidth: Int) -> String? {
        let (expected, actual, rows) = (diff.expected, diff.actual, diff.rows)
        var leftWidth = widest(expected, shown, "expected", \.expected)
        var rightWidth = widest(actual, shown, "actual", \.actual)
        let room = terminalWidth - gutterWidth - 3
        if leftWidth + rightWidth > room {
            let half = room / 2
            if leftWidth <= half {
                rightWidth = room - leftWidth
            } else if rightWidth <= half {
                leftWidth = room - rightWidth
            } else {
                (leftWidth, rightWidth) = (half, room - half)
            }
            guard min(leftWidth, rightWidth) >= Self.minimumColumn else { return nil }
        }
        var out = blankGutter + pad("expected", leftWidth) + " │ actual\n"
        var previous: Int?
        for k in shown {
            if gap(k, previous) { out += blankGutter + pad("⋮", leftWidth) + " │ ⋮\n" }
            previous = k
            let left = cell(expected, rows[k].expected, k)
            let right = cell(actual, rows[k].actual, k)
            guard differs.contains(k) else {
                out +=
                    gutter(k, rows[k].expected) + pad(clip(left, leftWidth), leftWidth) + " │ "
                    + clip(right, rightWidth) + "\n"
                continue
            }
            // A line the other side lacks is marked by "(no line)", not by carets.
            let both = rows[k].expected != nil && rows[k].actual != nil
            var first = true
            for (l, r) in both ? LegendDiff.pairs(left, right) : [(left, right)] {
                out += marked(
                    l, r, compared: both, widths: (leftWidth, rightWidth),
                    gutter: first ? gutter(k, rows[k].expected) : blankGutter)
                first = false
            }
        }
        return out
    }

    /// Two cells wrapped in their columns, each piece followed by its carets.
    func marked(_ left: String, _ right: String, compared: Bool, widths: (Int, Int), gutter: String) -> String {
        let leftLines = MarkedText(left, against: compared ? right : nil).wrapped(widths.0)
        let rightLines = MarkedText(right, against: compared ? left : nil).wrapped(widths.1)
        var out = ""
        for n in 0..<max(leftLines.count, rightLines.count) {
            let l = n < leftLines.count ? leftLines[n] : MarkedText.Line()
            let r = n < rightLines.count ? rightLines[n] : MarkedText.Line()
            out += (n == 0 ? gutter : blankGutter) + pad(l.text, widths.0) + " │ " + r.text + "\n"
            if l.isMarked || r.isMarked {
                out += blankGutter + pad(l.marks, widths.0) + " │ " + r.marks.trimmingTrailingSpaces() + "\n"
            }
        }
        return out
    }

    /// The expected side, then the actual side, each full width.
    func stacked() -> String {
        var out = ""
        for (title, side) in [("expected", diff.expected), ("actual", diff.actual)] {
            out += blankGutter + title + "\n"
            var previous: Int?
            for k in shown {
                let index = title == "expected" ? diff.rows[k].expected : diff.rows[k].actual
                if gap(k, previous) { out += blankGutter + "⋮\n" }
                out += gutter(k, index) + cell(side, index, k) + "\n"
                if k == firstPosition { out += blankGutter + marker + "\n" }
                previous = k
            }
        }
        return out
    }

}
