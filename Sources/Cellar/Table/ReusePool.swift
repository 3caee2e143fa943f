/// Where cells and header/footer views wait between rows, as UIKit's reuse
/// machinery: one queue of cells per reuse identifier, the cells on screen
/// by index path, and the header/footer views with their own queues.
final class ReusePool {
    /// One identifier's style, waiting cells and counts.
    final class Queue {
        let style: CellStyle
        /// Waiting cells, last in first out.
        @exclusivity(unchecked) private(set) var cells: [Cell] = []
        var created = 0
        var reused = 0
        init(style: CellStyle) { self.style = style }

        func pop() -> Cell? { cells.popLast() }
        func push(_ cell: consuming Cell) { cells.append(cell) }
    }

    private(set) var registry: Registry
    private var queues: [String: Queue] = [:]
    private var retiredQueues: [Queue] = []
    /// The first queues in first-use order: tables use a handful of
    /// identifiers, and a short scan comparing small strings beats hashing
    /// one per row. (Hot fields: see `Cell`.)
    @exclusivity(unchecked) private var queueIDs: [String] = []
    /// Unretained: `queues` holds each one as long as the pool.
    @exclusivity(unchecked) private var queueList: [Unmanaged<Queue>] = []
    private static let scannedQueues = 8
    /// The queue last found and its identifier's representation: a row's
    /// enqueue asks for the queue its dequeue just found. The representation
    /// is one of `queueIDs`', whose string the pool holds: no other string
    /// has it meanwhile.
    @exclusivity(unchecked) private var lastQueue: (id: (UInt64, UInt64), queue: Unmanaged<Queue>)?
    /// Cells on screen (read for every streamed row; hot field: see `Cell`).
    @exclusivity(unchecked) var visibleCells: [IndexPath: Cell] = [:]
    private var headerFooterQueues: [String: [HeaderFooterView]] = [:]
    /// Header and footer views on screen, by item index.
    var visibleHeaderFooters: [Int: HeaderFooterView] = [:]
    /// The section whose view the delegate is being asked for: a view dequeued
    /// meanwhile heads it before its `configure` runs, so a style's error names it.
    var sectionAsked: Int?
    private(set) var headerFootersCreated = 0
    private(set) var headerFootersReused = 0
    /// Registered header/footer views created and reused, by identifier.
    private var headerFooterCounts: [String: RenderStatistics.Counts] = [:]

    init(registry: Registry) { self.registry = registry }

    /// Empties the pool for another registry's styles (a cell belongs to
    /// the style that made it), as a new pool would be: the table holds one
    /// pool for life, so that reaching it per row costs no retain.
    func restart(registry: Registry) {
        self.registry = registry
        // Kept until the next restart: a dequeue still running (a style's
        // hook that restyles the table) holds its queue unretained.
        retiredQueues = Array(queues.values)
        queues = [:]
        queueIDs = []
        queueList = []
        lastQueue = nil
        visibleCells = [:]
        headerFooterQueues = [:]
        visibleHeaderFooters = [:]
        headerFootersCreated = 0
        headerFootersReused = 0
        headerFooterCounts = [:]
        reconfiguring = nil
    }

    /// The queue for `id`, unretained (the pool holds it): a row's dequeue
    /// and enqueue use it in place (`_withUnsafeGuaranteedRef`) with no
    /// atomic retain and release of their own.
    /// (The last queue is checked inline, the search called.)
    @inline(__always)
    func queue(for id: String) throws -> Unmanaged<Queue> {
        if MemoryLayout<String>.size == 16, let last = lastQueue, last.id == Self.representation(id) {
            return last.queue
        }
        return try findQueue(for: id)
    }

    private func findQueue(for id: String) throws -> Unmanaged<Queue> {
        // A row's identifier is mostly the very string a queue was made
        // with (or the same short string held inline): equal representations
        // are equal strings, found without a call into the stdlib.
        if MemoryLayout<String>.size == 16 {
            let bits = Self.representation(id)
            for k in queueIDs.indices where Self.representation(queueIDs[k]) == bits {
                lastQueue = (bits, queueList[k])
                return queueList[k]
            }
        }
        // Lengths first: comparing two different strings is a call into the stdlib, a length is inline.
        let length = id.utf8.count
        for k in queueIDs.indices where queueIDs[k].utf8.count == length && queueIDs[k] == id { return queueList[k] }
        if let existing = queues[id] { return Unmanaged.passUnretained(existing) }
        guard let style = registry.style(for: id) else {
            throw CellarError(Registry.unknownIdentifierMessage(id))
        }
        let q = Queue(style: style)
        queues[id] = q
        if queueList.count < Self.scannedQueues {
            queueIDs.append(id)
            queueList.append(Unmanaged.passUnretained(q))
        }
        return Unmanaged.passUnretained(q)
    }

    /// A string's two words as stored (where a `String` is two words): equal
    /// only for equal strings (the same storage, or the same inline bytes).
    @inline(__always)
    private static func representation(_ s: String) -> (UInt64, UInt64) {
        withUnsafeBytes(of: s) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
    }

    /// The row being reconfigured (`TableView.reconfigureRows`) and its cell,
    /// which a dequeue for that row and identifier hands back as it is.
    var reconfiguring: (indexPath: IndexPath, cell: Cell)?

    /// A queued cell for `id` (after prepareForReuse) or a new one.
    func dequeue(_ id: String, for indexPath: IndexPath) throws -> Cell {
        if let r = reconfiguring, r.indexPath == indexPath, r.cell.reuseIdentifier == id {
            reconfiguring = nil
            return r.cell
        }
        return try queue(for: id)._withUnsafeGuaranteedRef { q in try dequeue(id, from: q, for: indexPath) }
    }

    private func dequeue(_ id: String, from q: Queue, for indexPath: IndexPath) throws -> Cell {
        let cell: Cell
        if let queued = q.pop() {
            do { try q.style.prepareForReuse(queued) } catch var e as CellarError {
                e.message += ", dequeued for row \(indexPath)"
                throw e
            }
            // Only subclasses and custom configurations have hooks to run.
            if queued.takesUpdatePass { queued.handedOutAgain() }
            cell = queued
            q.reused += 1
        } else {
            cell = try q.style.makeCell()
            cell.style = q.style
            // The style names the cell after itself; it belongs to the queue it came from.
            if cell.reuseIdentifier != id { cell.reuseIdentifier = id }
            q.created += 1
        }
        return cell
    }

    /// A queued cell for `id` (after prepareForReuse), or nil.
    func dequeueQueued(_ id: String) throws -> Cell? {
        let q = try queue(for: id).takeUnretainedValue()
        guard let queued = q.pop() else { return nil }
        try q.style.prepareForReuse(queued)
        if queued.takesUpdatePass { queued.handedOutAgain() }
        q.reused += 1
        return queued
    }

    /// Takes the caller's reference: a row's cell moves into its queue, not copied and released.
    func enqueue(_ cell: consuming Cell) {
        cell.placeRow = -1
        guard let q = try? queue(for: cell.reuseIdentifier) else { return }
        var moving: Cell? = consume cell
        q._withUnsafeGuaranteedRef { q in if let cell = moving.take() { q.push(cell) } }
    }

    /// Sends on-screen cells (those `leaving` picks) back to their queues,
    /// last row first, so the next dequeue hands out the topmost leaver as a
    /// scroll would.
    func enqueueVisibleCells(leaving: (IndexPath) -> Bool = { _ in true }) {
        // Picked before sorting: in most frames none leave, and comparing index paths calls into Foundation.
        let leavers = visibleCells.keys.filter(leaving)
        guard !leavers.isEmpty else { return }
        for ip in leavers.sorted(by: >) {
            if let cell = visibleCells.removeValue(forKey: ip) { enqueue(cell) }
        }
    }

    /// After an update: on-screen cells move to their rows' new index paths;
    /// those of rows deleted or reloaded (`newIndexPath` nil) go back to their queues.
    func remapVisibleCells(_ newIndexPath: (IndexPath) -> IndexPath?) {
        var moved: [IndexPath: Cell] = [:]
        for ip in visibleCells.keys.sorted(by: >) {
            guard let cell = visibleCells[ip] else { continue }
            if let n = newIndexPath(ip) {
                cell.indexPath = n
                moved[n] = cell
            } else {
                enqueue(cell)
            }
        }
        visibleCells = moved
    }

    /// Cells waiting in the queue for `id`.
    func queuedCount(_ id: String) -> Int { queues[id]?.cells.count ?? 0 }

    /// A queued header/footer view for a registered `id` (after its
    /// prepareForReuse), or a new one laid out by the identifier's style.
    func dequeueHeaderFooterView(_ id: String) throws -> HeaderFooterView {
        let registration = registry.headerFooterRegistration(for: id)
        guard registration.registered else {
            throw CellarError(
                Registry.unknownHeaderFooterMessage(id, among: registry.headerFooterIdentifiers))
        }
        if let view = takeQueuedView(id) {
            if let sectionAsked { view.section = sectionAsked }
            try view.prepareForReuse()
            headerFootersReused += 1
            headerFooterCounts[id, default: RenderStatistics.Counts()].reused += 1
            return view
        }
        let view =
            try registration.style.map { try HeaderFooterView(reuseIdentifier: id, style: $0) }
            ?? HeaderFooterView(reuseIdentifier: id)
        if let sectionAsked { view.section = sectionAsked }
        headerFootersCreated += 1
        headerFooterCounts[id, default: RenderStatistics.Counts()].created += 1
        return view
    }

    /// A view waiting under `id`, taken off its queue in place. Not
    /// `popLast`: specialised for these views it would have the same body as
    /// the cell queue's `popLast`, and the optimiser merges the two into one
    /// shared function that every row's dequeue then calls through a thunk.
    private func takeQueuedView(_ id: String) -> HeaderFooterView? {
        guard headerFooterQueues[id]?.isEmpty == false else { return nil }
        return headerFooterQueues[id, default: []].removeLast()
    }

    /// The view standing for a section title (the table's own identifiers
    /// `header` and `footer`, which registrations cannot reach).
    private func titleView(_ id: String) -> HeaderFooterView {
        if let view = takeQueuedView(id) {
            headerFootersReused += 1
            return view
        }
        headerFootersCreated += 1
        return HeaderFooterView(reuseIdentifier: id)
    }

    func enqueue(_ view: HeaderFooterView) {
        headerFooterQueues[view.reuseIdentifier, default: []].append(view)
    }

    /// Sends on-screen header/footer views (those at items `leaving` picks) back to their queues.
    func enqueueVisibleHeaderFooters(leaving: (Int) -> Bool = { _ in true }) {
        for (item, view) in visibleHeaderFooters where leaving(item) {
            visibleHeaderFooters[item] = nil
            enqueue(view)
        }
    }

    /// Queue names of title views: not identifiers anyone can register (they hold a space).
    static let headerTitleID = "title header"
    static let footerTitleID = "title footer"

    static func isTitleView(_ view: HeaderFooterView) -> Bool {
        view.reuseIdentifier == headerTitleID || view.reuseIdentifier == footerTitleID
    }

    /// The views for a frame's section titles: the one on screen at `item`
    /// stays, else one comes from the queue.
    func headerFooter(item: Int, section: Int, header: Bool, lines: [String]) -> HeaderFooterView {
        if let view = visibleHeaderFooters.removeValue(forKey: item) { return view }
        let view = titleView(header ? Self.headerTitleID : Self.footerTitleID)
        view.title = lines.joined(separator: " ")
        view.section = section
        return view
    }

    /// After a frame: `cells` and `views` are what is on screen now; the
    /// ones not shown again go back to their queues.
    func show(cells: [IndexPath: Cell], views: [Int: HeaderFooterView]) {
        enqueueVisibleCells()
        visibleCells = cells
        enqueueVisibleHeaderFooters()
        visibleHeaderFooters = views
    }

    /// Cells created and reused per identifier, and header/footer counts, into `s`.
    func addCounts(to s: inout RenderStatistics) {
        for (id, q) in queues where q.created + q.reused > 0 {
            var c = RenderStatistics.Counts()
            c.created = q.created
            c.reused = q.reused
            s.perIdentifier[id] = c
            s.cellsCreated += q.created
            s.cellsReused += q.reused
        }
        s.headerFootersCreated += headerFootersCreated
        s.headerFootersReused += headerFootersReused
        for (id, c) in headerFooterCounts { s.perHeaderFooterIdentifier[id] = c }
    }

    func resetCounts() {
        for q in queues.values {
            q.created = 0
            q.reused = 0
        }
        headerFootersCreated = 0
        headerFootersReused = 0
        headerFooterCounts = [:]
    }
}
