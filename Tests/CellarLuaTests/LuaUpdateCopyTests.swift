import Cellar
import Testing

@testable import CellarLua

/// The copy of the cell table that `update` receives is made while the cell
/// fields are read after `configure` (one pass over the table for both).
/// It must still be exactly the cell table when `update` runs, must not
/// overwrite an `update` result already kept, and must not hide the fields
/// Cellar reads.
@Suite struct LuaUpdateCopyTests {
    static let styles = [
        "stash.lua": """
        local stash
        return {
          identifier = 'stash',
          configure = function(cell, row)
            if row.poke then stash.text = 'poked' else stash = cell; cell.text = row.text end
          end,
          update = function(config, state) return config end,
          layout = function(config) return ui.label(config.text) end,
        }
        """,
        "marks.lua": """
        return {
          identifier = 'marks',
          configure = function(cell, row)
            cell.text = row.text
            cell.accessory = row.accessory
            cell.indentation = row.indent
          end,
          update = function(config, state) config.text = config.text .. ' U'; return config end,
          layout = function(config) return ui.label(config.text) end,
        }
        """,
    ]

    func text(_ node: ViewNode) -> String? {
        if case .label(let l) = node { return l.text }
        return nil
    }

    func style(_ identifier: String) throws -> CellStyle {
        let dir = try styleDirectory(Self.styles)
        return try #require(try luaRegistry([dir.styles]).style(for: identifier))
    }

    /// Lua code that runs between a cell's configure and its update (here
    /// another cell's configure, changing this cell's table) is seen by update.
    @Test func aChangeAfterConfigureReachesUpdate() throws {
        let style = try style("stash")
        let a = try style.makeCell()
        let b = try style.makeCell()
        try style.configure(a, row: .object(["text": .string("a")]), at: IndexPath(0, 0))
        try style.configure(b, row: .object(["poke": .bool(true)]), at: IndexPath(0, 1))
        let node = try style.content(for: a, state: .normal, context: LayoutContext(width: 20))
        #expect(text(node) == "poked")
    }

    /// Reading the cell fields after update has already run for the same
    /// configuration keeps update's result (the kept copy is not refilled).
    @Test func readingTheFieldsLateKeepsUpdatesResult() throws {
        let style = try style("marks")
        let cell = try style.makeCell()
        try style.configure(cell, row: .object(["text": .string("a")]), at: IndexPath(0, 0))
        try style.prepareForReuse(cell)
        let first = try style.content(for: cell, state: .normal, context: LayoutContext(width: 20))
        try style.updateConfiguration(cell, state: .normal)
        let second = try style.content(for: cell, state: .normal, context: LayoutContext(width: 30))
        #expect(text(first) == "a U")
        #expect(text(second) == "a U")
    }

    /// The fields Cellar reads are found by the pass that makes the copy, row after row.
    @Test func theCellFieldsAreReadWithAnUpdateHook() throws {
        let style = try style("marks")
        let cell = try style.makeCell()
        let rows: [(Value, Accessory, Int)] = [
            (.object(["text": .string("a")]), .none, 0),
            (.object(["text": .string("b"), "accessory": .string("checkmark")]), .type(.checkmark), 0),
            (.object(["text": .string("c"), "indent": .int(2)]), .none, 2),
            (.object(["text": .string("d"), "indent": .int(0)]), .none, 0),
            (.object(["text": .string("e")]), .none, 0),
        ]
        for (i, (row, accessory, indentation)) in rows.enumerated() {
            try style.configure(cell, row: row, at: IndexPath(0, i))
            try style.updateConfiguration(cell, state: .normal)
            #expect(cell.accessory == accessory, "row \(i)")
            #expect(cell.indentationLevel == indentation, "row \(i)")
            let node = try style.content(for: cell, state: .normal, context: LayoutContext(width: 20))
            #expect(text(node) == (row["text"]?.stringValue).map { $0 + " U" }, "row \(i)")
        }
    }
}
