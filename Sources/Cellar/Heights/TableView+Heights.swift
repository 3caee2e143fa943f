import CellarText

/// Row heights as the table settles them: declared (fixed, or the
/// delegate's), estimated, or measured from a row's laid-out content. The
/// index lives on the layout; `HeightCache` starts it and carries heights
/// over updates.
extension TableView {
    /// Row heights above this are errors: a row is drawn into one canvas.
    public static let maximumRowHeight = 10_000

    /// A row or section view is drawn into one canvas of its full height, so
    /// a height the data gives is bounded as a viewport is (width × lines).
    func checkDrawable(_ what: @autoclosure () -> String, lines: Int) throws {
        if let problem = InputLimits.tallBlockProblem(what(), lines: lines, width: width) {
            throw CellarError(problem)
        }
    }

    /// Lines a row's separator adds under it.
    func separatorLines(_ ip: IndexPath, _ l: TableLayout) -> Int {
        l.separatorLines(ip, singleLine: separatorStyle == .singleLine)
    }

    /// The height the table or delegate declares for a row.
    func declaredHeight(_ ip: IndexPath) throws -> RowHeight {
        try declaredHeight(ip, delegate: activeDelegate)
    }

    /// `declaredHeight(_:)` asking `delegate`, the table's, held by the
    /// caller: a stream asks for every row, and the table's own reference,
    /// read from its property, is retained and released around each call
    /// (slowly: a weakly referenced object keeps its counts in a side table).
    func declaredHeight(_ ip: IndexPath, delegate: TableViewDelegate?) throws -> RowHeight {
        let h = delegate?.tableView(self, heightForRowAt: ip) ?? rowHeight
        if case .fixed(let n) = h {
            guard n >= 0 else { throw CellarError("height for row \(ip) must not be negative (got \(n))") }
            guard n <= TableView.maximumRowHeight else {
                throw CellarError(
                    "height for row \(ip) is too large (\(n) lines; at most \(TableView.maximumRowHeight))")
            }
            try checkDrawable("row \(ip)", lines: n)
        }
        return h
    }

    /// How this table's rows start in a new height index (the settings checked).
    func heightStart(estimating: Bool) throws -> HeightCache.Start {
        if estimatedRowHeight != nil || estimating {
            let est = estimatedRowHeight ?? 1
            guard (0...TableView.maximumRowHeight).contains(est) else {
                throw CellarError("estimatedRowHeight must be from 0 to \(TableView.maximumRowHeight) (got \(est))")
            }
            return .estimated(est)
        }
        if case .fixed(let n) = rowHeight, delegate == nil {
            guard (0...TableView.maximumRowHeight).contains(n) else {
                throw CellarError("rowHeight must be from 0 to \(TableView.maximumRowHeight) (got \(n))")
            }
            return .fixed(n)
        }
        return .settled
    }

    /// Builds the height index for viewport rendering. With estimates on, rows
    /// start at the estimate and are measured as they appear; with estimates
    /// off, every row's height is settled now (measuring automatic rows), as UIKit does.
    func buildIndex(_ l: TableLayout) throws {
        let estimating = activeDelegate as? TableViewDelegateEstimating
        let start = try heightStart(estimating: estimating != nil)
        let singleLine = separatorStyle == .singleLine
        l.index = HeightCache.makeIndex(for: l, start: start, singleLine: singleLine)
        let carried = heights.carry(into: l, singleLine: singleLine)
        if l.usesSectionViews {
            try checkSectionHeights()
            try settleSectionItems(l)
        }
        if let estimating { try applyRowEstimates(estimating, l, skipping: carried) }
        if case .settled = start {
            // Settling configures every row with an automatic height; each cell
            // goes straight back to its queue, so settling reuses one cell per identifier.
            for s in 0..<l.sectionCount {
                for r in 0..<l.rowCounts[s] { try realize(l.sectionStarts[s] + 1 + r, l, keepCell: false) }
            }
        }
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
                    throw CellarError(
                        "estimated height for row \(ip) must be from 0 to \(TableView.maximumRowHeight) (got \(est))")
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
        guard l.index?.isKnown(item) == false else { return }
        let described = l.describe(item)
        guard case .row(let ip) = described else { return try realizeSection(item, described, l, keep: keepCell) }
        let lines: Int
        if keepCell || pool.visibleCells[ip] != nil {
            lines = try rowLines(ip, l, cell: nil)
        } else if case .fixed(let n) = try declaredHeight(ip) {
            lines = n
        } else {
            let cell = try configuredCell(ip)
            defer { pool.enqueue(cell) }
            lines = try rowLines(ip, l, cell: cell)
        }
        l.index?.set(item, lines + separatorLines(ip, l))
    }

    /// A cell on screen that asked for a configuration update
    /// (`setNeedsUpdateConfiguration()`) may need other lines: its row is
    /// measured again when next drawn, as UIKit sizes self-sizing cells again.
    func forgetHeightsOfCellsAwaitingUpdate() {
        for (ip, cell) in pool.visibleCells where cell.takesUpdatePass && cell.needsUpdateConfiguration {
            invalidateRow(ip, reconfigure: false)
        }
    }

    /// Content lines of a row: the declared height, or measured from its
    /// cell (configuring the row if it has no cell yet).
    func rowLines(_ ip: IndexPath, _ l: TableLayout, cell: Cell?) throws -> Int {
        if case .fixed(let n) = try declaredHeight(ip) { return n }
        let cell = try cell ?? visibleCell(ip)
        return try measuredLines(ip, cell, laidOut: RowRenderer(self).content(cell, ip, l))
    }

    /// The same for a row already laid out (a streamed row is laid out once).
    func rowLines(_ ip: IndexPath, _ cell: Cell, laidOut content: borrowing RowContent) throws -> Int {
        try unmeasuredLines(ip, cell, laidOut: content, delegate: activeDelegate) ?? content.lines(tableWidth: width)
    }

    /// An automatic height: a row laid out directly is as tall as that
    /// layout; otherwise the style's own answer, else the content measured.
    func measuredLines(_ ip: IndexPath, _ cell: Cell, laidOut content: borrowing RowContent) throws -> Int {
        try styleLines(ip, cell, laidOut: content) ?? content.lines(tableWidth: width)
    }

    /// A row's height where the table, its delegate or the row's style
    /// gives it; nil when it is the content's measure (`RowContent.lines(tableWidth:)`),
    /// which a stream may take on its drawing thread. Counts the row as measured then.
    /// `delegate` is the table's (see `declaredHeight(_:delegate:)`).
    func unmeasuredLines(
        _ ip: IndexPath, _ cell: Cell, laidOut content: borrowing RowContent, delegate: TableViewDelegate?
    ) throws -> Int? {
        if case .fixed(let n) = try declaredHeight(ip, delegate: delegate) { return n }
        return try styleLines(ip, cell, laidOut: content)
    }

    /// The style's own height for an automatic row (not for a row laid out
    /// directly: that layout's height is its measure), checked; nil, with
    /// the row counted as measured, when the content is to be measured.
    private func styleLines(_ ip: IndexPath, _ cell: Cell, laidOut content: borrowing RowContent) throws -> Int? {
        if !content.isDirect, !cell.ownContentReplaces(cell.style), let style = cell.style,
            let h = try style.height(for: cell, width: content.width)
        {
            guard (0...TableView.maximumRowHeight).contains(h) else {
                throw CellarError(
                    "style '\(Sanitizer.excerpt(cell.reuseIdentifier))' gave height \(h) for row \(ip); it must be from 0 to \(TableView.maximumRowHeight)"
                )
            }
            try checkDrawable("row \(ip) (style '\(Sanitizer.excerpt(cell.reuseIdentifier))')", lines: h)
            return h
        }
        counters.heightsMeasured += 1
        return nil
    }
}
