import Cellar
import CellarDocuments
import CellarTestSupport
import Testing

@testable import CellarLua

/// The one rule for line breaks in text (TextRules): a line feed, CR LF or
/// a lone CR breaks the line in every label, built-in or Lua, as in UILabel;
/// a label of one line shows its first line cut with `…`. No other control
/// character breaks a line (they are drawn as Control Pictures).
@Suite struct LineFeedRuleTests {
    static let texts = ["one\\ntwo", "one\\r\\ntwo", "one\\rtwo", "한국\\n🍎 two", "tab\\tthen\\nnext\\u001bX"]

    func lines(_ cell: String, lines: Int) throws -> [String] {
        let rows = Self.texts.map {
            "      - {cell: \(cell), text: \"\($0)\", textProperties: {numberOfLines: \(lines)}}"
        }
        let yaml = "separatorStyle: none\nsections:\n  - rows:\n" + rows.joined(separator: "\n") + "\n"
        return try renderLines(try luaTable(yaml, try luaRegistry([shippedStylesDir + "/twins"]), width: 20))
    }

    @Test func builtInAndLuaLabelsBreakAtTheSameLineFeeds() throws {
        let unlimited = try lines("default", lines: 0)
        #expect(unlimited == (try lines("defaultLua", lines: 0)))
        #expect(
            unlimited == [
                " one", " two", " one", " two", " one", " two", " 한국", " 🍎 two", " tab then", " next␛X", "",
            ])
        let one = try lines("default", lines: 1)
        #expect(one == (try lines("defaultLua", lines: 1)))
        #expect(one == [" one…", " one…", " one…", " 한국…", " tab then…", ""])
    }
}
