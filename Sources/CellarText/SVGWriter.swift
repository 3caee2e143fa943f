/// A standalone SVG picture of the canvas lines written (see
/// `SVGRowPainter`): a monospace cell grid, colours from `theme`. The rows
/// of every `write` are one picture, finished and sent by `flush`.
public final class SVGWriter: CanvasWriter {
    private let sink: ByteSink
    private let collector: PictureCollector
    private let title: String?

    public init(sink: ByteSink, theme: Theme = .light, title: String? = nil) {
        self.sink = sink
        self.title = title
        collector = PictureCollector(theme: theme)
    }

    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        collector.add(canvas, lines: lines)
    }

    public func flush() throws {
        if try collector.take(title: title, embedStyles: true, into: sink) {
            try sink.flush()
        }
    }
}
