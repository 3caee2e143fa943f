import CellarText

/// Row data that a data source can hand to style hooks (documents do; a Swift
/// data source may). Style hooks such as didSelect may change it.
public protocol TableViewRowData: AnyObject {
    func rowValue(at indexPath: IndexPath) -> Value?
    func setRowValue(_ value: Value, at indexPath: IndexPath)
}

/// A section header or footer view; reused through its own queue, as
/// UITableViewHeaderFooterView.
public final class HeaderFooterView {
    public let reuseIdentifier: String
    public var title: String = ""
    public internal(set) var section: Int = 0
    init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
}

/// UITableView, headless. Owns selection and editing state, the reuse queues,
/// the height index and the viewport, and draws frames into canvases.
///
/// `dataSource` and `delegate` are weak, as in UIKit: keep them alive yourself
/// (DocumentDataSource.makeTableView keeps its table's data source alive by
/// holding it in `retainedDataSource`).
public final class TableView {
    public let style: TableStyle
    public let registry: Registry
    public weak var dataSource: TableViewDataSource? { didSet { invalidateLayout() } }
    public weak var delegate: TableViewDelegate? { didSet { invalidateLayout() } }
    /// A strong reference for data sources nobody else owns (documents).
    public var retainedDataSource: AnyObject?
    /// Strong references to the data source and delegate while a render runs.
    var isPinned = false
    var pinnedDataSource: TableViewDataSource?
    var pinnedDelegate: TableViewDelegate?
    var activeDataSource: TableViewDataSource? { isPinned ? pinnedDataSource : dataSource }
    var activeDelegate: TableViewDelegate? { isPinned ? pinnedDelegate : delegate }

    // Properties read for every row are stored internally behind public
    // accessors (see `Cell`): the module's own short accesses then need no
    // run-time exclusivity check.
    var _rowHeight: RowHeight = .automatic
    var _separatorStyle: SeparatorStyle = .singleLine
    var _separatorInset = 1
    public var rowHeight: RowHeight {
        get { _rowHeight }
        set { _rowHeight = newValue; invalidateLayout() }
    }
    /// nil = estimates off: every row's height is known before a viewport is drawn.
    public var estimatedRowHeight: Int? { didSet { invalidateLayout() } }
    public var separatorStyle: SeparatorStyle {
        get { _separatorStyle }
        set { _separatorStyle = newValue; invalidateLayout() }
    }
    /// Columns from the row's leading edge where the separator starts.
    public var separatorInset: Int { get { _separatorInset } set { _separatorInset = newValue } }
    /// Columns per indentation level (UIKit: indentationWidth).
    public var indentationWidth: Int = 2
    public var allowsSelection = true
    /// As UIKit: while the table edits, taps select rows only when this is on.
    public var allowsSelectionDuringEditing = false
    public var allowsMultipleSelection = false
    public internal(set) var isEditing = false

    /// Told about rows just beyond the viewport (viewport renders only).
    public weak var prefetchDataSource: TableViewDataSourcePrefetching? { didSet { forgetPrefetching() } }
    /// Rows announced on each side of the viewport; nil = as many as are on screen.
    public var prefetchDistance: Int?
    /// Rows announced to the prefetch data source and not yet cancelled.
    var prefetchedRows: Set<IndexPath> = []
    /// Near rows that were on screen and so need no announcing, and the rows of the last frame.
    var settledRows: Set<IndexPath> = []
    var lastShownRows: Set<IndexPath> = []
    var lastPrefetchTop = 0

    /// Row heights above this are errors: a row is drawn into one canvas.
    public static let maximumRowHeight = 10_000

    public var width: Int = 80 { didSet { if width != oldValue { invalidateLayout() } } }
    /// Draw East Asian Ambiguous characters (±, °, α, Ж, ①, …) two columns
    /// wide, as CJK terminals do, so that columns still line up there. Every
    /// width of a render (rows, accessories, titles, index) follows it.
    public var ambiguousWide = false { didSet { if ambiguousWide != oldValue { invalidateLayout() } } }
    /// nil = the whole table, streamed row by row.
    public var viewportHeight: Int?
    public var contentOffset: Int = 0

    /// Accumulates over renders and actions; see `resetStatistics()`.
    public var statistics: RenderStatistics {
        var s = counters
        for (id, q) in queues where q.created + q.reused > 0 {
            var c = RenderStatistics.Counts()
            c.created = q.created
            c.reused = q.reused
            s.perIdentifier[id] = c
            s.cellsCreated += q.created
            s.cellsReused += q.reused
        }
        return s
    }
    /// Table-wide counts; cell counts live on the queues (one fewer hash per row).
    var counters = RenderStatistics()

    /// One identifier's style, waiting cells and counts.
    final class ReuseQueue {
        let style: CellStyle
        /// Waiting cells, last in first out. Never mutated in place: a
        /// mutating call inside an access to a class property keeps that
        /// property's run-time exclusivity check (~150 instructions per
        /// dequeue); taken out whole, changed as a unique local and put back,
        /// every access is short and whole-module optimisation drops the check.
        private(set) var cells: [Cell] = []
        var created = 0
        var reused = 0
        init(style: CellStyle) { self.style = style }

        func pop() -> Cell? {
            var list = cells
            cells = []
            let cell = list.popLast()
            cells = list
            return cell
        }

        func push(_ cell: Cell) {
            var list = cells
            cells = []
            list.append(cell)
            cells = list
        }
    }

    // Reuse.
    var queues: [String: ReuseQueue] = [:]
    /// Queues in first-use order: tables use a handful of identifiers, and a
    /// short scan comparing small strings beats hashing one per row.
    var queueIDs: [String] = []
    var queueList: [ReuseQueue] = []
    var visibleCells: [IndexPath: Cell] = [:]
    var headerFooterQueues: [String: [HeaderFooterView]] = [:]
    var visibleHeaderFooters: [Int: HeaderFooterView] = [:]   // keyed by item index

    // State.
    var selected: Set<IndexPath> = []
    var highlighted: Set<IndexPath> = []
    var customStates: [IndexPath: [String: Value]] = [:]

    // Layout.
    var layout: TableLayout? {
        didSet { if let layout { rowCountsBeforeUpdate = layout.rowCounts } }
    }
    /// Row counts as the table last saw them; updates check the data source against these.
    var rowCountsBeforeUpdate: [Int]?
    /// After inserts, deletes or moves: the last layout with heights, and
    /// where its rows went in each update since. The next height index takes
    /// the heights (and estimates) rows had, so only new rows are estimated
    /// or measured, as in UIKit.
    var heightsBeforeUpdate: (layout: TableLayout, rows: [RowMapping])?

    public init(style: TableStyle = .plain, registry: Registry) {
        self.style = style
        self.registry = registry
    }

    public func resetStatistics() {
        counters = RenderStatistics()
        for q in queues.values { q.created = 0; q.reused = 0 }
    }

    /// Forgets every cell, height and count, and (as UIKit) the selection;
    /// the next render asks the data source again.
    public func reloadData() {
        selected.removeAll()
        highlighted.removeAll()
        customStates.removeAll()
        discardCells()
    }

    /// Sends on-screen cells and views back to their queues and drops the layout.
    func discardCells() {
        enqueueVisibleCells()
        for (_, view) in visibleHeaderFooters { headerFooterQueues[view.reuseIdentifier, default: []].append(view) }
        visibleHeaderFooters.removeAll()
        invalidateLayout()
        rowCountsBeforeUpdate = nil
        // Index paths may mean other rows now; the next frame announces afresh.
        forgetPrefetching()
    }

    /// Drops the layout; heights known before go too (width, editing,
    /// styles… may have changed them).
    func invalidateLayout() {
        layout = nil
        heightsBeforeUpdate = nil
    }

    // MARK: Reuse

    /// A queued cell for `id` (after prepareForReuse) or a new one.
    public func dequeueReusableCell(withIdentifier id: String, for indexPath: IndexPath) throws -> Cell {
        let q = try queue(for: id)
        let cell: Cell
        if let queued = q.pop() {
            try q.style.prepareForReuse(queued)
            cell = queued
            q.reused += 1
        } else {
            cell = try q.style.makeCell()
            cell._style = q.style
            q.created += 1
        }
        cell._indexPath = indexPath
        return cell
    }

    /// UIKit's dequeueReusableCell(withIdentifier:): a queued cell or nil.
    public func dequeueReusableCell(withIdentifier id: String) throws -> Cell? {
        let q = try queue(for: id)
        guard let queued = q.pop() else { return nil }
        try q.style.prepareForReuse(queued)
        q.reused += 1
        return queued
    }

    func queue(for id: String) throws -> ReuseQueue {
        // Read through a local copy: an access to a class property is
        // checked at run time unless every access to it is this short.
        let ids = queueIDs
        for k in ids.indices where ids[k] == id { return queueList[k] }
        if let existing = queues[id] { return existing }
        guard let style = registry.style(for: id) else {
            throw CellarError(Registry.unknownIdentifierMessage(id))
        }
        let q = ReuseQueue(style: style)
        queues[id] = q
        if queueList.count < 8 {
            var ids = queueIDs, list = queueList   // appended outside the accesses (see above)
            ids.append(id)
            list.append(q)
            queueIDs = ids
            queueList = list
        }
        return q
    }

    /// A queued header/footer view for `id`, or a new one.
    public func dequeueReusableHeaderFooterView(withIdentifier id: String) -> HeaderFooterView {
        if var queue = headerFooterQueues[id], let view = queue.popLast() {
            headerFooterQueues[id] = queue
            counters.headerFootersReused += 1
            return view
        }
        counters.headerFootersCreated += 1
        return HeaderFooterView(reuseIdentifier: id)
    }

    /// Sends on-screen cells (those `leaving` picks) back to their queues,
    /// last row first, so the next dequeue hands out the topmost leaver as a
    /// scroll would.
    func enqueueVisibleCells(leaving: (IndexPath) -> Bool = { _ in true }) {
        for ip in visibleCells.keys.sorted(by: >) where leaving(ip) {
            if let cell = visibleCells.removeValue(forKey: ip) { enqueue(cell) }
        }
    }

    func enqueue(_ cell: Cell) {
        cell._indexPath = nil
        if let q = try? queue(for: cell.reuseIdentifier) { q.push(cell) }
    }

    /// Cells waiting in the queue for `id` (tests and benchmarks look).
    public func queuedCellCount(withIdentifier id: String) -> Int { queues[id]?.cells.count ?? 0 }
    /// Cells currently on screen.
    public var visibleIndexPaths: [IndexPath] { visibleCells.keys.sorted() }
    public func cellForRow(at indexPath: IndexPath) -> Cell? { visibleCells[indexPath] }

    // MARK: Counts

    public var numberOfSections: Int { (try? currentLayout())?.sectionCount ?? 0 }
    public func numberOfRows(inSection section: Int) -> Int {
        guard let l = try? currentLayout(), section >= 0, section < l.sectionCount else { return 0 }
        return l.rowCounts[section]
    }

    func checkIndexPath(_ ip: IndexPath, _ l: TableLayout) throws {
        guard ip.section >= 0, ip.section < l.sectionCount else {
            throw CellarError("index path \(ip) is out of range: the table has \(l.sectionCount) section\(l.sectionCount == 1 ? "" : "s")")
        }
        guard ip.row >= 0, ip.row < l.rowCounts[ip.section] else {
            throw CellarError("index path \(ip) is out of range: section \(ip.section) has \(l.rowCounts[ip.section]) row\(l.rowCounts[ip.section] == 1 ? "" : "s")")
        }
    }

    /// The total height in lines (estimates count for rows not yet measured).
    public var contentHeight: Int {
        guard let l = try? currentLayout() else { return 0 }
        if l.index == nil { try? buildIndex(l) }
        return l.index?.total ?? 0
    }

    /// Scrolls to an offset clamped to the content: from 0 to the offset
    /// that shows the last line of content on the viewport's last line
    /// (0 without a viewport height: the whole table shows).
    public func scroll(toOffset offset: Int) {
        // Errors (a failing style, say) surface at the next render; here the offset just stays unclamped above.
        contentOffset = (try? clampedOffset(offset)) ?? max(0, offset)
    }

    /// Scrolls so that the row is at the top of the viewport, or, near the
    /// end, as far as the content allows (UIKit's scrollToRow(at:at: .top)).
    public func scrollToRow(at indexPath: IndexPath) throws {
        let l = try currentLayout()
        try checkIndexPath(indexPath, l)
        if l.index == nil { try buildIndex(l) }
        let item = l.item(for: indexPath)
        try realize(item, l)
        contentOffset = try clampedOffset(l.index?.start(item) ?? 0)
    }

    /// `offset` clamped to 0…(content height − viewport height). The rows the
    /// viewport would show are measured first: with estimates on, their real
    /// heights decide where the content ends. They keep their cells, as they
    /// are about to be drawn.
    func clampedOffset(_ offset: Int) throws -> Int {
        let l = try currentLayout()
        if l.index == nil { try buildIndex(l) }
        guard let height = viewportHeight, height > 0 else { return 0 }
        let top = max(0, offset)
        // As a scroll does: cells leaving go back to their queues before the
        // rows coming in are configured.
        enqueueLeaving(l, top: top, bottom: top + height)
        if let first = l.index?.item(atOffset: top) {
            var item = first.index, bottom = first.start
            while item < l.itemCount && bottom < top + height {
                try realize(item, l)
                bottom += l.index?.height(item) ?? 0
                item += 1
            }
            if bottom >= top + height { return top }
        }
        // The content ends inside the viewport: measure the last screenful
        // and show it ending on the last line.
        var item = l.itemCount - 1, lines = 0
        while item >= 0 && lines < height {
            try realize(item, l)
            lines += l.index?.height(item) ?? 0
            item -= 1
        }
        return max(0, min(top, (l.index?.total ?? 0) - height))
    }
}
