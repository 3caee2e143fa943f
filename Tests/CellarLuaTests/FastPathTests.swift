import Cellar
import Testing

@testable import CellarLua

@Suite struct FastPathTests {
    @Test func prePushedArgumentsAndFieldReads() throws {
        let rt = try LuaRuntime()
        let f = try rt.compile(
            source: Array(
                """
                return function(row)
                  return { text = row.title .. "!", width = #row.detail, flag = true }
                end
                """.utf8), chunkName: "hook.lua")
        rt.push(f)
        try rt.pcall(arguments: 0, results: 1)
        let hook = try #require(rt.function(at: -1))
        rt.pop()
        let title = rt.key("title")
        let detail = rt.key("detail")
        let text = rt.key("text")
        let width = rt.key("width")
        let flag = rt.key("flag")
        let base = rt.top
        for i in 0..<3 {
            rt.push(hook)
            rt.pushTable(fieldCount: 2)
            rt.push("row \(i)")
            rt.rawSet(title, inTableAt: -2)
            rt.push("détail")
            rt.rawSet(detail, inTableAt: -2)
            try rt.pcall(arguments: 1, results: 1)
            #expect(rt.rawGet(text, fromTableAt: -1) == .string)
            #expect(rt.string(at: -1) == "row \(i)!")
            rt.pop()
            rt.rawGet(width, fromTableAt: -1)
            #expect(rt.integer(at: -1) == 7)
            rt.pop()
            rt.rawGet(flag, fromTableAt: -1)
            #expect(rt.bool(at: -1) == true)
            rt.pop(2)
            #expect(rt.top == base)
        }
    }

    @Test func persistentTablesKeepFieldsAcrossCalls() throws {
        let rt = try LuaRuntime()
        let cell = rt.newTable()
        let count = rt.key("count")
        let label = rt.key("label")
        try cell.set(label, .string("first"))
        let bump = try rt.compile(
            source: Array("local cell = ... cell.count = (cell.count or 0) + 1 return cell.label".utf8),
            chunkName: "bump.lua")
        for _ in 0..<3 {
            rt.push(bump)
            rt.push(cell)
            try rt.pcall(arguments: 1, results: 1)
            #expect(rt.string(at: -1) == "first")
            rt.pop()
        }
        #expect(try cell.get(count) == .int(3))
        let sub = rt.newTable()
        cell.set(rt.key("sub"), sub)
        #expect(cell.table(rt.key("sub")) != nil)
        #expect(try cell.value() == .object(["count": .int(3), "label": .string("first"), "sub": .object([:])]))
    }

    @Test func swiftFunctionInAnEnvironmentAndTableTraversal() throws {
        let rt = try LuaRuntime()
        let env = rt.newEnvironment()
        env.set(
            rt.key("double"),
            rt.makeFunction(raw: { rt, argc in
                guard argc == 1, let n = rt.integer(at: 1) else {
                    throw LuaFunctionError("double: expected an integer")
                }
                rt.push(n * 2)
                return 1
            }))
        let f = try rt.compile(
            source: Array("return { double(2), double(5), name = 'x' }".utf8),
            chunkName: "env.lua", environment: env)
        rt.push(f)
        try rt.pcall(arguments: 0, results: 1)
        #expect(rt.rawLength(at: -1) == 2)
        var seen: [String] = []
        rt.pushNil()
        while rt.next(inTableAt: -2) {
            let key = rt.type(at: -2) == .string ? (rt.string(at: -2) ?? "") : String(rt.integer(at: -2) ?? -1)
            seen.append("\(key)=\(rt.integer(at: -1).map(String.init) ?? rt.string(at: -1) ?? "?")")
            rt.pop()
        }
        rt.pop()
        #expect(seen.sorted() == ["1=4", "2=10", "name=x"])
        let bad = try rt.compile(source: Array("return double('a')".utf8), chunkName: "bad.lua", environment: env)
        #expect(luaError { try rt.call(bad) }?.userMessage == "bad.lua:1: double: expected an integer")
    }

    @Test func keysAreInterned() throws {
        let rt = try LuaRuntime()
        #expect(rt.key("title").ref == rt.key("title").ref)
        #expect(rt.key("title").ref != rt.key("detail").ref)
    }

    @Test func errorLeavesTheStackBalanced() throws {
        let rt = try LuaRuntime()
        let f = try rt.compile(source: Array("error('x')".utf8), chunkName: "e.lua")
        let before = rt.top
        rt.push(f)
        rt.push(1)
        #expect(luaError { try rt.pcall(arguments: 1, results: 1) }?.userMessage == "e.lua:1: x")
        #expect(rt.top == before)
    }
}
