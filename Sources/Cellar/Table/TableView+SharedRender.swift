import CellarText

/// A whole-table render shared by two tables over the same rows, drawn at
/// once on two threads: this table draws the items before the split, the
/// partner (the same data, its own styles: for Lua, its own state) the
/// rest. Each part is what the whole render draws for its items, so the
/// caller's output is the same bytes as one table's whenever every style
/// draws a row from that row alone (`CellStyle.drawsRowsIndependently`).
///
/// Invariants: the partner runs only on its thread until it is joined, and
/// this table only on the caller's; the two share nothing but the rows'
/// read-only source.
extension TableView {
    /// Whether a whole-table render may be shared with a partner over the
    /// same rows: long (at least `streamThreadMinimumRows` rows), no
    /// viewport, not editing (reorder controls ask the data source as rows
    /// draw), no section index (its titles are drawn by table line, which
    /// the second part cannot know before the first is drawn), no rows
    /// still arriving, and every style it uses (`identifiers`, rows' cells
    /// and section views alike) draws rows independently.
    public func canShareRender(identifiers: some Sequence<String>) throws -> Bool {
        guard try tableAllowsSharedRender(), WorkerThread.hasSecondCore else { return false }
        return identifiers.allSatisfy { id in
            let style = registry.style(for: id) ?? registry.headerFooterRegistration(for: id).style
            return style?.drawsRowsIndependently ?? true  // no style: a plain view, nothing runs
        }
    }

    /// `canShareRender` before it asks about the styles and the cores.
    package func tableAllowsSharedRender() throws -> Bool {
        guard viewportHeight == nil, !isEditing else { return false }
        if let growing = dataSource as? TableViewGrowingDataSource, growing.mayGrow { return false }
        let l = try currentLayout()
        return l.indexTitles.isEmpty && l.rowCounts.reduce(0, +) >= streamThreadMinimumRows
    }

    /// Streams the whole table to `writer`, sharing the work with `partner`
    /// (see the extension's note; `canShareRender` says when that is right):
    /// `partner` draws the second half of the items to `partnerWriter` on a
    /// second thread. Once this table's half is written and flushed and the
    /// partner has ended, `join` appends what the partner wrote (everything
    /// it drew before any failure) to this table's output. The first error
    /// in table order is thrown: this half's, before anything is joined; else
    /// the partner's, after.
    public func renderStream(
        sharedWith partner: TableView, to writer: CanvasWriter, partnerWriter: CanvasWriter,
        join: () throws -> Void
    ) throws {
        let items = try currentLayout().itemCount
        guard try partner.currentLayout().itemCount == items else {
            throw CellarError("a shared render needs two tables over the same rows")
        }
        let split = items / 2
        let second = SharedRenderPart(partner, partnerWriter)
        let thread = WorkerThread()
        let started = thread.start { second.run(split..<items) }
        defer { thread.stop {} }  // joins: the partner ends before this returns
        let firstError: Error?
        do {
            try pinningSources { try renderStream(currentLayout(), to: writer, items: 0..<(started ? split : items)) }
            try writer.flush()
            firstError = nil
        } catch {
            firstError = error
        }
        thread.stop {}
        if let firstError { throw firstError }
        guard started else { return }
        try join()
        if let e = second.error { throw e }
    }
}

/// The partner's half of a shared render, run on its own thread.
private final class SharedRenderPart: @unchecked Sendable {
    let table: TableView
    let writer: CanvasWriter
    /// Set on the partner's thread; read after it is joined.
    var error: Error?

    init(_ table: TableView, _ writer: CanvasWriter) {
        self.table = table
        self.writer = writer
    }

    func run(_ items: Range<Int>) {
        do {
            try table.pinningSources { try table.renderStream(table.currentLayout(), to: writer, items: items) }
            try writer.flush()
        } catch {
            self.error = error
        }
    }
}
