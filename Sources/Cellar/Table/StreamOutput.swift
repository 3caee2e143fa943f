import CellarText

/// One thing a stream render draws, in table order: a row laid out on the
/// table's thread, a section item's drawing, or (neither) the lines drawn so
/// far written out and the writer flushed (rows arriving from a pipe).
/// Values only (the row's content, not its cell): the cell goes back to its
/// queue, and may configure the next row, before this is drawn. Two optional
/// fields rather than an enum: an enum's payload is copied out to be read (a
/// retain per string of the row's tree), an optional field is used in place.
struct StreamItem {
    var row: StreamedRow?
    /// A section item `lines` tall, drawn by `draw` at a canvas line.
    var drawing: (lines: Int, draw: (inout Canvas, Int) -> Void)?

    static func row(_ row: consuming StreamedRow) -> StreamItem { StreamItem(row: row, drawing: nil) }
    static func drawing(lines: Int, draw: @escaping (inout Canvas, Int) -> Void) -> StreamItem {
        StreamItem(row: nil, drawing: (lines, draw))
    }
    static var flush: StreamItem { StreamItem(row: nil, drawing: nil) }
}

/// A row as the stream draws it: laid out, with the height the table, its
/// delegate or its style gave (nil: the content's measure, taken where it is
/// drawn) and the separator lines after it. Its place is two Ints, not an
/// `IndexPath`: Foundation's type is copied, compared and destroyed by calls
/// into Foundation, and a stream moves this value from thread to thread.
struct StreamedRow {
    let section: Int
    let row: Int
    let content: RowContent
    let lines: Int?
    let separator: Int

    /// Draws the row into the batch.
    func draw(into out: inout StreamBatcher, _ rows: RowRenderer, _ l: TableLayout) throws {
        let lines = self.lines ?? content.lines(tableWidth: out.width)
        // Measured here, the row is exactly as tall as its content: nothing to centre.
        let measured = self.lines == nil ? lines : nil
        try out.emit(lines + separator) {
            rows.draw(
                section: section, row: row, lines: lines, l, into: &$0, y: $1, content: content, measured: measured)
        }
    }
}

extension StreamBatcher {
    /// Draws `item` into the batch (on whichever thread holds this batcher).
    mutating func draw(_ item: borrowing StreamItem, _ rows: RowRenderer, _ l: TableLayout) throws {
        if item.row != nil {
            try item.row?.draw(into: &self, rows, l)
            return
        }
        if let drawing = item.drawing { return try emit(drawing.lines, drawing.draw) }
        try flush()
        try writer.flush()
    }
}

/// Where a stream render's items go. A long table uses a second thread
/// while this one configures and lays out the next rows: it either draws and
/// writes them (a `StreamDrawThread`, handed the items in order) or only
/// writes the drawn lines (a `BackgroundCanvasWriter`), chosen at the first
/// row (`choose`); items before it are drawn here. Either way the writer
/// sees the same calls in the same order.
struct StreamOutput {
    private var here: StreamBatcher?
    private var thread: StreamDrawThread?
    private var background: BackgroundCanvasWriter?
    /// A long table whose second thread is not chosen yet.
    private(set) var isUndecided: Bool
    /// What rows are drawn with here. A thread keeps the renderer it started
    /// with: a growing table, whose row states may change between rows, is drawn here.
    var rows: RowRenderer
    private let layout: TableLayout

    /// Items drawn by `batcher`; a second thread is chosen at the first row when `long`.
    init(_ batcher: StreamBatcher, _ rows: RowRenderer, _ l: TableLayout, long: Bool) {
        self.rows = rows
        layout = l
        here = batcher
        isUndecided = long
    }

    /// Whether a second thread draws the items, or only writes them.
    var drawsApart: Bool { thread != nil }
    var writesApart: Bool { thread != nil || background != nil }

    /// Starts the second thread: drawing (if one starts) when `drawsApart`,
    /// else writing. Lines drawn before were written here, in order.
    mutating func choose(drawsApart: Bool) {
        guard isUndecided, var batcher = here else { return }
        isUndecided = false
        if drawsApart, let t = StreamDrawThread(batcher, rows, layout) {
            thread = t
            here = nil
            return
        }
        let writer = BackgroundCanvasWriter(wrapping: batcher.writer)
        batcher.writer = writer
        background = writer
        here = batcher
    }

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
        try background?.drain()
    }

    /// Draws what is left (index titles past the last row), writes the last
    /// batch and, with a second thread, waits for it and ends it.
    mutating func finish() throws {
        if let thread { return try thread.finish() }
        try here?.finish()
        try background?.drain()
    }

    /// Ends the second thread, if any, dropping what it has not done; for every path, a failed render's too.
    func stop() {
        thread?.stop()
        background?.finish()
    }
}
