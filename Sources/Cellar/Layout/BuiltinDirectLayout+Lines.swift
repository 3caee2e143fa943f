import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wrapping labels (more than one line allowed, or a wrap mode) in the direct
/// layout. A piece is placed as a single-line one is (the general path sizes
/// columns by natural widths alike), then holds the lines `TextLayout.lines`
/// gives at its width: `LayoutEngine.labelLines`, which the general path
/// counts to measure and makes again to draw. Each line is aligned as that
/// path aligns it (`TextLayout.align`).
extension BuiltinDirectLayout {
    /// Lines a piece may hold; a label of more takes the general path. With
    /// the paddings allowed, every position fits `Piece`'s `Int16` fields.
    static let maximumLines = 8192

    /// The layout with the text's piece (when `text` gives its properties) and the detail's (`detail`) broken
    /// into their lines, placed as the style's stack places them: one under the other (`subtitle`, `spacing`
    /// apart), or side by side from the top. Nil when a piece has more than `maximumLines`.
    func wrapped(
        _ kind: BuiltinCellStyle.Kind, text: TextProperties?, detail: TextProperties?, spacing: Int,
        ambiguousWide: Bool
    ) -> BuiltinDirectLayout? {
        var layout = self
        // A single-line piece is one line; a wrapping one as many as it holds (none: no piece).
        var textLines = p1 == nil ? 0 : 1
        var detailLines = p2 == nil ? 0 : 1
        if let text {
            guard let n = Self.breakIntoLines(&layout.p1, text, ambiguousWide: ambiguousWide) else { return nil }
            textLines = n
        }
        if let detail {
            guard let n = Self.breakIntoLines(&layout.p2, detail, ambiguousWide: ambiguousWide) else { return nil }
            detailLines = n
        }
        var content = max(textLines, detailLines)
        if kind == .subtitle {
            // As a vertical stack places its children: one with no lines takes no room, nor a spacing.
            content = textLines
            if detailLines > 0 {
                if textLines > 0 { content += spacing }
                layout.p2?.move(toLine: content)
                content += detailLines
            }
        }
        layout.height = max(p0 == nil ? 0 : 1, content)
        return layout
    }

    /// The piece broken into its lines at its width, as the general path lays the label out; nil when they
    /// are more than `maximumLines`, else their count (the piece dropped when there are none).
    private static func breakIntoLines(_ piece: inout Piece?, _ p: TextProperties, ambiguousWide: Bool) -> Int? {
        guard let old = piece else { return 0 }
        let lines = TextLayout.joinedLines(
            old.text, width: old.width, numberOfLines: p.numberOfLines, mode: p.lineBreakMode,
            ambiguousWide: ambiguousWide, knownClean: old.plain)
        guard lines.count <= maximumLines else { return nil }
        if lines.count == 0 {
            piece = nil
        } else {
            piece?.hold(lines: lines.text, count: lines.count)
        }
        return lines.count
    }

    /// Draws a piece's lines, each aligned in its width, those below `height` clipped.
    static func drawLines(_ p: borrowing Piece, into canvas: inout Canvas, x: Int, y: Int, height: Int) {
        let ambiguousWide = canvas.ambiguousWide
        let (width, alignment, style, left, top) = (p.width, p.alignment, p.style, x + p.x, y + p.y)
        var text = p.text
        text.withUTF8 { bytes in
            forEachLine(in: bytes, upTo: min(p.textWidth, height - p.y)) { i, range in
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                let (lead, shown) = TextLayout.align(
                    line, width: width, alignment: alignment, ambiguousWide: ambiguousWide)
                canvas.draw(clean: shown, x: left + lead, y: top + i, maxWidth: width - lead, style: style)
            }
        }
    }

    /// Puts the piece's line at `line` of the content, if it has one there, into plain lines; false when it
    /// cannot go there as its bytes. Placed from its plain columns as `TextLayout.align` places a line that
    /// fits; one that does not (a wide character on a line of one column) is left to the cells.
    static func putLine(
        _ line: Int, of p: borrowing Piece, _ height: Int, _ x: Int, _ out: inout PlainLines
    ) -> Bool {
        guard line >= p.y, line < p.y + p.textWidth, line < height else { return true }
        let (k, width, alignment, left) = (line - p.y, p.width, p.alignment, x + p.x)
        var text = p.text
        return text.withUTF8 { bytes in
            var range = 0..<0
            forEachLine(in: bytes, upTo: k + 1) { i, r in if i == k { range = r } }
            guard !range.isEmpty else { return true }
            let line = UnsafeBufferPointer(rebasing: bytes[range])
            guard let columns = PlainLines.plainColumns(line), columns <= width else { return false }
            let free = width - columns
            let lead = alignment == .leading ? 0 : alignment == .center ? free / 2 : free
            return out.put(utf8: line, x: left + lead, columns: columns, knownPlain: true)
        }
    }

    /// Calls `body` with the bytes of each of the first `end` lines held in `bytes`, and its index.
    private static func forEachLine(
        in bytes: UnsafeBufferPointer<UInt8>, upTo end: Int, _ body: (Int, Range<Int>) -> Void
    ) {
        guard let base = bytes.baseAddress else { return end > 0 ? body(0, 0..<0) : () }
        var start = 0
        for i in 0..<max(0, end) {
            var stop = bytes.count
            if let found = memchr(base + start, 0x0A, bytes.count - start) {
                stop = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            }
            body(i, start..<stop)
            guard stop < bytes.count else { return }
            start = stop + 1
        }
    }
}
