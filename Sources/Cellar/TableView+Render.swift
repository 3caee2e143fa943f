import CellarText

extension TableView {
    // MARK: Layout

    func currentLayout() throws -> TableLayout {
        if let layout { return layout }
        guard let ds = dataSource else { throw CellarError("the table has no data source") }
        let sections = ds.numberOfSections(in: self)
        guard sections >= 0 else { throw CellarError("numberOfSections must not be negative (got \(sections))") }
        var counts = [Int](), headers = [String?](), footers = [String?]()
        counts.reserveCapacity(sections)
        for s in 0..<sections {
            let n = ds.tableView(self, numberOfRowsInSection: s)
            guard n >= 0 else {
                throw CellarError("numberOfRowsInSection \(s) must not be negative (got \(n))")
            }
            counts.append(n)
            headers.append(ds.tableView(self, titleForHeaderInSection: s))
            footers.append(ds.tableView(self, titleForFooterInSection: s))
        }
        let l = TableLayout(sectionCount: sections, rowCounts: counts, headers: headers, footers: footers,
                            indexTitles: ds.sectionIndexTitles(for: self) ?? [], style: style, width: width)
        layout = l
        return l
    }

    /// Lines a row's separator adds under it.
    func separatorLines(_ ip: IndexPath, _ l: TableLayout) -> Int {
        separatorStyle == .singleLine && ip.row < l.rowCounts[ip.section] - 1 ? 1 : 0
    }

    /// The height the table or delegate declares for a row.
    func declaredHeight(_ ip: IndexPath) throws -> RowHeight {
        let h = delegate?.tableView(self, heightForRowAt: ip) ?? rowHeight
        if case .fixed(let n) = h, n < 0 {
            throw CellarError("height for row \(ip) must not be negative (got \(n))")
        }
        return h
    }

    /// Builds the height index for viewport rendering. With estimates on, rows
    /// start at the estimate and are measured as they appear; with estimates
    /// off, every row's height is settled now (measuring automatic rows), as UIKit does.
    func buildIndex(_ l: TableLayout) throws {
        let sep = separatorStyle == .singleLine ? 1 : 0
        var base: Int
        var settleRows = false
        if let est = estimatedRowHeight {
            guard est >= 0 else { throw CellarError("estimatedRowHeight must not be negative (got \(est))") }
            base = est + sep
        } else if case .fixed(let n) = rowHeight, delegate == nil {
            guard n >= 0 else { throw CellarError("rowHeight must not be negative (got \(n))") }
            base = n + sep
        } else {
            base = 1 + sep
            settleRows = true
        }
        var index = HeightIndex(count: l.itemCount, base: base)
        for s in 0..<l.sectionCount {
            index.set(l.sectionStarts[s], l.topHeight(s))
            index.set(l.sectionStarts[s + 1] - 1, l.bottomHeight(s))
            if sep == 1, l.rowCounts[s] > 0 { index.setEstimate(l.sectionStarts[s + 1] - 2, base - 1) }
        }
        l.index = index
        if settleRows {
            // Settling configures every row with an automatic height; each cell
            // goes straight back to its queue, so settling reuses one cell per identifier.
            for s in 0..<l.sectionCount {
                for r in 0..<l.rowCounts[s] { try realize(l.sectionStarts[s] + 1 + r, l, keepCell: false) }
            }
        }
    }

    /// Makes sure a row item's height in the index is its real height.
    /// `keepCell`: the row is about to be drawn, so a cell configured for
    /// measuring stays on screen; otherwise it goes back to its queue.
    func realize(_ item: Int, _ l: TableLayout, keepCell: Bool = true) throws {
        guard var index = l.index, !index.isKnown(item), case .row(let ip) = l.describe(item) else { return }
        let lines: Int
        if keepCell || visibleCells[ip] != nil {
            lines = try rowLines(ip, l, cell: nil)
        } else if case .fixed(let n) = try declaredHeight(ip) {
            lines = n
        } else {
            let cell = try configuredCell(ip)
            defer { enqueue(cell) }
            lines = try rowLines(ip, l, cell: cell)
        }
        index.set(item, lines + separatorLines(ip, l))
        l.index = index
    }

    /// Content lines of a row: the declared height, or measured from its cell.
    func rowLines(_ ip: IndexPath, _ l: TableLayout, cell: Cell?) throws -> Int {
        switch try declaredHeight(ip) {
        case .fixed(let n): return n
        case .automatic:
            let cell = try cell ?? visibleCell(ip)
            try applyState(cell, ip)
            if let h = try cell.style?.height(for: cell, width: contentWidth(cell, ip, l)) {
                guard h >= 0 else { throw CellarError("style '\(cell.reuseIdentifier)' gave a negative height (\(h)) for row \(ip)") }
                return h
            }
            let node = try content(of: cell, ip, l)
            statistics.heightsMeasured += 1
            return max(1, LayoutEngine.measure(node, width: contentWidth(cell, ip, l)))
        }
    }

    /// The on-screen cell for a row, configuring one through the data source if needed.
    func visibleCell(_ ip: IndexPath) throws -> Cell {
        if let cell = visibleCells[ip] { return cell }
        let cell = try configuredCell(ip)
        visibleCells[ip] = cell
        return cell
    }

    func configuredCell(_ ip: IndexPath) throws -> Cell {
        guard let ds = dataSource else { throw CellarError("the table has no data source") }
        statistics.rowsConfigured += 1
        let cell = try ds.tableView(self, cellForRowAt: ip)
        cell.indexPath = ip
        if cell.style == nil { cell.style = registry.style(for: cell.reuseIdentifier) }
        return cell
    }

    func state(for ip: IndexPath, _ cell: Cell) -> CellState {
        var s = cell.state
        s.isSelected = selected.contains(ip)
        s.isHighlighted = highlighted.contains(ip)
        s.isEditing = isEditing
        if let custom = customStates[ip] { s.custom.merge(custom) { $1 } }
        return s
    }

    func accessory(of cell: Cell) -> Accessory { isEditing ? cell.editingAccessory : cell.accessory }

    /// Columns of the row before the content: marker, editing control, indentation.
    func leadingColumns(_ cell: Cell, _ ip: IndexPath) -> Int {
        let level = max(cell.indentationLevel, delegate?.tableView(self, indentationLevelForRowAt: ip) ?? 0)
        return 1 + (isEditing ? 2 : 0) + level * indentationWidth
    }

    func accessoryWidth(_ cell: Cell) -> Int {
        switch accessory(of: cell) {
        case .type(let t): return t == .none ? 0 : max(3, DisplayWidth.of(t.glyph))
        case .custom(let node): return node == .empty ? 0 : max(3, LayoutEngine.naturalWidth(node))
        }
    }

    func contentWidth(_ cell: Cell, _ ip: IndexPath, _ l: TableLayout) -> Int {
        let acc = accessoryWidth(cell)
        let reorder = isEditing && (dataSource?.tableView(self, canMoveRowAt: ip) ?? false) ? 2 : 0
        return max(0, l.geometry.rowWidth - leadingColumns(cell, ip) - 1 - (acc > 0 ? acc + 1 : 0) - reorder)
    }

    /// Sets the cell's state for its row and tells the style, before any width
    /// is computed (the style may change the accessory for the state).
    @discardableResult
    func applyState(_ cell: Cell, _ ip: IndexPath) throws -> CellState {
        let st = state(for: ip, cell)
        // The cell keeps only its own custom keys: the table's (setCustomState)
        // are merged in afresh each time, so removing one takes effect.
        var own = st
        own.custom = cell.state.custom
        cell.state = own
        try cell.style?.updateConfiguration(cell, state: st)
        return st
    }

    func content(of cell: Cell, _ ip: IndexPath, _ l: TableLayout) throws -> ViewNode {
        let st = try applyState(cell, ip)
        guard let style = cell.style else { return cell.content ?? .empty }
        let ctx = LayoutContext(width: contentWidth(cell, ip, l), tableStyle: self.style,
                                layoutMargins: Insets(leading: 1, trailing: 1), state: st)
        return try style.content(for: cell, state: st, context: ctx)
    }

    // MARK: Drawing

    /// Draws a row with its separator at line `y` of the canvas (clipped).
    func drawRow(_ cell: Cell, _ ip: IndexPath, lines: Int, _ l: TableLayout, into canvas: inout Canvas, y: Int) throws {
        let g = l.geometry
        let node = try content(of: cell, ip, l)
        let st = cell.state
        let lead = leadingColumns(cell, ip)
        let cw = contentWidth(cell, ip, l)
        let x0 = g.rowX
        if g.boxed { drawBoxSides(into: &canvas, y: y, height: lines + separatorLines(ip, l), g) }
        if isEditing, dataSource?.tableView(self, canEditRowAt: ip) ?? false {
            let es = delegate?.tableView(self, editingStyleForRowAt: ip) ?? .delete
            let glyph = es == .delete ? "⊖" : es == .insert ? "⊕" : " "
            let color: SemanticColor = es == .delete ? .destructive : .success
            canvas.text(glyph, x: x0 + 1, y: y + (lines - 1) / 2, style: TextStyle(foreground: .semantic(color)))
        }
        LayoutEngine.draw(node, into: &canvas, x: x0 + lead, y: y, width: cw, height: lines)
        let accWidth = accessoryWidth(cell)
        let trailing = x0 + g.rowWidth - 1
        var accX = trailing
        if accWidth > 0 {
            accX = trailing - accWidth
            let mid = y + max(0, (lines - 1) / 2)
            switch accessory(of: cell) {
            case .type(let t):
                canvas.text(t.glyph, x: trailing - DisplayWidth.of(t.glyph), y: mid,
                            style: TextStyle(foreground: .semantic(t == .checkmark || t.tracksTaps ? .tint : .tertiaryLabel)))
            case .custom(let n):
                let w = min(accWidth, LayoutEngine.naturalWidth(n))
                LayoutEngine.draw(n, into: &canvas, x: trailing - w, y: mid, width: w, height: 1)
            }
        }
        if isEditing, dataSource?.tableView(self, canMoveRowAt: ip) ?? false {
            canvas.text("≡", x: accX - 2, y: y + (lines - 1) / 2, style: TextStyle(foreground: .semantic(.tertiaryLabel)))
        }
        // Selection shows in plain text as a marker in the leading column,
        // and as inverse video where colour is on.
        if st.isSelected || st.isHighlighted {
            canvas.overlay(x: x0, y: y, width: g.rowWidth, height: lines,
                           attributes: st.isSelected ? .inverse : .underline,
                           background: .semantic(st.isSelected ? .selectedBackground : .highlightedBackground))
            for line in 0..<lines {
                canvas.text(st.isSelected ? "▌" : "▸", x: x0, y: y + line,
                            style: TextStyle(attributes: .inverse, foreground: .semantic(.tint)))
            }
        }
        if st.isDisabled || cell.alpha < 1 {
            canvas.overlay(x: x0, y: y, width: g.rowWidth, height: lines, attributes: .dim)
        }
        if separatorLines(ip, l) == 1 {
            let sx = x0 + max(0, separatorInset)
            canvas.fill(x: sx, y: y + lines, width: x0 + g.rowWidth - sx, character: "─",
                        style: TextStyle(foreground: .semantic(.separator)))
        }
    }

    func drawBoxSides(into canvas: inout Canvas, y: Int, height: Int, _ g: TableLayout.Geometry) {
        let st = TextStyle(foreground: .semantic(.separator))
        canvas.fill(x: 1, y: y, width: 1, height: height, character: "│", style: st)
        canvas.fill(x: g.tableWidth - 2, y: y, width: 1, height: height, character: "│", style: st)
    }

    /// A horizontal box edge or rule: ╭──╮ / ╰──╯ (insetGrouped) or ──── (grouped).
    func drawEdge(top: Bool, into canvas: inout Canvas, y: Int, _ g: TableLayout.Geometry) {
        let st = TextStyle(foreground: .semantic(.separator))
        if g.boxed {
            guard g.tableWidth >= 4 else { return }
            canvas.text(top ? "╭" : "╰", x: 1, y: y, style: st)
            canvas.fill(x: 2, y: y, width: g.tableWidth - 4, character: "─", style: st)
            canvas.text(top ? "╮" : "╯", x: g.tableWidth - 2, y: y, style: st)
        } else {
            canvas.fill(x: 0, y: y, width: g.tableWidth, character: "─", style: st)
        }
    }

    func drawTitle(_ lines: [String], header: Bool, into canvas: inout Canvas, y: Int, _ g: TableLayout.Geometry) {
        let x = g.boxed ? 2 : 1
        let st: TextStyle
        if style == .plain && header {
            canvas.fill(x: 0, y: y, width: g.tableWidth, height: lines.count,
                        style: TextStyle(background: .semantic(.secondaryBackground)))
            st = TextStyle(attributes: .bold, foreground: .semantic(.label), background: .semantic(.secondaryBackground))
        } else {
            st = TextStyle(foreground: .semantic(.secondaryLabel))
        }
        for (i, line) in lines.enumerated() { canvas.text(line, x: x, y: y + i, style: st) }
    }

    func drawTop(_ s: Int, _ l: TableLayout, into canvas: inout Canvas, y: Int) {
        var y = y
        let g = l.geometry
        if g.sectionGap && s > 0 { y += 1 }
        drawTitle(l.headerLines[s], header: true, into: &canvas, y: y, g)
        y += l.headerLines[s].count
        if (g.boxed || g.ruled) && l.rowCounts[s] > 0 { drawEdge(top: true, into: &canvas, y: y, g) }
    }

    func drawBottom(_ s: Int, _ l: TableLayout, into canvas: inout Canvas, y: Int) {
        var y = y
        let g = l.geometry
        if (g.boxed || g.ruled) && l.rowCounts[s] > 0 { drawEdge(top: false, into: &canvas, y: y, g); y += 1 }
        drawTitle(l.footerLines[s], header: false, into: &canvas, y: y, g)
    }

    /// Section index titles, one a line, in the trailing column.
    func drawIndex(_ l: TableLayout, into canvas: inout Canvas, firstLine: Int, lines: Range<Int>) {
        let g = l.geometry
        guard g.indexWidth > 0 else { return }
        for (i, title) in l.indexTitles.enumerated() {
            let line = firstLine + i
            guard lines.contains(line) else { continue }
            canvas.text(title, x: g.width - DisplayWidth.of(title), y: line - lines.lowerBound,
                        style: TextStyle(foreground: .semantic(.tint)))
        }
    }

    /// Marks a header or footer as on screen, reusing views through their queue.
    func showHeaderFooter(item: Int, section s: Int, header: Bool, _ l: TableLayout, into shown: inout [Int: HeaderFooterView]) {
        let lines = header ? l.headerLines[s] : l.footerLines[s]
        guard !lines.isEmpty else { return }
        if let view = visibleHeaderFooters.removeValue(forKey: item) { shown[item] = view; return }
        let view = dequeueReusableHeaderFooterView(withIdentifier: header ? "header" : "footer")
        view.title = lines.joined(separator: " ")
        view.section = s
        shown[item] = view
    }

    // MARK: Render

    /// Draws the viewport (or, with `viewportHeight` nil, the whole table
    /// streamed item by item) to `writer`.
    public func render(to writer: CanvasWriter) throws {
        let l = try currentLayout()
        if let h = viewportHeight {
            var canvas = Canvas(width: width, height: max(0, h))
            try renderViewport(l, into: &canvas)
            try writer.write(canvas)
        } else {
            try renderStream(l, to: writer)
        }
        try writer.flush()
    }

    /// Plain text of what `render` draws.
    public func renderText() throws -> String {
        let sink = MemorySink()
        try render(to: PlainWriter(sink: sink))
        return sink.string
    }

    func renderStream(_ l: TableLayout, to writer: CanvasWriter) throws {
        enqueueVisibleCells()
        var canvas = Canvas(width: width, height: 1)
        var line = 0
        let hasIndex = l.geometry.indexWidth > 0
        func emit(_ h: Int, _ draw: (inout Canvas) throws -> Void) throws {
            guard h > 0 else { return }
            canvas.reset(width: width, height: h)
            try draw(&canvas)
            if hasIndex { drawIndex(l, into: &canvas, firstLine: 0, lines: line..<(line + h)) }
            try writer.write(canvas)
            line += h
        }
        for s in 0..<l.sectionCount {
            try emit(l.topHeight(s)) { drawTop(s, l, into: &$0, y: 0) }
            for r in 0..<l.rowCounts[s] {
                let ip = IndexPath(s, r)
                let cell = try configuredCell(ip)
                let lines = try rowLines(ip, l, cell: cell)
                try emit(lines + separatorLines(ip, l)) { try drawRow(cell, ip, lines: lines, l, into: &$0, y: 0) }
                enqueue(cell)
            }
            try emit(l.bottomHeight(s)) { drawBottom(s, l, into: &$0, y: 0) }
        }
        // Index titles beyond the table's last line still show.
        if hasIndex && line < l.indexTitles.count {
            try emit(l.indexTitles.count - line) { _ in }
        }
    }

    func renderViewport(_ l: TableLayout, into canvas: inout Canvas) throws {
        if l.index == nil { try buildIndex(l) }
        let height = canvas.height
        let top = max(0, contentOffset)
        let bottom = top + height
        // Cells predicted to leave go back to their queues first, so the rows
        // that come in can reuse them within this frame.
        if let index = l.index, let first = index.item(atOffset: top) {
            let last = index.item(atOffset: min(index.total, bottom) - 1)?.index ?? first.index
            enqueueVisibleCells { ip in
                guard ip.section < l.sectionCount, ip.row < l.rowCounts[ip.section] else { return true }
                let item = l.item(for: ip)
                return item < first.index || item > last
            }
            for (item, view) in visibleHeaderFooters where item < first.index || item > last {
                visibleHeaderFooters[item] = nil
                headerFooterQueues[view.reuseIdentifier, default: []].append(view)
            }
        }
        var shownCells: [IndexPath: Cell] = [:]
        var shownViews: [Int: HeaderFooterView] = [:]
        var pos = 0, item = 0
        if let first = l.index?.item(atOffset: top) { item = first.index; pos = first.start }
        else { item = l.itemCount }
        while item < l.itemCount && pos < bottom {
            try realize(item, l)
            guard let h = l.index?.height(item) else { break }
            if pos + h > top && h > 0 {
                let y = pos - top
                switch l.describe(item) {
                case .top(let s):
                    drawTop(s, l, into: &canvas, y: y)
                    showHeaderFooter(item: item, section: s, header: true, l, into: &shownViews)
                case .bottom(let s):
                    drawBottom(s, l, into: &canvas, y: y)
                    showHeaderFooter(item: item, section: s, header: false, l, into: &shownViews)
                case .row(let ip):
                    let cell = try visibleCell(ip)
                    visibleCells[ip] = nil
                    shownCells[ip] = cell
                    let lines = h - separatorLines(ip, l)
                    try drawRow(cell, ip, lines: lines, l, into: &canvas, y: y)
                }
            }
            pos += h
            item += 1
        }
        enqueueVisibleCells()
        visibleCells = shownCells
        for (_, view) in visibleHeaderFooters { headerFooterQueues[view.reuseIdentifier, default: []].append(view) }
        visibleHeaderFooters = shownViews
        if style == .plain { drawStickyHeader(l, into: &canvas, top: top) }
        // UIKit centres the index vertically; titles that do not fit are dropped.
        let firstIndexLine = max(0, (height - l.indexTitles.count) / 2)
        drawIndex(l, into: &canvas, firstLine: firstIndexLine, lines: 0..<height)
    }

    /// Plain tables keep the header of the section at the top of the viewport
    /// pinned there; the next section's top pushes it up.
    func drawStickyHeader(_ l: TableLayout, into canvas: inout Canvas, top: Int) {
        guard let index = l.index, let first = index.item(atOffset: top) else { return }
        let s = l.section(ofItem: first.index)
        let lines = l.headerLines[s]
        guard !lines.isEmpty else { return }
        let headerStart = index.start(l.sectionStarts[s])
        guard headerStart < top else { return }
        let sectionEnd = index.start(l.sectionStarts[s + 1])
        let y = min(0, sectionEnd - top - lines.count)
        let g = l.geometry
        canvas.fill(x: 0, y: y, width: g.tableWidth, height: lines.count)
        drawTitle(lines, header: true, into: &canvas, y: y, g)
    }
}
