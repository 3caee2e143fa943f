import Cellar
import CellarText

/// A golden file read back into canvases (see `GoldenFormat`): each frame's
/// text lines drawn again, in the styles its marks and legend name, so a
/// report can show golden and actual output as pictures and compare them
/// cell by cell.
public struct GoldenFrame {
    /// The frame's header title ("" for text before the first header).
    public var title: String
    /// The frame's lines drawn again, in the styles its marks name.
    public var canvas: Canvas
    /// `--- stats: …` lines, as written.
    public var notes: [String]

    /// The frames of a golden file (text before the first header, if any,
    /// is a frame of its own without a title).
    public static func parse(_ golden: [UInt8]) -> [GoldenFrame] {
        let text = String(decoding: GoldenDiff.normalized(golden), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var frames: [GoldenFrame] = []
        var start = 0
        while start < lines.count {
            var end = start + 1
            while end < lines.count && !isHeader(lines[end]) { end += 1 }
            if isHeader(lines[start]) {
                let title = lines[start].dropFirst(GoldenFormat.headerPrefix.count).dropLast(
                    GoldenFormat.headerSuffix.count)
                frames.append(frame(String(title), lines[(start + 1)..<end]))
            } else {
                frames.append(frame("", lines[start..<end]))
            }
            start = end
        }
        return frames
    }

    static func isHeader(_ line: Substring) -> Bool {
        line.hasPrefix(GoldenFormat.headerPrefix) && line.hasSuffix(GoldenFormat.headerSuffix)
            && line.count >= GoldenFormat.headerPrefix.count + GoldenFormat.headerSuffix.count
    }

    static func frame(_ title: String, _ body: ArraySlice<Substring>) -> GoldenFrame {
        let legendLine = body.first { $0.hasPrefix(GoldenFormat.stylesPrefix) }
        let legend = legendLine.map { parseLegend($0.dropFirst(GoldenFormat.stylesPrefix.count)) } ?? [:]
        var rows: [(text: Substring, marks: Substring?)] = []
        var notes: [String] = []
        for line in body {
            if line.hasPrefix(GoldenFormat.statsPrefix) || line.hasPrefix(GoldenFormat.stylesPrefix) {
                notes.append(String(line))
            } else if legendLine != nil, line.hasPrefix(GoldenFormat.marksPrefix), !rows.isEmpty,
                rows[rows.count - 1].marks == nil
            {
                rows[rows.count - 1].marks = line.dropFirst(GoldenFormat.marksPrefix.count)
            } else {
                rows.append((line, nil))
            }
        }
        // Plain text drops a line's trailing blanks; its marks keep them (a
        // row's colour runs to its last cell), so the picture is as wide as both.
        let width = rows.map { max(DisplayWidth.of($0.text), $0.marks?.utf8.count ?? 0) }.max() ?? 0
        var canvas = Canvas(width: width, height: rows.count)
        for (y, row) in rows.enumerated() {
            let marks = Array((row.marks ?? "").utf8)
            var x = 0
            for character in row.text {
                let w = DisplayWidth.of(character)
                let style = x < marks.count ? legend[marks[x]] ?? .plain : .plain
                canvas.draw(String(character), x: x, y: y, style: style)
                x += w
            }
            while x < marks.count {
                if let style = legend[marks[x]] { canvas.draw(" ", x: x, y: y, style: style) }
                x += 1
            }
        }
        return GoldenFrame(title: title, canvas: canvas, notes: notes)
    }

    /// `a = bold fg=tint bg=#102030, b = …` back into styles by mark.
    static func parseLegend(_ text: Substring) -> [UInt8: TextStyle] {
        var styles: [UInt8: TextStyle] = [:]
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 3, parts[1] == "=", let mark = parts[0].utf8.first else { continue }
            var style = TextStyle()
            for word in parts.dropFirst(2) {
                switch word {
                case "bold": style.attributes.insert(.bold)
                case "dim": style.attributes.insert(.dim)
                case "italic": style.attributes.insert(.italic)
                case "underline": style.attributes.insert(.underline)
                case "inverse": style.attributes.insert(.inverse)
                case "strikethrough": style.attributes.insert(.strikethrough)
                default:
                    if word.hasPrefix("fg="), let c = color(word.dropFirst(3)) { style.foreground = c }
                    if word.hasPrefix("bg="), let c = color(word.dropFirst(3)) { style.background = c }
                }
            }
            styles[mark] = style
        }
        return styles
    }

    /// A colour as `GoldenFormat.describe` writes it.
    static func color(_ text: Substring) -> Color? {
        if let semantic = SemanticColor.named(String(text)) {
            return .semantic(semantic)
        }
        if let index = UInt8(text) { return .palette(index) }
        if text.hasPrefix("#"), text.count == 7, let v = UInt32(text.dropFirst(), radix: 16) {
            return .rgb(UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
        return nil
    }

    /// Whether cell (x, y) differs between two frames, in character or
    /// style; past a frame's edge (or with no frame) cells are blank.
    public static func differences(_ a: Canvas?, _ b: Canvas?) -> (Int, Int) -> Bool {
        let width = max(a?.width ?? 0, b?.width ?? 0)
        let height = max(a?.height ?? 0, b?.height ?? 0)
        var cells = Set<Int>()
        for y in 0..<height {
            for x in 0..<width where (a.map { $0[x, y] } ?? .blank) != (b.map { $0[x, y] } ?? .blank) {
                cells.insert(y * width + x)
            }
        }
        return { x, y in x < width && cells.contains(y * width + x) }
    }
}
