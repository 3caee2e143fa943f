import Cellar
import CellarDocuments
import CellarText

/// The text layout of a golden file:
///
/// ```
/// === 0: initial (width 40, height 6, offset 0) ===
/// …the frame's lines…
/// --- stats: rows_configured: 6, heights_measured: 6, cells_created: 6, cells_reused: 0
/// --- stats: cells_created[default]: 6, cells_reused[default]: 0
/// === 1: select [0, 1] ===
/// …
/// ```
///
/// One header line per frame naming the step; the statistics line only when
/// the case asks for `stats: true`.
///
/// With `styles: true` every line that has a cell not in the plain style is
/// followed by a marks line, and every frame ends (after any stats) with a
/// legend of the styles it uses:
///
/// ```
/// === 0: initial (width 30, offset 0) ===
///  사과 🍎                    ✓
/// ~  aaaaaaa                    b
///  Red and sweet
/// ~  ccccccccccccc
/// --- styles: a = fg=label, b = fg=tint, c = fg=secondaryLabel
/// ```
///
/// The text lines are exactly what plain output shows. A marks line starts
/// with `~ ` (a table line would need `~` in the selection marker's
/// column to look like one, and only a frame with a legend has marks) and
/// then has one mark per display cell of the line above, so marks sit two
/// columns right of their characters: a space for a plain cell, a letter for
/// a style (both cells of a wide character get its letter), trailing spaces
/// trimmed. A style's letter comes from its description (see `mark(for:taken:)`),
/// not from the order styles appear in, and keeps its meaning in every
/// frame: a change to one style changes only the marks drawn in it. The legend names attributes, then
/// colours by semantic name, palette index or `#rrggbb`; a frame drawn all
/// in the plain style says `--- styles: none`.
public enum GoldenFormat {
    static let headerPrefix = "=== "
    static let headerSuffix = " ==="
    static let statsPrefix = "--- stats: "
    static let marksPrefix = "~ "
    static let stylesPrefix = "--- styles: "
    /// Marks in the order styles get them; any style past these shares `?`.
    static let markLetters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    static let overflowMark = UInt8(ascii: "?")

    /// The mark for a style met for the first time: the letter its
    /// description hashes to (FNV-1a, the same on every machine and run),
    /// or the next free one after it when another style of the golden has
    /// that letter; `?` once every letter is taken. So a change to one
    /// style leaves the others' letters alone, unless its new letter is one
    /// a style met after it would have had.
    static func mark(for style: TextStyle, taken: Set<UInt8>) -> UInt8 {
        guard taken.count < markLetters.count else { return overflowMark }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in describe(style).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        var i = Int(hash % UInt64(markLetters.count))
        while taken.contains(markLetters[i]) { i = (i + 1) % markLetters.count }
        return markLetters[i]
    }

    /// `--- styles: a = bold fg=tint, b = …` for (mark, style) pairs in mark order.
    static func stylesLine(_ entries: [(mark: UInt8, style: TextStyle)]) -> String {
        guard !entries.isEmpty else { return stylesPrefix + "none\n" }
        let items = entries.map { entry -> String in
            let name = entry.mark == overflowMark ? "any further style" : describe(entry.style)
            return String(UnicodeScalar(entry.mark)) + " = " + name
        }
        return stylesPrefix + items.joined(separator: ", ") + "\n"
    }

    /// `bold underline fg=tint bg=#102030`: attributes by name, then colours.
    static func describe(_ style: TextStyle) -> String {
        let names: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
            (.inverse, "inverse"), (.strikethrough, "strikethrough"),
        ]
        var parts = names.filter { style.attributes.contains($0.0) }.map(\.1)
        if let fg = describe(style.foreground) { parts.append("fg=" + fg) }
        if let bg = describe(style.background) { parts.append("bg=" + bg) }
        // A style is never empty here (the plain style gets no mark), but an
        // attribute this list does not know yet must not print as nothing.
        return parts.isEmpty ? "attributes \(style.attributes.rawValue)" : parts.joined(separator: " ")
    }

    static func describe(_ color: Color) -> String? {
        func hex(_ v: UInt8) -> String { v < 16 ? "0" + String(v, radix: 16) : String(v, radix: 16) }
        switch color {
        case .default: return nil
        case .semantic(let semantic): return semantic.name
        case .palette(let index): return String(index)
        case .rgb(let r, let g, let b): return "#" + hex(r) + hex(g) + hex(b)
        // Canvases hold resolved colours; a pair never reaches the marks.
        case .dynamic: return describe(color.resolved(dark: false))
        }
    }

    static func header(index: Int, title: String) -> String {
        headerPrefix + "\(index): \(title)" + headerSuffix + "\n"
    }

    /// Totals on one line; the per-identifier breakdown (`key[id]: n`) on a
    /// second, so neither grows past a screen's width for a few identifiers.
    static func statsLines(_ lines: [String]) -> String {
        let totals = lines.filter { !$0.contains("[") }
        let byIdentifier = lines.filter { $0.contains("[") }
        var out = statsPrefix + totals.joined(separator: ", ") + "\n"
        if !byIdentifier.isEmpty { out += statsPrefix + byIdentifier.joined(separator: ", ") + "\n" }
        return out
    }

    /// The frame holding 1-based `row` of a golden: its header's title, the
    /// row's line within the frame (0 = the header itself), and whether the
    /// row is a marks line (of a frame that ends with a styles legend).
    public static func frame(containing row: Int, in golden: [UInt8]) -> (title: String, line: Int, isMarks: Bool)? {
        let text = String(decoding: GoldenDiff.normalized(golden), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isHeader(_ line: Substring) -> Bool {
            line.hasPrefix(headerPrefix) && line.hasSuffix(headerSuffix)
                && line.count >= headerPrefix.count + headerSuffix.count
        }
        // A row past the end (a line added after the last) is in the last frame.
        let last = min(row, lines.count)
        guard last >= 1, let start = lines[..<last].lastIndex(where: isHeader) else { return nil }
        let title = lines[start].dropFirst(headerPrefix.count).dropLast(headerSuffix.count)
        let end = lines[last...].firstIndex(where: isHeader) ?? lines.endIndex
        let styled = lines[start..<end].contains { $0.hasPrefix(stylesPrefix) }
        let line = row - 1 - start
        let isMarks = styled && row == last && line > 1 && lines[row - 1].hasPrefix(marksPrefix)
        return (String(title), line, isMarks)
    }
}
