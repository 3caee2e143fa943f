import Cellar
import CellarText
import Foundation
import Testing

@testable import CellarLua

/// The `ui` constructors set a node's metatable without the sandbox's
/// checks only when the table has none; a table that has one goes through
/// `setmetatable` and its checks, as before.
@Suite struct LuaNodeMarkTests {
    func content(_ layoutBody: String) throws -> ViewNode {
        let dir = try styleDirectory([
            "m.lua": "return { identifier = 'm', layout = function(config, ctx)\n\(layoutBody)\nend }"
        ])
        let registry = try luaRegistry([dir.styles])
        let style = try #require(registry.style(for: "m"))
        let cell = try style.makeCell()
        try style.configure(cell, row: .object([:]), at: IndexPath(0, 0))
        return try style.content(for: cell, state: .normal, context: LayoutContext(width: 30))
    }

    static let label = TextStyle(foreground: .semantic(.label))

    @Test func aTableWithAnOrdinaryMetatableBecomesANode() throws {
        let n = try content(
            """
            local t = setmetatable({ text = 'x' }, { __index = { unused = 1 } })
            local l = ui.label(t)
            return ui.hstack { l, ui.label(l.kind) }
            """)
        #expect(
            n
                == .stack(
                    .horizontal([.label(Label("x", style: Self.label)), .label(Label("label", style: Self.label))])))
    }

    @Test func aProtectedMetatableStillRefusesTheConstructor() throws {
        let e = cellarError {
            _ = try content("local n = ui.vstack(setmetatable({}, { __metatable = 'locked' }))\nreturn n")
        }
        #expect(e?.message.contains("cannot change a protected metatable") == true)
        #expect(e?.location?.line == 2)
        // A tail call into a constructor (a C function) keeps the calling line.
        let tail = cellarError {
            _ = try content("return ui.vstack(setmetatable({}, { __metatable = 'locked' }))")
        }
        #expect(tail?.message.contains("cannot change a protected metatable") == true)
        #expect(tail?.location?.line == 2)
    }

    @Test func constructorsStillCheckTheirArgument() throws {
        let e = cellarError { _ = try content("local n = ui.padding(3)\nreturn n") }
        #expect(e?.message.contains("ui.padding expects a table, got number") == true)
        #expect(e?.location?.line == 2)
    }
}
