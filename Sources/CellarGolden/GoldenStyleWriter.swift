import Cellar
import CellarDocuments
import CellarText

/// Writes frames for a `styles: true` case: each line as plain text, then,
/// if any of its cells is styled, a marks line (see `GoldenFormat`). One
/// writer serves a whole golden, so a style keeps its letter in every frame.
final class GoldenStyleWriter: CanvasWriter {
    private var letters: [TextStyle: UInt8] = [:]
    /// The marks given so far, so no two styles share one.
    private var taken = Set<UInt8>()
    private var frameText = ""
    /// Marks used in the current frame, with a style for each.
    private var frameStyles: [UInt8: TextStyle] = [:]

    func write(_ canvas: Canvas, lines: Range<Int>) throws {
        let rows = max(0, lines.lowerBound)..<min(canvas.height, max(lines.upperBound, 0))
        let table = canvas.styleTable
        // Marks per style id of this canvas, found when first met.
        var markOfID = [UInt8?](repeating: nil, count: table.count)
        var marks: [UInt8] = []
        marks.reserveCapacity(canvas.width)
        for y in rows {
            // The text line is the plain writer's own.
            frameText += canvas.line(y)
            frameText += "\n"
            marks.removeAll(keepingCapacity: true)
            var end = 0
            for x in 0..<canvas.width {
                let id = canvas.styleID(x: x, y: y)
                guard id > 0, id < table.count, table[id] != .plain else {
                    marks.append(0x20)
                    continue
                }
                let mark = markOfID[id] ?? mark(for: table[id])
                markOfID[id] = mark
                marks.append(mark)
                end = marks.count
            }
            if end > 0 {
                frameText += GoldenFormat.marksPrefix + String(decoding: marks[..<end], as: UTF8.self) + "\n"
            }
        }
    }

    func flush() throws {}

    private func mark(for style: TextStyle) -> UInt8 {
        let mark: UInt8
        if let known = letters[style] {
            mark = known
        } else {
            mark = GoldenFormat.mark(for: style, taken: taken)
            letters[style] = mark
            taken.insert(mark)
        }
        if frameStyles[mark] == nil { frameStyles[mark] = style }
        return mark
    }

    /// The frame's lines so far, with marks; starts the next frame's text.
    func takeText() -> String {
        defer { frameText = "" }
        return frameText
    }

    /// The legend of the styles the frame used; starts the next frame's.
    func takeLegend() -> String {
        defer { frameStyles = [:] }
        let order = GoldenFormat.markLetters + [GoldenFormat.overflowMark]
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let entries = frameStyles.sorted { (rank[$0.key] ?? 0) < (rank[$1.key] ?? 0) }
            .map { (mark: $0.key, style: $0.value) }
        return GoldenFormat.stylesLine(entries)
    }
}
