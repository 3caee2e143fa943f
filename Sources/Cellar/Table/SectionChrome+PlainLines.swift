import CellarText

/// A section's top or bottom item written as plain lines
/// (`Canvas.drawPlainLines`) instead of cells, as rows are
/// (`RowRenderer+PlainLines`): its title, the gap before a grouped section,
/// a grouped section's rules, a plain header's rule and a plain footer's
/// mark. Boxed sections and header/footer views take cells. The lines hold
/// the bytes `drawTop` and `drawBottom` write through cells; anything
/// `PlainLines` cannot place exactly (a joined cluster, a zero-width mark)
/// sends the item back to the cells. `PlainRowLinesTests` compares the two,
/// and the accelerators-off twin never takes plain lines.
extension SectionChrome {
    /// Draws section `s`'s top (`header`) or bottom item with its title as
    /// plain lines; false, with nothing drawn, when it needs cells.
    func drawPlainEnd(_ s: Int, header: Bool, into canvas: inout Canvas, y: Int) -> Bool {
        let g = geometry
        let parts = RowRenderer.PlainParts.shared
        guard !g.boxed, let rule = parts.rule, let mark = parts.footerMark else { return false }
        let title = header ? layout.headerLines(s) : layout.footerLines(s)
        let gap = header && g.sectionGap && s > 0
        let edge = g.ruled && layout.rowCounts[s] > 0
        let plainStyle = tableStyle == .plain
        let count = (gap ? 1 : 0) + title.count + (edge ? 1 : 0)
        return canvas.drawPlainLines(at: y, count: count) { out in
            if gap { out.endLine() }
            if edge && !header {
                guard out.put(rule, x: 0, columns: g.tableWidth) else { return false }
                out.endLine()
            }
            // Where drawTitle puts the lines: a plain footer's follow its mark.
            let x = 1 + (plainStyle && !header ? TableLayout.plainTitleMarkWidth : 0)
            for (i, line) in title.enumerated() {
                if plainStyle && !header && i == 0 {
                    guard out.put(mark, x: 1) else { return false }
                }
                // A line plain lines do not take sends the item to the cells.
                guard let columns = out.put(line, x: x) else { return false }
                // A plain header's rule runs from after its last line to the trailing edge.
                if plainStyle && header && i == title.count - 1 {
                    let ruleX = x + columns + 1
                    guard out.put(rule, x: ruleX, columns: g.tableWidth - ruleX) else { return false }
                }
                out.endLine()
            }
            if edge && header {
                guard out.put(rule, x: 0, columns: g.tableWidth) else { return false }
                out.endLine()
            }
            return true
        }
    }
}
