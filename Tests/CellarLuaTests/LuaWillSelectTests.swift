import Cellar
import CellarDocuments
import CellarTestSupport
import Testing

@testable import CellarLua

/// `will_select(config, state, event)`: a style's willSelectRowAt, asked
/// before the delegate, which may refuse a tap or send it to another row.
@Suite struct LuaWillSelectTests {
    private static let style = """
        return {
          identifier = "pick",
          configure = function(cell, row) cell.text = row.text; cell.go = row.go; cell.answer = row.answer end,
          layout = function(config) return ui.label(config.text) end,
          will_select = function(config, state, event)
            assert(event.kind == "will_select" and event.section == 0)
            if config.answer == "refuse" then return false end
            if config.answer == "bad" then return "row 2" end
            if config.answer == "boom" then error("no taps here") end
            if config.go then return { section = event.section, row = config.go } end
            if config.answer == "yes" then return true end
          end,
        }
        """

    private func table(_ rows: String) throws -> TableView {
        let dir = try styleDirectory(["pick.lua": Self.style])
        let table = try luaTable("sections:\n  - rows:\n\(rows)", try luaRegistry([dir.styles]), width: 20, height: 6)
        _ = try table.renderText()
        return table
    }

    @Test func falseRefusesTheTapAndKeepsTheSelection() throws {
        let t = try table("      - {cell: pick, text: A}\n      - {cell: pick, text: B, answer: refuse}\n")
        try t.userSelectRow(at: IndexPath(0, 0))
        try t.userSelectRow(at: IndexPath(0, 1))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
    }

    @Test func aRowRedirectsTheTapAndNilOrTrueSelectTheRowTapped() throws {
        let t = try table(
            "      - {cell: pick, text: A}\n      - {cell: pick, text: B, go: 0}\n"
                + "      - {cell: pick, text: C, answer: yes}\n")
        try t.userSelectRow(at: IndexPath(0, 1))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
        try t.userSelectRow(at: IndexPath(0, 2))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 2)])
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
    }

    @Test func aRedirectOutOfTheTableIsAnError() throws {
        let t = try table("      - {cell: pick, text: A, go: 7}\n")
        let e = cellarError { try t.userSelectRow(at: IndexPath(0, 0)) }
        #expect(e?.description.contains("[0, 7] is out of range") == true, "\(e?.description ?? "")")
    }

    @Test func aWrongAnswerAndAnErrorAreLocated() throws {
        let bad = try table("      - {cell: pick, text: A, answer: bad}\n")
        let shape = cellarError { try bad.userSelectRow(at: IndexPath(0, 0)) }
        #expect(
            shape?.description.contains(
                "pick.lua:5: will_select: expected true, false, nil or {section = s, row = r}; got 'row 2' — row [0, 0]"
            )
                == true, "\(shape?.description ?? "")")
        let boom = try table("      - {cell: pick, text: A, answer: boom}\n")
        let thrown = cellarError { try boom.userSelectRow(at: IndexPath(0, 0)) }
        #expect(
            thrown?.description.contains("pick.lua:9:") == true && thrown?.description.contains("no taps here") == true
                && thrown?.description.contains("in will_select, row [0, 0]") == true,
            "\(thrown?.description ?? "")")
        #expect(boom.indexPathsForSelectedRows.isEmpty)
    }
}
