import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarLua
@testable import CellarText

/// One layout engine: the Lua twins in Styles/twins draw exactly what the
/// built-in styles draw, character and colour, across a matrix of rows,
/// widths, table styles and editing.
@Suite struct LuaStyleTwinTests {
    static let long = "A much longer title that will not fit on one line at narrow widths at all"
    static let longKorean = "김치찌개는 돼지고기와 두부를 넣고 끓인 매운 한국 찌개입니다 🌶️ 정말 맛있어요"

    /// Row bodies (YAML flow mappings without `cell:`): every key the
    /// built-ins read, each value they accept, and the table's states.
    static let bodies: [String] = {
        var rows: [String] = [
            // Content: short, long, Korean, emoji, missing pieces, non-text scalars.
            "{text: Apple, secondaryText: Red}",
            "{text: \"\(long)\", secondaryText: \"\(long)\"}",
            "{text: 김치찌개, secondaryText: 매운 맛의 한국 찌개}",
            "{text: \"🍎 Fruit 🍌\", secondaryText: \"👩‍👩‍👧 family\", image: \"🍇\"}",
            "{text: Empty detail}",
            "{secondaryText: Only detail}",
            "{text: 42, secondaryText: 3.5}",
            "{text: yes, secondaryText: false, image: 7}",
            "{text: \"Line one\\nLine two\", secondaryText: \"a\\tb\", textProperties: {numberOfLines: 0}}",
            "{text: null, secondaryText: null, image: null, accessoryText: null, accessory: checkmark}",
            // Images: emoji, a wide letter, none, empty.
            "{text: Grapes, secondaryText: purple, image: \"🍇\"}",
            "{text: Hangul image, secondaryText: 한, image: 한}",
            "{text: Empty image, secondaryText: x, image: \"\"}",
            "{text: Wide image, secondaryText: wider than half a narrow row, image: \"<<picture>>\"}",
            // Indentation.
            "{text: Indented, secondaryText: two levels, indentation: 2}",
            "{text: Deep, secondaryText: five levels, indentation: 5, image: \"📁\", accessory: disclosureIndicator}",
            "{text: Not indented, secondaryText: zero, indentation: 0}",
            // Custom accessory text (overrides accessory).
            "{text: Custom, secondaryText: accessory text, accessoryText: \"12 new\"}",
            "{text: Korean, secondaryText: accessory, accessoryText: 새 글 3, accessory: checkmark}",
            "{text: Number, secondaryText: accessory, accessoryText: 7}",
            "{text: Empty, secondaryText: accessory text, accessoryText: \"\"}",
            "{text: Long, secondaryText: accessory, accessoryText: \"an accessory text longer than most\"}",
            // States.
            "{text: Selected, secondaryText: row, selected: true, accessory: checkmark}",
            "{text: Highlighted, secondaryText: row, highlighted: true}",
            "{text: Disabled, secondaryText: row, disabled: true, accessory: disclosureIndicator}",
            "{text: 선택됨, secondaryText: 비활성, selected: true, disabled: true, image: \"🍎\"}",
            "{text: \"\(long)\", secondaryText: fixed height clips, height: 1, textProperties: {numberOfLines: 0}}",
            "{text: Both, secondaryText: states, selected: true, highlighted: true, accessoryText: on}",
            "{text: \"\(long)\", secondaryText: wraps, highlighted: true, disabled: true, textProperties: {numberOfLines: 0, lineBreakMode: wordWrap}}",
        ]
        // Every accessory type, and every editing accessory (shown while editing).
        for a in AccessoryType.allCases {
            rows.append("{text: \"Accessory \(a.rawValue)\", secondaryText: x, accessory: \(a.rawValue), image: \"⭐\"}")
            rows.append(
                "{text: \"Editing \(a.rawValue)\", secondaryText: y, accessory: checkmark, editingAccessory: \(a.rawValue)}"
            )
        }
        rows.append(
            "{text: Editing, secondaryText: with text accessory, accessoryText: \"3\", editingAccessory: detailButton}")
        // numberOfLines × lineBreakMode, on both labels (long text, Korean detail).
        for mode in LineBreakMode.allCases {
            for lines in [1, 2, 0] {
                rows.append(
                    "{text: \"\(mode.rawValue) \(lines): \(long)\", secondaryText: \"\(longKorean)\", "
                        + "textProperties: {numberOfLines: \(lines), lineBreakMode: \(mode.rawValue)}, "
                        + "secondaryTextProperties: {numberOfLines: \(lines), lineBreakMode: \(mode.rawValue)}}")
            }
        }
        rows.append(
            "{text: \"\(longKorean)\", secondaryText: \"\(long)\", textProperties: {numberOfLines: 3}, secondaryTextProperties: {numberOfLines: 3, lineBreakMode: charWrap}}"
        )
        // Alignments (natural = leading), short and wrapping.
        for align in TextAlignment.allCases.map(\.rawValue) + ["natural"] {
            rows.append(
                "{text: \(align), secondaryText: \"detail \(align)\", textProperties: {alignment: \(align)}, secondaryTextProperties: {alignment: \(align)}}"
            )
            rows.append(
                "{text: \"\(long)\", secondaryText: \"\(longKorean)\", image: \"🍎\", textProperties: {alignment: \(align), numberOfLines: 0, lineBreakMode: wordWrap}, secondaryTextProperties: {alignment: \(align), numberOfLines: 2}}"
            )
        }
        // Colours: semantic names (including each style's own defaults), default, palette, RGB.
        let colors = [
            "tint", "destructive", "label", "secondaryLabel", "tertiaryLabel", "success", "default", "196",
            "\"#ff8800\"",
        ]
        for (i, color) in colors.enumerated() {
            let other = colors[(i + 3) % colors.count]
            let name = { (c: String) in c.replacingOccurrences(of: "\"", with: "") }
            rows.append(
                "{text: \"colour \(name(color))\", secondaryText: \"detail \(name(other))\", textProperties: {color: \(color)}, secondaryTextProperties: {color: \(other)}}"
            )
        }
        // Transforms (mixed case, Korean passes through).
        for t in TextTransform.allCases {
            rows.append(
                "{text: \"hello WORLD 안녕 \(t.rawValue)\", secondaryText: \"mIxEd case détail\", textProperties: {transform: \(t.rawValue)}, secondaryTextProperties: {transform: \(t.rawValue)}}"
            )
        }
        // Attributes, one at a time, all together, and explicitly off.
        for attr in ["bold", "italic", "underline", "dim"] {
            rows.append(
                "{text: \(attr), secondaryText: \"detail \(attr)\", textProperties: {\(attr): true}, secondaryTextProperties: {\(attr): true}}"
            )
        }
        rows.append(
            "{text: All, secondaryText: attributes, textProperties: {bold: true, italic: true, underline: true, dim: true, color: tint}, secondaryTextProperties: {bold: true, italic: true, underline: true, dim: true}}"
        )
        rows.append(
            "{text: None, secondaryText: attributes, textProperties: {bold: false, italic: false, underline: false, dim: false}, secondaryTextProperties: {bold: false, dim: false}}"
        )
        // Everything at once.
        rows.append(
            "{text: \"\(longKorean)\", secondaryText: \"\(long)\", image: \"🍜\", indentation: 1, accessoryText: 새 글, editingAccessory: detailDisclosureButton, selected: true, "
                + "textProperties: {numberOfLines: 0, lineBreakMode: charWrap, alignment: center, color: \"#336699\", transform: uppercase, bold: true, underline: true}, "
                + "secondaryTextProperties: {numberOfLines: 2, lineBreakMode: truncatingMiddle, alignment: trailing, color: 28, transform: capitalized, italic: true, dim: true}}"
        )
        return rows
    }()

    /// A table document of every row for `cell`.
    static func document(_ cell: String, style: String) -> String {
        let rows = bodies.map { body -> String in
            // The default style has no detail text (documents refuse it
            // there), nor any key it does not read: the detail goes.
            var b =
                cell.hasPrefix("default")
                ? body.replacingOccurrences(
                    of: #"secondaryText: ("[^"]*"|[^,}]*)(, )?"#, with: "", options: .regularExpression)
                : body
            b.insert(contentsOf: "cell: \(cell), ", at: b.index(after: b.startIndex))
            return "      - " + b
        }
        return
            "style: \(style)\nallowsMultipleSelection: true\nsections:\n  - header: Matrix\n    footer: end\n    rows:\n"
            + rows.joined(separator: "\n") + "\n"
    }

    /// Everything `table` draws, character and style.
    static func capture(_ table: TableView, width: Int, editing: Bool) throws -> [SnapshotLine] {
        table.width = width
        table.setEditing(editing)
        let writer = SnapshotWriter()
        try table.render(to: writer)
        return writer.lines
    }

    /// Where two renderings first differ, as text with the two cells' styles.
    static func difference(_ a: [SnapshotLine], _ b: [SnapshotLine]) -> String {
        guard a.count == b.count else {
            let n = zip(a, b).prefix { $0 == $1 }.count
            return "\(a.count) lines vs \(b.count); first difference at line \(n):\n"
                + (a.indices.contains(n) ? a[n].text : "—") + "\n" + (b.indices.contains(n) ? b[n].text : "—")
        }
        for (y, (la, lb)) in zip(a, b).enumerated() where la != lb {
            let x = zip(la.styles, lb.styles).prefix { $0 == $1 }.count
            return "line \(y):\n\(la.text)\n\(lb.text)\nfirst style difference at column \(x): "
                + "built-in \(la.styles.indices.contains(x) ? "\(la.styles[x])" : "—"), "
                + "twin \(lb.styles.indices.contains(x) ? "\(lb.styles[x])" : "—")"
        }
        return "no difference"
    }

    @Test(arguments: BuiltinCellStyle.Kind.allCases)
    func twinDrawsLikeTheBuiltIn(_ kind: BuiltinCellStyle.Kind) throws {
        let registry = try luaRegistry([shippedStylesDir + "/twins"])
        var compared = 0
        for tableStyle in ["plain", "insetGrouped"] {
            // One table each, redrawn at every width and editing mode, so
            // cells are reused and cached layouts must follow the changes.
            let builtInTable = try luaTable(Self.document(kind.rawValue, style: tableStyle), registry)
            let twinTable = try luaTable(Self.document(kind.rawValue + "Lua", style: tableStyle), registry)
            for editing in [false, true] {
                // Editing narrows the content like a smaller width would, so
                // every fourth width covers what it adds (controls, editing
                // accessories) at a third of the cost.
                for width in editing ? Array(stride(from: 20, through: 100, by: 4)) : Array(20...100) {
                    let builtIn = try Self.capture(builtInTable, width: width, editing: editing)
                    let twin = try Self.capture(twinTable, width: width, editing: editing)
                    #expect(builtIn.count > Self.bodies.count)
                    guard builtIn != twin else {
                        compared += 1
                        continue
                    }
                    Issue.record(
                        "\(kind) differs from \(kind)Lua at width \(width), \(tableStyle)\(editing ? ", editing" : ""): \(Self.difference(builtIn, twin))"
                    )
                    return
                }
            }
        }
        #expect(compared == 2 * (81 + 21))
    }

    /// The matrix exercises what it claims: each text property changes the
    /// built-in's drawing (so a twin ignoring one would be caught).
    @Test func theMatrixRowsMatter() throws {
        let registry = Registry()
        func draw(_ row: String, width: Int = 30, editing: Bool = false) throws -> [SnapshotLine] {
            let yaml = "sections:\n  - rows:\n      - {cell: subtitle, \(row)}\n"
            return try Self.capture(try luaTable(yaml, registry), width: width, editing: editing)
        }
        let plain = try draw("text: \"\(Self.long)\", secondaryText: Hello")
        for props in [
            "numberOfLines: 0", "numberOfLines: 2, lineBreakMode: wordWrap", "lineBreakMode: truncatingHead",
            "color: tint", "color: 196", "transform: uppercase",
            "bold: true", "italic: true", "underline: true", "dim: true",
        ] {
            #expect(
                try draw("text: \"\(Self.long)\", secondaryText: Hello, textProperties: {\(props)}") != plain,
                "\(props)")
        }
        #expect(
            try draw("text: \"\(Self.long)\", secondaryText: Hello, secondaryTextProperties: {color: label}") != plain)
        #expect(
            try draw("text: \"\(Self.long)\", secondaryText: Hello, secondaryTextProperties: {alignment: trailing}")
                != plain)
        #expect(try draw("text: \"\(Self.long)\", secondaryText: Hello, indentation: 1") != plain)
        #expect(try draw("text: \"\(Self.long)\", secondaryText: Hello, accessoryText: x") != plain)
        let editing = try draw("text: a, editingAccessory: checkmark", editing: true)
        #expect(editing != (try draw("text: a", editing: true)))
        #expect(editing.contains { $0.text.contains("✓") })
    }

    /// The matrix writes every key a built-in style reads (`TableSchema`), so a key added to the
    /// built-ins is compared with its twins' drawing of it.
    @Test func theRowsWriteEveryKeyTheBuiltinsRead() {
        for key in TableSchema.builtinRowKeys {
            #expect(Self.bodies.contains { $0.contains("{\(key): ") || $0.contains(" \(key): ") }, "\(key)")
        }
    }

    /// The comparison is not vacuous: a style that differs slightly is caught.
    @Test func aDifferentStyleIsCaught() throws {
        let dir = try styleDirectory([
            "off.lua": """
            return { identifier = "value1_off", layout = function(c)
              local main = ui.hstack { ui.label { text = c.text },
                                       ui.label { text = c.secondaryText, align = "trailing", width = "fit" } }
              if c.image then main = ui.hstack { ui.image(c.image), main } end
              return main
            end }
            """
        ])
        let registry = try luaRegistry([shippedStylesDir + "/twins", dir.styles])
        let yaml = { (cell: String) in
            "sections:\n  - rows:\n      - {cell: \(cell), text: Apple, secondaryText: Red, image: \"🍎\"}\n"
        }
        func draw(_ cell: String) throws -> [SnapshotLine] {
            try Self.capture(try luaTable(yaml(cell), registry), width: 40, editing: false)
        }
        let a = try draw("value1")
        let b = try draw("value1_off")
        #expect(a != b)
        // Only the detail's colour differs, so the plain text is the same.
        #expect(a.map(\.text) == b.map(\.text))
    }
}

/// A canvas line as content and style per cell, read straight from the
/// canvas's storage: the matrix compares about a million cells, and making a
/// `Character` for each (`canvas[x, y]`) would dominate the test's time.
struct SnapshotLine: Equatable {
    /// Each cell's scalar, `Canvas.continuation`, or `Canvas.clusterBase`
    /// for a multi-scalar cluster (whose bytes follow in `clusters`).
    var contents: [UInt32] = []
    var clusters: [UInt8] = []
    var styles: [TextStyle] = []

    init(_ canvas: Canvas, y: Int) {
        contents.reserveCapacity(canvas.width)
        styles.reserveCapacity(canvas.width)
        for x in 0..<canvas.width {
            let raw = canvas.storage[y * canvas.width + x]
            var content = raw & Canvas.contentMask
            if content >= Canvas.clusterBase && content != Canvas.continuation {
                canvas.withContent(content) { clusters.append(contentsOf: $0) }
                clusters.append(0xFF)  // never in UTF-8: ends the cluster
                content = Canvas.clusterBase
            }
            contents.append(content)
            styles.append(canvas.styles[Int(raw >> Canvas.styleShift)])
        }
    }

    /// The line as text (for failure messages).
    var text: String {
        var out = ""
        var rest = clusters[...]
        for c in contents {
            if c == Canvas.continuation { continue }
            if c == Canvas.clusterBase {
                let end = rest.firstIndex(of: 0xFF) ?? rest.endIndex
                out += String(decoding: rest[..<end], as: UTF8.self)
                rest = rest[min(end + 1, rest.endIndex)...]
            } else if let scalar = Unicode.Scalar(c) {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

final class SnapshotWriter: CanvasWriter {
    var lines: [SnapshotLine] = []
    func write(_ canvas: Canvas, lines range: Range<Int>) throws {
        for y in range { lines.append(SnapshotLine(canvas, y: y)) }
    }
    func flush() throws {}
}
