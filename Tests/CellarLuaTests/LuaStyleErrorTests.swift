import Cellar
import Foundation
import Testing

@testable import CellarLua

/// Errors name the place: file:line, the hook and the row; wrong shapes say
/// what was expected and what came; loading refuses non-styles, duplicates and
/// shadowed built-ins.
@Suite struct LuaStyleErrorTests {
    /// Renders one row of style `id` from `source`; returns the error and the file's path.
    func renderError(
        _ source: String, id: String = "bad", row: String = "{cell: bad, text: x}",
        limits: LuaLimits = LuaLimits()
    ) throws -> (CellarError?, String) {
        let dir = try styleDirectory(["bad.lua": source])
        let registry = try luaRegistry([dir.styles], limits: limits)
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: bad, text: ok}\n      - \(row)\n", registry, width: 30)
        return (cellarError { _ = try table.renderText() }, dir.styles + "/bad.lua")
    }

    @Test func runtimeErrorInAHookNamesFileLineHookAndRow() throws {
        let (e, path) = try renderError(
            """
            return {
              identifier = "bad",
              configure = function(cell, row) cell.food = row.food; cell.text = row.text end,
              layout = function(config, ctx)
                if config.text == "ok" then return ui.label "fine" end
                return ui.label { text = config.food.name }
              end,
            }
            """)
        #expect(e?.description == "\(path):6: attempt to index a nil value (field 'food') — in layout, row [0, 1]")
    }

    /// A message that starts with another file's place is still placed at
    /// the style that raised it: a style cannot pass its error off as another's.
    @Test func anErrorCannotNameAnotherFile() throws {
        let (e, path) = try renderError(
            """
            return {
              identifier = "bad",
              layout = function(config, ctx)
                if config.text == "ok" then return ui.label "fine" end
                error("Styles/food.lua:4: attempt to index a nil value (field 'name')", 0)
              end,
            }
            """)
        #expect(
            e?.description
                == "\(path):5: Styles/food.lua:4: attempt to index a nil value (field 'name') — in layout, row [0, 1]")
        let (own, _) = try renderError(
            "return {\n  identifier = \"bad\",\n  layout = function() error(\"bad.lua:9: x\", 0) end,\n}")
        #expect(
            own?.description.hasSuffix("/bad.lua:3: bad.lua:9: x — in layout, row [0, 0]") == true,
            "\(String(describing: own))")
    }

    @Test(arguments: [
        ("configure = function(cell, row) error('boom') end", "configure", 2),
        ("update = function(config, state) local x = nil; return x.y end", "update", 2),
        ("height = function(config, width) return nil + 1 end", "height", 2),
        ("prepare_for_reuse = function(cell) error('no reuse') end", "prepare_for_reuse", 2),
    ])
    func everyHookReportsItsName(_ hook: String, _ name: String, _ line: Int) throws {
        let (e, path) = try renderError(
            "return { identifier = \"bad\",\n  \(hook),\n  layout = function(c) return ui.label(c.text) end }")
        let text = e?.description ?? ""
        #expect(text.hasPrefix("\(path):\(line): "), "\(text)")
        #expect(text.contains("— in \(name), "), "\(text)")
        #expect(text.contains("row [0, 0]"), "\(text)")
    }

    @Test func layoutReturningANumberSaysWhatWasExpected() throws {
        let (e, path) = try renderError("return {\n  identifier = \"bad\",\n  layout = function() return 42 end,\n}")
        #expect(
            e?.description
                == "\(path):3: layout: expected a view node table (ui.label{…}, ui.hstack{…}, …), got a number — row [0, 0]"
        )
    }

    @Test(arguments: [
        ("return { kind = 'lable', text = 'x' }", "layout: unknown node kind 'lable' — did you mean 'label'?"),
        (
            "return ui.hstack { ui.label { text = 'a', colr = 'tint' } }",
            "layout › hstack[1]: unknown field 'colr' — did you mean 'color'?"
        ),
        ("return ui.label { text = 'a', lines = -1 }", "layout: lines must be a whole number ≥ 0, got -1"),
        ("return ui.label { text = 'a', color = 'purple' }", "layout: unknown colour 'purple'"),
        (
            "return ui.label { text = 'a', color = 'systemRed' }",
            "layout: unknown colour 'systemRed' — did you mean 'destructive'?"
        ),
        (
            "return ui.vstack { 'just text' }",
            "layout › vstack[1]: expected a view node table (ui.label{…}, ui.hstack{…}, …), got a string; wrap text in ui.label"
        ),
        ("return { text = 'x' }", "layout: a view node needs a 'kind'"),
        ("return ui.padding { ui.label 'a', ui.label 'b' }", "layout: padding holds one child, got 2"),
        ("local t = ui.vstack {}; t[1] = t; return t", "layout › … › vstack[1] › vstack[1]"),
        // One table twice in each of 17 stacks: 2^17 labels, each read as a node of its own.
        (
            "local n = ui.label 'x'; for i = 1, 17 do n = ui.vstack { n, n } end; return n",
            "layout › … › vstack[2] › vstack[2]"
        ),
        // A value at a number key that no child position reads is an error, not left out.
        ("return ui.label { 'Hello' }", "layout: ui.label reads its text from text = …, not from position [1]"),
        ("return ui.spacer { 3 }", "layout: ui.spacer reads its length from min = …, not from position [1]"),
        (
            "return ui.vstack { ui.label 'a', [3] = ui.label 'c' }",
            "layout: vstack's children sit at positions 1, 2, 3 … with no gap; [3] is not one of them (a nil before it?)"
        ),
        (
            "return ui.hstack { ui.label 'a', [1.5] = ui.label 'b' }",
            "layout: hstack's children sit at positions 1, 2, 3 … with no gap; [1.5] is not one of them —"
        ),
        (
            "return ui.hstack { spacing = 1e9 }",
            "layout: spacing must be a whole number from 0 to 10000, got 1000000000"
        ),
    ])
    func wrongNodeShapes(_ body: String, _ expected: String) throws {
        let (e, path) = try renderError("return {\n  identifier = \"bad\",\n  layout = function() \(body) end,\n}")
        let text = e?.description ?? ""
        #expect(text.hasPrefix("\(path):3: \(expected)"), "\(text)")
        if body.contains("for i = 1, 17") {
            #expect(
                text.hasSuffix("view tree of over 100000 nodes (a node table reached twice counts twice) — row [0, 0]"))
        }
    }

    @Test(arguments: ["ui.label(nil)", "ui.hstack('x')", "ui.padding(5)", "ui.margins(nil, ui.empty())"])
    func uiMisuseIsReportedAtTheStylesLine(_ call: String) throws {
        let fn = call.prefix { $0 != "(" }
        let (e, path) = try renderError(
            "return {\n  identifier = \"bad\",\n  layout = function()\n    local n = \(call)\n    return n\n  end,\n}")
        #expect(e?.description.hasPrefix("\(path):4: \(fn) expects a table, got ") == true, "\(e?.description ?? "")")
        #expect(e?.description.hasSuffix("— in layout, row [0, 0]") == true)
        // `return ui.x(…)` is a tail call. The node constructors are C
        // functions, which keep the caller's frame, so its line is named;
        // after a tail call into a Lua helper (ui.margins) the calling line
        // is gone and the hook's own line is named.
        let (t, path2) = try renderError(
            "return {\n  identifier = \"bad\",\n  layout = function()\n    return \(call)\n  end,\n}")
        let line = fn == "ui.margins" ? 3 : 4
        #expect(
            t?.description.hasPrefix("\(path2):\(line): \(fn) expects a table, got ") == true, "\(t?.description ?? "")"
        )
    }

    @Test func negativeHeightAndBadUpdateResults() throws {
        let (h, path) = try renderError("return {\n  identifier = \"bad\",\n  height = function() return -2 end,\n}")
        #expect(
            h?.description
                == "\(path):3: height: expected a whole number of lines from 0 to 10000, or nil for automatic; got -2 — row [0, 0]"
        )
        let (big, pathBig) = try renderError(
            "return {\n  identifier = \"bad\",\n  height = function() return 1e12 end,\n}")
        #expect(
            big?.description
                == "\(pathBig):3: height: expected a whole number of lines from 0 to 10000, or nil for automatic; got 1000000000000 — row [0, 0]"
        )
        let (u, path2) = try renderError("return {\n  identifier = \"bad\",\n  update = function() return 'x' end,\n}")
        #expect(
            u?.description
                == "\(path2):3: update: expected the configuration (a table) or nothing, got a string — row [0, 0]")
        let (a, path3) = try renderError(
            "return {\n  identifier = \"bad\",\n  accessory = function() return 'chekmark' end,\n}")
        #expect(
            a?.description
                == "\(path3):3: accessory: unknown accessory 'chekmark' — did you mean 'checkmark'? — row [0, 0]")
    }

    @Test func budgetsApplyToHooks() throws {
        var limits = LuaLimits()
        limits.timeBudget = .milliseconds(50)
        let (e, path) = try renderError(
            """
            return {
              identifier = "bad",
              layout = function(config)
                if config.text == "x" then while true do end end
                return ui.label(config.text)
              end,
            }
            """, limits: limits)
        let text = e?.description ?? ""
        #expect(text.hasPrefix("\(path):4: "), "\(text)")
        #expect(text.hasSuffix("— in layout, row [0, 1]"), "\(text)")
        // A generous time budget: on a loaded machine the memory limit must still be what stops it.
        var roomy = LuaLimits()
        roomy.timeBudget = .seconds(30)
        let (m, _) = try renderError(
            """
            return { identifier = "bad", configure = function(cell, row)
              local t = {} ; for i = 1, 1e9 do t[i] = ("x"):rep(65536) .. i end end }
            """, limits: roomy)
        #expect(m?.description.contains("memory limit") == true, "\(m?.description ?? "")")
        #expect(m?.description.contains("— in configure, row [0, 0]") == true)
    }

    // MARK: Loading

    func loadError(_ files: [String: String]) throws -> (CellarError?, String) {
        let dir = try styleDirectory(files)
        return (cellarError { _ = try luaRegistry([dir.styles]) }, dir.styles)
    }

    @Test func aFileThatIsNotAStyleIsRefused() throws {
        let (a, dir) = try loadError(["x.lua": "return 42"])
        #expect(
            a?.description
                == "\(dir)/x.lua: a style file must return a table with an 'identifier' and hooks (configure, layout, …); it returned a number"
        )
        let (b, dir2) = try loadError(["x.lua": "local t = {}"])
        #expect(b?.description.hasPrefix("\(dir2)/x.lua: a style file must return a table") == true)
        #expect(b?.description.hasSuffix("it returned nothing") == true)
        let (c, _) = try loadError(["x.lua": "return { layout = function() end }"])
        #expect(c?.description.contains("the style table has no 'identifier'") == true)
        let (d, _) = try loadError(["x.lua": "return { identifier = 'x', layuot = function() end }"])
        #expect(d?.description.contains("unknown style key 'layuot' — did you mean 'layout'?") == true)
        let (e, _) = try loadError(["x.lua": "return { identifier = 'x', layout = 'label' }"])
        #expect(e?.description.contains("layout must be a function, got a string") == true)
        let (f, dir3) = try loadError(["x.lua": "return {\n identifier = 'x' +\n}"])
        #expect(f?.description.hasPrefix("\(dir3)/x.lua:3: ") == true, "\(f?.description ?? "")")
        let (h, dir5) = try loadError(["x.lua": "return { identifier = 'x', accessory = 'chekmark' }"])
        #expect(h?.description == "\(dir5)/x.lua: accessory: unknown accessory 'chekmark' — did you mean 'checkmark'?")
        let (i, dir6) = try loadError(["x.lua": "return { identifier = 'x', independent_rows = 'yes' }"])
        #expect(i?.description == "\(dir6)/x.lua: independent_rows must be true or false, got a string")
        let (g, dir4) = try loadError(["x.lua": "\nlocal f = io.open('x')"])
        #expect(g?.description.hasPrefix("\(dir4)/x.lua:2: ") == true, "\(g?.description ?? "")")
    }

    @Test func duplicateIdentifiersNameBothFiles() throws {
        let (e, dir) = try loadError([
            "a.lua": "return { identifier = 'same' }", "sub/b.lua": "return { identifier = 'same' }",
        ])
        #expect(
            e?.description
                == "\(dir)/sub/b.lua: identifier 'same' is already defined by \(dir)/a.lua; each identifier may be defined by one file only"
        )
    }

    @Test func aLuaStyleMayNotShadowABuiltIn() throws {
        let (e, dir) = try loadError(["mine.lua": "return { identifier = 'subtitle' }"])
        #expect(
            e?.description
                == "\(dir)/mine.lua: identifier 'subtitle' belongs to a built-in style; a Lua style may not shadow it (choose another, e.g. 'subtitleLua')"
        )
    }

    @Test func definitionFilesAndPrivateFilesAreNotLoaded() throws {
        let dir = try styleDirectory([
            "cellar.d.lua": "error('definitions must not run')",
            "_draft.lua": "error('private')",
            ".hidden/x.lua": "error('hidden')",
            "_wip/y.lua": "error('private dir')",
            "notes.txt": "not lua",
            "notes.lua.txt": "not lua",
            "lua": "not lua",
            "sub/more/b.d.lua": "error('definitions must not run')",
            "sub/more/nested.lua": "return { identifier = 'nested' }",
            "real.lua": "return { identifier = 'real' }",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: dir.styles + "/linked.lua", withDestinationPath: dir.styles + "/sub/more/nested.lua")
        #expect(
            try StyleLoader.styleFiles(in: dir.styles)
                == [dir.styles + "/linked.lua", dir.styles + "/real.lua", dir.styles + "/sub/more/nested.lua"])
        #expect(try StyleLoader.styleFiles(in: dir.styles + "/sub") == [dir.styles + "/sub/more/nested.lua"])
        #expect(
            cellarError { _ = try StyleLoader.styleFiles(in: dir.styles + "/missing") }?.description
                == "--styles \(dir.styles)/missing: no such directory")
    }

    @Test func shippedStylesLoadAndListTheirHooks() throws {
        let registry = try luaRegistry([shippedStylesDir])
        for id in [
            "foodCellType", "myCellConfiguration", "checklist", "contact", "settingsSwitch", "badge", "keyValue",
            "defaultLua", "subtitleLua", "value1Lua", "value2Lua",
        ] {
            #expect(registry.style(for: id) is LuaCellStyle, "\(id)")
        }
        let food = try #require(registry.style(for: "foodCellType") as? LuaCellStyle)
        #expect(food.hooks == ["configure", "layout", "prepare_for_reuse", "accessory"])
        #expect(food.source == shippedStylesDir + "/food.lua")
    }
}
