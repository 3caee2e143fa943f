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
        var status = Canvas(width: max(1, width), height: 1, ambiguousWide: table.ambiguousWide)
        openErrorIfCut(session, statusWidth: status.width)
        if session.showsError, let detail = session.errorDetail {
            drawOverlay(Self.errorTitle, detail, keys: [], into: &canvas)
        } else if session.showsHelp {
            drawOverlay(
                session.message.isEmpty ? nil : Self.lastMessageTitle, session.message, keys: BrowseHelp.lines,
                into: &canvas)
        }
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
            session.report(error)
        }
        let height = table.viewportHeight ?? 1
        if let last = lastCanvas, last.width == table.width, last.height == height { return last }
        return Canvas(width: table.width, height: height, ambiguousWide: table.ambiguousWide)
    }

    /// A new error the status line would cut opens the overlay; one that
    /// fits is only in the status line.
    private func openErrorIfCut(_ session: BrowseSession, statusWidth: Int) {
        guard let detail = session.errorDetail, !session.showsError else { return }
        let whole = detail == session.message
        if whole, DisplayWidth.of(statusText(session), ambiguousWide: session.table.ambiguousWide) <= statusWidth {
            session.errorDetail = nil
        } else {
            session.showsError = true
        }
    }

    /// An overlay: `title`, then `text` wrapped in full, then `keys`. The
    /// text comes first so that a short terminal, which cuts the overlay's
    /// end, still shows all of it.
    private func drawOverlay(_ title: String?, _ text: String, keys: [String], into canvas: inout Canvas) {
        canvas.fill(x: 0, y: 0, width: canvas.width, height: canvas.height, character: " ")
        var lines: [String] = []
        if let title {
            lines = [title]
            lines += TextLayout.lines(
                Sanitizer.sanitize(text), width: max(1, canvas.width - 2), numberOfLines: 0, mode: .wordWrap,
                ambiguousWide: canvas.ambiguousWide)
            lines.append("")
        }
        lines += keys
        for (y, line) in lines.prefix(canvas.height).enumerated() {
            canvas.draw(line, x: 1, y: y, maxWidth: canvas.width - 1)
        }
    }

    /// The heading of the last message in the `?` overlay.
    static let lastMessageTitle = "last message:"
    /// The heading of the error overlay.
    static let errorTitle = "error (any key closes; the status line keeps its first line):"

    private func statusText(_ session: BrowseSession) -> String {
        let count = session.rowCount
        let row = session.focus.map { "row \(session.ordinal(of: $0))/\(count)" } ?? "\(count) rows"
        var text = " \(fileName)  \(row)  \(session.mode.name)"
        if !session.message.isEmpty { text += "  " + session.message }
        if session.showsHelp { text += "  (any key closes help)" }
        return text
    }

    private func drawStatus(_ session: BrowseSession, into canvas: inout Canvas) {
        let inverse = TextStyle(attributes: .inverse)
        canvas.fill(x: 0, y: 0, width: canvas.width, character: " ", style: inverse)
        canvas.draw(statusText(session), x: 0, y: 0, maxWidth: canvas.width, style: inverse, ellipsis: true)
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
