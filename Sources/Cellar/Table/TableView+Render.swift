import CellarText

/// The two renders. A stream draws the whole table item by item into
/// batches of lines; a viewport draws the lines `contentOffset ..<
/// contentOffset + viewportHeight` into one canvas. Both run section top
/// (chrome) → rows (`RowRenderer`) → section bottom (chrome).
extension TableView {
    /// Draws the viewport (or, with `viewportHeight` nil, the whole table
    /// streamed item by item) to `writer`.
    public func render(to writer: CanvasWriter) throws {
        try pinningSources {
            let l = try currentLayout()
            if let h = viewportHeight {
                var canvas = Canvas(width: width, height: max(0, h), ambiguousWide: l.geometry.ambiguousWide)
                canvas.dark = appearance == .dark
                try renderViewport(l, into: &canvas)
                try writer.write(canvas)
            } else {
                try renderStream(l, to: writer)
            }
        }
        try writer.flush()
    }

    /// Runs `body` with the data source and delegate held strongly: weak
    /// references cost an atomic load each, and a render reads them per row.
    func pinningSources<T>(_ body: () throws -> T) rethrows -> T {
        pinnedDataSource = dataSource
        pinnedDelegate = delegate
        isPinned = true
        defer {
            isPinned = false
            pinnedDataSource = nil
            pinnedDelegate = nil
        }
        return try body()
    }

    /// Plain text of what `render` draws.
    public func renderText() throws -> String {
        let sink = MemorySink()
        try render(to: PlainWriter(sink: sink))
        return sink.string
    }

    /// Index titles for `height` lines (see `SectionChrome.fittedIndexTitles`).
    static func fittedIndexTitles(_ titles: [String], height: Int) -> [String] {
        SectionChrome.fittedIndexTitles(titles, height: height)
    }

    // MARK: Stream

    /// A stream behaves as a viewport tall enough for the whole table: a
    /// row whose cell is on screen (given to an action, say, or drawn by a
    /// viewport before) keeps that cell and what the style set on it; the
    /// other rows share queued cells, one at a time.
    ///
    /// With `items`, only those items of the table (section tops, rows and
    /// section bottoms, in table order: `TableLayout`'s items) are drawn, on
    /// this thread alone: one run of a render shared with another table
    /// (`renderStream(sharedWith:…)`), whose lines the caller puts together.
    func renderStream(_ l: TableLayout, to writer: CanvasWriter, items: Range<Int>? = nil) throws {
        guard let ds = activeDataSource else { throw CellarError("the table has no data source") }
        let rows = RowRenderer(self)
        let chrome = SectionChrome(layout: l, tableStyle: style)
        // Rows still arriving from a pipe are written as they come, on this thread.
        let growing = (ds as? TableViewGrowingDataSource).flatMap { $0.mayGrow ? $0 : nil }
        // A long table uses a second thread while this one configures and
        // lays out the next rows (the same calls in the same order: the same
        // bytes), chosen at its first row (`streamRow`); a short table is not
        // worth a thread.
        let long =
            growing == nil && items == nil && l.rowCounts.reduce(0, +) >= streamThreadMinimumRows
            && WorkerThread.hasSecondCore
        var out = StreamOutput(
            StreamBatcher(writer: writer, chrome: chrome, width: width, dark: appearance == .dark), rows, l, long: long)
        // A row that fails ends the render: the lines drawn before it are
        // written first, so every path (one thread, two, a shared render)
        // leaves the same output before the error. (In the `defer` that
        // ends the threads: a `catch` around the loop costs every row.)
        var finished = false
        defer {
            if !finished { try? out.flush() }
            out.stop()
            streamDrewOnSecondThread = out.drawsApart
            streamWroteOnSecondThread = out.writesApart
        }
        let part = items ?? 0..<l.itemCount
        let ends = try tableEnds(l)
        if part.lowerBound == 0 { try stream(ends.header, into: &out) }
        // Every row of a whole-table render is on screen: it keeps its cell,
        // unless the table is too long to hold a cell per row.
        let keeps = keepsCellsWhenStreaming && items == nil && growing == nil && l.itemCount <= Self.keptCellLimit
        // The sections that hold the part's items (a run of a shared render holds a few of many).
        var s = part.isEmpty || part.lowerBound >= l.itemCount ? l.sectionCount : l.section(ofItem: part.lowerBound)
        while s < l.sectionCount && l.sectionStarts[s] < part.upperBound {
            // Items of section s: its top, its rows, its bottom.
            let top = l.sectionStarts[s]
            let bottom = top + 1 + l.rowCounts[s]
            if part.contains(top) { try streamSectionItem(s, header: true, l, chrome, into: &out) }
            if let growing, s == l.sectionCount - 1 {
                try streamGrowingRows(s, growing, l, into: &out)
            } else {
                let firstRow = min(max(part.lowerBound - top - 1, 0), l.rowCounts[s])
                let endRow = max(min(part.upperBound - top - 1, l.rowCounts[s]), firstRow)
                for r in firstRow..<endRow { try streamRow(s, r, ds, rows, l, keeps: keeps, into: &out) }
            }
            if part.contains(bottom) { try streamSectionItem(s, header: false, l, chrome, into: &out) }
            s += 1
        }
        if part.upperBound >= l.itemCount { try stream(ends.footer, into: &out) }
        try out.finish()
        finished = true
        // Rows the table no longer has give their cells back.
        if keeps { enqueueLeaving(l) }
    }

    /// The last section's rows as they arrive: before drawing what may be
    /// the last row, the lines drawn so far are written out and the data
    /// source waits for the next row (or the end of its input). Rows that
    /// arrive may come selected or highlighted: the row states are read again.
    private func streamGrowingRows(
        _ s: Int, _ ds: TableViewGrowingDataSource, _ l: TableLayout, into out: inout StreamOutput
    ) throws {
        var rows = RowRenderer(self)
        var count = l.rowCounts[s]
        var ended = false
        var r = 0
        while true {
            while r + 1 >= count && !ended {
                try out.flush()
                let n = try ds.tableView(self, rowCountOfLastSectionAfter: count)
                if n > count { l.growLastSection(to: n) }
                ended = n <= count
                count = max(count, n)
                rows = RowRenderer(self)
                out.rows = rows
            }
            guard r < count else { return }
            try streamRow(s, r, ds, rows, l, keeps: false, into: &out)
            r += 1
        }
    }

    /// One streamed row: configured (unless it kept its cell), laid out once
    /// (measured and drawn from that layout, maybe on the drawing thread),
    /// and its cell kept on screen (`keeps`) or back in the queue for the next row.
    @inline(__always)
    private func streamRow(
        _ s: Int, _ r: Int, _ ds: TableViewDataSource, _ rows: RowRenderer, _ l: TableLayout, keeps: Bool,
        into out: inout StreamOutput
    ) throws {
        // Made once, for the app's methods; the stream itself carries s and r.
        let ip = IndexPath(s, r)
        let kept = pool.visibleCells.isEmpty ? nil : pool.visibleCells[ip]
        let cell = try kept ?? configuredCell(ip, ds, section: s, row: r)
        if out.isUndecided {
            // Rows drawn while editing ask the data source for their reorder control: they are drawn here.
            out.choose(drawsApart: !isEditing && (streamDrawsApart ?? !(cell.style is BuiltinCellStyle)))
        }
        let content = try rows.content(cell, ip, l)
        let lines = try unmeasuredLines(ip, cell, laidOut: content, delegate: rows.delegate)
        // Moved, not copied: a copy retains every string of the row's tree.
        try out.add(
            .row(
                StreamedRow(
                    section: s, row: r, content: consume content, lines: lines,
                    separator: l.separatorLines(section: s, row: r, singleLine: rows.singleLineSeparators))))
        if kept == nil {
            if keeps { pool.visibleCells[ip] = cell } else { pool.enqueue(consume cell) }
        }
    }

    // MARK: Viewport

    func renderViewport(_ l: TableLayout, into canvas: inout Canvas) throws {
        if l.index == nil { try buildIndex(l) }
        forgetHeightsOfCellsAwaitingUpdate()
        if offsetMayPassContent {
            offsetMayPassContent = false
            if contentOffset > 0 { contentOffset = try clampedOffset(contentOffset) }
        }
        let height = canvas.height
        let ends = try tableEnds(l)
        // Clamped so that offset + height cannot overflow.
        let offset = min(max(0, contentOffset), Int.max / 4)
        // The sections' lines in view: negative while the table header shows.
        let top = offset - ends.headerLines
        let bottom = top + height
        let chrome = SectionChrome(layout: l, tableStyle: style)
        try measurePinnedHeader(l, top: max(0, top))
        enqueueLeaving(l, top: max(0, top), bottom: bottom)
        var shown = try drawItems(l, lines: top..<bottom, chrome, into: &canvas)
        let covered = try drawStickyHeader(l, chrome, top: top, into: &canvas, shown: &shown.views)
        pool.show(cells: shown.cells, views: shown.views)
        drawTableEnds(ends, bodyLines: l.index?.total ?? 0, offset: offset, into: &canvas)
        if let covered { markFocus(under: covered, offset, l, into: &canvas) }
        if bottom > 0 { announceNearRows(l, top: max(0, top), bottom: bottom) }
        // UIKit centres the index vertically; titles that do not fit are dropped.
        let titles = SectionChrome.fittedIndexTitles(l.indexTitles, height: height)
        chrome.drawIndex(
            into: &canvas, firstLine: max(0, (height - titles.count) / 2), lines: 0..<height,
            titles: titles)
    }

    /// A sticky header drawn over canvas lines `covered` hides the focus mark
    /// of a row whose first line in view lies there: the mark goes on top.
    private func markFocus(under covered: Range<Int>, _ top: Int, _ l: TableLayout, into canvas: inout Canvas) {
        guard showsFocusMark, let ip = rowStates.focused, let lines = try? lineRangeForRow(at: ip) else { return }
        let y = max(lines.lowerBound, top) - top
        guard covered.contains(y), y < lines.upperBound - top else { return }
        RowRenderer.drawFocusMark(
            selected: rowStates.selected.contains(ip), into: &canvas, x: l.geometry.rowX, y: y)
    }

    /// Draws the items that show on table lines `lines` (rows measured as
    /// they come in); returns the cells and header/footer views now on screen.
    private func drawItems(_ l: TableLayout, lines: Range<Int>, _ chrome: SectionChrome, into canvas: inout Canvas)
        throws -> (cells: [IndexPath: Cell], views: [Int: HeaderFooterView])
    {
        var cells: [IndexPath: Cell] = [:]
        cells.reserveCapacity(pool.visibleCells.count)
        var views: [Int: HeaderFooterView] = [:]
        var pos = 0
        var item = 0
        if let first = l.index?.item(atOffset: max(0, lines.lowerBound)) {
            item = first.index
            pos = first.start
        } else {
            item = l.itemCount
        }
        while item < l.itemCount && pos < lines.upperBound {
            try realize(item, l)
            guard let h = l.index?.height(item) else { break }
            if pos + h > lines.lowerBound && h > 0 {
                let y = pos - lines.lowerBound
                let described = l.describe(item)
                switch described {
                case .top(let s):
                    // A section with a view draws it; the others their title.
                    if try !drawSectionItem(item, described, l, chrome, into: &canvas, y: y, shown: &views) {
                        chrome.drawTop(s, into: &canvas, y: y)
                        showTitle(item: item, section: s, header: true, l, into: &views)
                    }
                case .bottom(let s):
                    if try !drawSectionItem(item, described, l, chrome, into: &canvas, y: y, shown: &views) {
                        chrome.drawBottom(s, into: &canvas, y: y)
                        showTitle(item: item, section: s, header: false, l, into: &views)
                    }
                case .row(let ip):
                    // One lookup that takes the kept cell out: each hash of an index path is a call into Foundation.
                    let cell = try pool.visibleCells.removeValue(forKey: ip) ?? configuredCell(ip)
                    cells[ip] = cell
                    let rows = RowRenderer(self)
                    let content = try rows.content(cell, ip, l)
                    let (s, r) = (ip.section, ip.row)
                    let separator = l.separatorLines(section: s, row: r, singleLine: rows.singleLineSeparators)
                    rows.draw(section: s, row: r, lines: h - separator, l, into: &canvas, y: y, content: content)
                }
            }
            pos += h
            item += 1
        }
        return (cells, views)
    }

    /// Marks a section's header or footer as on screen, reusing views through their queue.
    private func showTitle(
        item: Int, section s: Int, header: Bool, _ l: TableLayout,
        into shown: inout [Int: HeaderFooterView]
    ) {
        let lines = header ? l.headerLines(s) : l.footerLines(s)
        guard !lines.isEmpty else { return }
        shown[item] = pool.headerFooter(item: item, section: s, header: header, lines: lines)
    }

    /// Cells (and header/footer views) predicted to leave a viewport showing
    /// lines top..<bottom go back to their queues first, so the rows that
    /// come in can reuse them.
    /// A plain table's pinned header stays on screen while its section does.
    func enqueueLeaving(_ l: TableLayout, top: Int, bottom: Int) {
        guard let index = l.index, let first = index.item(atOffset: top) else { return }
        let pinned = style == .plain ? SectionChrome(layout: l, tableStyle: style).stickySection(top: top)?.item : nil
        let last = index.item(atOffset: min(index.total, bottom) - 1)?.index ?? first.index
        pool.enqueueVisibleCells { ip in
            guard ip.section < l.sectionCount, ip.row < l.rowCounts[ip.section] else { return true }
            let item = l.item(for: ip)
            return item < first.index || item > last
        }
        pool.enqueueVisibleHeaderFooters { item in item != pinned && (item < first.index || item > last) }
    }

    /// Cells of rows `l` does not have go back to their queues.
    func enqueueLeaving(_ l: TableLayout) {
        pool.enqueueVisibleCells { ip in
            ip.section < 0 || ip.section >= l.sectionCount || ip.row < 0 || ip.row >= l.rowCounts[ip.section]
        }
    }

    /// The header a plain viewport pins at its top is measured first when
    /// it is a view: its height decides where the pinned header ends.
    private func measurePinnedHeader(_ l: TableLayout, top: Int) throws {
        guard style == .plain, l.usesSectionViews, let first = l.index?.item(atOffset: top) else { return }
        try realize(l.sectionStarts[l.section(ofItem: first.index)], l)
    }
}

/// A stream render's output. Items are drawn into one canvas of up to
/// `batch` lines (`firstBatch` until the first is written) that is written
/// and cleared when full: a table of any length streams with bounded
/// memory, and the canvas is reset once per batch instead of once per row;
/// a batch is what a second writing thread is handed at a time
/// (`BackgroundCanvasWriter`), so fewer, larger batches wake it less often.
/// An item taller than a batch gets a canvas of its own. Index titles are
/// drawn beside the table lines they fall on.
struct StreamBatcher {
    static let batch = 1024
    /// The first canvas's lines: a short table's blank canvas touches a few pages of
    /// memory, not a batch's hundreds; the canvas takes `batch` lines at its first flush.
    static let firstBatch = 32
    var writer: CanvasWriter
    let chrome: SectionChrome
    let width: Int
    let hasIndex: Bool
    /// Canvases resolve dynamic colours for the table's appearance.
    let dark: Bool
    var canvas: Canvas
    /// Lines of `canvas` drawn and not yet written.
    var used = 0
    /// Table lines emitted so far.
    var line = 0

    init(writer: CanvasWriter, chrome: SectionChrome, width: Int, dark: Bool) {
        self.writer = writer
        self.chrome = chrome
        self.width = width
        self.dark = dark
        hasIndex = chrome.geometry.indexWidth > 0
        canvas = Canvas(width: width, height: Self.firstBatch, ambiguousWide: chrome.geometry.ambiguousWide)
        canvas.dark = dark
        // Rows and section ends may be written as plain lines (`RowRenderer.drawPlainLines`): the
        // writer writes plain text, and no index column is drawn over the rows.
        // Writers hand the canvas back with its settings (`writeAndClear`).
        canvas.takesPlainLines = Accelerators.enabled && writer.writesPlainText && !hasIndex
    }

    /// An item `h` lines tall, drawn by `draw` at a canvas line.
    mutating func emit(_ h: Int, _ draw: (inout Canvas, Int) throws -> Void) throws {
        guard h > 0 else { return }
        if used + h > canvas.height {
            try flush()
            if canvas.height < Self.batch { canvas.reset(width: width, height: Self.batch) }
        }
        if h > Self.batch {
            var tall = Canvas(width: width, height: h, ambiguousWide: chrome.geometry.ambiguousWide)
            tall.dark = dark
            try draw(&tall, 0)
            if hasIndex { chrome.drawIndex(into: &tall, firstLine: 0, lines: line..<(line + h)) }
            try writer.write(tall)
        } else {
            try draw(&canvas, used)
            if hasIndex { chrome.drawIndex(into: &canvas, firstLine: 0, lines: line..<(line + h), y: used) }
            used += h
        }
        line += h
    }

    mutating func flush() throws {
        guard used > 0 else { return }
        try writer.writeAndClear(&canvas, lines: 0..<used)
        used = 0
    }

    /// Index titles beyond the table's last line still show; then the last batch goes out.
    mutating func finish() throws {
        let titles = chrome.layout.indexTitles.count
        if hasIndex && line < titles { try emit(titles - line) { _, _ in } }
        try flush()
    }
}
