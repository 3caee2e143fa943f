/// Pictures of canvases that share one style sheet: the SVG and HTML
/// writers use one per document, a report one per page (CSS inside inline
/// SVG applies to the whole page, so class names must agree across frames).
///
/// Geometry: a cell is `BoxDrawing.cellWidth` × `cellHeight` units, shown
/// at `pixelScale` (8.4 × 16.8 px, a 14 px monospace font's cell).
public final class PictureBook {
    /// The colours every picture of the book is drawn in.
    public let theme: Theme
    let styles: PictureStyles
    let painter: SVGRowPainter
    static let pixelScale = (numerator: 84, denominator: 100)
    static let fontFamily = "'DejaVu Sans Mono','Menlo','Consolas','Liberation Mono',monospace"
    /// Fits the monospace advance (about 0.6 em) to the cell width.
    static let fontSize = "16.6"

    /// Creates an empty book drawing in `theme`.
    public init(theme: Theme) {
        self.theme = theme
        styles = PictureStyles(theme: theme)
        painter = SVGRowPainter(styles: styles)
    }

    /// The CSS every picture of this book needs (classes used so far).
    /// Rectangles keep crisp edges: a picture scaled to a fractional pixel
    /// size would otherwise blend the page into the edge two lines of one
    /// colour share, a hairline seam across a coloured row.
    public var styleSheet: String {
        "text{fill:" + Theme.hex(theme.foreground) + ";white-space:pre}"
            + "path{fill:none;stroke-linecap:square}rect{shape-rendering:crispEdges}"
            + ".d{fill:#ff9f0a;fill-opacity:.45}"
            + styles.rules.joined()
    }

    /// One `<svg>` element of the canvas lines, without a style sheet (put
    /// `styleSheet` in the page). `marked` cells are highlighted.
    public func svgElement(
        _ canvas: Canvas, lines: Range<Int>? = nil, title: String? = nil,
        marked: ((Int, Int) -> Bool)? = nil
    ) -> String {
        let lines = lines ?? 0..<canvas.height
        painter.out.removeAll()
        painter.paint(canvas, lines: lines, top: 0, marked: marked)
        let rows = max(0, min(canvas.height, lines.upperBound) - max(0, lines.lowerBound))
        let out = ByteBuffer(capacity: painter.out.count + 512)
        out.append(openTag(columns: canvas.width, rows: rows, title: title))
        out.append(painter.out.bytes)
        out.append("</svg>")
        painter.out.removeAll()
        return out.string
    }

    /// `<svg …>` for a grid of `columns` × `rows` cells, its title and
    /// background.
    func openTag(columns: Int, rows: Int, title: String?) -> String {
        let w = columns * BoxDrawing.cellWidth
        let h = rows * BoxDrawing.cellHeight
        var tag =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Self.pixels(w)
            + "\" height=\"" + Self.pixels(h) + "\" viewBox=\"0 0 \(w) \(h)\" font-family=\"" + Self.fontFamily
            + "\" font-size=\"" + Self.fontSize + "\" xml:space=\"preserve\" role=\"img\">"
        if let title { tag += "<title>" + XMLText.escape(title) + "</title>" }
        tag += "<rect width=\"100%\" height=\"100%\" fill=\"" + Theme.hex(theme.background) + "\"/>"
        return tag
    }

    /// Units shown as CSS pixels, with one decimal.
    static func pixels(_ units: Int) -> String {
        let tenths = units * pixelScale.numerator / (pixelScale.denominator / 10)
        return "\(tenths / 10)" + (tenths % 10 == 0 ? "" : ".\(tenths % 10)")
    }
}

/// The part the SVG and HTML writers share: rows from every `write` are
/// collected (the picture's height and style sheet are only known at the
/// end) and `flush` hands the finished picture over.
final class PictureCollector {
    let book: PictureBook
    private(set) var columns = 0
    private(set) var rows = 0
    private(set) var begun = false

    init(theme: Theme) { book = PictureBook(theme: theme) }

    func add(_ canvas: Canvas, lines: Range<Int>) {
        let range = max(0, lines.lowerBound)..<min(canvas.height, max(lines.upperBound, 0))
        book.painter.paint(canvas, lines: range, top: rows)
        rows += range.count
        columns = max(columns, canvas.width)
        begun = true
    }

    /// The rows collected as an `<svg>` element (with its style sheet when
    /// `embedStyles`), then starts afresh; nil when nothing was written.
    func take(title: String?, embedStyles: Bool, into sink: ByteSink) throws -> Bool {
        guard begun else { return false }
        var head = book.openTag(columns: columns, rows: rows, title: title)
        if embedStyles { head += "<style>" + book.styleSheet + "</style>" }
        try write(head, sink)
        try sink.write(book.painter.out.bytes)
        try write("</svg>\n", sink)
        book.painter.out.removeAll()
        columns = 0
        rows = 0
        begun = false
        return true
    }

    func write(_ text: String, _ sink: ByteSink) throws {
        var text = text
        try text.withUTF8 { try sink.write($0) }
    }
}
