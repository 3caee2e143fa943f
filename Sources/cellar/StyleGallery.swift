import Cellar
import CellarText

/// Draws styles in every state (`GalleryState`) at each width into any
/// canvas writer (ANSI for the terminal, SVG for the page): per state a
/// caption line, then the table as `render` draws it. A state that fails
/// shows its located error in place of the table and is kept in `problems`,
/// as is a table that draws wider than its width.
final class StyleGallery {
    let registry: Registry
    /// Each problem, one line, naming the style, the state and the width.
    private(set) var problems: [String] = []
    /// Lines of an error shown in place of a table (the error is bounded, so is the page).
    static let errorLines = 12

    init(registry: Registry) { self.registry = registry }

    /// `entry` in each of its states at `width`, into `writer` (flushed once,
    /// at the end), drawn for `appearance` (what `ctx.theme` and colour
    /// pairs follow; the page's dark pictures are drawn dark).
    func draw(
        _ entry: GalleryEntry, width: Int, appearance: Appearance = .light, into writer: CanvasWriter
    ) throws {
        let held = HeldFlush(writer)
        for state in GalleryState.states(headerFooter: entry.isHeaderFooter) {
            try caption(state.rawValue, width: width, into: held)
            guard !entry.samples.isEmpty else {
                try caption(entry.samplesFrom, width: width, into: held, style: Self.noteStyle)
                break
            }
            do {
                let (table, note) = try state.table(entry, registry: registry, width: width)
                table.appearance = appearance
                if let note {
                    try caption(note, width: width, into: held, style: Self.noteStyle)
                    continue
                }
                try checkWidth(try table.renderText(), entry, state, width)
                try table.render(to: held)
            } catch let e as WriteError {
                throw e
            } catch {
                let message = "\(error)"
                problems.append(
                    "\(entry.identifier) (\(entry.source)), \(state.rawValue) at \(width) columns: \(message)")
                let lines = TextLayout.lines(message, width: width).prefix(Self.errorLines)
                for line in lines { try caption(line, width: width, into: held, style: Self.errorStyle) }
            }
        }
        try writer.flush()
    }

    private func checkWidth(_ text: String, _ entry: GalleryEntry, _ state: GalleryState, _ width: Int) throws {
        let widest = text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
        guard widest > width else { return }
        throw CellarError("draws \(widest) columns wide, wider than its \(width)")
    }

    static let captionStyle = TextStyle(attributes: [.bold], foreground: .semantic(.tint))
    static let noteStyle = TextStyle(attributes: [.dim], foreground: .semantic(.secondaryLabel))
    static let errorStyle = TextStyle(foreground: .semantic(.destructive))

    /// One line of text, as wide as the table or, to be read whole, as the text.
    func caption(_ text: String, width: Int, into writer: CanvasWriter, style: TextStyle = captionStyle) throws {
        let text = Sanitizer.sanitize(text)
        var canvas = Canvas(width: max(width, DisplayWidth.of(text)), height: 1)
        canvas.draw(clean: text, x: 0, y: 0, style: style)
        try writer.write(canvas)
    }
}

/// A writer passing lines on but not `flush`: several tables and captions
/// go into one picture (a table's render flushes its writer at its end).
final class HeldFlush: CanvasWriter {
    let writer: CanvasWriter
    init(_ writer: CanvasWriter) { self.writer = writer }
    func write(_ canvas: Canvas, lines: Range<Int>) throws { try writer.write(canvas, lines: lines) }
    func flush() throws {}
    var writesPlainText: Bool { writer.writesPlainText }
}
