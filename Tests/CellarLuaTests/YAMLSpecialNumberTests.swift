import Cellar
import CellarDocuments
import CellarTestSupport
import Testing

@testable import CellarLua

/// YAML's `.nan`, `.inf` and `-.inf` reach a Lua style's row as the same
/// numbers whichever way the YAML is read: a document (its JSON form, where
/// JSON has neither) and an inline case table (the node tree).
@Suite struct YAMLSpecialNumberTests {
    static let style = """
        return {
          identifier = "special",
          layout = function(config, ctx)
            local function show(v)
              if v ~= v then return math.type(v) .. ":nan" end
              if v == math.huge then return math.type(v) .. ":+inf" end
              if v == -math.huge then return math.type(v) .. ":-inf" end
              return type(v) .. ":" .. tostring(v)
            end
            return ui.label(show(config.a) .. " " .. show(config.b) .. " " .. show(config.c))
          end,
        }
        """
    static let yaml = """
        separatorStyle: none
        sections:
          - rows:
              - {cell: special, a: .nan, b: .inf, c: -.inf}
              - {cell: special, a: .NaN, b: +.Inf, c: -.INF}
              - {cell: special, a: '.nan', b: !!float .inf, c: 1.5}
        """
    static let expected = [
        " float:nan float:+inf float:-inf", " float:nan float:+inf float:-inf", " string:.nan float:+inf number:1.5",
    ]

    @Test func anInlineTableAndADocumentGiveTheSameNumbers() throws {
        let dir = try styleDirectory(["special.lua": Self.style])
        let registry = try luaRegistry([dir.styles])
        let inline = try renderLines(luaTable(Self.yaml, registry, width: 40))
        let doc = try StreamedDocument.load(DocumentInput(path: "t.yaml", bytes: Array(Self.yaml.utf8), format: .yaml))
        try doc.validate(against: registry)
        let table = StreamedDataSource(document: doc).makeTableView(registry: registry)
        table.width = 40
        let streamed = try renderLines(table)
        #expect(Array(inline.prefix(3)) == Self.expected)
        #expect(streamed == inline)
    }
}
