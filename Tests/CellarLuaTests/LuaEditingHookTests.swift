import Cellar
import Testing

@testable import CellarLua

/// A Lua style's side of editing and selection: `editing_style`,
/// `selection_style` and `event.deselect()`.
@Suite struct LuaEditingHookTests {
    static let source = """
        return {
          identifier = "item",
          selection_style = "none",
          editing_style = function(config, state)
            if config.text == "add" then return "insert" end
            if config.text == "bad" then return 42 end
            return nil
          end,
          on_select = function(cell, row, event)
            if row.text == "button" then event.deselect() end
          end,
          on_deselect = function(cell, row, event)
            assert(event.deselect == nil, "deselect is for on_select only")
          end,
        }
        """

    func table(_ rows: [String], multiple: Bool = false) throws -> TableView {
        let dir = try styleDirectory(["item.lua": Self.source])
        let list = rows.map { "{cell: item, text: \($0)}" }.joined(separator: ", ")
        return try luaTable(
            "allowsMultipleSelection: \(multiple)\nseparatorStyle: none\nsections: [{rows: [\(list)]}]",
            try luaRegistry([dir.styles]), width: 16, height: 4)
    }

    @Test func editingStyleHookChoosesTheControl() throws {
        let t = try table(["add", "plain"])
        t.setEditing(true)
        #expect(Array(try renderLines(t).prefix(2)) == [" ⊕ add        ≡", " ⊖ plain      ≡"])
        #expect(try t.editingStyle(at: IndexPath(0, 0)) == .insert)
    }

    @Test func aWrongAnswerIsLocated() throws {
        let t = try table(["bad"])
        t.setEditing(true)
        let e = cellarError { _ = try t.renderText() }
        #expect(e?.message == "editing_style: expected \"delete\", \"insert\", \"none\" or nil; got 42 — row [0, 0]")
        #expect(e?.location?.line == 4)
    }

    @Test func selectionStyleNoneSelectsWithoutDrawing() throws {
        let t = try table(["plain", "other"], multiple: true)
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
        #expect(try renderLines(t)[0] == " plain")
        try t.userDeselectRow(at: IndexPath(0, 0))  // on_deselect's assert runs
        #expect(t.indexPathsForSelectedRows.isEmpty)
    }

    @Test func eventDeselectLeavesNothingSelected() throws {
        let t = try table(["plain", "button"])
        try t.userSelectRow(at: IndexPath(0, 0))
        try t.userSelectRow(at: IndexPath(0, 1))
        #expect(t.indexPathsForSelectedRows.isEmpty)
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
    }
}
