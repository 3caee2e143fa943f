import CLua
import CLuaShim
import Cellar
import Foundation
import Testing

@testable import CellarLua

/// What one hook call writes into a table the host hands it is seen by no
/// other call, of the same style or another; the host's metatables cannot be
/// reached; no finalizer ever runs.
@Suite struct StyleIsolationTests {
    /// Tries every write it can think of; each attempt inside pcall, so the
    /// attacker's own rows still render.
    static let attacker = """
        local function try(f) pcall(f) end
        return {
          identifier = "attacker",
          configure = function(cell, row)
            cell.text = row.text
            try(function() row.leak = "row of " .. tostring(row.text) end)
            try(function() setmetatable(row, { __index = function() return "meta" end }) end)
          end,
          update = function(config, state)
            try(function() state.selected = true end)
            try(function() rawset(state, "selected", true) end)
            try(function() state.custom_leak = config.text end)
            try(function() config.changed_by_update = true end)
            try(function() setmetatable(config, { __index = function() return "meta" end }) end)
          end,
          layout = function(config, ctx)
            try(function() ctx.width = 3 end)
            try(function() ctx.width = ctx.width - 10 end)
            try(function() ctx.state.selected = true end)
            try(function() ctx.stolen = config.text end)
            try(function() ctx.margins.leading = 30 end)
            try(function() rawset(ctx, "width", 3) end)
            try(function() setmetatable(ctx, { __index = function() return 3 end }) end)
            try(function() getmetatable(ctx).__index = { width = 3 } end)
            local label = ui.label "x"
            try(function() getmetatable(label).__index = { kind = "label", text = "pwned" } end)
            try(function() getmetatable(label).__newindex = function(t, k, v) rawset(t, k, "pwned") end end)
            try(function() getmetatable(label).__gc = function() while true do end end end)
            try(function() setmetatable(label, { __gc = function() while true do end end }) end)
            return ui.label(config.text)
          end,
        }
        """

    /// Shows everything it can see.
    static let victim = """
        return {
          identifier = "victim",
          configure = function(cell, row)
            cell.text = row.text
            cell.seen = tostring(row.leak) .. "/" .. tostring(row.anything)
          end,
          update = function(config, state)
            config.sel = tostring(state.selected) .. "/" .. tostring(state.custom_leak)
            config.upd = tostring(config.changed_by_update) .. "/" .. tostring(getmetatable(config))
          end,
          layout = function(config, ctx)
            local probe = ui.label { text = "t" }
            return ui.label(string.format("%s w=%d s=%s st=%s m=%s %s %s %s %s", config.text, ctx.width,
              tostring(ctx.state.selected), tostring(ctx.stolen), tostring(ctx.margins.leading),
              config.sel, config.upd, config.seen, probe.text))
          end,
        }
        """

    @Test func aStyleCannotReachAnother() throws {
        let dir = try styleDirectory(["attacker.lua": Self.attacker, "victim.lua": Self.victim])
        let rows = (0..<8).map { i in "      - {cell: \(i % 2 == 0 ? "attacker" : "victim"), text: r\(i)}" }
        let yaml = "sections:\n  - rows:\n" + rows.joined(separator: "\n") + "\n"
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 90, height: 40)
        for _ in 0..<2 {
            let out = try renderLines(table).filter { !$0.isEmpty && !$0.hasPrefix(" ─") }
            #expect(out.count == 8)
            // As the victim renders alone: nothing the attacker wrote shows.
            for (i, line) in out.enumerated() where i % 2 == 1 {
                #expect(line == " r\(i) w=88 s=false st=nil m=1 false/nil nil/nil nil/nil t")
            }
            for (i, line) in out.enumerated() where i % 2 == 0 { #expect(line == " r\(i)") }
        }
    }

    /// Each style draws from a random state of its own: one seeding it does
    /// not fix another's numbers. "seeder" seeds 42 and draws nothing;
    /// "drawer" draws once; "own" seeds 42 itself and draws once, the number
    /// "drawer" drew when the state was shared (a one-in-a-million chance
    /// that the two meet otherwise).
    @Test func aStyleSeedsOnlyItsOwnRandomNumbers() throws {
        func style(_ id: String, _ body: String) -> String {
            "return { identifier = \"\(id)\", layout = function() \(body) end }"
        }
        let dir = try styleDirectory([
            "seeder.lua": style("seeder", "math.randomseed(42); return ui.label 's'"),
            "drawer.lua": style("drawer", "return ui.label(tostring(math.random(1, 1000000)))"),
            "own.lua": style("own", "math.randomseed(42); return ui.label(tostring(math.random(1, 1000000)))"),
        ])
        let yaml = "sections:\n  - rows:\n      - {cell: seeder}\n      - {cell: drawer}\n      - {cell: own}\n"
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 30, height: 5)
        table.rowHeight = .fixed(1)
        table.separatorStyle = .none
        let out = try renderLines(table)
        #expect(out.count >= 3 && out[0] == " s")
        #expect(out[1] != out[2], "\(out)")
    }

    /// One cell shows every row: what configure wrote into one row's table
    /// (a key, a metatable) is gone for the next row with the same keys.
    @Test func aRowTableCarriesNoWritesToTheNextRow() throws {
        let dir = try styleDirectory([
            "scribble.lua": """
            return {
              identifier = "scribble",
              configure = function(cell, row)
                cell.text = row.title .. " " .. tostring(rawget(row, "leak")) .. " " .. tostring(rawget(row, "raw"))
                  .. " " .. tostring(row.missing)
                if row.title == "a" then row.leak = row.title else rawset(row, "raw", row.title) end
                pcall(setmetatable, row, { __index = function() return "meta" end })
              end,
            }
            """
        ])
        let yaml =
            "separatorStyle: none\nsections:\n  - rows:\n      - {cell: scribble, title: a}\n      - {cell: scribble, title: b}\n      - {cell: scribble, title: c}\n"
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 30)
        #expect(try renderLines(table) == [" a nil nil nil", " b nil nil nil", " c nil nil nil", ""])
        #expect(table.statistics.cellsCreated == 1)
    }

    @Test func hostMetatablesAreProtected() throws {
        let dir = try styleDirectory([
            "probe.lua": """
            return {
              identifier = "probe",
              layout = function(config, ctx)
                return ui.label(table.concat({ tostring(getmetatable(ui.label "x")), tostring(getmetatable(ctx)),
                                               tostring(getmetatable(ctx.state)), tostring(getmetatable("")) }, "|"))
              end,
            }
            """
        ])
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: probe}\n", try luaRegistry([dir.styles]), width: 200)
        let out = try renderLines(table)
        #expect(
            out[0]
                == " the ui node metatable is read-only|'ctx' is the host's and read-only|'state' is the host's and read-only|the string metatable is read-only"
        )
    }

    @Test func writingToCtxIsALocatedError() throws {
        let dir = try styleDirectory([
            "narrow.lua": """
            return {
              identifier = "narrow",
              layout = function(config, ctx)
                ctx.width = ctx.width - 10
                return ui.label "x"
              end,
            }
            """
        ])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: narrow}\n", try luaRegistry([dir.styles]))
        let error = cellarError { _ = try table.renderText() }
        #expect(
            error?.description.contains("narrow.lua:4: cannot set ctx.width: 'ctx' is the host's") == true,
            "\(String(describing: error))")
    }

    @Test func pairsOverCtxStillWorks() throws {
        let dir = try styleDirectory([
            "keys.lua": """
            return {
              identifier = "keys",
              layout = function(config, ctx)
                local keys = {}
                for k in pairs(ctx) do keys[#keys + 1] = k end
                table.sort(keys)
                return ui.label(table.concat(keys, ","))
              end,
            }
            """
        ])
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: keys}\n", try luaRegistry([dir.styles]), width: 100)
        #expect(
            try renderLines(table)[0]
                == " ambiguous_wide,first,last,margins,row,rows_in_section,section,state,table_style,theme,width")
    }

    /// An __index on the new metatable must not add __gc while setmetatable checks it.
    @Test func setmetatableCannotBeTrickedIntoAFinalizer() throws {
        let rt = try LuaRuntime()
        var printed: [String] = []
        rt.onPrint = { printed.append($0) }
        try run(
            rt,
            """
            local mt = setmetatable({}, { __index = function(t, k)
              if k == "__gc" then rawset(t, "__gc", function() print("finalizer ran") end) end
            end })
            pcall(setmetatable, {}, mt)
            local direct = setmetatable({}, { __index = function(t, k) return nil end })
            """)
        cellar_lua_full_gc(rt.L)
        cellar_lua_full_gc(rt.L)
        #expect(printed.isEmpty)
    }
}
