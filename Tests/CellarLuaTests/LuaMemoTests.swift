import Cellar
import Foundation
import Testing

@testable import CellarLua

/// The memos a Lua cell keeps (update's result, the cell fields, the view
/// tree) answer exactly what the uncached path computes: the same steps run
/// on two engines, one of which forgets every memo before each call.
@Suite struct LuaMemoTests {
    static let styles = [
        "memo.lua": """
        return {
          identifier = 'memo',
          configure = function(cell, row)
            cell.text = row.text
            cell.tall = row.tall
            cell.indentation = row.indent
          end,
          update = function(config, state)
            config.shown = config.text .. (state.selected and ' sel' or '') .. ' ' .. tostring(state.mark)
            return config
          end,
          accessory = function(config, state)
            if state.selected then return 'checkmark' end
            if state.mark == 'b' then return ui.label(config.text) end
            return nil
          end,
          layout = function(config, ctx)
            return ui.label(config.shown .. ' w' .. ctx.width .. ' ' .. ctx.table_style
              .. ' m' .. ctx.margins.leading .. ' ' .. tostring(ctx.ambiguous_wide))
          end,
          height = function(config, width)
            if config.tall then return width % 3 + 1 end
            return nil
          end,
        }
        """,
        "memo_fixed.lua": """
        return {
          identifier = 'memo_fixed',
          accessory = 'disclosureIndicator',
          configure = function(cell, row)
            cell.text = row.text
            if row.tall then cell.accessory = 'detailButton' end
          end,
          layout = function(config, ctx)
            return ui.label(config.text .. ' w' .. ctx.width .. ' ' .. tostring(ctx.state.selected))
          end,
        }
        """,
        "memo_copy.lua": """
        return {
          identifier = 'memo_copy',
          accessory = 'disclosureIndicator',
          configure = function(cell, row)
            cell.text = row.text
            if row.tall then cell.accessory = 'detailButton' end
            cell.indentation = row.indent
          end,
          update = function(config, state)
            config.text = config.text .. (state.selected and ' sel' or '')
            return config
          end,
          layout = function(config, ctx)
            return ui.label(config.text .. ' w' .. ctx.width)
          end,
        }
        """,
    ]

    static let rows: [Value] = [
        .object(["text": .string("Apple"), "indent": .int(1)]),
        .object(["text": .string("Pear"), "tall": .bool(true)]),
        .object(["text": .string("Fig"), "tall": .bool(false), "indent": .int(0)]),
    ]

    static let states: [CellState] = {
        var selected = CellState()
        selected.isSelected = true
        var markA = CellState()
        markA.custom = ["mark": .string("a")]
        var markB = CellState()
        markB.custom = ["mark": .string("b")]
        var both = markA
        both.isSelected = true
        var highlighted = CellState()
        highlighted.isHighlighted = true
        return [.normal, selected, markA, markB, both, highlighted]
    }()

    /// What a cell shows after one step, compared between the two engines.
    struct Observed: Equatable {
        var node: ViewNode?
        var height: Int?
        var accessory: Accessory
        var editingAccessory: Accessory
        var indentation: Int
    }

    /// A small deterministic generator, so a failure replays.
    struct Steps {
        var seed: UInt64
        mutating func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
    }

    func step(
        _ choice: Int, _ style: CellStyle, _ cell: Cell, _ steps: inout Steps, forget: Bool
    ) throws -> Observed {
        var s = steps
        defer { steps = s }
        func forgetMemos() {
            if forget, let storage = cell.storage as? LuaCellStorage { storage.generation &+= 1 }
        }
        var observed = Observed(
            node: nil, height: nil, accessory: .none, editingAccessory: .none, indentation: 0)
        switch choice {
        case 0:
            forgetMemos()
            try style.configure(cell, row: Self.rows[s.next(Self.rows.count)], at: IndexPath(0, s.next(3)))
        case 1:
            cell.state = Self.states[s.next(Self.states.count)]
            forgetMemos()
            try style.updateConfiguration(cell, state: cell.state)
        case 2:
            let context = LayoutContext(
                width: 8 + s.next(3), tableStyle: TableStyle.allCases[s.next(TableStyle.allCases.count)],
                layoutMargins: Insets(leading: 1 + s.next(2), trailing: 1), state: cell.state,
                ambiguousWide: s.next(2) == 1)
            forgetMemos()
            observed.node = try style.content(for: cell, state: cell.state, context: context)
        case 3:
            forgetMemos()
            observed.height = try style.height(for: cell, width: 8 + s.next(3))
        default:
            forgetMemos()
            try style.prepareForReuse(cell)
        }
        observed.accessory = cell.accessory
        observed.editingAccessory = cell.editingAccessory
        observed.indentation = cell.indentationLevel
        return observed
    }

    @Test(arguments: ["memo", "memo_fixed", "memo_copy"])
    func memoizedCellsShowWhatTheUncachedPathComputes(_ identifier: String) throws {
        let dir = try styleDirectory(Self.styles)
        let memoized = try #require(try luaRegistry([dir.styles]).style(for: identifier))
        let uncached = try #require(try luaRegistry([dir.styles]).style(for: identifier))
        let cells = try (0..<3).map { _ in (try memoized.makeCell(), try uncached.makeCell()) }
        for (a, b) in cells {
            try memoized.configure(a, row: Self.rows[0], at: IndexPath(0, 0))
            try uncached.configure(b, row: Self.rows[0], at: IndexPath(0, 0))
        }
        var choices = Steps(seed: 7)
        for n in 0..<3000 {
            let (a, b) = cells[choices.next(cells.count)]
            // Layout and state steps come most often: they are what the memos spare.
            let choice = [0, 1, 1, 2, 2, 2, 3, 3, 4][choices.next(9)]
            var stepsA = choices
            var stepsB = choices
            let got = try step(choice, memoized, a, &stepsA, forget: false)
            let expected = try step(choice, uncached, b, &stepsB, forget: true)
            choices = stepsA
            try #require(got == expected, "step \(n) (kind \(choice)) of \(identifier)")
        }
    }

    /// The memos do spare calls: the same inputs twice run `update` and `layout` once.
    @Test func unchangedInputsRunTheHooksOnce() throws {
        let dir = try styleDirectory([
            "count.lua": """
            local calls = 0
            return {
              identifier = 'count',
              update = function(config, state) calls = calls + 1; return config end,
              layout = function(config, ctx) calls = calls + 100; return ui.label('x') end,
              height = function(config, width) return calls end,
            }
            """
        ])
        let style = try #require(try luaRegistry([dir.styles]).style(for: "count"))
        let cell = try style.makeCell()
        try style.configure(cell, row: .object([:]), at: IndexPath(0, 0))
        let context = LayoutContext(width: 10)
        _ = try style.content(for: cell, state: .normal, context: context)
        _ = try style.content(for: cell, state: .normal, context: context)
        #expect(try style.height(for: cell, width: 10) == 101)
        cell.state = Self.states[1]
        _ = try style.content(for: cell, state: cell.state, context: context)
        #expect(try style.height(for: cell, width: 10) == 202)
    }
}
