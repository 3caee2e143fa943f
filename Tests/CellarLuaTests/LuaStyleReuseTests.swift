import CLua
import Cellar
import Foundation
import Testing

@testable import CellarLua

/// Reuse is real for Lua cells: the Lua-side cell table lives on across reuse,
/// prepare_for_reuse decides what survives, and statistics count Lua cells.
@Suite struct LuaStyleReuseTests {
    static let counter = """
        return {
          identifier = "counter",
          configure = function(cell, row)
            cell.uses = (cell.uses or 0) + 1
            if row.flag then cell.flag = row.flag end
          end,
          layout = function(config)
            return ui.label { text = config.text_prefix .. config.uses .. (config.flag and " " .. config.flag or "") }
          end,
          _prefix = "unused private field",
        }
        """

    func rows(_ n: Int, cell: String, flagAt: Int) -> String {
        "separatorStyle: none\nsections:\n  - rows:\n"
            + (0..<n).map {
                "      - {cell: \(cell)\($0 == flagAt ? ", flag: NEW" : "")}"
            }.joined(separator: "\n") + "\n"
    }

    @Test func fieldsPersistAcrossReuseUnlessPrepareClearsThem() throws {
        let keep = Self.counter.replacingOccurrences(of: "config.text_prefix .. ", with: "\"#\" .. ")
        let clear = keep.replacingOccurrences(of: "\"counter\"", with: "\"clearing\"")
            .replacingOccurrences(
                of: "configure =", with: "prepare_for_reuse = function(cell) cell.flag = nil end,\n  configure =")
        let dir = try styleDirectory(["keep.lua": keep, "clear.lua": clear])
        let registry = try luaRegistry([dir.styles])

        // Streamed: one cell serves every row; `uses` counts up through reuse,
        // and without prepare_for_reuse the flag leaks into later rows.
        let t1 = try luaTable(rows(4, cell: "counter", flagAt: 1), registry, width: 20)
        #expect(try renderLines(t1) == [" #1", " #2 NEW", " #3 NEW", " #4 NEW", ""])
        #expect(t1.statistics.cellsCreated == 1)
        #expect(t1.statistics.cellsReused == 3)
        #expect(t1.statistics.perIdentifier["counter"]?.created == 1)
        #expect(t1.statistics.perIdentifier["counter"]?.reused == 3)

        let t2 = try luaTable(rows(4, cell: "clearing", flagAt: 1), registry, width: 20)
        #expect(try renderLines(t2) == [" #1", " #2 NEW", " #3", " #4", ""])
    }

    /// One cell refills its `row` table and the copy `update` gets for each
    /// row it shows: nothing of one row, or of one row's update, reaches the next.
    @Test func rowAndConfigTablesCarryNothingToTheNextRow() throws {
        let style = """
            return {
              identifier = "refill",
              configure = function(cell, row)
                local keys = {}
                for k in pairs(row) do keys[#keys + 1] = k end
                table.sort(keys)
                cell.keys = table.concat(keys, ",")
              end,
              update = function(config, state)
                if config.keys:find("mark") then config.marked = true end
                return config
              end,
              layout = function(config)
                return ui.label { text = config.keys .. (config.marked and " *" or "") }
              end,
            }
            """
        let dir = try styleDirectory(["refill.lua": style])
        let registry = try luaRegistry([dir.styles])
        let yaml = """
            separatorStyle: none
            sections:
              - rows:
                  - {cell: refill, title: a, mark: 1}
                  - {cell: refill, title: b}
                  - {cell: refill, other: c}
                  - {cell: refill}

            """
        let table = try luaTable(yaml, registry, width: 30)
        let lines = try renderLines(table)
        #expect(lines == [" mark,title *", " title", " other", "", ""], "\(lines)")
        #expect(table.statistics.cellsCreated == 1)
    }

    @Test func scrollingReusesLuaCells() throws {
        let registry = try luaRegistry([shippedStylesDir])
        let rows = (0..<60).map { "      - {cell: foodCellType, name: Food \($0), description: d, picture: \"🍎\"}" }
        let yaml =
            "separatorStyle: none\nestimatedRowHeight: 2\nsections:\n  - rows:\n" + rows.joined(separator: "\n") + "\n"
        let table = try luaTable(yaml, registry, width: 30, height: 10)
        _ = try table.renderText()
        let created = table.statistics.cellsCreated
        #expect(created >= 5 && created <= 7)
        for offset in stride(from: 10, through: 100, by: 10) {
            try table.scroll(toOffset: offset)
            _ = try table.renderText()
        }
        #expect(table.statistics.cellsCreated <= created + 1)
        #expect(table.statistics.cellsReused >= 40)
        #expect(try renderLines(table)[0].contains("Food 50"))
    }

    @Test func theLayoutIsAskedOncePerConfiguration() throws {
        // Measuring and drawing a row share one layout call; a new
        // configuration or state asks again.
        let dir = try styleDirectory([
            "calls.lua": """
            local calls = 0
            return {
              identifier = "calls",
              layout = function(config) calls = calls + 1; return ui.label(config.text .. " " .. calls) end,
            }
            """
        ])
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: calls, text: A}\n      - {cell: calls, text: B}\n",
            try luaRegistry([dir.styles]), width: 20)
        // Streamed: each row is configured, measured and drawn once.
        #expect(try renderLines(table) == [" A 1", " ───────────────────", " B 2", ""])
        #expect(try renderLines(table) == [" A 3", " ───────────────────", " B 4", ""])
        #expect(table.statistics.heightsMeasured == 4)
    }

    @Test func whatACellKeepsInLuaGoesWithIt() throws {
        // Each cell keeps its table, the update copy, the row table and
        // update's result in the registry; all of it goes with the cell.
        let registry = try luaRegistry([shippedStylesDir])
        let style = try #require(registry.style(for: "myCellConfiguration") as? LuaCellStyle)
        let runtime = style.engine.runtime
        func registryTables() -> Int {
            let base = runtime.top
            defer { runtime.setTop(base) }
            var n = 0
            lua_pushvalue(runtime.L, luaRegistryIndex)
            lua_pushnil(runtime.L)
            while lua_next(runtime.L, -2) != 0 {
                if runtime.type(at: -1) == .table { n += 1 }
                runtime.pop(1)
            }
            return n
        }
        let before = registryTables()
        do {
            let rows = (0..<8).map { "      - {cell: myCellConfiguration, title: T\($0), body: B}" }.joined(
                separator: "\n")
            let table = try luaTable("sections:\n  - rows:\n" + rows + "\n", registry, width: 30, height: 6)
            _ = try table.renderText()
            // At least two cells on screen, four tables each.
            #expect(registryTables() >= before + 8)
        }
        #expect(registryTables() == before)
    }
}
