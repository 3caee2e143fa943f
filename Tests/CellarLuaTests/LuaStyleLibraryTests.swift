import Cellar
import CellarText
import Foundation
import Testing

@testable import CellarLua

/// The `ui` library builds the same ViewNode values a Swift style would.
@Suite struct LuaStyleLibraryTests {
    /// The node `layout` returns for one row, as the table would ask for it.
    func node(_ layoutBody: String, width: Int = 30, ambiguousWide: Bool = false) throws -> ViewNode {
        let dir = try styleDirectory([
            "n.lua": "return { identifier = 'n', layout = function(config, ctx) \(layoutBody) end }"
        ])
        let registry = try luaRegistry([dir.styles])
        let style = try #require(registry.style(for: "n"))
        let cell = try style.makeCell()
        try style.configure(cell, row: .object(["text": .string("hi")]), at: IndexPath(0, 0))
        return try style.content(
            for: cell, state: .normal,
            context: LayoutContext(
                width: width, layoutMargins: Insets(leading: 1, trailing: 2),
                ambiguousWide: ambiguousWide))
    }

    @Test func constructorsAndShorthand() throws {
        #expect(try node("return ui.label 'x'") == .label(Label("x", style: TextStyle(foreground: .semantic(.label)))))
        #expect(try node("return ui.label(42)") == .label(Label("42", style: TextStyle(foreground: .semantic(.label)))))
        #expect(try node("return ui.image '🍎'") == .image(glyph: "🍎", style: .plain))
        #expect(try node("return ui.spacer()") == .spacer(minLength: 0))
        #expect(try node("return ui.spacer(3)") == .spacer(minLength: 3))
        #expect(try node("return ui.spacer { min = 2 }") == .spacer(minLength: 2))
        #expect(try node("return ui.empty()") == .empty)
        #expect(try node("return nil") == .empty)
        // Constructors mark nodes with a metatable; node.kind still reads.
        #expect(
            try node("return ui.label(ui.hstack{}.kind .. ui.label('x').kind)")
                == .label(Label("hstacklabel", style: TextStyle(foreground: .semantic(.label)))))
        #expect(
            try node("return { kind = 'label', text = 'by hand' }")
                == .label(Label("by hand", style: TextStyle(foreground: .semantic(.label)))))
    }

    @Test func everyLabelField() throws {
        let n = try node(
            """
            return ui.label { text = 'x', lines = 0, line_break = 'wordWrap', align = 'center', transform = 'uppercase',
                              color = 'tint', background = '#102030', bold = true, italic = true, underline = true,
                              dim = true, strikethrough = true, width = 7 }
            """)
        let expected = Label(
            "x", numberOfLines: 0, lineBreakMode: .wordWrap, alignment: .center, transform: .uppercase,
            style: TextStyle(
                attributes: [.bold, .italic, .underline, .dim, .strikethrough],
                foreground: .semantic(.tint), background: .rgb(0x10, 0x20, 0x30)),
            width: .fixed(7))
        #expect(n == .label(expected))
        #expect(
            try node("return ui.label { text = 'x', color = 200, width = 'fit' }")
                == .label(Label("x", style: TextStyle(foreground: .palette(200)), width: .fit)))
    }

    @Test func stacksPaddingAndMargins() throws {
        let n = try node(
            "return ui.hstack { spacing = 2, align = 'center', width = 'fit', ui.image '⭐', ui.vstack { ui.label 'a', false } }"
        )
        let label = ViewNode.label(Label("a", style: TextStyle(foreground: .semantic(.label))))
        #expect(
            n
                == .stack(
                    Stack(
                        axis: .horizontal, spacing: 2, alignment: .center, width: .fit,
                        children: [
                            .image(glyph: "⭐", style: .plain),
                            .stack(Stack(axis: .vertical, spacing: 0, alignment: .fill, children: [label, .empty])),
                        ])))
        #expect(
            try node("return ui.padding { top = 1, leading = 2, ui.label 'a' }")
                == .padding(Insets(top: 1, leading: 2), label))
        #expect(
            try node("return ui.margins(ctx.margins, ui.label 'a')") == .padding(Insets(leading: 1, trailing: 2), label)
        )
    }

    @Test func contextAndHelpers() throws {
        #expect(
            try node(
                "return ui.label(ctx.width .. ' ' .. ctx.table_style .. ' ' .. tostring(ctx.state.selected))", width: 17
            )
                == .label(Label("17 plain false", style: TextStyle(foreground: .semantic(.label)))))
        #expect(
            try node("return ui.label(tostring(ui.width('한글 ok 🍎')))")
                == .label(Label("10", style: TextStyle(foreground: .semantic(.label)))))
        #expect(
            try node("local c = ui.copy(config); c.text = 'changed'; return ui.label(config.text .. c.text)")
                == .label(Label("hichanged", style: TextStyle(foreground: .semantic(.label)))))
    }

    /// ctx.ambiguous_wide carries the table's setting; ui.width measures
    /// with it unless told otherwise by its second argument.
    @Test func ambiguousWidthInContextAndUIWidth() throws {
        let body =
            "return ui.label(tostring(ctx.ambiguous_wide) .. ' ' .. ui.width('±°') .. ' ' .. ui.width('±°', false)"
            + " .. ' ' .. ui.width('±°', true) .. ' ' .. ui.width('±°', nil))"
        func text(_ n: ViewNode) -> String? {
            if case .label(let l) = n { return l.text }
            return nil
        }
        #expect(text(try node(body)) == "false 2 2 4 2")
        #expect(text(try node(body, ambiguousWide: true)) == "true 4 2 4 4")
        #expect(throws: (any Error).self) { try node("return ui.label(ui.width('x', 1))") }
    }

    /// A Lua style in a table: ctx.ambiguous_wide follows the table as it changes.
    @Test func ambiguousWidthReachesLuaStylesThroughTheTable() throws {
        let dir = try styleDirectory([
            "w.lua": """
            return { identifier = 'w', layout = function(config, ctx)
                return ui.label(tostring(ctx.ambiguous_wide) .. ' ' .. ui.width(config.text))
            end }
            """
        ])
        let registry = try luaRegistry([dir.styles])
        // A viewport keeps its cells on screen between renders: the tree a
        // cell keeps is made again when the setting changes.
        let table = try luaTable(
            "ambiguousWide: true\nsections:\n  - rows:\n      - {cell: w, text: '±°α'}\n", registry,
            height: 2)
        #expect(try renderLines(table).first == " true 6")
        table.ambiguousWide = false
        #expect(try renderLines(table).first == " false 3")
        table.ambiguousWide = true
        #expect(try renderLines(table).first == " true 6")
    }

    /// A height hook has no ctx: its ui.width still measures like the table.
    @Test func uiWidthInAHeightHookFollowsTheTable() throws {
        let dir = try styleDirectory([
            "h.lua": """
            return { identifier = 'h', height = function(config, width) return ui.width(config.text) end }
            """
        ])
        let registry = try luaRegistry([dir.styles])
        let yaml = "separatorStyle: none\nsections:\n  - rows:\n      - {cell: h, text: '±°'}\n      - {text: end}\n"
        let narrow = try luaTable(yaml, registry)
        #expect(try renderLines(narrow).firstIndex(of: " end") == 2)
        let wide = try luaTable("ambiguousWide: true\n" + yaml, registry)
        #expect(try renderLines(wide).firstIndex(of: " end") == 4)
    }

    /// ui.list_label reads UIKit's text-properties names (as rows give them
    /// to the built-in styles) into a label node.
    @Test func listLabelReadsTextProperties() throws {
        let all = try node(
            """
            return ui.list_label('x', { numberOfLines = 0, lineBreakMode = 'wordWrap', alignment = 'center',
                                        color = '#102030', transform = 'capitalized', bold = true, italic = true,
                                        underline = true, dim = true }, 'tint')
            """)
        #expect(
            all
                == .label(
                    Label(
                        "x", numberOfLines: 0, lineBreakMode: .wordWrap, alignment: .center, transform: .capitalized,
                        style: TextStyle(
                            attributes: [.bold, .italic, .underline, .dim], foreground: .rgb(0x10, 0x20, 0x30)))))
        // The colour argument stands in only when the properties name none.
        #expect(
            try node("return ui.list_label('x', { bold = false }, 'secondaryLabel')")
                == .label(Label("x", style: TextStyle(foreground: .semantic(.secondaryLabel)))))
        #expect(
            try node("return ui.list_label('x', nil, 'tint')")
                == .label(Label("x", style: TextStyle(foreground: .semantic(.tint)))))
        #expect(
            try node("return ui.list_label(42, { color = 196 })")
                == .label(Label("42", style: TextStyle(foreground: .palette(196)))))
        // A YAML boolean is text, as the built-ins print it; nil is empty.
        #expect(
            try node("return ui.list_label(true)")
                == .label(Label("true", style: TextStyle(foreground: .semantic(.label)))))
        #expect(
            try node("return ui.list_label(nil)") == .label(Label("", style: TextStyle(foreground: .semantic(.label)))))
        // The result is a label node to adjust.
        #expect(
            try node(
                "local l = ui.list_label('x', { alignment = 'natural' }); l.width = 'fit'; return ui.label(l.kind .. l.align .. l.width)"
            )
                == .label(Label("labelnaturalfit", style: TextStyle(foreground: .semantic(.label)))))
    }

    @Test(arguments: [
        (
            "ui.list_label('x', { numberOfLine = 2 })",
            "ui.list_label: unknown text property 'numberOfLine' (numberOfLines, lineBreakMode,"
        ),
        ("ui.list_label('x', 'bold')", "ui.list_label expects text properties as a table, got string"),
    ])
    func listLabelMisuseIsReportedAtTheStylesLine(_ call: String, _ expected: String) throws {
        let dir = try styleDirectory([
            "bad.lua":
                "return {\n  identifier = 'bad',\n  layout = function()\n    local n = \(call)\n    return n\n  end,\n}"
        ])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: bad, text: a}\n", try luaRegistry([dir.styles]))
        let e = cellarError { _ = try table.renderText() }
        #expect(e?.description.hasPrefix(dir.styles + "/bad.lua:4: \(expected)") == true, "\(e?.description ?? "")")
    }

    @Test func theGreetingFromTheDocsRenders() throws {
        let dir = try styleDirectory([
            "greeting.lua": """
            ---@type CellStyle
            return {
              identifier = "greeting",
              configure = function(cell, row) cell.name = row.name end,
              layout = function(config, ctx)
                return ui.hstack { ui.image "👋", ui.label { text = "Hello, " .. config.name, bold = true } }
              end,
            }
            """
        ])
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: greeting, name: 세계}\n", try luaRegistry([dir.styles]), width: 24)
        #expect(try renderLines(table) == [" 👋 Hello, 세계", ""])
    }
}
