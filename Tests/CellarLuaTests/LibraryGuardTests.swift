import Cellar
import Foundation
import Testing

@testable import CellarLua

/// Library functions run as one C call, where the time budget's hook never
/// fires: each one that could run long is refused before it starts.
@Suite struct LibraryGuardTests {
    static let hugeLen = "setmetatable({}, { __len = function() return math.maxinteger - 1 end })"

    @Test(arguments: [
        "return string.rep('', math.maxinteger)",
        "return string.rep('', 1e10)",
        "return ('x'):rep(0, 'y') .. string.rep('', 1e10, '')",
        "return table.move({}, 1, math.maxinteger - 1, 2)",
        "return table.insert(\(hugeLen), 1, 'x')",
        "return table.remove(\(hugeLen), 1)",
        "return table.concat(\(hugeLen))",
        "return table.concat(setmetatable({}, { __index = tostring }), '', 1, math.maxinteger)",
        "return table.unpack({}, 1, 1e9)",
        "return table.sort(\(hugeLen), rawequal)",
        "local s = ('a'):rep(200000) return s:find(('a'):rep(99999) .. 'b')",
        "local s = ('a'):rep(200000) return s:match(('a'):rep(99999) .. 'b')",
        "local s = ('a'):rep(200000) return s:gsub(('a'):rep(99999) .. 'b', '')",
        "local s = ('a'):rep(200000) for w in s:gmatch(('a'):rep(99999) .. 'b') do end",
        "local s = ('a'):rep(4 << 20) return s:find(('a'):rep(2 << 20) .. 'b', 1, true)",
        "return load(('x=1 '):rep(300000))",
    ])
    func expensiveCallsAreRefusedAtTheirLine(source: String) throws {
        let rt = try LuaRuntime()
        let started = ContinuousClock.now
        let (error, path) = try failure(rt, "local a = 1\n" + source)
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(error?.kind == .runtime)
        #expect(error?.file == path)
        #expect(error?.line == 2)
        #expect(error?.message.hasPrefix("refused: ") == true, "\(String(describing: error))")
    }

    @Test func manyCallsUnderTheLimitStillMeetTheTimeBudget() throws {
        let rt = try LuaRuntime(limits: LuaLimits(timeBudget: .milliseconds(200)))
        let started = ContinuousClock.now
        let (error, _) = try failure(rt, "while true do local s = string.rep('', 1e5) end")
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(error?.kind == .timeout)
    }

    @Test func ordinaryLibraryCallsStillWork() throws {
        let rt = try LuaRuntime()
        let results = try run(
            rt,
            """
            local t = { 3, 1, 2 }
            table.insert(t, 4); table.insert(t, 1, 0)
            local removed = table.remove(t, 1)
            table.sort(t)
            local moved = table.move({ 1, 2, 3 }, 1, 3, 2, {})
            return table.concat(t, ","), removed, table.concat(moved, ",", 2, 4), select("#", table.unpack(t)),
                   ("ab"):rep(3, "-"), ("hello world"):find("o w", 1, true), table.remove({})
            """)
        #expect(
            results == [
                .string("1,2,3,4"), .int(0), .string("1,2,3"), .int(4), .string("ab-ab-ab"),
                .int(5), .null,
            ])
    }

    @Test func aHostileLenIsReadOnce() throws {
        let rt = try LuaRuntime()
        // Small the first time, huge after: the work must follow the first answer.
        let results = try run(
            rt,
            """
            local calls = 0
            local t = setmetatable({ "a", "b" }, { __len = function()
              calls = calls + 1
              return calls == 1 and 2 or math.maxinteger - 1
            end })
            local s = table.concat(t)
            calls = 0
            local n = select("#", table.unpack(t))
            return s, n
            """)
        #expect(results == [.string("ab"), .int(2)])
    }
}
