/// Draws canvas rows as SVG elements on the cell grid of `BoxDrawing`:
/// per row, background rectangles, one `<text>` whose `<tspan>`s are runs
/// of one style with every character's x given explicitly (so a character
/// sits at its column whatever the font's advances: widths come from the
/// canvas, that is from Cellar's width engine), then the box-drawing
/// strokes and block rectangles. Shared by the SVG and HTML writers.
final class SVGRowPainter {
    let styles: PictureStyles
    /// Row elements go here.
    let out = ByteBuffer(capacity: 1 << 16)
    private let runText = ByteBuffer(capacity: 1024)
    private let shapes = ByteBuffer(capacity: 1024)
    private let boxLight = ByteBuffer(capacity: 256)
    private let boxHeavy = ByteBuffer(capacity: 64)
    /// Runs of spaces longer than this end a text run (a gap is cheaper
    /// than positioning every blank).
    private let spacesKeptInRun = 2

    init(styles: PictureStyles) { self.styles = styles }

    /// Paints `lines` of `canvas` as picture rows from `top` on. `marked`
    /// cells (canvas x, y) get a highlight under them.
    func paint(_ canvas: Canvas, lines: Range<Int>, top: Int, marked: ((Int, Int) -> Bool)? = nil) {
        let rows = max(0, lines.lowerBound)..<min(canvas.height, max(lines.upperBound, 0))
        let looks = styles.looks(for: canvas)
        let width = canvas.width
        canvas.storage.withUnsafeBufferPointer { all in
            for y in rows {
                let cells = UnsafeBufferPointer(rebasing: all[(y &* width)..<((y &+ 1) &* width)])
                let end = canvas.extent(ofRow: y, in: all)
                let top = (top + y - rows.lowerBound) * BoxDrawing.cellHeight
                paintBackgrounds(cells, upTo: end, looks: looks, top: top)
                if let marked { paintMarks(width: width, top: top) { marked($0, y) } }
                paintText(canvas, cells, upTo: end, looks: looks, top: top)
            }
        }
    }

    private func paintBackgrounds(
        _ cells: UnsafeBufferPointer<UInt32>, upTo end: Int,
        looks: [PictureLook], top: Int
    ) {
        var i = 0
        while i < end {
            guard let bg = looks[Int(cells[i] >> Canvas.styleShift)].background else {
                i &+= 1
                continue
            }
            var j = i &+ 1
            while j < end, looks[Int(cells[j] >> Canvas.styleShift)].background == bg { j &+= 1 }
            rect(out, x: i * BoxDrawing.cellWidth, width: (j - i) * BoxDrawing.cellWidth, top: top, height: 2, fill: bg)
            i = j
        }
    }

    private func paintMarks(width: Int, top: Int, _ marked: (Int) -> Bool) {
        var i = 0
        while i < width {
            guard marked(i) else {
                i += 1
                continue
            }
            var j = i + 1
            while j < width && marked(j) { j += 1 }
            out.add("<rect class=\"d\" x=\"")
            out.addDecimal(i * BoxDrawing.cellWidth)
            out.add("\" y=\"")
            out.addDecimal(top)
            out.add("\" width=\"")
            out.addDecimal((j - i) * BoxDrawing.cellWidth)
            out.add("\" height=\"")
            out.addDecimal(BoxDrawing.cellHeight)
            out.add("\"/>")
            i = j
        }
    }

    /// A rectangle in half cells vertically (`height` 2 = a whole line).
    private func rect(_ out: ByteBuffer, x: Int, width: Int, top: Int, height: Int, fill: UInt32, dy: Int = 0) {
        out.add("<rect x=\"")
        out.addDecimal(x)
        out.add("\" y=\"")
        out.addDecimal(top + dy * BoxDrawing.cellHeight / 2)
        out.add("\" width=\"")
        out.addDecimal(width)
        out.add("\" height=\"")
        out.addDecimal(height * BoxDrawing.cellHeight / 2)
        out.add("\" fill=\"")
        out.addHex(fill)
        out.add("\"/>")
    }

    private func paintText(
        _ canvas: Canvas, _ cells: UnsafeBufferPointer<UInt32>, upTo end: Int,
        looks: [PictureLook], top: Int
    ) {
        var textOpen = false
        var runClass = -1  // class of the open run; -1: none open
        var pendingSpaces = 0
        var boxColor: UInt32? = nil  // colour of the strokes collected in `box`
        shapes.removeAll()
        var box = BoxPath(light: boxLight, heavy: boxHeavy)
        let cw = BoxDrawing.cellWidth
        var i = 0
        while i < end {
            let raw = cells[i]
            let content = raw & Canvas.contentMask
            let look = looks[Int(raw >> Canvas.styleShift)]
            if content == Canvas.continuation || (content == 0x20 && !look.decoratesBlanks) {
                if runClass >= 0 && content == 0x20 { pendingSpaces &+= 1 }
                i &+= 1
                continue
            }
            if content >= 0x2500 && content < 0x25A0 && BoxDrawing.isDrawn(content) {
                closeRun(&runClass)
                pendingSpaces = 0
                if boxColor != look.foreground {
                    flushBox(&box, boxColor)
                    boxColor = look.foreground
                }
                if let arms = BoxDrawing.arms(content) {
                    // A run of one horizontal line character is one stroke.
                    var j = i &+ 1
                    if arms.up == 0 && arms.down == 0 && arms.left == arms.right {
                        while j < end && cells[j] == raw { j &+= 1 }
                    }
                    if j > i &+ 1 {
                        box.horizontal(arms.left, from: i * cw, to: j * cw, y: top + BoxDrawing.cellHeight / 2)
                        i = j
                        continue
                    }
                    box.add(arms, x: i * cw, y: top)
                } else if let b = BoxDrawing.block(content) {
                    rect(
                        shapes, x: i * cw + b.x * cw / 2, width: b.width * cw / 2, top: top, height: b.height,
                        fill: look.foreground, dy: b.y)
                }
                i &+= 1
                continue
            }
            if !textOpen {
                out.add("<text y=\"")
                out.addDecimal(top + BoxDrawing.cellHeight * 3 / 4)
                out.add("\">")
                textOpen = true
            }
            // Emoji and multi-scalar clusters stand alone: a position given
            // inside a cluster would split it.
            let alone = content >= 0x10000
            if runClass != look.classIndex || alone || pendingSpaces > spacesKeptInRun {
                closeRun(&runClass)
                runClass = look.classIndex
                // The run's positions go straight out; its text waits in runText.
                out.add("<tspan x=\"")
            } else {
                for k in stride(from: i - pendingSpaces, to: i, by: 1) {
                    position(k * cw)
                    runText.append(0x20)
                }
                out.append(0x20)
            }
            pendingSpaces = 0
            out.addDecimal(i * cw)
            appendXML(canvas, content)
            if alone { closeRun(&runClass) }
            i &+= 1
        }
        closeRun(&runClass)
        if textOpen { out.add("</text>") }
        flushBox(&box, boxColor)
        out.append(shapes.bytes)
    }

    /// A position inside an open run (after its first).
    @inline(__always)
    private func position(_ x: Int) {
        out.append(0x20)
        out.addDecimal(x)
    }

    private func closeRun(_ runClass: inout Int) {
        guard runClass >= 0 else { return }
        if runClass > 0 {
            out.add("\" class=\"s")
            out.addDecimal(runClass)
        }
        out.add("\">")
        out.append(runText.bytes)
        out.add("</tspan>")
        runText.removeAll()
        runClass = -1
    }

    private func flushBox(_ box: inout BoxPath, _ color: UInt32?) {
        if let color, !box.isEmpty {
            path(box.light, color: color, width: "1.2")
            path(box.heavy, color: color, width: "2.6")
        }
        box = BoxPath(light: boxLight, heavy: boxHeavy)
    }

    private func path(_ data: ByteBuffer, color: UInt32, width: StaticString) {
        guard data.count > 0 else { return }
        shapes.add("<path d=\"")
        shapes.append(data.bytes)
        shapes.add("\" stroke=\"")
        shapes.addHex(color)
        shapes.add("\" stroke-width=\"")
        shapes.add(width)
        shapes.add("\"/>")
    }

    /// One cell's content as XML character data: markup characters
    /// escaped, anything XML may not hold (controls, non-characters) as U+FFFD.
    @inline(__always)
    private func appendXML(_ canvas: Canvas, _ content: UInt32) {
        if content < Canvas.clusterBase {
            XMLText.appendScalar(content, to: runText)
        } else {
            canvas.withContent(content) { bytes in
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                    XMLText.appendScalar(scalar.value, to: runText)
                }
            }
        }
    }
}
