import Cellar
import CellarTestSupport
import Testing

@testable import CellarLua

/// What a style is told about where its row is (`ctx.section`, `row`,
/// `first`, `last`, `rows_in_section`, `theme`), and a name the `ui`
/// library lacks.
@Suite struct LuaRowPlaceTests {
    static let placeStyle = """
        return {
          identifier = "place",
          height = function(config, width, ctx) if ctx.first then return 2 end end,
          layout = function(config, ctx)
            return ui.label(string.format("%s %d.%d/%d %s %s %s", config.text, ctx.section, ctx.row,
              ctx.rows_in_section, tostring(ctx.first), tostring(ctx.last), ctx.theme))
          end,
        }
        """

    @Test func layoutAndHeightSeeWhereTheRowIs() throws {
        let dir = try styleDirectory(["place.lua": Self.placeStyle])
        let yaml = """
            separatorStyle: none
            sections:
              - rows:
                  - {cell: place, text: a}
                  - {cell: place, text: b}
                  - {cell: place, text: c}
              - rows:
                  - {cell: place, text: d}
            """
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 40)
        // The first row of each section is two lines (the height hook read
        // ctx.first), its content on the first (centred: (2 - 1) / 2 = 0).
        #expect(
            try renderLines(table) == [
                " a 0.0/3 true false light", "", " b 0.1/3 false false light", " c 0.2/3 false true light",
                " d 1.0/1 true true light", "", "",
            ])
        table.appearance = .dark
        #expect(try renderLines(table)[0] == " a 0.0/3 true false dark")
    }

    @Test func aRowThatMovesIsToldItsNewPlace() throws {
        let dir = try styleDirectory(["place.lua": Self.placeStyle])
        let yaml =
            "separatorStyle: none\nsections:\n  - rows:\n      - {cell: place, text: a}\n      - {cell: place, text: b}\n"
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 40)
        _ = try renderLines(table)
        table.setEditing(true)
        try table.perform(.reorder(from: IndexPath(0, 0), to: IndexPath(0, 1)))
        table.setEditing(false)
        #expect(try renderLines(table).prefix(3) == [" b 0.0/2 true false light", "", " a 0.1/2 false true light"])
    }

    @Test func aMisspeltUINameSuggestsTheRightOneAtItsLine() throws {
        let dir = try styleDirectory([
            "typo.lua": """
            return {
              identifier = "typo",
              layout = function(config, ctx)
                return ui.lable { text = "x" }
              end,
            }
            """
        ])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: typo}\n", try luaRegistry([dir.styles]))
        let e = cellarError { _ = try table.renderText() }
        #expect(
            e?.description
                == "\(dir.styles)/typo.lua:4: unknown name 'ui.lable' — did you mean 'ui.label'? — in layout, row [0, 0]"
        )
    }
}
