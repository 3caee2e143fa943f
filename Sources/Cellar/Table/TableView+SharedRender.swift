import CellarText

/// A whole-table render shared by two tables over the same rows, drawn at
/// once on two threads: the table's items are cut into runs
/// (`sharedRunItems(forItems:)`), this table draws the even runs straight to the output
/// and the partner (the same data, its own styles: for Lua, its own state)
/// draws the odd ones into memory, which this table writes out in turn.
/// Each run is what the whole render draws for its items, so the output is
/// the same bytes as one table's whenever every style draws a row from that
/// row alone (`CellStyle.drawsRowsIndependently`).
///
/// Invariants: the partner runs only on its thread until it is joined, and
/// this table only on the caller's; the two share nothing but the rows'
/// read-only source and the hand-over (`SharedRuns`, under its lock). At
/// most two of the partner's runs wait in memory.
extension TableView {
    /// Items in one run of a shared render of `items` items: an eighth of the
    /// table, between 4,096 and 8,192. Large enough that a run's set-up
    /// costs little per row, small enough that the runs held in memory (a
    /// megabyte or two each) stay small and that both tables have runs to draw.
    public static func sharedRunItems(forItems items: Int) -> Int { min(max(items / 8, 4_096), 8_192) }

    /// Whether a whole-table render may be shared with a partner over the
    /// same rows: long (at least `streamThreadMinimumRows` rows), no
    /// viewport, not editing (reorder controls ask the data source as rows
    /// draw), no table header or footer view, no section index (its titles are drawn by table line, which a
    /// run cannot know before the runs above it are drawn), no rows still
    /// arriving, and every style it uses (`identifiers`, rows' cells and
    /// section views alike) draws rows independently.
    ///
    /// A table of built-in rows alone is not shared: its own render already
    /// keeps both cores busy (rows decoded and measured ahead, lines written
    /// on the other core); only a custom style's hooks, which run on the
    /// table's thread, leave the second core waiting.
    public func canShareRender(identifiers: some Sequence<String>) throws -> Bool {
        guard try tableAllowsSharedRender(), WorkerThread.hasSecondCore else { return false }
        let styles = identifiers.compactMap {
            registry.style(for: $0) ?? registry.headerFooterRegistration(for: $0).style
        }
        return styles.contains { !($0 is BuiltinCellStyle) } && styles.allSatisfy(\.drawsRowsIndependently)
    }

    /// `canShareRender` before it asks about the styles and the cores.
    package func tableAllowsSharedRender() throws -> Bool {
        // The partner draws runs of the sections alone: a table header or footer view stays on one table.
        guard viewportHeight == nil, !isEditing, tableHeaderView == nil, tableFooterView == nil else { return false }
        if let growing = dataSource as? TableViewGrowingDataSource, growing.mayGrow { return false }
        let l = try currentLayout()
        return l.indexTitles.isEmpty && l.rowCounts.reduce(0, +) >= streamThreadMinimumRows
    }

    /// Streams the whole table into `sink`, sharing the work with `partner`
    /// (see the extension's note; `canShareRender` says when that is
    /// right), in runs of `runItems` items (nil: `sharedRunItems(forItems:)`). `makeWriter` makes the writer of
    /// either table's lines over a sink. The partner draws at this table's
    /// width and ambiguous-width setting. The first error in table order is
    /// thrown, after everything drawn before it is in `sink`.
    public func renderStream(
        sharedWith partner: TableView, into sink: ByteSink, runItems: Int? = nil,
        writer makeWriter: (ByteSink) -> CanvasWriter
    ) throws {
        partner.width = width
        partner.ambiguousWide = ambiguousWide
        let items = try currentLayout().itemCount
        guard try partner.currentLayout().itemCount == items else {
            throw CellarError("a shared render needs two tables over the same rows")
        }
        let run = max(1, runItems ?? Self.sharedRunItems(forItems: items))
        let runs = SharedRuns(partner, makeWriter, items: items, runItems: run)
        let writer = makeWriter(sink)
        guard runs.start() else {
            try render(to: writer)
            return
        }
        defer { runs.stop() }
        try pinningSources {
            let l = try currentLayout()
            for run in 0..<runs.count {
                if run % 2 == 0 {
                    try renderStream(l, to: writer, items: runs.items(run))
                    try writer.flush()
                } else {
                    try runs.write(run, into: sink)
                }
            }
        }
        try writer.flush()
    }
}

/// The partner's side of a shared render: it draws the odd runs on its own
/// thread into buffers, which the table takes in order.
private final class SharedRuns: @unchecked Sendable {
    let partner: TableView
    let writer: CanvasWriter
    let sink = MemorySink()
    let itemCount: Int
    let runItems: Int
    let thread = WorkerThread()
    /// A run's lines as the partner drew them, and the error that ended it
    /// (only the last run drawn can have one).
    struct Drawn {
        let run: Int
        var bytes: [UInt8]
        let error: Error?
    }
    // Shared under `thread`'s lock.
    /// Runs drawn and not yet taken, in order.
    private var drawn: [Drawn] = []
    /// Buffers the table has written out, for the next runs.
    private var spare: [[UInt8]] = []
    private var stopping = false
    private var ended = false

    init(_ partner: TableView, _ makeWriter: (ByteSink) -> CanvasWriter, items: Int, runItems: Int) {
        self.partner = partner
        writer = makeWriter(sink)
        itemCount = items
        self.runItems = runItems
    }

    var count: Int { (itemCount + runItems - 1) / runItems }
    func items(_ run: Int) -> Range<Int> { (run * runItems)..<min(itemCount, (run + 1) * runItems) }

    /// Starts the partner's thread; false when there is nothing for it or it cannot start.
    func start() -> Bool { count > 1 && thread.start { [self] in drawRuns() } }

    /// Ends the partner (after the run it is drawing) and joins it.
    func stop() { thread.stop { stopping = true } }

    private func drawRuns() {
        partner.pinningSources {
            guard let l = try? partner.currentLayout() else { return finish() }
            for run in stride(from: 1, to: count, by: 2) {
                thread.lock()
                while drawn.count >= 2 && !stopping { thread.wait() }
                let go = !stopping
                _ = sink.takeBytes(continuingIn: spare.popLast() ?? [])
                thread.unlock()
                guard go else { break }
                var failure: Error?
                do {
                    try partner.renderStream(l, to: writer, items: items(run))
                    try writer.flush()
                } catch {
                    failure = error
                }
                // The sink lets go of the storage: the table's copy is then the only one, kept for a later run.
                let bytes = sink.takeBytes()
                thread.lock()
                drawn.append(Drawn(run: run, bytes: bytes, error: failure))
                thread.broadcast()
                thread.unlock()
                if failure != nil { break }
            }
            finish()
        }
    }

    private func finish() {
        thread.lock()
        ended = true
        thread.broadcast()
        thread.unlock()
    }

    /// Writes run `run`'s lines into `sink` once the partner has drawn them,
    /// then throws the error that ended the run, if one did.
    func write(_ run: Int, into out: ByteSink) throws {
        guard var next = take(), next.run == run else {
            throw CellarError("the shared render's second table stopped before run \(run)")
        }
        try next.bytes.withUnsafeBufferPointer { try out.write($0) }
        if let error = next.error { throw error }
        next.bytes.removeAll(keepingCapacity: true)
        thread.lock()
        spare.append(next.bytes)
        thread.unlock()
    }

    /// The next run drawn, once there is one; nil when the partner ended first.
    private func take() -> Drawn? {
        thread.lock()
        defer { thread.unlock() }
        while drawn.isEmpty && !ended { thread.wait() }
        guard !drawn.isEmpty else { return nil }
        thread.broadcast()  // the partner may wait for room
        return drawn.removeFirst()
    }
}
