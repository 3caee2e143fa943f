import CellarText

/// One thing a stream render draws, in table order: a row laid out on the
/// table's thread, a section item's drawing, or the lines drawn so far
/// written out. Values only (the row's content, not its cell): the cell goes
/// back to its queue, and may configure the next row, before this is drawn.
enum StreamItem {
    case row(StreamedRow)
    /// A section item `lines` tall, drawn by `draw` at a canvas line.
    case drawing(lines: Int, draw: (inout Canvas, Int) -> Void)
    /// The lines drawn so far go to the writer, and the writer flushes (rows arriving from a pipe).
    case flush
}

/// A row as the stream draws it: laid out, with the height the table, its
/// delegate or its style gave (nil: the content's measure, taken where it is
/// drawn) and the separator lines after it.
struct StreamedRow {
    let indexPath: IndexPath
    let content: RowContent
    let lines: Int?
    let separator: Int
}

extension StreamBatcher {
    /// Draws `item` into the batch (on whichever thread holds this batcher).
    mutating func draw(_ item: consuming StreamItem, _ rows: RowRenderer, _ l: TableLayout) throws {
        switch consume item {
        case .row(let row):
            let lines = row.lines ?? row.content.lines()
            try emit(lines + row.separator) {
                rows.draw(row.indexPath, lines: lines, l, into: &$0, y: $1, content: row.content)
            }
        case .drawing(let lines, let draw): try emit(lines, draw)
        case .flush:
            try flush()
            try writer.flush()
        }
    }
}

/// Where a stream render's items go: drawn at once into a batcher on this
/// thread, or handed in order to a `StreamDrawThread` that draws them (and
/// writes the batches) while this thread configures and lays out the next
/// rows. Either way the writer sees the same calls in the same order.
struct StreamOutput {
    private var here: StreamBatcher?
    private let thread: StreamDrawThread?
    /// What rows are drawn with here. A thread keeps the renderer it started
    /// with: a growing table, whose row states may change between rows, is drawn here.
    var rows: RowRenderer
    private let layout: TableLayout

    /// Items drawn by `batcher`, on a second thread when `threaded` and one starts.
    init(_ batcher: StreamBatcher, _ rows: RowRenderer, _ l: TableLayout, threaded: Bool) {
        self.rows = rows
        layout = l
        thread = threaded ? StreamDrawThread(batcher, rows, l) : nil
        here = thread == nil ? batcher : nil
    }

    /// Whether a second thread draws the items.
    var isThreaded: Bool { thread != nil }

    mutating func add(_ item: consuming StreamItem) throws {
        if let thread { return try thread.add(item) }
        try here?.draw(item, rows, layout)
    }

    /// A section item `lines` tall, drawn by `draw` at a canvas line.
    mutating func emit(_ lines: Int, _ draw: @escaping (inout Canvas, Int) -> Void) throws {
        try add(.drawing(lines: lines, draw: draw))
    }

    /// Writes out the lines drawn so far and flushes the writer; returns once they are written.
    mutating func flush() throws {
        try add(.flush)
        try thread?.drain()
    }

    /// Draws what is left (index titles past the last row), writes the last
    /// batch and, with a thread, waits for it and ends it.
    mutating func finish() throws {
        if let thread { return try thread.finish() }
        try here?.finish()
    }

    /// Ends the thread, if any, dropping what it has not drawn; for every path, a failed render's too.
    func stop() {
        thread?.stop()
    }
}
