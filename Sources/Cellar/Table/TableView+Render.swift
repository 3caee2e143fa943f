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
                            indexTitles: ds.sectionIndexTitles(for: self) ?? [], style: style, width: width,
                            ambiguousWide: ambiguousWide)
        layout = l
        return l
    }

    /// Lines a row's separator adds under it.
    func separatorLines(_ ip: IndexPath, _ l: TableLayout) -> Int {
        separatorStyle == .singleLine && ip.row < l.rowCounts[ip.section] - 1 ? 1 : 0
    }

    /// The height the table or delegate declares for a row.
    func declaredHeight(_ ip: IndexPath) throws -> RowHeight {
        let h = activeDelegate?.tableView(self, heightForRowAt: ip) ?? rowHeight
        if case .fixed(let n) = h {
            guard n >= 0 else { throw CellarError("height for row \(ip) must not be negative (got \(n))") }
            guard n <= TableView.maximumRowHeight else {
                throw CellarError("height for row \(ip) is too large (\(n) lines; at most \(TableView.maximumRowHeight))")
            }
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
        var fixedRows = false
        let estimating = activeDelegate as? TableViewDelegateEstimating
        if estimatedRowHeight != nil || estimating != nil {
            let est = estimatedRowHeight ?? 1
            guard (0...TableView.maximumRowHeight).contains(est) else {
                throw CellarError("estimatedRowHeight must be from 0 to \(TableView.maximumRowHeight) (got \(est))")
            }
            base = est + sep
        } else if case .fixed(let n) = rowHeight, delegate == nil {
            guard (0...TableView.maximumRowHeight).contains(n) else {
                throw CellarError("rowHeight must be from 0 to \(TableView.maximumRowHeight) (got \(n))")
            }
            base = n + sep
            fixedRows = true
        } else {
            base = 1 + sep
            settleRows = true
        }
        // Everything but section tops, bottoms and separator-less last rows
        // has the base height; with fixed rows those heights are final.
        var exceptions: [(index: Int, height: Int, known: Bool)] = []
        exceptions.reserveCapacity(l.sectionCount * 3)
        for s in 0..<l.sectionCount {
            exceptions.append((l.sectionStarts[s], l.topHeight(s), true))
            if sep == 1, l.rowCounts[s] > 0 { exceptions.append((l.sectionStarts[s + 1] - 2, base - 1, fixedRows)) }
            exceptions.append((l.sectionStarts[s + 1] - 1, l.bottomHeight(s), true))
        }
        l.index = HeightIndex(count: l.itemCount, base: base, baseIsKnown: fixedRows, exceptions: exceptions)
        let carried = carryHeightsBeforeUpdate(into: l)
        if let estimating { try applyRowEstimates(estimating, l, skipping: carried) }
        if settleRows {
            // Settling configures every row with an automatic height; each cell
            // goes straight back to its queue, so settling reuses one cell per identifier.
            for s in 0..<l.sectionCount {
                for r in 0..<l.rowCounts[s] { try realize(l.sectionStarts[s] + 1 + r, l, keepCell: false) }
            }
        }
    }

    /// The heights rows had before inserts, deletes or moves, at their new
    /// items (separator lines counted again: a row may have become its
    /// section's last). Returns which items got one.
    func carryHeightsBeforeUpdate(into l: TableLayout) -> [Bool]? {
        guard let (old, rows) = heightsBeforeUpdate, let oldIndex = old.index, l.index != nil else { return nil }
        heightsBeforeUpdate = nil
        var carried = [Bool](repeating: false, count: l.itemCount)
        for s in 0..<old.sectionCount {
            for r in 0..<old.rowCounts[s] {
                let oldIP = IndexPath(s, r)
                var moved: IndexPath? = oldIP
                for update in rows { moved = moved.flatMap(update.newIndexPath) }
                guard let ip = moved, ip.section < l.sectionCount, ip.row < l.rowCounts[ip.section] else { continue }
                let oldItem = old.item(for: oldIP), item = l.item(for: ip)
                let h = oldIndex.height(oldItem) - separatorLines(oldIP, old) + separatorLines(ip, l)
                if oldIndex.isKnown(oldItem) { l.index?.set(item, h) } else { l.index?.setEstimate(item, h) }
                carried[item] = true
            }
        }
        return carried
    }

    /// Per-row estimates from the delegate, one call per row (rows whose
    /// height was carried over an update are not asked again).
    func applyRowEstimates(_ d: TableViewDelegateEstimating, _ l: TableLayout, skipping carried: [Bool]? = nil) throws {
        // Taken out, so it changes in place; put back only when every
        // estimate was good (after an error the next render starts afresh).
        guard var index = l.index else { return }
        l.index = nil
        for s in 0..<l.sectionCount {
            for r in 0..<l.rowCounts[s] {
                let ip = IndexPath(s, r)
                if let carried, carried[l.item(for: ip)] { continue }
                guard let est = d.tableView(self, estimatedHeightForRowAt: ip) else { continue }
                guard (0...TableView.maximumRowHeight).contains(est) else {
                    throw CellarError("estimated height for row \(ip) must be from 0 to \(TableView.maximumRowHeight) (got \(est))")
                }
                index.setEstimate(l.item(for: ip), est + separatorLines(ip, l))
            }
        }
        l.index = index
    }

    /// Makes sure a row item's height in the index is its real height.
    /// `keepCell`: the row is about to be drawn, so a cell configured for
    /// measuring stays on screen; otherwise it goes back to its queue.
    func realize(_ item: Int, _ l: TableLayout, keepCell: Bool = true) throws {
        // The index is read and changed in place: a copy of it would make
        // the change copy every height (per row measured, so quadratic).
        guard l.index?.isKnown(item) == false, case .row(let ip) = l.describe(item) else { return }
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
        l.index?.set(item, lines + separatorLines(ip, l))
    }

    /// Content lines of a row: the declared height, or measured from its
    /// cell (configuring the row if it has no cell yet).
    func rowLines(_ ip: IndexPath, _ l: TableLayout, cell: Cell?) throws -> Int {
        if case .fixed(let n) = try declaredHeight(ip) { return n }
        let cell = try cell ?? visibleCell(ip)
        return try measuredLines(ip, cell, laidOut: rowContent(cell, ip, l))
    }

    /// The same for a row already laid out (a streamed row is laid out once).
    func rowLines(_ ip: IndexPath, _ cell: Cell, laidOut content: borrowing RowContent) throws -> Int {
        if case .fixed(let n) = try declaredHeight(ip) { return n }
        return try measuredLines(ip, cell, laidOut: content)
    }

    /// An automatic height: the style's own answer, else the content measured.
    func measuredLines(_ ip: IndexPath, _ cell: Cell, laidOut content: borrowing RowContent) throws -> Int {
        if cell.builtinKind == nil, let style = cell.style,
           let h = try style.height(for: cell, width: content.width) {
            guard (0...TableView.maximumRowHeight).contains(h) else {
                throw CellarError("style '\(cell.reuseIdentifier)' gave height \(h) for row \(ip); it must be from 0 to \(TableView.maximumRowHeight)")
            }
            return h
        }
        counters.heightsMeasured += 1
        // Very long wrapped text is clipped rather than drawn into a giant canvas.
        return min(TableView.maximumRowHeight, max(1, content.measure()))
    }

    /// The on-screen cell for a row, configuring one through the data source if needed.
    func visibleCell(_ ip: IndexPath) throws -> Cell {
        if let cell = visibleCells[ip] { return cell }
        let cell = try configuredCell(ip)
        visibleCells[ip] = cell
        return cell
    }

    func configuredCell(_ ip: IndexPath) throws -> Cell {
        guard let ds = activeDataSource else { throw CellarError("the table has no data source") }
        return try configuredCell(ip, ds)
    }

    func configuredCell(_ ip: IndexPath, _ ds: TableViewDataSource) throws -> Cell {
        counters.rowsConfigured += 1
        let cell = try ds.tableView(self, cellForRowAt: ip)
        cell._indexPath = ip
        if cell._style == nil { cell._style = registry.style(for: cell.reuseIdentifier) }
        return cell
    }

    /// Table-wide facts a row's layout needs, read once per render instead
    /// of once per row (each read of a class property is checked at run time).
    struct RowEnvironment {
        var editing: Bool
        var anySelected: Bool
        var anyHighlighted: Bool
        var anyCustom: Bool
        var delegate: TableViewDelegate?
        var indentationWidth: Int
        var tableStyle: TableStyle
        /// Measures and draws rows with the table's ambiguous-width setting.
        var engine: LayoutEngine
    }

    func rowEnvironment() -> RowEnvironment {
        RowEnvironment(editing: isEditing, anySelected: !selected.isEmpty, anyHighlighted: !highlighted.isEmpty,
                       anyCustom: !customStates.isEmpty, delegate: activeDelegate,
                       indentationWidth: indentationWidth, tableStyle: style,
                       engine: LayoutEngine(ambiguousWide: ambiguousWide))
    }

    /// Brings the cell's state up to date with the table's selection,
    /// highlight, editing and custom states, writing only what changed (the
    /// state holds a dictionary; rewriting it per row costs retains).
    func updateState(for ip: IndexPath, _ cell: Cell, _ env: RowEnvironment) {
        // Empty sets are the common case: skip hashing the index path.
        let sel = env.anySelected && selected.contains(ip)
        let hi = env.anyHighlighted && highlighted.contains(ip)
        // Compared in place: a copy of the state retains its dictionary.
        let customs = env.anyCustom || !cell._state.custom.isEmpty
        guard cell._state.isSelected != sel || cell._state.isHighlighted != hi || cell._state.isEditing != env.editing
                || customs
        else { return }
        var state = cell.state
        state.isSelected = sel
        state.isHighlighted = hi
        state.isEditing = env.editing
        // Custom states belong to the row, not the cell: a reused or kept cell shows the row's.
        if customs { state.custom = env.anyCustom ? customStates[ip] ?? [:] : [:] }
        cell.state = state
    }

    func accessory(of cell: Cell) -> Accessory { isEditing ? cell.editingAccessory : cell.accessory }

    /// The reorder control and the space before it, at the trailing edge while editing.
    static let reorderColumnWidth = 2

    static func accessoryWidth(_ accessory: Accessory, _ engine: LayoutEngine) -> Int {
        switch accessory {
        case .type(let t): return t == .none ? 0 : max(3, DisplayWidth.of(t.glyph, ambiguousWide: engine.ambiguousWide))
        case .custom(let node): return node == .empty ? 0 : max(3, engine.naturalWidth(node))
        }
    }

    /// Lays out a row's content at its width, in its current state.
    func rowContent(_ cell: Cell, _ ip: IndexPath, _ l: TableLayout) throws -> RowContent {
        try rowContent(cell, ip, l, rowEnvironment())
    }

    func rowContent(_ cell: Cell, _ ip: IndexPath, _ l: TableLayout, _ env: RowEnvironment) throws -> RowContent {
        updateState(for: ip, cell, env)
        // The style hears the state before any width is computed: it may set
        // a state-dependent accessory (UIKit's updateConfiguration(using:)).
        if cell.builtinKind == nil, let style = cell.style { try style.updateConfiguration(cell, state: cell.state) }
        // Leading columns: marker, editing control, indentation.
        let level = max(cell.indentationLevel, env.delegate?.tableView(self, indentationLevelForRowAt: ip) ?? 0)
        let lead = 1 + (env.editing ? 2 : 0) + level * env.indentationWidth
        let acc = env.editing ? cell.editingAccessory : cell.accessory
        let accWidth = Self.accessoryWidth(acc, env.engine)
        // While editing, every row keeps the trailing reorder column (" ≡"),
        // movable or not, so accessories and ≡ line up across rows.
        let reorder = env.editing ? Self.reorderColumnWidth : 0
        let width = max(0, l.geometry.rowWidth - lead - 1 - (accWidth > 0 ? accWidth + 1 : 0) - reorder)
        var direct: BuiltinDirectLayout?
        var node = ViewNode.empty
        if let kind = cell.builtinKind {
            direct = BuiltinDirectLayout.make(kind, cell, width: width, engine: env.engine)
        }
        if direct == nil {
            if let style = cell.style {
                let ctx = LayoutContext(width: width, tableStyle: env.tableStyle,
                                        layoutMargins: Insets(leading: lead, trailing: 1), state: cell.state,
                                        ambiguousWide: env.engine.ambiguousWide)
                node = try style.content(for: cell, state: cell.state, context: ctx)
            } else {
                node = cell.content ?? .empty
            }
        }
        // The flags are read in place (a copy of the state retains its dictionary).
        return RowContent(direct: consume direct, node: node, lead: lead, width: width, accessory: acc, accessoryWidth: accWidth,
                          isSelected: cell._state.isSelected, isHighlighted: cell._state.isHighlighted,
                          isDimmed: cell._state.isDisabled || cell._alpha < 1, isEditing: env.editing,
                          engine: env.engine)
    }

    // MARK: Drawing

    /// Draws a row with its separator at line `y` of the canvas (clipped).
    func drawRow(_ cell: Cell, _ ip: IndexPath, lines: Int, _ l: TableLayout, into canvas: inout Canvas, y: Int,
                 content rc: borrowing RowContent) throws {
        let g = l.geometry
        let x0 = g.rowX
        let separator = separatorLines(ip, l)
        if g.boxed { drawBoxSides(into: &canvas, y: y, height: lines + separator, g) }
        if rc.isEditing, activeDataSource?.tableView(self, canEditRowAt: ip) ?? false {
            let es = delegate?.tableView(self, editingStyleForRowAt: ip) ?? .delete
            let glyph = es == .delete ? "⊖" : es == .insert ? "⊕" : " "
            let color: SemanticColor = es == .delete ? .destructive : .success
            canvas.text(glyph, x: x0 + 1, y: y + (lines - 1) / 2, style: TextStyle(foreground: .semantic(color)))
        }
        rc.draw(into: &canvas, x: x0 + rc.lead, y: y, height: lines)
        let trailing = x0 + g.rowWidth - 1
        let mid = y + max(0, (lines - 1) / 2)
        // Editing: ≡ takes the last column, the accessory ends one space before it.
        let accEnd = rc.isEditing ? trailing - Self.reorderColumnWidth : trailing
        if rc.accessoryWidth > 0 {
            switch rc.accessory {
            case .type(let t):
                canvas.text(t.glyph, x: accEnd - DisplayWidth.of(t.glyph, ambiguousWide: rc.engine.ambiguousWide), y: mid,
                            style: TextStyle(foreground: .semantic(t == .checkmark || t.tracksTaps ? .tint : .tertiaryLabel)))
            case .custom(let n):
                let w = min(rc.accessoryWidth, rc.engine.naturalWidth(n))
                rc.engine.draw(n, into: &canvas, x: accEnd - w, y: mid, width: w, height: 1)
            }
        }
        if rc.isEditing, activeDataSource?.tableView(self, canMoveRowAt: ip) ?? false {
            canvas.text("≡", x: trailing - 1, y: mid, style: TextStyle(foreground: .semantic(.tertiaryLabel)))
        }
        // Selection shows in plain text as a marker in the leading column,
        // and as inverse video where colour is on.
        if rc.isSelected || rc.isHighlighted {
            canvas.overlay(x: x0, y: y, width: g.rowWidth, height: lines,
                           attributes: rc.isSelected ? .inverse : .underline,
                           background: .semantic(rc.isSelected ? .selectedBackground : .highlightedBackground))
            // ▌ is East Asian Ambiguous: two columns wide on CJK terminals it
            // would cover the row's first column, so those get ▐ (one column everywhere).
            let mark = rc.isSelected ? (g.ambiguousWide ? "▐" : "▌") : "▸"
            for line in 0..<lines {
                canvas.text(mark, x: x0, y: y + line,
                            style: TextStyle(attributes: .inverse, foreground: .semantic(.tint)))
            }
        }
        if rc.isDimmed {
            canvas.overlay(x: x0, y: y, width: g.rowWidth, height: lines, attributes: .dim)
        }
        if separator == 1 {
            let sx = x0 + max(0, separatorInset)
            canvas.fill(x: sx, y: y + lines, width: x0 + g.rowWidth - sx, character: "─",
                        style: TextStyle(foreground: .semantic(.separator)))
        }
    }

    /// Column of the box's left side. Box-drawing characters are East Asian
    /// Ambiguous: where they take two columns, the left side takes the gap
    /// before it too, and the right side the gap after it, so no row column is lost.
    func boxLeftX(_ g: TableLayout.Geometry) -> Int { g.ambiguousWide ? 0 : 1 }

    func drawBoxSides(into canvas: inout Canvas, y: Int, height: Int, _ g: TableLayout.Geometry) {
        let st = TextStyle(foreground: .semantic(.separator))
        let sideWidth = g.ambiguousWide ? 2 : 1
        canvas.fill(x: boxLeftX(g), y: y, width: sideWidth, height: height, character: "│", style: st)
        canvas.fill(x: g.tableWidth - 2, y: y, width: sideWidth, height: height, character: "│", style: st)
    }

    /// A horizontal box edge or rule: ╭──╮ / ╰──╯ (insetGrouped) or ──── (grouped).
    func drawEdge(top: Bool, into canvas: inout Canvas, y: Int, _ g: TableLayout.Geometry) {
        let st = TextStyle(foreground: .semantic(.separator))
        if g.boxed {
            guard g.tableWidth >= 4 else { return }
            canvas.text(top ? "╭" : "╰", x: boxLeftX(g), y: y, style: st)
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
    func drawTitle(_ lines: [String], header: Bool, into canvas: inout Canvas, y: Int, _ g: TableLayout.Geometry) {
        let x = g.boxed ? 2 : 1
        guard style == .plain, let last = lines.last else {
            let st = TextStyle(foreground: .semantic(.secondaryLabel))
            for (i, line) in lines.enumerated() { canvas.text(line, x: x, y: y + i, style: st) }
            return
        }
        let mark = TextStyle(attributes: .dim, foreground: .semantic(.separator))
        if header {
            let background = TextStyle(background: .semantic(.secondaryBackground))
            canvas.fill(x: 0, y: y, width: g.tableWidth, height: lines.count, style: background)
            let st = TextStyle(attributes: .bold, foreground: .semantic(.secondaryLabel),
                               background: .semantic(.secondaryBackground))
            for (i, line) in lines.enumerated() { canvas.text(line, x: x, y: y + i, style: st) }
            let ruleX = x + DisplayWidth.of(last, ambiguousWide: g.ambiguousWide) + 1
            canvas.fill(x: ruleX, y: y + lines.count - 1, width: g.tableWidth - ruleX, character: "─",
                        style: TextStyle(attributes: .dim, foreground: .semantic(.separator),
                                         background: .semantic(.secondaryBackground)))
        } else {
            let st = TextStyle(attributes: .dim, foreground: .semantic(.secondaryLabel))
            let indent = TableLayout.plainTitleMarkWidth
            canvas.text("└", x: x, y: y, style: mark)
            for (i, line) in lines.enumerated() { canvas.text(line, x: x + indent, y: y + i, style: st) }
        }
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
    /// `lines` are the table lines the canvas shows, from canvas line `y`.
    func drawIndex(_ l: TableLayout, into canvas: inout Canvas, firstLine: Int, lines: Range<Int>, y: Int = 0,
                   titles: [String]? = nil) {
        let g = l.geometry
        guard g.indexWidth > 0 else { return }
        for (i, title) in (titles ?? l.indexTitles).enumerated() {
            let line = firstLine + i
            guard lines.contains(line) else { continue }
            canvas.text(title, x: g.width - DisplayWidth.of(title, ambiguousWide: g.ambiguousWide), y: y + line - lines.lowerBound,
                        style: TextStyle(foreground: .semantic(.tint)))
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
        // Weak references cost an atomic load each; a render holds them strongly.
        pinnedDataSource = dataSource
        pinnedDelegate = delegate
        isPinned = true
        defer { isPinned = false; pinnedDataSource = nil; pinnedDelegate = nil }
        let l = try currentLayout()
        if let h = viewportHeight {
            var canvas = Canvas(width: width, height: max(0, h), ambiguousWide: l.geometry.ambiguousWide)
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
        guard let ds = activeDataSource else { throw CellarError("the table has no data source") }
        let env = rowEnvironment()
        // Items are drawn into one canvas of up to `batch` lines that is
        // written and cleared when full: streamed with bounded memory, and
        // one canvas reset per batch instead of one per row.
        let batch = 256
        var canvas = Canvas(width: width, height: batch, ambiguousWide: l.geometry.ambiguousWide)
        var used = 0
        var line = 0
        let hasIndex = l.geometry.indexWidth > 0
        func flush() throws {
            guard used > 0 else { return }
            try writer.write(canvas, lines: 0..<used)
            canvas.reset(width: width, height: batch)
            used = 0
        }
        func emit(_ h: Int, _ draw: (inout Canvas, Int) throws -> Void) throws {
            guard h > 0 else { return }
            if used + h > batch { try flush() }
            if h > batch {
                var tall = Canvas(width: width, height: h, ambiguousWide: l.geometry.ambiguousWide)
                try draw(&tall, 0)
                if hasIndex { drawIndex(l, into: &tall, firstLine: 0, lines: line..<(line + h)) }
                try writer.write(tall)
            } else {
                try draw(&canvas, used)
                if hasIndex { drawIndex(l, into: &canvas, firstLine: 0, lines: line..<(line + h), y: used) }
                used += h
            }
            line += h
        }
        for s in 0..<l.sectionCount {
            try emit(l.topHeight(s)) { drawTop(s, l, into: &$0, y: $1) }
            for r in 0..<l.rowCounts[s] {
                let ip = IndexPath(s, r)
                let cell = try configuredCell(ip, ds)
                let content = try rowContent(cell, ip, l, env)
                let lines = try rowLines(ip, cell, laidOut: content)
                try emit(lines + separatorLines(ip, l)) {
                    try drawRow(cell, ip, lines: lines, l, into: &$0, y: $1, content: content)
                }
                enqueue(cell)
            }
            try emit(l.bottomHeight(s)) { drawBottom(s, l, into: &$0, y: $1) }
        }
        // Index titles beyond the table's last line still show.
        if hasIndex && line < l.indexTitles.count {
            try emit(l.indexTitles.count - line) { _, _ in }
        }
        try flush()
    }

    func renderViewport(_ l: TableLayout, into canvas: inout Canvas) throws {
        if l.index == nil { try buildIndex(l) }
        let height = canvas.height
        // Clamped so that offset + height cannot overflow.
        let top = min(max(0, contentOffset), Int.max / 4)
        let bottom = top + height
        enqueueLeaving(l, top: top, bottom: bottom)
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
                    try drawRow(cell, ip, lines: lines, l, into: &canvas, y: y, content: rowContent(cell, ip, l))
                }
            }
            pos += h
            item += 1
        }
        enqueueVisibleCells()
        visibleCells = shownCells
        for (_, view) in visibleHeaderFooters { headerFooterQueues[view.reuseIdentifier, default: []].append(view) }
        visibleHeaderFooters = shownViews
        if prefetchDataSource != nil || !prefetchedRows.isEmpty, let index = l.index {
            let first = index.item(atOffset: top)?.index ?? l.itemCount
            let last = index.item(atOffset: min(index.total, bottom) - 1)?.index ?? l.itemCount - 1
            updatePrefetching(l, firstItem: first, lastItem: last, top: top)
        }
        if style == .plain { drawStickyHeader(l, into: &canvas, top: top) }
        // UIKit centres the index vertically; titles that do not fit are dropped.
        let titles = Self.fittedIndexTitles(l.indexTitles, height: height)
        drawIndex(l, into: &canvas, firstLine: max(0, (height - titles.count) / 2), lines: 0..<height, titles: titles)
    }

    /// Cells (and header/footer views) predicted to leave a viewport showing
    /// lines top..<bottom go back to their queues first, so the rows that
    /// come in can reuse them.
    func enqueueLeaving(_ l: TableLayout, top: Int, bottom: Int) {
        guard let index = l.index, let first = index.item(atOffset: top) else { return }
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
