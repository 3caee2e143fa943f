/// A standalone SVG picture of the canvas lines written (see
/// `SVGRowPainter`): a monospace cell grid, colours from `theme`. The rows
/// of every `write` are one picture, finished and sent by `flush`.
public final class SVGWriter: CanvasWriter {
    private let sink: ByteSink
    private let collector: PictureCollector
    private let title: String?

    /// Creates a writer that sends one SVG picture to `sink`, coloured by `theme`, with an optional `<title>`.
    public init(sink: ByteSink, theme: Theme = .light, title: String? = nil) {
        self.sink = sink
        self.title = title
        collector = PictureCollector(theme: theme)
    }

    /// Adds the lines of `canvas` in `lines` to the picture; nothing is sent until `flush`.
    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        collector.add(canvas, lines: lines)
    }

    /// Finishes the picture and sends it, if any lines were written.
    public func flush() throws {
        if try collector.take(title: title, embedStyles: true, into: sink) {
            try sink.flush()
        }
    }
}
