import Cellar
import CellarDocuments
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarLua

/// The hooks of a Lua style: what each receives, what it may change, and the
/// defaults when it is missing.
@Suite struct LuaStyleHookTests {
    @Test func configureAndLayoutDrawRowData() throws {
        let dir = try styleDirectory([
            "card.lua": """
            return {
              identifier = "card",
              configure = function(cell, row) cell.title = row.name .. "!" end,
              layout = function(config, ctx)
                return ui.hstack { ui.label { text = config.title }, ui.label { text = tostring(ctx.width), width = "fit" } }
              end,
            }
            """
        ])
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: card, name: Pear}\n", try luaRegistry([dir.styles]), width: 30)
        let out = try renderLines(table)
        // Content width: 30 - 1 (leading marker) - 1 (trailing) = 28.
        #expect(out == [" Pear!                     28", ""])
    }

    @Test func missingHooksFallBackToDefaults() throws {
        let dir = try styleDirectory(["bare.lua": "return { identifier = \"bare\" }"])
        let yaml = """
            sections:
              - rows:
                  - {cell: bare, text: Plain text, accessory: checkmark}
                  - {cell: bare, text: Second, accessoryText: "42"}
                  - {cell: bare}
            """
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 24)
        let out = try renderLines(table)
        #expect(out[0] == " Plain text           ✓")
        #expect(out[2] == " Second              42")
        // The default configure shows exactly the row: nothing leaks from the last one.
        #expect(out[4] == "")
        let style = try #require(try luaRegistry([dir.styles]).style(for: "bare") as? LuaCellStyle)
        #expect(style.hooks.isEmpty)
    }

    @Test func updateGetsACopyAndReactsToState() throws {
        let registry = try luaRegistry([shippedStylesDir])
        let yaml = """
            sections:
              - rows:
                  - {cell: myCellConfiguration, title: 오늘도 코딩, body: 바디부분, selected: true}
                  - {cell: myCellConfiguration, title: 둘째, body: 바디}
            """
        let table = try luaTable(yaml, registry, width: 30, height: 10)
        _ = try table.renderText()
        _ = try table.renderText()
        let out = try renderLines(table)
        // Rendered three times, prefixed once: update works on a copy.
        #expect(out[0] == "▌ 선택됨: 오늘도 코딩")
        #expect(out[3] == "  둘째")
        try table.userDeselectRow(at: IndexPath(0, 0))
        #expect(try renderLines(table)[0] == "  오늘도 코딩")
    }

    @Test func ownBackgroundsSurviveTheSelectionLook() throws {
        // contact inverts its avatar when highlighted and badge draws its
        // count on red: the table's highlight/selection look must not paint
        // over those backgrounds (plain-text goldens cannot show this).
        let registry = try luaRegistry([shippedStylesDir])
        let yaml = """
            separatorStyle: none
            sections:
              - rows:
                  - {cell: contact, name: Ada Lovelace, phone: "1", highlighted: true}
                  - {cell: badge, title: Inbox, count: 3, selected: true}
            """
        let table = try luaTable(yaml, registry, width: 20, height: 3)
        final class Capture: CanvasWriter {
            var canvas: Canvas?
            func write(_ canvas: Canvas, lines: Range<Int>) throws { self.canvas = canvas }
            func flush() throws {}
        }
        let cap = Capture()
        try table.render(to: cap)
        let canvas = try #require(cap.canvas)
        #expect(canvas.line(0).hasPrefix("▸ AL  Ada"))
        let avatar = canvas[2, 0].style
        #expect(avatar.background == .semantic(.tint))
        #expect(avatar.foreground == .semantic(.background))
        #expect(!avatar.attributes.contains(.inverse))
        #expect(canvas[7, 0].style.background == .semantic(.highlightedBackground))
        #expect(canvas.line(2).hasSuffix(" 3"))
        let badge = canvas[canvas.line(2).count - 1, 2].style  // the "3" (ASCII line)
        #expect(badge.background == .semantic(.destructive))
        #expect(!badge.attributes.contains(.inverse))
        #expect(canvas[2, 2].style.attributes.contains(.inverse))
    }

    @Test func accessoryAsAFunctionOfState() throws {
        let dir = try styleDirectory([
            "pick.lua": """
            return {
              identifier = "pick",
              accessory = function(config, state) return state.selected and "checkmark" or "disclosureIndicator" end,
              layout = function(config, ctx) return ui.label { text = config.text .. " " .. ctx.width } end,
            }
            """
        ])
        let yaml =
            "sections:\n  - rows:\n      - {cell: pick, text: A}\n      - {cell: pick, text: B, selected: true}\n"
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 20, height: 4)
        let out = try renderLines(table)
        // The accessory is known before the content width is computed.
        #expect(out[0] == " A 14             ›")
        #expect(out[2] == "▌B 14             ✓")
        try table.userDeselectRow(at: IndexPath(0, 1))
        #expect(try renderLines(table)[2] == " B 14             ›")
    }

    @Test func customAccessoryViewsAndEditingAccessory() throws {
        let dir = try styleDirectory([
            "acc.lua": """
            return {
              identifier = "acc",
              accessory = ui.label { text = "[x]", color = "tint", width = "fit" },
              editing_accessory = "checkmark",
              layout = function(config) return ui.label(config.text) end,
            }
            """
        ])
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: acc, text: A}\n", try luaRegistry([dir.styles]), width: 20)
        #expect(try renderLines(table)[0] == " A              [x]")
        table.setEditing(true)
        // The editing accessory replaces the custom one; the reorder control follows it.
        #expect(try renderLines(table)[0].hasSuffix("✓ ≡"))
    }

    @Test func selectChangesRowDataAndTheNextRenderShowsIt() throws {
        let registry = try luaRegistry([shippedStylesDir])
        let yaml =
            "sections:\n  - rows:\n      - {cell: checklist, title: Milk}\n      - {cell: checklist, title: Eggs, done: true}\n"
        let doc = try streamedDocument(yaml, path: "t.yaml")
        let source = StreamedDataSource(document: doc)
        let table = source.makeTableView(registry: registry)
        table.width = 24
        table.viewportHeight = 4
        #expect(try renderLines(table)[0] == " ☐ Milk")
        try table.userSelectRow(at: IndexPath(0, 0))
        #expect(try renderLines(table)[0] == "▌☑ Milk               ✓")
        #expect(source.rowValue(at: IndexPath(0, 0))?["done"] == .bool(true))
        // The whole table, streamed (every cell configured afresh), agrees.
        table.viewportHeight = nil
        #expect(try renderLines(table)[0] == "▌☑ Milk               ✓")
    }

    @Test func onlyTrackingAccessoriesFireTaps() throws {
        let registry = try luaRegistry([shippedStylesDir])
        let yaml = """
            sections:
              - rows:
                  - {cell: contact, name: Ada Lovelace, phone: "1"}
                  - {cell: settingsSwitch, title: Wi-Fi, on: true}
            """
        let doc = try streamedDocument(yaml, path: "t.yaml")
        let source = StreamedDataSource(document: doc)
        let table = source.makeTableView(registry: registry)
        table.width = 30
        table.viewportHeight = 6
        _ = try table.renderText()
        #expect(try table.tapAccessory(at: IndexPath(0, 0)))
        #expect(source.rowValue(at: IndexPath(0, 0))?["favourite"] == .bool(true))
        #expect(try renderLines(table)[0].contains("Ada Lovelace ★"))
        // The switch is a custom accessory view: a tap on it never fires.
        #expect(try table.tapAccessory(at: IndexPath(0, 1)) == false)
        #expect(try renderLines(table)[3].hasSuffix("[ ON]"))
        try table.userSelectRow(at: IndexPath(0, 1))
        #expect(try renderLines(table)[3].hasSuffix("[OFF]"))
    }

    @Test func eventStateBecomesCustomState() throws {
        let dir = try styleDirectory([
            "star.lua": """
            return {
              identifier = "star",
              layout = function(config, ctx)
                return ui.label { text = (ctx.state.starred and "★ " or "") .. config.text }
              end,
              on_select = function(cell, row, event)
                assert(event.kind == "select" and event.section == 0 and event.row == 1)
                event.state.starred = true
              end,
            }
            """
        ])
        let yaml = "sections:\n  - rows:\n      - {cell: star, text: A}\n      - {cell: star, text: B}\n"
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 20, height: 4)
        _ = try table.renderText()
        try table.userSelectRow(at: IndexPath(0, 1))
        let out = try renderLines(table)
        #expect(out[0] == " A")
        #expect(out[2] == "▌★ B")
        // Custom states belong to the row: a cell configured afresh (the
        // whole table streamed through one reused cell) still shows it.
        table.viewportHeight = nil
        #expect(try renderLines(table)[2] == "▌★ B")
    }

    @Test func heightHookSetsRowLines() throws {
        let dir = try styleDirectory([
            "tall.lua": """
            return {
              identifier = "tall",
              layout = function(config) return ui.label(config.text) end,
              height = function(config, width) if config.text == "tall" then return 3 end end,
            }
            """
        ])
        let yaml =
            "separatorStyle: none\nsections:\n  - rows:\n      - {cell: tall, text: tall}\n      - {cell: tall, text: auto}\n"
        let out = try renderLines(try luaTable(yaml, try luaRegistry([dir.styles]), width: 20))
        // The content is centred in its three lines, as UIKit centres it.
        #expect(out == ["", " tall", "", " auto", ""])
    }

    @Test func stateTableCarriesEveryKeyAndCustomKeys() throws {
        let dir = try styleDirectory([
            "keys.lua": """
            local names = { "selected", "highlighted", "disabled", "focused", "editing", "expanded", "swiped", "reordering" }
            return {
              identifier = "keys",
              update = function(config, state)
                local on = {}
                for _, k in ipairs(names) do
                  assert(type(state[k]) == "boolean", k)
                  if state[k] then on[#on + 1] = k end
                end
                if state.mood then on[#on + 1] = "mood=" .. state.mood end
                config.text = table.concat(on, ",")
              end,
              layout = function(config) return ui.label(config.text) end,
            }
            """
        ])
        let yaml = "sections:\n  - rows:\n      - {cell: keys, selected: true, disabled: true}\n      - {cell: keys}\n"
        let table = try luaTable(yaml, try luaRegistry([dir.styles]), width: 40, height: 4)
        try table.setCustomState("mood", .string("sunny"), at: IndexPath(0, 1))
        let out = try renderLines(table)
        #expect(out[0] == "▌selected,disabled")
        #expect(out[2] == " mood=sunny")
    }
}
