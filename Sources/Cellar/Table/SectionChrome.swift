import CellarText

/// Everything a table draws around its rows: section titles, the boxes and
/// rules of grouped styles, the section index column and the sticky header
/// of plain tables.
struct SectionChrome {
    let layout: TableLayout
    let tableStyle: TableStyle

    var geometry: TableLayout.Geometry { layout.geometry }

    /// A section's top item: the gap before it, its header (the title, or
    /// `body` when a header view stands for it), the box's top edge.
    func drawTop(_ s: Int, into canvas: inout Canvas, y: Int, body: SectionBody? = nil) {
        if body == nil, canvas.takesPlainLines, drawPlainEnd(s, header: true, into: &canvas, y: y) { return }
        var y = y
        let g = geometry
        if g.sectionGap && s > 0 { y += 1 }
        let body = body ?? SectionBody(title: layout.headerLines(s))
        drawBody(body, header: true, into: &canvas, y: y)
        y += body.lines
        if (g.boxed || g.ruled) && layout.rowCounts[s] > 0 { drawEdge(top: true, into: &canvas, y: y) }
    }

    /// A section's bottom item: the box's bottom edge, its footer (title or view).
    func drawBottom(_ s: Int, into canvas: inout Canvas, y: Int, body: SectionBody? = nil) {
        if body == nil, canvas.takesPlainLines, drawPlainEnd(s, header: false, into: &canvas, y: y) { return }
        var y = y
        let g = geometry
        if (g.boxed || g.ruled) && layout.rowCounts[s] > 0 {
            drawEdge(top: false, into: &canvas, y: y)
            y += 1
        }
        drawBody(body ?? SectionBody(title: layout.footerLines(s)), header: false, into: &canvas, y: y)
    }

    /// A header or footer: title lines (as many as its height keeps), or a
    /// view's tree laid out where titles go. A plain table's header view
    /// gets the header background across the row, as a title does.
    func drawBody(_ body: SectionBody, header: Bool, into canvas: inout Canvas, y: Int) {
        switch body.kind {
        case .title(let lines):
            drawTitle(
                lines.count <= body.lines ? lines : Array(lines.prefix(body.lines)), header: header, into: &canvas, y: y
            )
        case .view(let node):
            let g = geometry
            LayoutEngine(ambiguousWide: g.ambiguousWide).draw(
                node, into: &canvas, x: g.boxed ? 2 : 1, y: y, width: layout.titleWidth, height: body.lines)
            // Under the view's own colours, as a title's: labels keep theirs.
            if tableStyle == .plain && header {
                canvas.overlay(
                    x: 0, y: y, width: g.tableWidth, height: body.lines, attributes: [],
                    background: .semantic(.secondaryBackground))
            }
        }
    }

    /// Column of the box's left side. Box-drawing characters are East Asian
    /// Ambiguous: where they take two columns, the left side takes the gap
    /// before it too, and the right side the gap after it, so no row column is lost.
    static func boxLeftX(_ g: TableLayout.Geometry) -> Int { g.ambiguousWide ? 0 : 1 }

    /// The box's sides beside a row (insetGrouped).
    static func drawBoxSides(into canvas: inout Canvas, y: Int, height: Int, _ g: TableLayout.Geometry) {
        let st = TextStyle(foreground: .semantic(.separator))
        let sideWidth = g.ambiguousWide ? 2 : 1
        canvas.fill(x: boxLeftX(g), y: y, width: sideWidth, height: height, character: "│", style: st)
        canvas.fill(x: g.tableWidth - 2, y: y, width: sideWidth, height: height, character: "│", style: st)
    }

    /// A horizontal box edge or rule: ╭──╮ / ╰──╯ (insetGrouped) or ──── (grouped).
    func drawEdge(top: Bool, into canvas: inout Canvas, y: Int) {
        let g = geometry
        let st = TextStyle(foreground: .semantic(.separator))
        if g.boxed {
            guard g.tableWidth >= 4 else { return }
            canvas.text(top ? "╭" : "╰", x: Self.boxLeftX(g), y: y, style: st)
            canvas.fill(x: 2, y: y, width: g.tableWidth - 4, character: "─", style: st)
            canvas.text(top ? "╮" : "╯", x: g.tableWidth - 2, y: y, style: st)
        } else {
            canvas.fill(x: 0, y: y, width: g.tableWidth, character: "─", style: st)
        }
    }

    /// Section titles. Grouped styles set them off with their rules and
    /// boxes; a plain table marks them so they read apart from rows without
    /// colour: a header is followed by a rule to the trailing edge
    /// (`Fruits ─────`), a footer starts with `└ ` (`└ 3 kinds`).
    func drawTitle(_ lines: [String], header: Bool, into canvas: inout Canvas, y: Int) {
        let g = geometry
        let x = g.boxed ? 2 : 1
        guard tableStyle == .plain, let last = lines.last else {
            let st = TextStyle(foreground: .semantic(.secondaryLabel))
            for (i, line) in lines.enumerated() { canvas.text(line, x: x, y: y + i, style: st) }
            return
        }
        if header {
            let background = TextStyle(background: .semantic(.secondaryBackground))
            canvas.fill(x: 0, y: y, width: g.tableWidth, height: lines.count, style: background)
            let st = TextStyle(
                attributes: .bold, foreground: .semantic(.secondaryLabel),
                background: .semantic(.secondaryBackground))
            for (i, line) in lines.enumerated() { canvas.text(line, x: x, y: y + i, style: st) }
            let ruleX = x + DisplayWidth.of(last, ambiguousWide: g.ambiguousWide) + 1
            canvas.fill(
                x: ruleX, y: y + lines.count - 1, width: g.tableWidth - ruleX, character: "─",
                style: TextStyle(
                    attributes: .dim, foreground: .semantic(.separator),
                    background: .semantic(.secondaryBackground)))
        } else {
            let mark = TextStyle(attributes: .dim, foreground: .semantic(.separator))
            let st = TextStyle(attributes: .dim, foreground: .semantic(.secondaryLabel))
            let indent = TableLayout.plainTitleMarkWidth
            canvas.text("└", x: x, y: y, style: mark)
            for (i, line) in lines.enumerated() { canvas.text(line, x: x + indent, y: y + i, style: st) }
        }
    }

    /// Section index titles, one a line, in the trailing column.
    /// `lines` are the table lines the canvas shows, from canvas line `y`.
    func drawIndex(into canvas: inout Canvas, firstLine: Int, lines: Range<Int>, y: Int = 0, titles: [String]? = nil) {
        let g = geometry
        guard g.indexWidth > 0 else { return }
        let titles = titles ?? layout.indexTitles
        // Only the titles on `lines`: a stream draws the index once per item.
        let first = max(firstLine, lines.lowerBound)
        let end = min(firstLine + titles.count, lines.upperBound)
        guard first < end else { return }
        for line in first..<end {
            // Measured as drawn: a tab's spaces and a control's picture take columns.
            let shown = TextLayout.truncate(
                titles[line - firstLine], width: g.indexWidth - 1, ambiguousWide: g.ambiguousWide)
            canvas.text(
                shown, x: g.width - DisplayWidth.of(shown, ambiguousWide: g.ambiguousWide),
                y: y + line - lines.lowerBound, style: TextStyle(foreground: .semantic(.tint)))
        }
    }

    /// Index titles for `height` lines: all of them if they fit, else (as
    /// UIKit does) an even sample with `•` standing for the ones left out.
    static func fittedIndexTitles(_ titles: [String], height: Int) -> [String] {
        guard titles.count > height, height > 0 else { return titles }
        if height < 3 { return Array(titles.prefix(height)) }
        return (0..<height).map { j in
            if j % 2 == 1 && j != height - 1 { return "•" }
            return titles[j * (titles.count - 1) / (height - 1)]
        }
    }

    /// The section whose header a plain table pins at the top of the
    /// viewport (the header has scrolled past the top), and its top item.
    func stickySection(top: Int) -> (section: Int, item: Int)? {
        guard tableStyle == .plain, let index = layout.index, let first = index.item(atOffset: top) else { return nil }
        let s = layout.section(ofItem: first.index)
        let item = layout.sectionStarts[s]
        guard index.height(item) > 0, index.start(item) < top else { return nil }
        return (s, item)
    }

    /// Plain tables keep the header of the section at the top of the viewport
    /// pinned there; the next section's top pushes it up. Returns the
    /// canvas lines it covers, nil when none is drawn.
    @discardableResult
    func drawStickyHeader(_ body: SectionBody, section s: Int, into canvas: inout Canvas, top: Int) -> Range<Int>? {
        guard let index = layout.index, body.lines > 0 else { return nil }
        let sectionEnd = index.start(layout.sectionStarts[s + 1])
        let y = min(0, sectionEnd - top - body.lines)
        canvas.fill(x: 0, y: y, width: geometry.tableWidth, height: body.lines)
        drawBody(body, header: true, into: &canvas, y: y)
        return max(0, y)..<max(0, y + body.lines)
    }
}

/// What a section's header or footer shows between the section's chrome:
/// title lines, or a header/footer view's tree; `lines` tall.
struct SectionBody {
    enum Kind {
        case title([String])
        case view(ViewNode)
    }
    let kind: Kind
    let lines: Int

    init(title: [String]) {
        kind = .title(title)
        lines = title.count
    }

    init(_ kind: Kind, lines: Int) {
        self.kind = kind
        self.lines = lines
    }
}
