import Cellar
import CellarDocuments
import CellarTestSupport
import Foundation
import Testing

@testable import CellarLua

/// Defects an author met while trying styles: each locked here.
@Suite struct LuaAuthorDefectTests {
    /// `fields` declares a style's row keys; a document row with another key fails, located.
    @Test func declaredFieldsCheckRowKeys() throws {
        let dir = try styleDirectory([
            "note.lua": """
            return {
              identifier = "note",
              fields = { "title", "body" },
              configure = function(cell, row) cell.text = row.title end,
            }
            """
        ])
        let registry = try luaRegistry([dir.styles])
        #expect((registry.style(for: "note") as? LuaCellStyle)?.rowKeys == ["title", "body"])
        let doc = try streamedDocument(
            "sections:\n  - rows:\n      - {cell: note, title: a, bdy: b}\n", path: "n.yaml")
        #expect { try doc.validate(against: registry) } throws: {
            "\($0)" == "n.yaml:3:32: style 'note' does not read row key 'bdy' — did you mean 'body'?"
        }
        _ = try luaTable("sections:\n  - rows:\n      - {cell: note, title: a, body: b, selected: true}\n", registry)
    }

    @Test func fieldsMustBeAListOfNames() throws {
        let dir = try styleDirectory(["bad.lua": "return { identifier = \"bad\", fields = { 1, 2 } }\n"])
        #expect(
            cellarError { _ = try luaRegistry([dir.styles]) }?.description.contains(
                "fields must be a list of row key names")
                == true)
    }

    /// Two misspelled hooks: both reported, in file order, every time.
    @Test func everyMisspelledHookIsReportedInFileOrder() throws {
        let dir = try styleDirectory([
            "typo.lua": """
            return {
              identifier = "typo",
              onselect = function(cell, row, event) end,
              layuot = function(config, ctx) return ui.label "x" end,
              prepare_for_reuse = function(cell) end,
              configur = function(cell, row) end,
            }
            """
        ])
        let path = dir.styles + "/typo.lua"
        for _ in 0..<5 {
            let e = cellarError { _ = try luaRegistry([dir.styles]) }
            // One error a line, as the CLI prints them.
            #expect(
                e.map { ([$0] + $0.also).map(\.description).joined(separator: "\n") } == """
                    \(path):3: unknown style key 'onselect' — did you mean 'on_select'? (private fields start with '_')
                    \(path):4: unknown style key 'layuot' — did you mean 'layout'? (private fields start with '_')
                    \(path):6: unknown style key 'configur' — did you mean 'configure'? (private fields start with '_')
                    """)
        }
    }

    /// Past twenty unknown keys, the first twenty by name are named (each
    /// looked for in the file) after a line that counts them all; a name longer than any misspelling gets no
    /// suggestion (weighing it costs its length times each choice's).
    @Test func manyOrHugeUnknownKeysAreNamedWithinBounds() throws {
        let dir = try styleDirectory([
            "many.lua": """
            local t = { identifier = "many", layout = function() return ui.label "x" end }
            for i = 10, 34 do t["k" .. i] = 1 end
            t[("q"):rep(200)] = 1
            return t
            """
        ])
        let e = cellarError { _ = try luaRegistry([dir.styles]) }
        let lines = e.map { [$0] + $0.also }?.map(\.description) ?? []
        #expect(lines.count == 21)
        #expect(lines.first == "\(dir.styles)/many.lua: 26 unknown style keys; the first 20 by name:", "\(lines)")
        #expect(lines.dropFirst().first?.contains("unknown style key 'k10' (expected one of: identifier, ") == true)
        #expect(Suggest.closest(String(repeating: "q", count: 200), among: ["q", "qq"]) == nil)
        #expect(Suggest.closest("qqq", among: ["q", "qq"]) == "qq")
        let choices = (1...30).map { "c\($0)" }
        #expect(Suggest.unknown("key", "zzzzzzzz", among: choices).hasSuffix(", c24, … (30 in all))"))
    }

    /// A function put into event.state is a located error, not a silently dropped change.
    @Test func aFunctionInEventStateIsALocatedError() throws {
        let dir = try styleDirectory([
            "fn.lua": """
            return {
              identifier = "fn",
              on_select = function(cell, row, event)
                event.state.done = function() end
              end,
            }
            """
        ])
        let registry = try luaRegistry([dir.styles])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: fn, text: a}\n", registry)
        _ = try table.renderText()
        let e = cellarError { try table.userSelectRow(at: IndexPath(0, 0)) }
        #expect(e?.description.hasPrefix("\(dir.styles)/fn.lua:") == true)
        #expect(e?.description.contains("event.state: cannot convert a function") == true, "\(String(describing: e))")
        #expect(e?.description.hasSuffix("in on_select, row [0, 0]") == true)
    }

    /// An error in prepare_for_reuse names the hook, file:line, the row the
    /// cell showed and the row it was being prepared for.
    @Test func aFailingPrepareForReuseNamesBothRows() throws {
        let dir = try styleDirectory([
            "boom.lua": """
            return {
              identifier = "boom",
              configure = function(cell, row) cell.text = row.text end,
              prepare_for_reuse = function(cell)
                if cell.text == "a" then error("reuse failed") end
              end,
            }
            """
        ])
        let registry = try luaRegistry([dir.styles])
        let table = try luaTable(
            "estimatedRowHeight: 1\nseparatorStyle: none\nsections:\n  - rows:\n"
                + ["a", "b", "c", "d"].map { "      - {cell: boom, text: \($0)}\n" }.joined(),
            registry, width: 20, height: 2)
        _ = try table.renderText()
        let e = cellarError { try table.scroll(toOffset: 2) }
        #expect(
            e?.description
                == "\(dir.styles)/boom.lua:5: reuse failed — in prepare_for_reuse, for a cell that showed row [0, 0], dequeued for row [0, 2]"
        )
    }

    /// In a full render, a field on_select sets on row 1's cell shows on row 1 only.
    @Test func aFullRenderShowsACellFieldOnItsRowOnly() throws {
        let dir = try styleDirectory([
            "flag.lua": """
            return {
              identifier = "flag",
              configure = function(cell, row) cell.title = row.title end,
              on_select = function(cell, row, event) cell.mark = "*" end,
              prepare_for_reuse = function(cell) cell.mark = nil end,
              layout = function(config, ctx) return ui.label { text = (config.mark or "-") .. config.title } end,
            }
            """
        ])
        let registry = try luaRegistry([dir.styles])
        let table = try luaTable(
            "separatorStyle: none\nsections:\n  - rows:\n"
                + ["a", "b", "c", "d"].map { "      - {cell: flag, title: \($0)}\n" }.joined(),
            registry, width: 20)
        #expect(try renderLines(table) == [" -a", " -b", " -c", " -d", ""])
        try table.userSelectRow(at: IndexPath(0, 1))
        #expect(try renderLines(table) == [" -a", "▌*b", " -c", " -d", ""])
    }

    /// A fitted label keeps its natural width; the flexible sibling truncates.
    @Test func aFittedLabelIsNotCutForALongSibling() throws {
        let dir = try styleDirectory([
            "when.lua": """
            return {
              identifier = "when",
              layout = function(config, ctx)
                return ui.hstack { ui.label "Family trip", ui.label { text = "Yesterday", width = "fit" } }
              end,
            }
            """
        ])
        let registry = try luaRegistry([dir.styles])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: when}\n", registry, width: 20)
        #expect(try renderLines(table) == [" Family…  Yesterday", ""])
    }
}
