import Cellar
import Testing

@testable import CellarLua

/// A Lua style's swipe actions: `swipe_actions(config, state, edge)` and
/// `on_swipe_action(cell, row, event)`.
@Suite struct LuaSwipeHookTests {
    static let source = """
        return {
          identifier = "mail",
          layout = function(config, ctx)
            local text = config.text .. (config.flagged and " F" or "") .. (ctx.state.swiped and " <" or "")
            return ui.label { text = text .. (ctx.state.marked and " *" or "") }
          end,
          swipe_actions = function(config, state, edge)
            if config.text == "bad" then return { { title = "X", style = "loud" } } end
            if config.text == "none" then return {} end
            if config.text == "default" then return nil end
            if edge == "leading" then return { { title = "Mark", color = "blue" } } end
            return { { title = "Delete", style = "destructive" }, { title = "Flag", color = "orange" } }
          end,
          on_swipe_action = function(cell, row, event)
            assert(event.kind == "swipe_action")
            if event.title == "Flag" and event.edge == "trailing" then row.flagged = true end
            if event.title == "Mark" then
              assert(event.state.swipeAction == "Mark")
              event.state.marked = true
              event.state.swipeAction = nil
              event.deselect()
            end
          end,
        }
        """

    func table(_ rows: [String]) throws -> TableView {
        let dir = try styleDirectory(["mail.lua": Self.source])
        let list = rows.map { "{cell: mail, text: \($0)}" }.joined(separator: ", ")
        return try luaTable(
            "separatorStyle: none\nsections: [{rows: [\(list)]}]", try luaRegistry([dir.styles]), width: 24, height: 4)
    }

    @Test func theHookGivesTheActionsForEachEdge() throws {
        let t = try table(["a", "none", "default"])
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        #expect(t.swipeActionTitles == ["Delete", "Flag"])
        try t.perform(.swipe(IndexPath(0, 0), edge: .leading, full: false))
        #expect(t.swipeActionTitles == ["Mark"])
        // The swiped row's state says so while its buttons show.
        #expect(try renderLines(t)[0] == " Mark  a <")
        // {} is no actions; nil leaves it to the table (UIKit's Delete).
        #expect(throws: CellarError.self) { try t.perform(.swipe(IndexPath(0, 1), edge: .trailing, full: false)) }
        try t.perform(.swipe(IndexPath(0, 2), edge: .trailing, full: false))
        #expect(t.swipeActionTitles == ["Delete"])
    }

    @Test func onSwipeActionChangesTheRowAndItsState() throws {
        let t = try table(["a", "b"])
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        try t.perform(.tapSwipeAction(IndexPath(0, 0), title: "Flag"))
        #expect(try renderLines(t)[0] == " a F")
        try t.perform(.selectRow(IndexPath(0, 1)))
        try t.perform(.swipe(IndexPath(0, 1), edge: .leading, full: false))
        try t.perform(.tapSwipeAction(IndexPath(0, 1), title: "Mark"))
        #expect(try renderLines(t)[1] == " b *")
        #expect(t.indexPathsForSelectedRows.isEmpty)  // event.deselect()
        // Destructive: the row goes through the document's commit.
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: true))
        #expect(t.numberOfRows(inSection: 0) == 1)
    }

    @Test func aBadActionIsLocated() throws {
        let t = try table(["bad"])
        let e = cellarError { try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false)) }
        #expect(
            e?.message
                == "swipe_actions: result[1].style: unknown value 'loud' (expected one of: normal, destructive) — row [0, 0]"
        )
        #expect(e?.location?.line == 7)
    }
}
