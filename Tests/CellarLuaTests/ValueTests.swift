import CLua
import CLuaShim
import Cellar
import Testing

@testable import CellarLua

@Suite struct ValueTests {
    static let samples: [Value] = [
        .null, .bool(true), .bool(false), .int(0), .int(Int.max), .int(Int.min), .int(-7),
        .double(1.5), .double(-0.25), .double(1e300), .double(.infinity),
        .string(""), .string("héllo 日本語 👍"), .string("nul\u{0}inside"),
        .bytes([0xff, 0xfe, 0x00, 0x41]), .bytes([0xc3]),
        .array([.int(1), .string("two"), .double(3.5)]),
        .object(["title": .string("Soup"), "price": .int(4), "tags": .array([.string("hot"), .string("veg")])]),
        .object(["1": .string("string key one")]),
        .array([.array([.array([.object(["deep": .bool(true)])])])]),
    ]

    @Test(arguments: samples)
    func roundTripThroughLua(value: Value) throws {
        let rt = try LuaRuntime()
        let identity = try rt.compile(source: Array("return ...".utf8), chunkName: "id.lua")
        #expect(try rt.call(identity, value) == [value])
    }

    /// Rows refill one table; their keys come from a small ring of registry
    /// slots, and rows with more keys than the ring holds still come out whole.
    @Test func refilledTablesHoldExactlyEachRow() throws {
        let rt = try LuaRuntime()
        let describe = try rt.compile(
            source: Array(
                """
                local t = ...
                local keys = {}
                for k, v in pairs(t) do keys[#keys + 1] = k .. "=" .. tostring(v) end
                table.sort(keys)
                return table.concat(keys, " ")
                """.utf8), chunkName: "describe.lua")
        let table = rt.newTable()
        var keys: [String] = []
        let rows: [[String: Value]] = [
            ["title": .string("a"), "detail": .int(1)],
            Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", Value.int($0)) }),
            ["title": .string("b")],
            ["k3": .bool(true), "title": .string("c")],
            ["k3": .int(4), "title": .string("d")],  // the same keys: overwritten in place
            ["k4": .int(5), "title": .string("e")],  // as many keys, another one: cleared first
        ]
        for row in rows {
            rt.push(describe)
            rt.push(table)
            try rt.refill(tableAt: -1, from: ObjectFields(row), lastKeys: &keys)
            try rt.pcall(arguments: 1, results: 1)
            let expected = row.map { "\($0.key)=\(Self.lua($0.value))" }.sorted().joined(separator: " ")
            #expect(rt.string(at: -1) == expected)
            rt.pop(1)
        }
    }

    @Test func refilledCopiesHoldExactlyTheirSource() throws {
        // update's copy is overwritten in place; keys the source lacks go,
        // also when the copy ends up with as many keys as the source had.
        let rt = try LuaRuntime()
        let describe = try rt.compile(
            source: Array(
                """
                local t = ...
                local keys = {}
                for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. tostring(v) end
                table.sort(keys)
                return table.concat(keys, " ")
                """.utf8), chunkName: "describe.lua")
        let copy = rt.newTable()
        let sources: [[String: Value]] = [
            ["title": .string("a"), "detail": .int(1)],
            ["title": .string("b"), "detail": .int(2)],  // the same keys
            ["title": .string("c"), "extra": .bool(true)],  // as many keys, one other
            Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", Value.int($0)) }),
            ["k3": .int(9)],  // fewer keys
            [:],
            ["title": .string("d")],
        ]
        for source in sources {
            rt.push(describe)
            rt.push(copy)
            try rt.push(Value.object(source))
            cellar_lua_refill_copy(rt.L, -2, -1)
            rt.pop(1)
            try rt.pcall(arguments: 1, results: 1)
            let expected = source.map { "\($0.key)=\(Self.lua($0.value))" }.sorted().joined(separator: " ")
            #expect(rt.string(at: -1) == expected)
            rt.pop(1)
        }
    }

    static func lua(_ v: Value) -> String {
        switch v {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .bool(let b): return String(b)
        default: return "?"
        }
    }

    @Test func invalidUTF8SurvivesLuaStringOperations() throws {
        let rt = try LuaRuntime()
        let f = try rt.compile(source: Array("local s = ... return s .. s, #s".utf8), chunkName: "b.lua")
        #expect(try rt.call(f, .bytes([0xff, 0x41])) == [.bytes([0xff, 0x41, 0xff, 0x41]), .int(2)])
    }

    @Test func luaTablesBecomeArraysOrObjects() throws {
        let rt = try LuaRuntime()
        let results = try run(
            rt, "return {10, 20}, {a = 1, [2] = 'x'}, {}, {[1] = 'a', [3] = 'c'}, 2^53, 3 // 1, {5, 6, x = 7}")
        #expect(
            results == [
                .array([.int(10), .int(20)]),
                .object(["a": .int(1), "2": .string("x")]),
                .object([:]),
                .object(["1": .string("a"), "3": .string("c")]),
                .double(9_007_199_254_740_992),
                .int(3),
                .object(["1": .int(5), "2": .int(6), "x": .int(7)]),
            ])
    }

    @Test func emptyArrayComesBackAsEmptyObject() throws {
        let rt = try LuaRuntime()
        let identity = try rt.compile(source: Array("return ...".utf8), chunkName: "id.lua")
        #expect(try rt.call(identity, .array([])) == [.object([:])])
    }

    @Test func cyclesAreDetected() throws {
        let rt = try LuaRuntime()
        let script = try writeScript("cycle.lua", "local t = { child = {} }\nt.child.parent = t\nreturn t")
        let f = try rt.compile(path: script.path)
        let error = luaError { _ = try rt.call(f) }
        #expect(error?.kind == .conversion)
        #expect(error?.message == "table contains a cycle (value.child.parent refers back to an enclosing table)")
        // Sharing without a cycle is fine.
        #expect(
            try run(rt, "local s = {1} return {a = s, b = s}") == [
                .object(["a": .array([.int(1)]), "b": .array([.int(1)])])
            ])
    }

    @Test func depthIsLimitedBothWays() throws {
        let rt = try LuaRuntime(limits: LuaLimits(maxValueDepth: 10))
        var deep = Value.int(1)
        for _ in 0..<11 { deep = .array([deep]) }
        let identity = try rt.compile(source: Array("return ...".utf8), chunkName: "id.lua")
        let pushError = luaError { _ = try rt.call(identity, deep) }
        #expect(pushError?.message == "value nested deeper than 10 levels")
        #expect(rt.top == 1)  // nothing left behind
        let (error, _) = try failure(rt, "local t = {} local c = t for i = 1, 20 do c[1] = {} c = c[1] end return t")
        #expect(error?.kind == .conversion)
        #expect(error?.message.hasPrefix("table nested deeper than 10 levels") == true)
    }

    @Test func functionsAreReferencesNotData() throws {
        let rt = try LuaRuntime()
        let (error, _) = try failure(rt, "return { f = function() end }")
        #expect(error?.message == "cannot convert a function to data (value.f)")

        let maker = try rt.compile(
            source: Array("local n = 0 return function(k) n = n + k return n end".utf8),
            chunkName: "counter.lua")
        rt.push(maker)
        try rt.pcall(arguments: 0, results: 1)
        let counter = try #require(rt.function(at: -1))
        rt.pop()
        #expect(try rt.call(counter, .int(2)) == [.int(2)])
        #expect(try rt.call(counter, .int(3)) == [.int(5)])

        // A Swift-held function passed back into Lua and called there.
        let apply = try rt.compile(source: Array("local f, x = ... return f(x)".utf8), chunkName: "apply.lua")
        rt.push(apply)
        rt.push(counter)
        rt.push(10)
        try rt.pcall(arguments: 2, results: 1)
        #expect(rt.integer(at: -1) == 15)
        rt.pop()
    }

    @Test func unsupportedKeysAreRefused() throws {
        let rt = try LuaRuntime()
        let (error, _) = try failure(rt, "return { [true] = 1 }")
        #expect(error?.message == "table key of type boolean cannot become data (value)")
    }
}
