import Cellar
import Foundation
import Testing

@testable import CellarLua

/// A value crossing from Lua to Swift is bounded by what it expands to, not
/// by its (possibly tiny) size in Lua.
@Suite struct ValueBudgetTests {
    static let bomb = "local t = {} for i = 1, 40 do t = { t, t } end"

    @Test func aSharedTableBombIsRefusedQuickly() throws {
        let rt = try LuaRuntime()
        let script = try writeScript("bomb.lua", Self.bomb + " return t")
        let f = try rt.compile(path: script.path)
        let started = ContinuousClock.now
        let error = luaError { try rt.call(f) }
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(error?.kind == .conversion)
        #expect(
            error?.message.hasPrefix("value too large to become data: over 100000 tables and values") == true,
            "\(String(describing: error))")
    }

    @Test func textIsCountedEachTimeItIsReached() throws {
        let rt = try LuaRuntime(limits: LuaLimits(maxValueBytes: 1000))
        let error = luaError {
            try run(rt, "local s = ('x'):rep(100) local t = {} for i = 1, 20 do t[i] = s end return t")
        }
        #expect(error?.kind == .conversion)
        #expect(try run(rt, "local s = ('x'):rep(100) return { s, s, s }").count == 1)
    }

    @Test func aSharedTableWithinTheBudgetConvertsOnce() throws {
        let rt = try LuaRuntime()
        #expect(
            try run(rt, "local s = { 1, 2 } return { s, s, k = s }") == [
                .object([
                    "1": .array([.int(1), .int(2)]), "2": .array([.int(1), .int(2)]),
                    "k": .array([.int(1), .int(2)]),
                ])
            ])
        #expect(
            try run(rt, "local s = { 1, 2 } return { s, s }") == [
                .array([.array([.int(1), .int(2)]), .array([.int(1), .int(2)])])
            ])
    }

    @Test func aBombInOnSelectNamesTheStyle() throws {
        let dir = try styleDirectory([
            "bomb.lua": """
            return {
              identifier = "bomb",
              on_select = function(cell, row, event)
                \(Self.bomb)
                row.bomb = t
              end,
            }
            """
        ])
        let table = try luaTable(
            "sections:\n  - rows:\n      - {cell: bomb, text: A}\n", try luaRegistry([dir.styles]), width: 20)
        _ = try table.renderText()
        let error = cellarError { try table.userSelectRow(at: IndexPath(0, 0)) }
        let text = error?.description ?? ""
        #expect(text.contains("bomb.lua:3:"), "\(text)")
        #expect(text.contains("value too large to become data"), "\(text)")
        #expect(text.contains("in on_select"), "\(text)")
    }
}

/// Every value that crosses counts, scalars and keys too; a changed row is
/// bounded by itself and, with every other changed row, per process.
extension ValueBudgetTests {
    static func onSelect(_ body: String) throws -> TableView {
        let dir = try styleDirectory([
            "big.lua": """
            return {
              identifier = "big",
              on_select = function(cell, row, event)
                \(body)
              end,
            }
            """
        ])
        let rows = (0..<3).map { "      - {cell: big, text: R\($0)}\n" }.joined()
        let table = try luaTable("sections:\n  - rows:\n" + rows, try luaRegistry([dir.styles]), width: 20)
        _ = try table.renderText()
        return table
    }

    @Test(arguments: [
        "row.big = {'head', t}", "row.big = {t, 'tail'}", "row.big = t", "row.big = {k = t}",
        "local b = {} for i = 1, 200000 do b[i] = true end row.big = {'head', b}",
    ])
    func scalarsCountWhereverTheyStand(_ store: String) throws {
        let table = try Self.onSelect("local t = {} for i = 1, 1000000 do t[i] = i end " + store)
        let error = cellarError { try table.userSelectRow(at: IndexPath(0, 0)) }
        let text = error?.description ?? ""
        #expect(text.contains("big.lua:3:") && text.contains("value too large to become data"), "\(text)")
    }

    @Test func keysCountToo() throws {
        let rt = try LuaRuntime(limits: LuaLimits(maxValueNodes: 1000))
        // 600 fields: 600 keys and 600 values, over 1,000 though only 601 tables and values.
        let error = luaError { try run(rt, "local t = {} for i = 1, 600 do t['k' .. i] = 0 end return t") }
        #expect(error?.kind == .conversion)
        #expect(try run(rt, "local t = {} for i = 1, 400 do t['k' .. i] = 0 end return t").count == 1)
    }

    @Test func aChangedRowIsBoundedByItself() throws {
        let table = try Self.onSelect("local t = {} for i = 1, 20000 do t[i] = i end row.big = t")
        let error = cellarError { try table.userSelectRow(at: IndexPath(0, 0)) }
        let text = error?.description ?? ""
        #expect(text.contains("big.lua:3:") && text.contains("the changed row is too large to keep"), "\(text)")
        #expect(text.contains("in on_select, row [0, 0]"), "\(text)")
    }
}
