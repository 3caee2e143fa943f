import Cellar
import CellarText
import Testing

@testable import CellarLua

/// A colour given as a pair `{light = "#…", dark = "#…"}` draws its light
/// or dark variant by the table's appearance (`--theme`); a plain hex
/// draws the same in both.
@Suite struct LuaColorPairTests {
    static let style = """
        return {
          identifier = "pair",
          layout = function(config, ctx)
            return ui.hstack {
              ui.label { text = "P", color = {light = "#ff9500", dark = "#ff9f0a"}, width = "fit" },
              ui.label { text = "H", color = "#123456", background = {light = "#eeeeee", dark = "#222222"} },
            }
          end,
          background = function(config, state)
            return {color = {light = "#fafafa", dark = "#0a0a0a"}}
          end,
        }
        """

    func cells(_ source: String, appearance: Appearance) throws -> [Canvas.Cell] {
        let dir = try styleDirectory(["pair.lua": source])
        let table = try luaTable(
            "separatorStyle: none\nsections: [{rows: [{cell: pair}]}]", try luaRegistry([dir.styles]), width: 6)
        table.appearance = appearance
        let out = CapturingWriter()
        try table.render(to: out)
        return out.lines.first ?? []
    }

    @Test func aPairDrawsItsVariantPerAppearanceAndAPlainHexStaysAsGiven() throws {
        let light = try cells(Self.style, appearance: .light)
        let dark = try cells(Self.style, appearance: .dark)
        let p = { (row: [Canvas.Cell]) in row.first { $0.character == "P" }?.style }
        let h = { (row: [Canvas.Cell]) in row.first { $0.character == "H" }?.style }
        #expect(p(light)?.foreground == .rgb(0xFF, 0x95, 0x00))
        #expect(p(dark)?.foreground == .rgb(0xFF, 0x9F, 0x0A))
        #expect(h(light)?.foreground == .rgb(0x12, 0x34, 0x56))
        #expect(h(dark)?.foreground == .rgb(0x12, 0x34, 0x56))
        #expect(h(light)?.background == .rgb(0xEE, 0xEE, 0xEE))
        #expect(h(dark)?.background == .rgb(0x22, 0x22, 0x22))
        // The `background` hook's pair covers the row outside the labels.
        #expect(light.last?.style.background == .rgb(0xFA, 0xFA, 0xFA))
        #expect(dark.last?.style.background == .rgb(0x0A, 0x0A, 0x0A))
    }

    @Test func aBadPairIsLocatedWithASuggestion() throws {
        let misspelt = Self.style.replacingOccurrences(of: "{light = \"#ff9500\"", with: "{lihgt = \"#ff9500\"")
        let e = cellarError { _ = try cells(misspelt, appearance: .light) }
        #expect(
            e?.message.contains("color: unknown key 'lihgt' — did you mean 'light'?") == true,
            "\(String(describing: e))")
        // Node shapes are located at the hook that returned them.
        #expect(e?.location?.line == 3, "\(String(describing: e?.location))")
        let named = Self.style.replacingOccurrences(of: "dark = \"#ff9f0a\"", with: "dark = \"tint\"")
        let e2 = cellarError { _ = try cells(named, appearance: .dark) }
        #expect(
            e2?.message.contains("color: 'dark' must be \"#rrggbb\", got 'tint'") == true, "\(String(describing: e2))")
        let half = Self.style.replacingOccurrences(of: ", dark = \"#222222\"", with: "")
        let e3 = cellarError { _ = try cells(half, appearance: .dark) }
        #expect(e3?.message.contains("background: 'dark' is missing") == true, "\(String(describing: e3))")
        let hook = Self.style.replacingOccurrences(of: "dark = \"#0a0a0a\"", with: "drak = \"#0a0a0a\"")
        let e4 = cellarError { _ = try cells(hook, appearance: .dark) }
        #expect(e4?.message.contains("did you mean 'dark'?") == true, "\(String(describing: e4))")
    }
}
