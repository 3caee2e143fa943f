import Cellar
import Testing

@testable import CellarLua

@Suite struct TrampolineTests {
    @Test func swiftErrorBecomesALuaErrorAtTheCaller() throws {
        let rt = try LuaRuntime()
        let check = rt.makeFunction { args in
            guard case .string(let s)? = args.first else { throw LuaFunctionError("check: expected a string") }
            return [.int(s.count)]
        }
        let script = try writeScript("use.lua", "local check = ...\nlocal n = check('abc')\nreturn n, check(5)\n")
        let chunk = try rt.compile(path: script.path)
        rt.push(chunk)
        rt.push(check)
        let failure = luaError { try rt.pcall(arguments: 1, results: 0) }
        #expect(failure?.userMessage == "\(script.path):3: check: expected a string")
    }

    @Test func swiftObjectsAreReleasedWhenLuaErrors() throws {
        let rt = try LuaRuntime()
        let counter = DeinitCounter()
        let fail = rt.makeFunction(raw: { _, _ in
            let a = Tracked(counter)
            let b = [Tracked(counter), Tracked(counter)]
            _ = (a, b)
            throw LuaFunctionError("refused")
        })
        let script = try writeScript(
            "release.lua",
            """
            local fail = ...
            local ok, msg = pcall(fail)
            assert(not ok)
            fail()
            """)
        let chunk = try rt.compile(path: script.path)
        rt.push(chunk)
        rt.push(fail)
        let error = luaError { try rt.pcall(arguments: 1, results: 0) }
        #expect(error?.userMessage == "\(script.path):4: refused")
        #expect(counter.made == 6)
        #expect(counter.released == 6)
    }

    @Test func nestedLuaErrorPassesThroughSwiftAndReleases() throws {
        let rt = try LuaRuntime()
        let counter = DeinitCounter()
        let inner = try rt.compile(source: Array("local x = nil\nreturn x.y\n".utf8), chunkName: "Styles/inner.lua")
        let callInner = rt.makeFunction(raw: { rt, _ in
            let holder = Tracked(counter)
            _ = holder
            try rt.call(inner)
            return 0
        })
        let outer = try rt.compile(
            source: Array("local f = ...\nlocal ok, m = pcall(f)\nreturn ok, m\n".utf8),
            chunkName: "Styles/outer.lua")
        rt.push(outer)
        rt.push(callInner)
        try rt.pcall(arguments: 1, results: 2)
        #expect(rt.bool(at: -2) == false)
        #expect(rt.string(at: -1) == "Styles/inner.lua:2: attempt to index a nil value (local 'x')")
        rt.pop(2)
        #expect(counter.made == 1)
        #expect(counter.released == 1)
    }

    @Test func timeoutInsideNestedCallStillStopsTheOuterCall() throws {
        let rt = try LuaRuntime(limits: LuaLimits(timeBudget: .milliseconds(100)))
        let spin = try rt.compile(source: Array("while true do end".utf8), chunkName: "spin.lua")
        let callSpin = rt.makeFunction(raw: { rt, _ in
            try rt.call(spin)
            return 0
        })
        let outer = try rt.compile(
            source: Array("local f = ...\npcall(f)\nwhile true do pcall(f) end".utf8),
            chunkName: "outer.lua")
        rt.push(outer)
        rt.push(callSpin)
        let error = luaError { try rt.pcall(arguments: 1, results: 0) }
        #expect(error?.kind == .timeout)
    }
}
