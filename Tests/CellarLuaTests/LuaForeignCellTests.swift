import Cellar
import Testing

@testable import CellarLua

/// A Lua style handed a cell it did not make (no storage, or another
/// style's object in it) gives the cell a Lua side of its own first.
@Suite struct LuaForeignCellTests {
    static let style = """
        return {
          identifier = "plain",
          configure = function(cell, row) cell.title = row.title end,
          layout = function(config) return ui.label(config.title) end,
        }
        """

    @Test(arguments: [false, true])
    func aCellMadeElsewhereGetsItsOwnStorage(holdingAnotherObject: Bool) throws {
        let dir = try styleDirectory(["plain.lua": Self.style])
        let style = try #require(try luaRegistry([dir.styles]).style(for: "plain") as? LuaCellStyle)
        final class Other {}
        let cell = Cell(reuseIdentifier: "plain")
        if holdingAnotherObject { cell.storage = Other() }
        try style.configure(cell, row: .object(["title": .string("hello")]), at: IndexPath(0, 0))
        #expect(cell.storage is LuaCellStorage)
        let node = try style.content(for: cell, state: .normal, context: LayoutContext(width: 10))
        guard case .label(let label) = node else {
            Issue.record("expected a label, got \(node)")
            return
        }
        #expect(label.text == "hello")
    }
}
