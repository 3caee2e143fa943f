import CellarText

/// Header and footer views: asked of the delegate as their sections appear,
/// measured into the same height index as rows, drawn where titles go, and
/// sent back to their identifier's queue when they leave. Only tables whose
/// layout `usesSectionViews` come here; the others draw titles as before.
extension TableView {
    /// The delegate's header/footer views, when it gives any.
    var headerFooterDelegate: TableViewDelegateHeaderFooterViews? {
        activeDelegate as? TableViewDelegateHeaderFooterViews
    }

    /// A section's header or footer view: the one on screen at `item`, else
    /// the delegate's; nil = the section shows its title. The view is no
    /// longer counted as on screen (the caller keeps it or queues it).
    func takeSectionView(item: Int, section s: Int, header: Bool, _ d: TableViewDelegateHeaderFooterViews) throws
        -> HeaderFooterView?
    {
        if let shown = pool.visibleHeaderFooters[item] {
            // A title's view on screen: the delegate said nil for this section.
            if ReusePool.isTitleView(shown) { return nil }
            pool.visibleHeaderFooters[item] = nil
            return shown
        }
        return try askSectionView(s, header: header, d)
    }

    /// The delegate's view for section `s`, heading it.
    private func askSectionView(_ s: Int, header: Bool, _ d: TableViewDelegateHeaderFooterViews) throws
        -> HeaderFooterView?
    {
        pool.sectionAsked = s
        defer { pool.sectionAsked = nil }
        let view =
            try header ? d.tableView(self, viewForHeaderInSection: s) : d.tableView(self, viewForFooterInSection: s)
        view?.section = s
        return view
    }

    /// What a header or footer shows and its lines: the view's tree at the
    /// title width (its declared height, else measured), or title lines.
    func sectionBody(
        _ view: HeaderFooterView?, section s: Int, header: Bool, _ d: TableViewDelegateHeaderFooterViews,
        _ l: TableLayout
    ) throws -> SectionBody {
        guard let view else { return SectionBody(title: header ? l.headerLines(s) : l.footerLines(s)) }
        let what = header ? "header" : "footer"
        let declared =
            (header ? d.tableView(self, heightForHeaderInSection: s) : d.tableView(self, heightForFooterInSection: s))
            ?? (header ? sectionHeaderHeight : sectionFooterHeight)
        var fixed: Int?
        if case .fixed(let n) = declared { fixed = n }
        let engine = LayoutEngine(ambiguousWide: ambiguousWide)
        let body: SectionBody
        if let node = try view.laidOut(
            width: l.titleWidth, tableStyle: style, ambiguousWide: ambiguousWide, appearance: appearance)
        {
            body = SectionBody(
                .view(node), lines: try fixed ?? view.measuredLines(node, width: l.titleWidth, engine: engine))
        } else {
            let title = l.titleLines(view.title)
            body = SectionBody(.title(title), lines: fixed ?? title.count)
        }
        guard (0...TableView.maximumRowHeight).contains(body.lines) else {
            throw CellarError(
                "height for the \(what) of section \(s) ('\(Sanitizer.excerpt(view.reuseIdentifier))') must be from 0 to \(TableView.maximumRowHeight) (got \(body.lines))"
            )
        }
        try checkDrawable(
            "the \(what) of section \(s) ('\(Sanitizer.excerpt(view.reuseIdentifier))')", lines: body.lines)
        return body
    }

    /// Makes a section item's height in the index its real height: its
    /// view asked for and measured. `keep`: the item is about to be drawn,
    /// so the view stays on screen; otherwise it goes back to its queue.
    func realizeSection(_ item: Int, _ described: TableLayout.Item, _ l: TableLayout, keep: Bool) throws {
        guard l.usesSectionViews, let d = headerFooterDelegate, let (s, header) = described.sectionEnd else { return }
        let view = try takeSectionView(item: item, section: s, header: header, d)
        let body = try sectionBody(view, section: s, header: header, d, l)
        if let view {
            if keep { pool.visibleHeaderFooters[item] = view } else { pool.enqueue(view) }
        }
        l.index?.set(item, (header ? l.topChrome(s) : l.bottomChrome(s)) + body.lines)
    }

    /// Estimated and settled section items for a new index: with an
    /// estimate, sections start at it; without, each is measured now.
    func settleSectionItems(_ l: TableLayout) throws {
        guard l.usesSectionViews else { return }
        for s in 0..<l.sectionCount {
            let top = l.sectionStarts[s]
            let bottom = l.sectionStarts[s + 1] - 1
            if let est = estimatedSectionHeaderHeight {
                l.index?.setEstimate(top, l.topChrome(s) + est)
            } else {
                try realizeSection(top, .top(s), l, keep: false)
            }
            if let est = estimatedSectionFooterHeight {
                l.index?.setEstimate(bottom, l.bottomChrome(s) + est)
            } else {
                try realizeSection(bottom, .bottom(s), l, keep: false)
            }
        }
    }

    /// Checks the table's section height settings.
    func checkSectionHeights() throws {
        for (name, value) in [
            ("estimatedSectionHeaderHeight", estimatedSectionHeaderHeight),
            ("estimatedSectionFooterHeight", estimatedSectionFooterHeight),
        ] {
            if let value, !(0...TableView.maximumRowHeight).contains(value) {
                throw CellarError("\(name) must be from 0 to \(TableView.maximumRowHeight) (got \(value))")
            }
        }
        for (name, value) in [
            ("sectionHeaderHeight", sectionHeaderHeight), ("sectionFooterHeight", sectionFooterHeight),
        ] {
            if case .fixed(let n) = value, !(0...TableView.maximumRowHeight).contains(n) {
                throw CellarError("\(name) must be from 0 to \(TableView.maximumRowHeight) (got \(n))")
            }
        }
    }

    /// Draws a section item of a viewport with its view (or its title, when
    /// the delegate gives none) and notes what is on screen at `item`.
    func drawSectionItem(
        _ item: Int, _ described: TableLayout.Item, _ l: TableLayout, _ chrome: SectionChrome,
        into canvas: inout Canvas, y: Int, shown: inout [Int: HeaderFooterView]
    ) throws -> Bool {
        guard l.usesSectionViews, let d = headerFooterDelegate, let (s, header) = described.sectionEnd else {
            return false
        }
        guard let view = try takeSectionView(item: item, section: s, header: header, d) else { return false }
        let body = try sectionBody(view, section: s, header: header, d, l)
        if header {
            chrome.drawTop(s, into: &canvas, y: y, body: body)
        } else {
            chrome.drawBottom(s, into: &canvas, y: y, body: body)
        }
        shown[item] = view
        return true
    }

    /// The pinned header of a plain viewport: its view (kept on screen, not
    /// queued while it is pinned) or its title. Returns the canvas lines it
    /// covers, nil when none is drawn.
    func drawStickyHeader(
        _ l: TableLayout, _ chrome: SectionChrome, top: Int, into canvas: inout Canvas,
        shown: inout [Int: HeaderFooterView]
    ) throws -> Range<Int>? {
        guard let (s, item) = chrome.stickySection(top: top) else { return nil }
        guard l.usesSectionViews, let d = headerFooterDelegate else {
            return chrome.drawStickyHeader(SectionBody(title: l.headerLines(s)), section: s, into: &canvas, top: top)
        }
        let onScreen = shown[item].flatMap { ReusePool.isTitleView($0) ? nil : $0 }
        let view = try onScreen ?? takeSectionView(item: item, section: s, header: true, d)
        let body = try sectionBody(view, section: s, header: true, d, l)
        if let view { shown[item] = view }
        return chrome.drawStickyHeader(body, section: s, into: &canvas, top: top)
    }

    /// A streamed section item: its title, or its view asked for, measured,
    /// drawn and queued again. Kept out of the stream's row loop, whose
    /// per-row code stays as it is for tables without views.
    @inline(never)
    func streamSectionItem(
        _ s: Int, header: Bool, _ l: TableLayout, _ chrome: SectionChrome, into out: inout StreamOutput
    ) throws {
        guard l.usesSectionViews, let d = headerFooterDelegate else {
            if header {
                try out.emit(l.topHeight(s)) { chrome.drawTop(s, into: &$0, y: $1) }
            } else {
                try out.emit(l.bottomHeight(s)) { chrome.drawBottom(s, into: &$0, y: $1) }
            }
            return
        }
        let view = try askSectionView(s, header: header, d)
        let body = try sectionBody(view, section: s, header: header, d, l)
        if header {
            try out.emit(l.topChrome(s) + body.lines) { chrome.drawTop(s, into: &$0, y: $1, body: body) }
        } else {
            try out.emit(l.bottomChrome(s) + body.lines) { chrome.drawBottom(s, into: &$0, y: $1, body: body) }
        }
        if let view { pool.enqueue(view) }
    }
}
