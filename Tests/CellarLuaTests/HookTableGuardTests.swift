import Cellar
import CellarTestSupport
import Testing

@testable import CellarLua

/// Debug mode (`CELLAR_DEBUG=1`, `--check-styles`): a style that keeps a
/// table Cellar lent a hook and uses it in a later call gets a located error;
/// without debug mode the same style renders as it always did.
@Suite struct HookTableGuardTests {
    static let debug: LuaLimits = {
        var limits = LuaLimits()
        limits.checksHookTables = true
        return limits
    }()
    static let plain: LuaLimits = {
        var limits = LuaLimits()
        limits.checksHookTables = false
        return limits
    }()

    @Test func aRowKeptFromConfigureFailsInTheNextRowsLayout() throws {
        let dir = try styleDirectory(["stash.lua": StashStyle.source])
        let table = try luaTable(StashStyle.twoRows, try luaRegistry([dir.styles], limits: Self.debug))
        let e = cellarError { _ = try table.renderText() }
        #expect(
            e?.description
                == "\(dir.styles)/stash.lua:9: 'row' was kept past its call (it was given to configure, row [0, 0]): "
                + "tables Cellar passes to a hook are valid only during that call; copy the values you keep"
                + " — in layout, row [0, 1]")
    }

    @Test func withoutDebugModeTheSameStyleRendersAsBefore() throws {
        let dir = try styleDirectory(["stash.lua": StashStyle.source])
        let table = try luaTable(StashStyle.twoRows, try luaRegistry([dir.styles], limits: Self.plain))
        // The kept table is the one Cellar refilled for the second row: the
        // stale read the rule (and debug mode) exists for.
        let lines = try renderLines(table)
        #expect(lines.first == " first")
        #expect(lines.contains(" second after second"))
    }

    @Test(arguments: [
        ("layout = function(config, ctx) kept = kept or ctx; return ui.label(kept.width) end", "ctx", "layout"),
        (
            "layout = function(config, ctx) kept = kept or ctx.state; return ui.label(tostring(kept.selected)) end",
            "ctx.state", "layout"
        ),
        (
            "update = function(config, state) kept = kept or config; config.n = kept.text; return config end",
            "config", "update"
        ),
        (
            "update = function(config, state) kept = kept or state; config.s = kept.selected; return config end",
            "state", "update"
        ),
        (
            "layout = function(config, ctx) kept = kept or ctx.margins; for k in pairs(kept) do end; return ui.label(config.text) end",
            "ctx.margins", "layout"
        ),
        (
            "accessory = function(config, state) kept = kept or state; return kept.selected and 'checkmark' end",
            "state", "accessory"
        ),
    ])
    func everyLentTableIsGuarded(hook: String, table name: String, given: String) throws {
        let style = "local kept\nreturn {\n  identifier = \"stash\",\n  \(hook),\n}\n"
        let dir = try styleDirectory(["stash.lua": style])
        let table = try luaTable(StashStyle.twoRows, try luaRegistry([dir.styles], limits: Self.debug))
        let e = cellarError { _ = try table.renderText() }
        #expect(
            e?.description.hasPrefix(
                "\(dir.styles)/stash.lua:4: '\(name)' was kept past its call (it was given to \(given), row [0, 0])")
                == true,
            "\(e?.description ?? "")")
    }

    @Test func anEventTableKeptPastItsCallFails() throws {
        let style = """
            local kept
            return {
              identifier = "stash",
              on_select = function(cell, row, event) kept = event end,
              on_deselect = function(cell, row, event) row.seen = kept.kind end,
            }
            """
        let dir = try styleDirectory(["stash.lua": style])
        let table = try luaTable(StashStyle.twoRows, try luaRegistry([dir.styles], limits: Self.debug))
        _ = try table.renderText()
        try table.userSelectRow(at: IndexPath(0, 0))
        let e = cellarError { try table.userDeselectRow(at: IndexPath(0, 0)) }
        #expect(
            e?.description.hasPrefix(
                "\(dir.styles)/stash.lua:5: 'event' was kept past its call (it was given to on_select, row [0, 0])")
                == true,
            "\(e?.description ?? "")")
    }

    /// Styles that keep nothing draw the same in debug mode: reads, writes,
    /// `pairs`, `#`, `ui.copy` and returning the config all pass through.
    @Test func shippedStylesDrawTheSameInDebugMode() throws {
        for example in ["my-cell-configuration", "checklist", "food-cells", "lua-contacts", "key-value", "badges"] {
            let yaml = try String(contentsOfFile: luaStylesPackageRoot + "/Examples/\(example).yaml", encoding: .utf8)
            let plain = try luaTable(yaml, try luaRegistry([shippedStylesDir], limits: Self.plain))
            let debug = try luaTable(yaml, try luaRegistry([shippedStylesDir], limits: Self.debug))
            #expect(try debug.renderText() == plain.renderText(), "\(example)")
        }
    }
}
