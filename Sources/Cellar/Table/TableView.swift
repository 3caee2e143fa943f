import CellarText

/// UITableView, headless: UIKit's API over the parts that do the work, the
/// reuse pool (`ReusePool`), the per-row states (`RowStates`), the heights
/// (`HeightCache` and the layout's `HeightIndex`), the row renderer
/// (`RowRenderer`) and the section chrome (`SectionChrome`). Renders stream
/// the whole table or draw a viewport (`TableView+Render`).
///
/// `dataSource` and `delegate` are weak, as in UIKit: keep them alive yourself
/// (a document's data source, `StreamedDataSource.makeTableView`, keeps its
/// table's data source alive by holding it in `retainedDataSource`).
public final class TableView {
    /// Plain, grouped or inset grouped, fixed at creation as UITableView's style.
    public let style: TableStyle
    /// The cell styles the table looks reuse identifiers up in (replaced by `restyle(with:)`).
    public internal(set) var registry: Registry
    /// Supplies sections, rows and cells, as UITableView's dataSource (weak).
    public weak var dataSource: TableViewDataSource? { didSet { invalidateLayout() } }
    /// Supplies heights, accessories and selection decisions, as UITableView's delegate (weak).
    public weak var delegate: TableViewDelegate? { didSet { invalidateLayout() } }
    /// A strong reference for data sources nobody else owns (documents).
    public var retainedDataSource: AnyObject?
    /// Strong references to the data source and delegate while a render runs.
    var isPinned = false
    var pinnedDataSource: TableViewDataSource?
    var pinnedDelegate: TableViewDelegate?
    var activeDataSource: TableViewDataSource? { isPinned ? pinnedDataSource : dataSource }
    var activeDelegate: TableViewDelegate? { isPinned ? pinnedDelegate : delegate }

    // Read for every row (hot fields: see `Cell`).
    /// A fixed height for every row, or `.automatic` to measure each cell, as UITableView's rowHeight.
    @exclusivity(unchecked) public var rowHeight: RowHeight = .automatic { didSet { invalidateLayout() } }
    /// nil = estimates off: every row's height is known before a viewport is drawn.
    public var estimatedRowHeight: Int? { didSet { invalidateLayout() } }
    /// Header view height when the delegate gives none, as UITableView's sectionHeaderHeight
    /// (header/footer views only: titles keep the lines they wrap to).
    public var sectionHeaderHeight: RowHeight = .automatic { didSet { invalidateLayout() } }
    /// Footer view height when the delegate gives none, as UITableView's sectionFooterHeight.
    public var sectionFooterHeight: RowHeight = .automatic { didSet { invalidateLayout() } }
    /// nil = header views are measured before a viewport is drawn; else sections start at it.
    public var estimatedSectionHeaderHeight: Int? { didSet { invalidateLayout() } }
    /// nil = footer views are measured before a viewport is drawn; else sections start at it.
    public var estimatedSectionFooterHeight: Int? { didSet { invalidateLayout() } }
    /// Whether rows are separated by a line, as UITableView's separatorStyle.
    @exclusivity(unchecked) public var separatorStyle: SeparatorStyle = .singleLine { didSet { invalidateLayout() } }
    /// Columns from the row's leading edge where the separator starts (a cell's own `separatorInset` wins).
    public var separatorInset = 1
    /// A view above the first section, as UITableView's tableHeaderView (see `TableView+TableEnds`).
    public var tableHeaderView: HeaderFooterView? { didSet { invalidateLayout() } }
    /// A view below the last section, as UITableView's tableFooterView.
    public var tableFooterView: HeaderFooterView? { didSet { invalidateLayout() } }
    /// The separators' colour, as UITableView's separatorColor; nil = the appearance's separator colour.
    public var separatorColor: Color?
    /// Columns per indentation level (UIKit: indentationWidth).
    public var indentationWidth: Int = 2
    /// UIKit's selection model and its defaults: taps select one row at a
    /// time (a tap on another row deselects the first); while editing,
    /// taps select nothing unless one of the DuringEditing flags is on.
    public var allowsSelection = true
    /// Whether taps select rows while editing, as UITableView's allowsSelectionDuringEditing.
    public var allowsSelectionDuringEditing = false
    /// Whether taps toggle rows in and out of the selection, as UITableView's allowsMultipleSelection.
    public var allowsMultipleSelection = false
    /// Whether taps toggle several rows while editing, as UITableView's allowsMultipleSelectionDuringEditing.
    public var allowsMultipleSelectionDuringEditing = false
    /// The row a front-end offers while a tap on ⊕ commits (`TableAction.tapInsertControl`):
    /// data sources that take row data (documents) insert it.
    public internal(set) var rowForInsertion: Value?
    /// The row the last tap on a row (`TableAction.selectRow`) selected: the
    /// row tapped, the one `willSelect` redirected it to, or nil when the tap
    /// selected nothing (refused, a disabled row, selection off), so a
    /// front-end can say what the tap did.
    public internal(set) var rowSelectedByLastTap: IndexPath?
    /// Whether the table shows editing controls; change it with `setEditing(_:)`.
    public internal(set) var isEditing = false

    /// Told about rows just beyond the viewport (viewport renders only).
    public weak var prefetchDataSource: TableViewDataSourcePrefetching? { didSet { forgetPrefetching() } }
    /// Rows announced on each side of the viewport; nil = as many as are on screen.
    public var prefetchDistance: Int?
    /// What the prefetch data source has been told.
    var prefetching = PrefetchMemory()

    /// The table's width in columns; changing it drops the layout.
    public var width: Int = 80 { didSet { if width != oldValue { invalidateLayout() } } }
    /// Draw East Asian Ambiguous characters (±, °, α, Ж, ①, …) two columns
    /// wide, as CJK terminals do, so that columns still line up there. Every
    /// width of a render (rows, accessories, titles, index) follows it.
    public var ambiguousWide = false { didSet { if ambiguousWide != oldValue { invalidateLayout() } } }
    /// Whether the table is drawn for a light or a dark background; styles
    /// may draw differently for each, so a change drops the layout.
    public var appearance = Appearance.light { didSet { if appearance != oldValue { invalidateLayout() } } }
    /// nil = the whole table, streamed row by row.
    public var viewportHeight: Int?
    /// Mark the focused row in the leading column, where selected rows
    /// carry `▌`: `❯`, or `➤` when it is also selected. A front-end with a
    /// keyboard focus (`cellar browse`) turns it on, so the frame it shows
    /// is the table's own and a golden case (`focus_mark: true`) draws it too.
    public var showsFocusMark = false
    /// Whether a whole-table render (no `viewportHeight`) keeps the cell of
    /// every row it draws, as UIKit keeps the cells of a table whose rows
    /// all fit on screen: the next render asks the data source only for rows
    /// inserted, reloaded or reconfigured since, and `cellForRow(at:)` finds
    /// any row's cell. Off, rows share queued cells and every render asks for
    /// every row again: a one-shot render of a long table (the CLI's) holds
    /// no cell per row (a document's table, `makeTableView`, turns it off).
    /// A table of more than `keptCellLimit` rows keeps none either way: its
    /// cells would grow with the table. The drawn lines are the same either way.
    public var keepsCellsWhenStreaming = true
    /// The most rows a whole-table render keeps cells for (see `keepsCellsWhenStreaming`).
    public static let keptCellLimit = 10_000
    /// A whole-table render of at least this many rows uses a second thread
    /// while this one configures and lays out the next rows; `Int.max` keeps it on one.
    public var streamThreadMinimumRows = 10_000
    /// What the second thread of a long whole-table render does: draw and
    /// write the rows (`StreamDrawThread`, true) or only write the drawn
    /// lines (`BackgroundCanvasWriter`, false). Nil decides by the first
    /// row's style: a custom style (Lua) makes configuring the busy part, so
    /// drawing moves off this thread; built-in rows configure quickly and are
    /// decoded ahead on the other core, which then has no room to draw them
    /// as well. The bytes are the same either way.
    public var streamDrawsApart: Bool?
    /// Whether the last whole-table render drew, or only wrote, on a second thread (tests check that it ran).
    package internal(set) var streamDrewOnSecondThread = false
    package internal(set) var streamWroteOnSecondThread = false
    /// The content line at the top of the viewport, as UIScrollView's contentOffset.y; see `scroll(toOffset:)`.
    public var contentOffset: Int = 0
    /// The rows changed (an update, a reload, a new width) since the last
    /// frame: the content may now end above `contentOffset`, which the next
    /// frame then brings back to the last screenful, as UIKit's layout pass does.
    var offsetMayPassContent = false

    /// Accumulates over renders and actions; see `resetStatistics()`.
    public var statistics: RenderStatistics {
        var s = counters
        pool.addCounts(to: &s)
        return s
    }
    /// Table-wide counts; cell and header/footer counts live in the pool.
    /// Counted on every row (hot field: see `Cell`).
    @exclusivity(unchecked) var counters = RenderStatistics()

    /// Cells and header/footer views, waiting and on screen: one pool for
    /// the table's life (`restyle` restarts it), a `let` so that reading it
    /// for every row costs no retain.
    let pool: ReusePool
    /// Selection, highlight and custom states by row.
    let rowStates = RowStates()
    /// For a document's data source, which highlights rows as it builds a table.
    package var highlighted: Set<IndexPath> {
        get { rowStates.highlighted }
        _modify { yield &rowStates.highlighted }
    }

    /// Counts, titles and geometry at the current width; nil = ask the data source again.
    var layout: TableLayout? {
        didSet { if let layout { rowCountsBeforeUpdate = layout.rowCounts } }
    }
    /// Row counts as the table last saw them; updates check the data source against these.
    var rowCountsBeforeUpdate: [Int]?
    /// Heights carried over updates to the next layout.
    var heights = HeightCache()
    /// The changes told inside `performBatchUpdates`, until its block ends.
    var pendingBatch: PendingBatch?

    /// Creates an empty table that finds cell styles in `registry`.
    public init(style: TableStyle = .plain, registry: Registry) {
        self.style = style
        self.registry = registry
        pool = ReusePool(registry: registry)
    }

    /// Sets the render and reuse counts in `statistics` back to zero.
    public func resetStatistics() {
        counters = RenderStatistics()
        pool.resetCounts()
    }

    /// Forgets every cell, height and count, and (as UIKit) the selection;
    /// the next render asks the data source again.
    public func reloadData() {
        rowStates.removeAll()
        discardCells()
    }

    /// Sends on-screen cells and views back to their queues and drops the layout.
    func discardCells() {
        pool.enqueueVisibleCells()
        pool.enqueueVisibleHeaderFooters()
        invalidateLayout()
        rowCountsBeforeUpdate = nil
        // Index paths may mean other rows now; the next frame announces afresh.
        forgetPrefetching()
    }

    /// Drops the layout; heights known before go too (width, editing,
    /// styles… may have changed them).
    func invalidateLayout() {
        layout = nil
        heights.forget()
        offsetMayPassContent = true
    }

    // MARK: Reuse

    /// A queued cell for `id` (after prepareForReuse) or a new one.
    public func dequeueReusableCell(withIdentifier id: String, for indexPath: IndexPath) throws -> Cell {
        try pool.dequeue(id, for: indexPath)
    }

    /// UIKit's dequeueReusableCell(withIdentifier:): a queued cell or nil.
    public func dequeueReusableCell(withIdentifier id: String) throws -> Cell? {
        try pool.dequeueQueued(id)
    }

    /// A queued header/footer view for `id` (after its prepareForReuse), or
    /// a new one; `id` must be registered (an unknown one is an error naming it).
    public func dequeueReusableHeaderFooterView(withIdentifier id: String) throws -> HeaderFooterView {
        try pool.dequeueHeaderFooterView(id)
    }

    /// UITableView's register(_:forHeaderFooterViewReuseIdentifier:), in the table's registry.
    public func register(_ style: CellStyle?, forHeaderFooterViewReuseIdentifier id: String) throws {
        try registry.register(style, forHeaderFooterViewReuseIdentifier: id)
    }

    /// Cells waiting in the queue for `id` (tests and benchmarks look).
    public func queuedCellCount(withIdentifier id: String) -> Int { pool.queuedCount(id) }
    /// Cells currently on screen.
    public var visibleIndexPaths: [IndexPath] { pool.visibleCells.keys.sorted() }
    /// The rows on screen, in order, as UITableView's indexPathsForVisibleRows.
    public var indexPathsForVisibleRows: [IndexPath]? { visibleIndexPaths }
    /// The cells on screen, in row order, as UITableView's visibleCells.
    public var visibleCells: [Cell] { visibleIndexPaths.compactMap { pool.visibleCells[$0] } }
    /// The on-screen cell for a row, or nil when the row is not visible, as UITableView's cellForRow(at:).
    public func cellForRow(at indexPath: IndexPath) -> Cell? { pool.visibleCells[indexPath] }

    /// The on-screen cell for a row, configuring one through the data source if needed.
    func visibleCell(_ ip: IndexPath) throws -> Cell {
        if let cell = pool.visibleCells[ip] { return cell }
        let cell = try configuredCell(ip)
        pool.visibleCells[ip] = cell
        return cell
    }

    func configuredCell(_ ip: IndexPath) throws -> Cell {
        guard let ds = activeDataSource else { throw CellarError("the table has no data source") }
        return try configuredCell(ip, ds)
    }

    /// The data source's cell for a row, with its index path and style set.
    func configuredCell(_ ip: IndexPath, _ ds: TableViewDataSource) throws -> Cell {
        try configuredCell(ip, ds, section: ip.section, row: ip.row)
    }

    /// `configuredCell(_:_:)` for a caller that has the row's `section` and
    /// `row` at hand (reading them from `ip` is a call into Foundation).
    func configuredCell(_ ip: IndexPath, _ ds: TableViewDataSource, section: Int, row: Int) throws -> Cell {
        counters.rowsConfigured += 1
        let cell = try ds.tableView(self, cellForRowAt: ip)
        cell.placeSection = section
        cell.placeRow = row
        // Whatever cellForRowAt set is drawn: the configuration update runs again.
        if cell.takesUpdatePass { cell.needsUpdateConfiguration = true }
        if cell.style == nil { cell.style = registry.style(for: cell.reuseIdentifier) }
        return cell
    }

    // MARK: Counts

    /// The layout at the current width, asking the data source for counts and titles if there is none.
    func currentLayout() throws -> TableLayout {
        if let layout { return layout }
        guard let ds = dataSource else { throw CellarError("the table has no data source") }
        let counts = try rowCounts(ds)
        let sections = counts.count
        var headers = [String?]()
        var footers = [String?]()
        for s in 0..<sections {
            headers.append(ds.tableView(self, titleForHeaderInSection: s))
            footers.append(ds.tableView(self, titleForFooterInSection: s))
        }
        let l = TableLayout(
            sectionCount: sections, rowCounts: counts, headers: headers, footers: footers,
            indexTitles: ds.sectionIndexTitles(for: self) ?? [], style: style, width: width,
            ambiguousWide: ambiguousWide)
        l.usesSectionViews = (delegate as? TableViewDelegateHeaderFooterViews)?.hasSectionViews ?? false
        layout = l
        return l
    }

    /// The data source's row count of every section, checked.
    func rowCounts(_ ds: TableViewDataSource) throws -> [Int] {
        let sections = ds.numberOfSections(in: self)
        guard sections >= 0 else { throw CellarError("numberOfSections must not be negative (got \(sections))") }
        var counts = [Int]()
        counts.reserveCapacity(sections)
        for s in 0..<sections {
            let n = ds.tableView(self, numberOfRowsInSection: s)
            guard n >= 0 else {
                throw CellarError("numberOfRowsInSection \(s) must not be negative (got \(n))")
            }
            counts.append(n)
        }
        return counts
    }

    /// The section count the data source gave, as UITableView's numberOfSections (0 on error).
    public var numberOfSections: Int { (try? currentLayout())?.sectionCount ?? 0 }
    /// The row count of a section, or 0 for a section that does not exist, as UITableView's numberOfRows(inSection:).
    public func numberOfRows(inSection section: Int) -> Int {
        guard let l = try? currentLayout(), section >= 0, section < l.sectionCount else { return 0 }
        return l.rowCounts[section]
    }

    func checkIndexPath(_ ip: IndexPath, _ l: TableLayout) throws {
        guard ip.section >= 0, ip.section < l.sectionCount else {
            throw CellarError(
                "index path \(ip) is out of range: the table has \(l.sectionCount) section\(l.sectionCount == 1 ? "" : "s")"
            )
        }
        guard ip.row >= 0, ip.row < l.rowCounts[ip.section] else {
            throw CellarError(
                "index path \(ip) is out of range: section \(ip.section) has \(l.rowCounts[ip.section]) row\(l.rowCounts[ip.section] == 1 ? "" : "s")"
            )
        }
    }

    /// The total height in lines (estimates count for rows not yet measured).
    public var contentHeight: Int {
        guard let l = try? currentLayout() else { return 0 }
        if l.index == nil { try? buildIndex(l) }
        guard let ends = try? tableEnds(l) else { return l.index?.total ?? 0 }
        return ends.headerLines + (l.index?.total ?? 0) + ends.footerLines
    }

    /// Scrolls to an offset clamped to the content: from 0 to the offset
    /// that shows the last line of content on the viewport's last line
    /// (0 without a viewport height: the whole table shows).
    /// Rows coming into view are measured (their cells dequeued and
    /// configured), so a failing style fails the scroll.
    public func scroll(toOffset offset: Int) throws {
        contentOffset = try clampedOffset(offset)
    }

    /// `offset` clamped to 0…(content height − viewport height). The rows the
    /// viewport would show are measured first: with estimates on, their real
    /// heights decide where the content ends. They keep their cells, as they
    /// are about to be drawn.
    func clampedOffset(_ offset: Int) throws -> Int {
        let l = try currentLayout()
        if l.index == nil { try buildIndex(l) }
        guard let height = viewportHeight, height > 0 else { return 0 }
        let ends = try tableEnds(l)
        let top = max(0, offset)
        // The sections' lines in view (see `TableView+TableEnds`): from `first`, maybe before the first.
        let first = top - ends.headerLines
        // As a scroll does: cells leaving go back to their queues before the
        // rows coming in are configured.
        enqueueLeaving(l, top: max(0, first), bottom: first + height)
        if let found = l.index?.item(atOffset: max(0, first)) {
            var item = found.index
            var bottom = found.start
            while item < l.itemCount && bottom < first + height {
                try realize(item, l)
                bottom += l.index?.height(item) ?? 0
                item += 1
            }
            if bottom + ends.footerLines >= first + height { return top }
        }
        // The content ends inside the viewport: measure the last screenful
        // and show it ending on the last line.
        var item = l.itemCount - 1
        var lines = ends.footerLines
        while item >= 0 && lines < height {
            try realize(item, l)
            lines += l.index?.height(item) ?? 0
            item -= 1
        }
        return max(0, min(top, ends.headerLines + (l.index?.total ?? 0) + ends.footerLines - height))
    }

}
