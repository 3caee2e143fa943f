import Cellar
import CellarText

/// What the terminal shows: the table's viewport as `render` draws it (the
/// focus mark included: `TableView.showsFocusMark`), the `?` overlay, and
/// the status line.
/// Text reaches the screen only through `Canvas.draw` and the writers, which
/// sanitise it as `render` does.
public final class BrowseScreen {
    /// The file name the status line shows.
    public let fileName: String
    /// Whether the screen is drawn with ANSI colours and attributes, else as plain text.
    public let useColor: Bool
    /// The table's last good canvas: a render that fails keeps it on screen.
    private var lastCanvas: Canvas?

    /// Creates a screen showing `fileName`, in colour when `useColor` is set.
    public init(fileName: String, useColor: Bool) {
        self.fileName = fileName
        self.useColor = useColor
    }

    /// The whole screen at `width` × `height` (the last line is the status).
    public func frame(_ session: BrowseSession, width: Int, height: Int) -> Frame {
        let table = session.table
        table.width = max(1, width)
        table.viewportHeight = max(1, height - 1)
        var canvas = tableCanvas(session)
        if session.showsHelp { drawHelp(session.message, into: &canvas) }
        var status = Canvas(width: max(1, width), height: 1, ambiguousWide: table.ambiguousWide)
        drawStatus(session, into: &status)
        return Frame(lines: lines(of: canvas) + lines(of: status))
    }

    private func tableCanvas(_ session: BrowseSession) -> Canvas {
        let table = session.table
        let capture = CanvasCapture()
        do {
            try table.render(to: capture)
            if let canvas = capture.canvas { lastCanvas = canvas }
        } catch {
            session.message = "\(error)"
        }
        let height = table.viewportHeight ?? 1
        if let last = lastCanvas, last.width == table.width, last.height == height { return last }
        return Canvas(width: table.width, height: height, ambiguousWide: table.ambiguousWide)
    }

    /// The last message in full (a located error does not fit the status
    /// line), then the keys. The message comes first so that a short
    /// terminal, which cuts the overlay's end, still shows all of it.
    private func drawHelp(_ message: String, into canvas: inout Canvas) {
        canvas.fill(x: 0, y: 0, width: canvas.width, height: canvas.height, character: " ")
        var lines: [String] = []
        if !message.isEmpty {
            lines = [Self.lastMessageTitle]
            lines += TextLayout.lines(
                Sanitizer.sanitize(message), width: max(1, canvas.width - 2), numberOfLines: 0, mode: .wordWrap,
                ambiguousWide: canvas.ambiguousWide)
            lines.append("")
        }
        lines += BrowseHelp.lines
        for (y, line) in lines.prefix(canvas.height).enumerated() {
            canvas.draw(line, x: 1, y: y, maxWidth: canvas.width - 1)
        }
    }

    /// The heading of the last message in the `?` overlay.
    static let lastMessageTitle = "last message:"

    private func drawStatus(_ session: BrowseSession, into canvas: inout Canvas) {
        let count = session.rowCount
        let row = session.focus.map { "row \(session.ordinal(of: $0))/\(count)" } ?? "\(count) rows"
        var text = " \(fileName)  \(row)  \(session.mode.name)"
        if !session.message.isEmpty { text += "  " + session.message }
        if session.showsHelp { text += "  (any key closes help)" }
        let inverse = TextStyle(attributes: .inverse)
        canvas.fill(x: 0, y: 0, width: canvas.width, character: " ", style: inverse)
        canvas.draw(text, x: 0, y: 0, maxWidth: canvas.width, style: inverse, ellipsis: true)
    }

    /// The canvas's lines as the writer encodes them, one entry a line.
    private func lines(of canvas: Canvas) -> [[UInt8]] {
        let sink = MemorySink()
        let writer: CanvasWriter = useColor ? ANSIWriter(sink: sink) : PlainWriter(sink: sink)
        do { try writer.write(canvas) } catch { return [] }
        var lines = sink.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

/// A writer that keeps the canvas it is given (the viewport render writes one).
final class CanvasCapture: CanvasWriter {
    var canvas: Canvas?
    func write(_ canvas: Canvas, lines: Range<Int>) throws { self.canvas = canvas }
    func flush() throws {}
}
