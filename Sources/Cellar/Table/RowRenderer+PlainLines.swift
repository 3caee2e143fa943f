import CellarText

/// A row written as plain lines (`Canvas.drawPlainLines`) instead of cells,
/// when the canvas goes to a plain-text writer and nothing of the row needs
/// cells: its content is a built-in direct layout, its accessory a type, and
/// it has no editing control, buttons, box sides, focus mark or cut mark
/// (`drawCutMark`). Styles do not show in plain text: a selected or
/// highlighted row is its mark, a background or dimming is nothing. The
/// lines hold the bytes `draw` writes through cells; anything `PlainLines`
/// cannot place exactly sends the row back to the cells. `PlainRowLinesTests`
/// compares the two on every kind of row, and the accelerators-off twin
/// (`CELLAR_ACCELERATORS=off`) never takes plain lines (`StreamBatcher`), so
/// every golden case and the CLI differential test compare them too.
extension RowRenderer {
    /// What plain lines draw on many rows (and section ends), made once a process and held
    /// by each renderer (a static read on every row costs a `swift_once`):
    /// the accessory types' glyphs (by `AccessoryType.allCases` index), the
    /// selection marks, and a separator's rule, cut to each row, as wide as
    /// a document's table may be (a wider table's rows take cells). Nil: it
    /// needs cells.
    struct PlainParts {
        let glyphs: [PlainText?]
        let selectedMark: PlainText?
        let highlightedMark: PlainText?
        let rule: PlainRule?
        /// A plain table's footer mark (`SectionChrome+PlainLines`).
        let footerMark: PlainText?

        /// The parts at their known widths, or `measured` (a test holds the two the same).
        init(measured: Bool) {
            glyphs = AccessoryType.allCases.map {
                PlainText($0.glyph, columns: AccessoryGlyphs.width(of: $0, ambiguousWide: false), measured: measured)
            }
            selectedMark = PlainText(
                selectionMark(selected: true, ambiguousWide: false), columns: 1, measured: measured)
            highlightedMark = PlainText(
                selectionMark(selected: false, ambiguousWide: false), columns: 1, measured: measured)
            rule = PlainRule(repeating: "─", count: InputLimits.width.upperBound, measured: measured)
            footerMark = PlainText("└", columns: 1, measured: measured)
        }

        static let shared = PlainParts(measured: false)
    }

    /// Draws the row as `draw` does, as plain lines; false when it needs cells.
    func drawPlainLines(
        section: Int, row: Int, lines: Int, _ l: TableLayout, into canvas: inout Canvas, y: Int,
        content rc: borrowing RowContent, measured: Int?
    ) -> Bool {
        let g = l.geometry
        guard rc.isDirect, rc.buttons == nil, rc.editingControl == .none, !rc.showsSelectionCircle,
            !rc.isEditing, !g.boxed, !Self.isAtLineLimit(lines, g)
        else { return false }
        if let markedFocus, markedFocus == (section, row) { return false }
        var glyph: PlainText?
        if rc.accessoryWidth > 0 {
            guard case .type(let t) = rc.accessory, let found = plainParts.glyphs[t.index] else { return false }
            glyph = found
        }
        var mark: PlainText?
        if rc.isSelected || rc.isHighlighted {
            guard let found = rc.isSelected ? plainParts.selectedMark : plainParts.highlightedMark else {
                return false
            }
            mark = found
        }
        let separator = l.separatorLines(section: section, row: row, singleLine: singleLineSeparators)
        guard let rule = plainParts.rule else { return false }
        let mid = max(0, (lines - 1) / 2)
        let top = rc.contentTop(inRowOf: lines, measured: measured)
        let (x0, lead, trailing) = (g.rowX, rc.lead, g.rowX + g.rowWidth - 1)
        let sx = g.rowX + min(max(0, rc.separatorInset), g.rowWidth)
        return canvas.drawPlainLines(at: y, count: lines + separator) { out in
            for line in 0..<lines {
                if let mark, !out.put(mark, x: x0) { return false }
                if line >= top, !rc.direct.putLine(line - top, height: lines - top, x: x0 + lead, into: &out) {
                    return false
                }
                if line == mid, let glyph, !out.put(glyph, x: trailing - glyph.columns) { return false }
                out.endLine()
            }
            if separator == 1 {
                guard out.put(rule, x: sx, columns: g.rowX + g.rowWidth - sx) else { return false }
                out.endLine()
            }
            return true
        }
    }
}
