import Cellar
import Testing

@testable import CellarLua

/// One casing for everything a style writes: snake_case. A camelCase
/// spelling is refused with the snake_case name to use; enum values keep
/// UIKit's names ("disclosureIndicator", "truncatingTail").
@Suite struct LuaCasingTests {
    static func isSnakeCase(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0 == "_" || $0.isNumber || ($0.isLetter && $0.isLowercase) }
    }

    @Test func everyNameAStyleWritesIsSnakeCase() {
        let names = StyleLoader.styleKeys + LuaNodeReader.Field.allCases.map(\.name) + LuaNodeReader.kindNames.map(\.0)
        #expect(names.filter { !Self.isSnakeCase($0) } == [])
    }

    /// A node field's name is written out: it is its case's own name in snake_case, for every case.
    @Test func everyNodeFieldIsNamedAfterItsCase() {
        #expect(LuaNodeReader.Field.names.count == LuaNodeReader.Field.allCases.count)
        for field in LuaNodeReader.Field.allCases {
            let snake = String(describing: field).reduce(into: "") { out, c in
                out += c.isUppercase ? "_" + c.lowercased() : String(c)
            }
            #expect(field.name == snake)
        }
        #expect(LuaNodeReader.semanticColors.count == SemanticColor.allCases.count)
        for color in SemanticColor.allCases {
            #expect(LuaNodeReader.semanticColors[String(describing: color)] == color)
        }
    }

    @Test(arguments: [
        ("prepareForReuse", "prepare_for_reuse"), ("onAccessoryTap", "on_accessory_tap"), ("onSelect", "on_select"),
        ("editingAccessory", "editing_accessory"),
    ])
    func aCamelCaseStyleKeyNamesTheSnakeCaseOne(camel: String, snake: String) throws {
        let dir = try styleDirectory(["x.lua": "return { identifier = \"x\", \(camel) = function() end }\n"])
        let e = cellarError { _ = try luaRegistry([dir.styles]) }
        #expect(
            e?.description.contains("unknown style key '\(camel)' — did you mean '\(snake)'?") == true,
            "\(e?.description ?? "")")
    }

    @Test(arguments: [
        ("lineBreak = 'wordWrap'", "lineBreak", "line_break"), ("numberOfLines = 2", "numberOfLines", "lines"),
    ])
    func aCamelCaseNodeFieldNamesTheSnakeCaseOne(field: String, camel: String, snake: String) throws {
        let style = "return { identifier = \"x\", layout = function() return ui.label { text = 'a', \(field) } end }\n"
        let dir = try styleDirectory(["x.lua": style])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: x}\n", try luaRegistry([dir.styles]))
        let e = cellarError { _ = try table.renderText() }
        #expect(
            e?.description.contains("unknown field '\(camel)' — did you mean '\(snake)'?") == true,
            "\(e?.description ?? "")")
    }

    @Test func enumValuesKeepUIKitsNames() throws {
        let style = """
            return { identifier = "x", accessory = "disclosureIndicator",
              layout = function() return ui.label { text = 'a', line_break = 'truncatingTail' } end }
            """
        let dir = try styleDirectory(["x.lua": style])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: x}\n", try luaRegistry([dir.styles]), width: 10)
        #expect(try renderLines(table).first == " a      ›")
        let snake = try styleDirectory([
            "x.lua": "return { identifier = \"x\", accessory = \"disclosure_indicator\" }\n"
        ])
        let e = cellarError { _ = try luaRegistry([snake.styles]) }
        #expect(e?.description.contains("did you mean 'disclosureIndicator'?") == true, "\(e?.description ?? "")")
    }
}
