import Cellar
import Testing

@testable import CellarLua

@Suite struct SandboxTests {
    @Test(arguments: ["io", "os", "package", "require", "debug", "dofile", "loadfile", "coroutine", "warn"])
    func forbiddenGlobalIsUnreachable(name: String) throws {
        let rt = try LuaRuntime()
        #expect(try run(rt, "return \(name), _G.\(name), rawget(_G, '\(name)')") == [.null, .null, .null])
        let (error, path) = try failure(rt, "local x = 1\nreturn \(name).anything")
        #expect(error?.userMessage == "\(path):2: attempt to index a nil value (global '\(name)')")
    }

    @Test func safeLibrariesAndBaseAreThere() throws {
        let rt = try LuaRuntime()
        let results = try run(
            rt,
            """
            return string.upper("a"), table.concat({1, 2}, ","), math.max(1, 5), utf8.char(233),
                   ("x"):rep(3), select("#", 1, 2), tostring(12), type(pairs), _VERSION
            """)
        #expect(
            results == [
                .string("A"), .string("1,2"), .int(5), .string("é"), .string("xxx"),
                .int(2), .string("12"), .string("function"), .string("Lua 5.4"),
            ])
    }

    @Test func stringDumpIsGone() throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "return string.dump(function() end)")
        #expect(error?.userMessage == "\(path):1: attempt to call a nil value (field 'dump')")
    }

    @Test func loadIsTextOnlyAndStaysInTheSandbox() throws {
        let rt = try LuaRuntime()
        let results = try run(
            rt,
            """
            secret = 42
            local f = load("return secret, io, os")
            local a, b, c = f()
            local ok, msg = load("\\27Lua binary")
            local ok2, msg2 = load("return 1", "chunk", "b")
            local ok3, msg3 = load("return 1", "chunk", "bt")
            return a, b, c, ok, msg, ok2, msg2, ok3 == nil
            """)
        #expect(
            results == [
                .int(42), .null, .null, .null,
                .string("attempt to load a binary chunk (mode is 't')"),
                .null, .string("load: binary chunks are not allowed (mode \"b\"; use \"t\")"),
                .bool(true),
            ])
        let (error, path) = try failure(rt, "return load(function() return 'x' end)")
        #expect(error?.userMessage == "\(path):1: load: only source text (a string) can be loaded in the sandbox")
    }

    @Test func collectgarbageOnlyCounts() throws {
        let rt = try LuaRuntime()
        let kb = try run(rt, "return collectgarbage('count')")
        #expect((kb.first?.doubleValue ?? 0) > 0)
        for opt in ["", "'collect'", "'stop'", "'step'"] {
            let (error, path) = try failure(rt, "return collectgarbage(\(opt))")
            let shown = opt.isEmpty ? "collect" : String(opt.dropFirst().dropLast())
            #expect(
                error?.userMessage
                    == "\(path):1: collectgarbage: only \"count\" is allowed in the sandbox (got \"\(shown)\")")
        }
    }

    @Test(arguments: ["string", "table", "math", "utf8"])
    func sharedLibrariesAreReadOnly(lib: String) throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "\n\(lib).x = 1")
        #expect(error?.userMessage == "\(path):2: cannot set \(lib).x: the shared library '\(lib)' is read-only")
        let (rawError, rawPath) = try failure(rt, "rawset(\(lib), 'x', 1)")
        #expect(
            rawError?.userMessage == "\(rawPath):1: rawset: the shared tables (libraries, ctx, state) are read-only")
        let (mtError, mtPath) = try failure(rt, "setmetatable(\(lib), {})")
        #expect(mtError?.userMessage == "\(mtPath):1: cannot change a protected metatable")
        #expect(try run(rt, "return getmetatable(\(lib))") == [.string("the shared library '\(lib)' is read-only")])
        // Replacing a library in one's own environment is allowed and local to it.
        #expect(try run(rt, "\(lib) = 5 return \(lib)") == [.int(5)])
        #expect(try run(rt, "return type(\(lib))") == [.string("table")])
    }

    @Test func stringMetatableIsGuarded() throws {
        let rt = try LuaRuntime()
        #expect(try run(rt, "return getmetatable('')") == [.string("the string metatable is read-only")])
        let (error, path) = try failure(rt, "getmetatable('').__index = {}")
        #expect(error?.userMessage == "\(path):1: attempt to index a string value")
        let (setError, setPath) = try failure(rt, "setmetatable('', {})")
        #expect(setError?.userMessage == "\(setPath):1: bad argument #1 to 'setmetatable' (table expected, got string)")
    }

    @Test func finalizersAreRefused() throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "setmetatable({}, {__gc = function() while true do end end})")
        #expect(error?.userMessage == "\(path):1: setmetatable: __gc finalizers are not allowed in styles")
        #expect(try run(rt, "local t = setmetatable({}, {__index = function() return 7 end}) return t.x") == [.int(7)])
    }

    @Test func rawsetStillWorksOnOwnTables() throws {
        let rt = try LuaRuntime()
        #expect(try run(rt, "local t = {} rawset(t, 'a', 1) return t.a") == [.int(1)])
    }

    @Test func pluginsHaveSeparateGlobals() throws {
        let rt = try LuaRuntime()
        try run(rt, "shared = 'a'; string = nil")
        #expect(try run(rt, "return shared, type(string)") == [.null, .string("table")])
        #expect(
            try run(rt, "return _G == _ENV, getmetatable(_G)") == [
                .bool(true), .string("the environment's metatable is read-only"),
            ])
    }

    @Test func printIsCapturedOrDropped() throws {
        let rt = try LuaRuntime()
        try run(rt, "print('dropped')")
        final class Sink { var lines: [String] = [] }
        let sink = Sink()
        rt.onPrint = { sink.lines.append($0) }
        try run(rt, "print('a', 1, nil, true)\nprint()")
        #expect(sink.lines == ["a\t1\tnil\ttrue", ""])
    }
}
