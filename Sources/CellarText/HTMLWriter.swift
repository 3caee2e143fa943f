/// A self-contained HTML page of the canvas lines written: inline CSS, no
/// scripts, nothing fetched. The grid is the SVG writer's, inline in the
/// page, so both show exactly the same cells. `flush` finishes the page.
public final class HTMLWriter: CanvasWriter {
    private let sink: ByteSink
    private let collector: PictureCollector
    private let title: String

    /// Creates a writer that sends one HTML page to `sink`, coloured by `theme`, titled `title`.
    public init(sink: ByteSink, theme: Theme = .light, title: String = "Cellar table") {
        self.sink = sink
        self.title = title
        collector = PictureCollector(theme: theme)
    }

    /// Adds the lines of `canvas` in `lines` to the page; nothing is sent until `flush`.
    public func write(_ canvas: Canvas, lines: Range<Int>) throws {
        collector.add(canvas, lines: lines)
    }

    /// Finishes the page and sends it, if any lines were written.
    public func flush() throws {
        guard collector.begun else { return }
        let book = collector.book
        try collector.write(Self.pageHead(title: title, theme: book.theme, styleSheet: book.styleSheet), sink)
        _ = try collector.take(title: nil, embedStyles: false, into: sink)
        try collector.write("</body>\n</html>\n", sink)
        try sink.flush()
    }

    /// Everything up to and including `<body>`: a page for pictures of `theme`.
    public static func pageHead(title: String, theme: Theme, styleSheet: String, extraCSS: String = "") -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<title>" + XMLText.escape(title) + "</title>\n<style>\n"
            + "body{margin:0;padding:16px;background:" + Theme.hex(theme.background) + ";color:"
            + Theme.hex(theme.foreground) + ";font-family:system-ui,sans-serif}\nsvg{display:block}\n"
            + styleSheet + "\n" + extraCSS + "</style>\n</head>\n<body>\n"
    }
}
