import CLua
import Cellar
import Testing

@testable import CellarLua

@Suite struct BudgetTests {
    static let short = LuaLimits(timeBudget: .milliseconds(100))

    @Test func endlessLoopStopsWithFileAndLine() throws {
        let rt = try LuaRuntime(limits: Self.short)
        let (error, path) = try failure(rt, "local n = 0\nwhile true do n = n + 1 end\n")
        #expect(error?.kind == .timeout)
        #expect(error?.userMessage == "\(path):2: time budget of 100 ms exceeded (endless loop?)")
    }

    @Test func scriptsOwnPcallCannotSwallowTheTimeout() throws {
        let rt = try LuaRuntime(limits: Self.short)
        let (error, path) = try failure(
            rt,
            """
            local caught = 0
            while true do
              pcall(function() while true do end end)
              caught = caught + 1
            end
            """)
        #expect(error?.kind == .timeout)
        #expect(error?.file == path)
        #expect(error?.message == "time budget of 100 ms exceeded (endless loop?)")
        let (xpError, _) = try failure(
            rt,
            """
            for i = 1, math.huge do
              xpcall(function() while true do end end, function(m) return m end)
            end
            """)
        #expect(xpError?.kind == .timeout)
    }

    @Test func runtimeWorksAgainAfterATimeout() throws {
        let rt = try LuaRuntime(limits: Self.short)
        let script = try writeScript(
            "loop.lua", "return { spin = function() while true do end end, add = function(a, b) return a + b end }")
        let module = try #require(try rt.loadPlugin(path: script.path).module)
        let spin = try #require(module.function(rt.key("spin")))
        let add = try #require(module.function(rt.key("add")))
        #expect(luaError { try rt.call(spin) }?.kind == .timeout)
        // Many quick calls afterwards: none of them may be hit by a stale hook.
        for i in 0..<20_000 {
            #expect(try rt.call(add, .int(i), .int(1)) == [.int(i + 1)])
        }
        #expect(luaError { try rt.call(spin) }?.kind == .timeout)
    }

    @Test func countHookIsArmedOnlyForAnOverrunningCall() throws {
        let rt = try LuaRuntime(limits: Self.short)
        let script = try writeScript(
            "hooks.lua",
            """
            return { quick = function() local s = 0 for i = 1, 1000 do s = s + i end return s end,
                     spin = function() while true do end end }
            """)
        let module = try #require(try rt.loadPlugin(path: script.path).module)
        let quick = try #require(module.function(rt.key("quick")))
        let spin = try #require(module.function(rt.key("spin")))
        #expect(lua_gethook(rt.L) == nil)
        #expect(try rt.call(quick) == [.int(500500)])
        #expect(lua_gethook(rt.L) == nil)
        #expect(luaError { try rt.call(spin) }?.kind == .timeout)
        #expect(lua_gethook(rt.L) == nil)
    }

    @Test func timeBudgetIsConfigurable() throws {
        let rt = try LuaRuntime(limits: Self.short)
        var limits = rt.limits
        limits.timeBudget = .milliseconds(30)
        rt.setLimits(limits)
        let (error, _) = try failure(rt, "while true do end")
        #expect(error?.message == "time budget of 30 ms exceeded (endless loop?)")
    }

    @Test func loopAtLoadTimeStopsLoadPlugin() throws {
        let rt = try LuaRuntime(limits: Self.short)
        let script = try writeScript("slow.lua", "local t = {}\nrepeat t[1] = 1 until false\nreturn t")
        let error = luaError { _ = try rt.loadPlugin(path: script.path) }
        #expect(error?.kind == .timeout)
        #expect(error?.userMessage == "\(script.path):2: time budget of 100 ms exceeded (endless loop?)")
    }

    @Test func runawayRecursionIsACleanError() throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "local function f(n)\n  return 1 + f(n + 1)\nend\nreturn f(1)")
        // Lua's frames count against the memory cap, which is reached before
        // Lua's own stack limit with the default 32 MB: the message says why.
        #expect(error?.kind == .memory)
        #expect(
            error?.message
                == "stack overflow: calls nested over 10000 deep filled the memory limit of 32 MB (a function calling itself without end?)"
        )
        #expect(error?.file == path)
        #expect(error?.line == 2)
        #expect(try run(rt, "return 1") == [.int(1)])
    }

    @Test func hugeStringRepIsACleanError() throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "local a = 1\nlocal s = string.rep('x', 1 << 30)\n")
        #expect(
            error?.userMessage
                == "\(path):2: string.rep: result of 1073741824 bytes exceeds the memory limit of 33554432 bytes")
    }

    @Test func doublingLoopHitsTheMemoryCap() throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "local s = 'x'\nwhile true do\n  s = s .. s\nend\n")
        #expect(error?.kind == .memory)
        #expect(error?.userMessage == "\(path):3: memory limit of 32 MB exceeded")
        // The heap is released and the runtime goes on.
        #expect(rt.memoryInUse < 8 << 20)
        #expect(try run(rt, "return #('y'):rep(1000)") == [.int(1000)])
    }

    @Test func caughtMemoryErrorDoesNotMislabelALaterError() throws {
        let rt = try LuaRuntime(limits: LuaLimits(memoryLimit: 4 << 20))
        let (error, path) = try failure(
            rt,
            """
            local ok, msg = pcall(function() local s = 'x' while true do s = s .. s end end)
            assert(not ok and msg == "not enough memory")
            error("after")
            """)
        #expect(error?.kind == .runtime)
        #expect(error?.userMessage == "\(path):3: after")
        let syntax = try writeScript("syntax.lua", "return +")
        let syntaxError = luaError { _ = try rt.compile(path: syntax.path) }
        #expect(syntaxError?.kind == .syntax)
        #expect(syntaxError?.traceback == "")
    }

    @Test func growingTableHitsAConfiguredMemoryCap() throws {
        let rt = try LuaRuntime(limits: LuaLimits(memoryLimit: 4 << 20))
        let (error, path) = try failure(rt, "local t = {}\nfor i = 1, 1e9 do t[i] = {i} end\n")
        #expect(error?.kind == .memory)
        #expect(error?.userMessage == "\(path):2: memory limit of 4 MB exceeded")
    }

    /// Small blocks come from the runtime's pool (one free list per 16-byte
    /// class), larger ones from malloc; a block that grows or shrinks across
    /// classes, or across the pool's upper bound, must keep its contents.
    @Test func blocksKeepTheirContentsAcrossSizeClasses() throws {
        let rt = try LuaRuntime()
        let result = try run(
            rt,
            """
            local keep = {}
            for n = 1, 1200 do                       -- strings of every size to 1200 bytes
              keep[n] = string.rep(string.char(65 + n % 26), n)
            end
            local t = {}
            for i = 1, 3000 do t[i] = i * 3 end      -- array part grows past the pool's bound
            for i = 3000, 5, -1 do t[i] = nil end
            local h = {}
            for i = 1, 200 do h["k" .. i] = i end    -- hash part grows through the classes
            for i = 1, 195 do h["k" .. i] = nil end
            collectgarbage("count")
            local sum = 0
            for i = 1, 4 do sum = sum + t[i] end
            for i = 196, 200 do sum = sum + h["k" .. i] end
            for n = 1, 1200 do
              local s = keep[n]
              if #s ~= n or s:byte(1) ~= 65 + n % 26 or s:byte(n) ~= 65 + n % 26 then return -n end
            end
            return sum
            """)
        #expect(result == [.int(3 + 6 + 9 + 12 + 196 + 197 + 198 + 199 + 200)])
    }

    @Test func memoryErrorAtLoadIsReported() throws {
        let rt = try LuaRuntime(limits: LuaLimits(memoryLimit: 2 << 20))
        let script = try writeScript("big.lua", "local s = 'x'\nfor i = 1, 40 do s = s .. s end\nreturn { }")
        let error = luaError { _ = try rt.loadPlugin(path: script.path) }
        #expect(error?.kind == .memory)
        #expect(error?.file == script.path)
        #expect(error?.line == 2)
    }

    /// A style that keeps most of the shared memory once loaded is named at
    /// load, not the style whose next call then runs out; a style that keeps
    /// little (after making garbage) loads.
    @Test func aStyleKeepingMostOfTheMemoryIsNamedAtLoad() throws {
        let hoard = """
            local hoard = {}
            for i = 1, 200 do hoard[i] = ("x"):rep(64 * 1024) .. i end
            return { identifier = "hoarder", layout = function() return ui.label(#hoard) end }
            """
        let litter = """
            for i = 1, 200 do local s = ("y"):rep(64 * 1024) .. i end
            return { identifier = "litter", layout = function() return ui.label "l" end }
            """
        let dir = try styleDirectory(["hoarder.lua": hoard, "litter.lua": litter])
        let e = cellarError { _ = try luaRegistry([dir.styles]) }
        #expect(
            e?.description
                == "\(dir.styles)/hoarder.lua: the style keeps 12 MB once loaded; a style may keep at most 8 MB, a "
                + "quarter of the 32 MB the styles loaded with it share")
        let clean = try styleDirectory(["litter.lua": litter])
        #expect(try luaRegistry([clean.styles]).style(for: "litter") != nil)
    }

    /// A style file larger than a style may keep is refused by its size before
    /// it is read; one just under the size loads.
    @Test func aStyleFileIsBoundedBeforeItIsRead() throws {
        let limits = LuaLimits(memoryLimit: 4 << 20)
        let style = "return { identifier = \"long\", layout = function() return ui.label \"l\" end }\n"
        func padded(to size: Int) -> String {
            style + String(repeating: "-- note\n", count: (size - style.utf8.count) / 8)
        }
        let long = try styleDirectory(["long.lua": padded(to: (1 << 20) + 16)])
        let e = cellarError { _ = try luaRegistry([long.styles], limits: limits) }
        #expect(
            e?.description
                == "\(long.styles)/long.lua: the file is larger than 1 MB, the most a Lua file may hold (a quarter "
                + "of the 4 MB memory limit)")
        let fits = try styleDirectory(["long.lua": padded(to: (1 << 20) - 16)])
        #expect(try luaRegistry([fits.styles], limits: limits).style(for: "long") != nil)
    }

    @Test(arguments: [
        "return (\"a\"):rep(300):find(\".-.-.-x\")",
        "return string.find(string.rep(\"a\", 300), \".-.-.-x\")",
        "return (\"a\"):rep(300):match(\"(.-)(.-)(.-)x\")",
        "for w in (\"a\"):rep(300):gmatch(\".-.-.-x\") do end",
        "return (\"a\"):rep(300):gsub(\".-.-.-x\", \"\")",
        "return (\"a\"):rep(3000):find(\"a*a*a*b\")",
    ])
    func patternBombsAreRefused(source: String) throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, source)
        #expect(error?.kind == .runtime)
        #expect(error?.file == path)
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("refused: pattern") == true)
    }

    /// gsub's replacement works once per match: a long string is priced,
    /// and a library function (directly or as a table's __index), which
    /// would run outside the time budget, is refused; Lua code is not.
    @Test(arguments: [
        ("return (\"a\"):rep(10000):gsub(\"\", (\"%0\"):rep(500000))", "refused: string.gsub's replacement"),
        ("return (\"5\"):rep(20):gsub(\"(%d)\", string.rep)", "refused: string.gsub with a library function"),
        (
            "return (\"x\"):rep(9):gsub(\"\", setmetatable({}, { __index = setmetatable({}, { __index = table.concat }) }))",
            "refused: string.gsub with a table whose __index is a library function"
        ),
    ])
    func gsubReplacementsAreBounded(source: String, refusal: String) throws {
        let rt = try LuaRuntime()
        let (error, _) = try failure(rt, source)
        #expect(error?.message.hasPrefix(refusal) == true, "\(String(describing: error))")
        let results = try run(
            rt,
            """
            local viaLua = ("ab"):gsub("%w", function(c) return c:rep(2) end)
            local viaTable = ("ab"):gsub("%w", setmetatable({}, { __index = function(_, k) return k:upper() end }))
            return viaLua, viaTable, (("x"):rep(100):gsub("x", "yz"))
            """)
        #expect(results == [.string("aabb"), .string("AB"), .string(String(repeating: "yz", count: 100))])
    }

    @Test func ordinaryPatternsStillWork() throws {
        let rt = try LuaRuntime()
        let results = try run(
            rt,
            """
            local text = ("word "):rep(200)
            local trimmed = ("   padded   "):match("^%s*(.-)%s*$")
            local n = select(2, text:gsub("%w+", ""))
            return trimmed, n, ("a,b,c"):find(",", 1, true), ("key=value"):match("(%w+)=(%w+)")
            """)
        #expect(results == [.string("padded"), .int(200), .int(2), .string("key"), .string("value")])
    }
}
