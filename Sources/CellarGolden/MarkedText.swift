import CellarText

/// One side of a differing diff row: its graphemes with their display
/// columns, each marked when the other side has another grapheme (or none)
/// starting at that column, and wrapped to a column width without splitting
/// a grapheme. Columns count as the terminal draws them: Hangul and emoji
/// take two, so a frame's cells line up on both sides.
struct MarkedText {
    /// A wrapped piece of the text and the line of carets under it.
    struct Line: Equatable {
        var text = ""
        var marks = ""
        var isMarked: Bool { marks.contains("^") }
    }

    private var pieces: [(character: Character, width: Int, marked: Bool)] = []

    /// `text` marked against `other`; nil marks nothing.
    init(_ text: String, against other: String?) {
        var others: [Int: Character] = [:]
        if let other {
            var column = 0
            for c in other {
                others[column] = c
                column += DisplayWidth.of(c)
            }
        }
        var column = 0
        for c in text {
            let w = DisplayWidth.of(c)
            pieces.append((c, w, other != nil && others[column] != c))
            column += w
        }
    }

    /// The text in lines of at most `width` columns (a grapheme wider than
    /// the width still gets a line of its own), each with its carets: `^`
    /// under every column of a marked grapheme.
    func wrapped(_ width: Int) -> [Line] {
        var lines: [Line] = [Line()]
        var used = 0
        for p in pieces {
            if used + p.width > width, used > 0 {
                lines.append(Line())
                used = 0
            }
            lines[lines.count - 1].text.append(p.character)
            if p.width > 0 {
                lines[lines.count - 1].marks += String(repeating: p.marked ? "^" : " ", count: p.width)
            }
            used += p.width
        }
        return lines
    }
}

extension String {
    /// The string without the spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
