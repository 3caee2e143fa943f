import Foundation
import Testing
import Cellar
import CellarText
@testable import CellarLua

/// One layout engine: the Lua twins in Styles/twins draw exactly what the
/// built-in styles draw, character and colour, across a matrix of rows and widths.
@Suite struct LuaStyleTwinTests {
    /// Rows: short, long, Korean, emoji, every accessory (and a custom text
    /// accessory), images, indentation, selected, highlighted and disabled.
    static func rows(_ cell: String) -> String {
        let long = "A much longer title that will not fit on one line at narrow widths at all"
        let bodies: [String] = [
            "{text: Apple, secondaryText: Red}",
            "{text: \"\(long)\", secondaryText: \"\(long)\"}",
            "{text: 김치찌개, secondaryText: 매운 맛의 한국 찌개}",
            "{text: \"🍎 Fruit 🍌\", secondaryText: \"👩‍👩‍👧 family\", image: \"🍇\"}",
            "{text: Empty detail}",
            "{secondaryText: Only detail}",
            "{text: Indented, secondaryText: two levels, indentation: 2}",
            "{text: Custom, secondaryText: accessory text, accessoryText: \"12 new\"}",
            "{text: Selected, secondaryText: row, selected: true, accessory: checkmark}",
            "{text: Highlighted, secondaryText: row, highlighted: true}",
            "{text: Disabled, secondaryText: row, disabled: true, accessory: disclosureIndicator}",
            "{text: 선택됨, secondaryText: 비활성, selected: true, disabled: true, image: \"🍎\"}",
        ] + AccessoryType.allCases.map { "{text: \"Accessory \($0.rawValue)\", secondaryText: x, accessory: \($0.rawValue), image: \"⭐\"}" }
        let rows = bodies.map { body -> String in
            // The default style has no detail text (documents refuse it there).
            var b = cell.hasPrefix("default")
                ? body.replacingOccurrences(of: #"secondaryText: ("[^"]*"|[^,}]*)"#, with: "note: x", options: .regularExpression)
                : body
            b.insert(contentsOf: "cell: \(cell), ", at: b.index(after: b.startIndex))
            return "      - " + b
        }
        return "sections:\n  - header: Matrix\n    footer: end\n    rows:\n" + rows.joined(separator: "\n") + "\n"
    }

    static func capture(_ cell: String, width: Int, style: String, registry: Registry) throws -> [[Canvas.Cell]] {
        let yaml = "style: \(style)\n" + rows(cell)
        let table = try luaTable(yaml, registry, width: width)
        let writer = CapturingWriter()
        try table.render(to: writer)
        return writer.lines
    }

    @Test(arguments: BuiltinCellStyle.Kind.allCases)
    func twinDrawsLikeTheBuiltIn(_ kind: BuiltinCellStyle.Kind) throws {
        let registry = try luaRegistry([shippedStylesDir + "/twins"])
        var compared = 0
        for tableStyle in ["plain", "insetGrouped"] {
            for width in 20...100 {
                let builtIn = try Self.capture(kind.rawValue, width: width, style: tableStyle, registry: registry)
                let twin = try Self.capture(kind.rawValue + "_lua", width: width, style: tableStyle, registry: registry)
                #expect(builtIn.count > 10)
                guard builtIn != twin else { compared += 1; continue }
                let text = { (l: [[Canvas.Cell]]) in l.map { String($0.map(\.character)) }.joined(separator: "\n") }
                Issue.record("\(kind) differs from \(kind)_lua at width \(width), \(tableStyle):\n\(text(builtIn))\n---\n\(text(twin))")
                return
            }
        }
        #expect(compared == 2 * 81)
    }

    /// The comparison is not vacuous: a style that differs slightly is caught.
    @Test func aDifferentStyleIsCaught() throws {
        let dir = try styleDirectory(["off.lua": """
            return { identifier = "value1_off", layout = function(c)
              local main = ui.hstack { ui.label { text = c.text },
                                       ui.label { text = c.secondaryText, align = "trailing", width = "fit" } }
              if c.image then main = ui.hstack { ui.image(c.image), main } end
              return main
            end }
            """])
        let registry = try luaRegistry([shippedStylesDir + "/twins", dir])
        let a = try Self.capture("value1", width: 40, style: "plain", registry: registry)
        let b = try Self.capture("value1_off", width: 40, style: "plain", registry: registry)
        #expect(a != b)
        // Only the detail's colour differs, so the plain text is the same.
        #expect(a.map { $0.map(\.character) } == b.map { $0.map(\.character) })
    }
}
