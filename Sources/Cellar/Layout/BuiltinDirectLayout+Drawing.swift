import CellarText

/// The direct layout's pieces drawn: into a canvas's cells, or as plain lines' bytes.
extension BuiltinDirectLayout {
    /// Draws the pieces at (x, y), clipped to `height` lines. Text cut to
    /// fit is measured with the canvas's setting, the one `make` measured with
    /// (not stored in the layout: it would no longer fit in 128 bytes).
    func draw(into canvas: inout Canvas, x: Int, y: Int, height: Int) {
        if let p0 { Self.draw(p0, into: &canvas, x: x, y: y, height: height) }
        if let p1 { Self.draw(p1, into: &canvas, x: x, y: y, height: height) }
        if let p2 { Self.draw(p2, into: &canvas, x: x, y: y, height: height) }
    }

    static func draw(_ p: borrowing Piece, into canvas: inout Canvas, x: Int, y: Int, height: Int) {
        guard p.y < height, p.width > 0 else { return }
        if p.holdsLines { return drawLines(p, into: &canvas, x: x, y: y, height: height) }
        _ = place(p, ambiguousWide: canvas.ambiguousWide) { text, lead, w in
            canvas.draw(clean: text, x: x + p.x + lead, y: y + p.y, maxWidth: p.width - lead, style: p.style)
        }
    }

    /// Puts the pieces on line `line` of the content (clipped to `height`
    /// lines) into plain lines, the content starting at column `x`; false
    /// when one cannot go there as its bytes (`PlainLines.put`).
    func putLine(_ line: Int, height: Int, x: Int, into out: inout PlainLines) -> Bool {
        if let p0, !Self.put(p0, line, height, x, &out) { return false }
        if let p1, !Self.put(p1, line, height, x, &out) { return false }
        if let p2, !Self.put(p2, line, height, x, &out) { return false }
        return true
    }

    private static func put(_ p: borrowing Piece, _ line: Int, _ height: Int, _ x: Int, _ out: inout PlainLines) -> Bool
    {
        if p.holdsLines { return putLine(line, of: p, height, x, &out) }
        guard p.y == line, p.y < height, p.width > 0 else { return true }
        // Plain lines are narrow (`Canvas.drawPlainLines`); a cut text's bytes are put as they are cut, no string
        // made of them (a plain text cut at its clusters, "…" added, stays plain).
        if p.textWidth > p.width {
            return TextLayout.withTruncated(
                clean: p.text, total: p.textWidth, width: p.width, mode: p.mode, ambiguousWide: false
            ) { bytes, w in
                let shift = lead(p, w)
                return w <= p.width - shift && out.put(utf8: bytes, x: x + p.x + shift, columns: w, knownPlain: p.plain)
            }
        }
        let shift = lead(p, p.textWidth)
        return p.textWidth <= p.width - shift
            && out.put(p.text, x: x + p.x + shift, columns: p.textWidth, knownPlain: p.plain)
    }

    /// Runs `body` with the piece's text as drawn (cut to fit its width),
    /// the columns before it in the piece, and its width.
    @inline(__always)
    static func place<R>(
        _ p: borrowing Piece, ambiguousWide: Bool, _ body: (borrowing String, Int, Int) -> R
    ) -> R {
        if p.textWidth > p.width {
            // A piece's text is clean and was measured with this setting: cut without measuring it again.
            let (text, w) = TextLayout.truncate(
                clean: p.text, total: p.textWidth, width: p.width, mode: p.mode, ambiguousWide: ambiguousWide)
            return body(text, lead(p, w), w)
        }
        return body(p.text, lead(p, p.textWidth), p.textWidth)
    }

    /// Columns before a label of width `w` in its piece, by alignment.
    @inline(__always)
    static func lead(_ p: borrowing Piece, _ w: Int) -> Int {
        switch p.alignment {
        case .leading: return 0
        case .center: return max(0, p.width - w) / 2
        case .trailing: return max(0, p.width - w)
        }
    }
}
