import Cellar
import Testing

@testable import CellarLua

@Suite struct LoadingTests {
    @Test func runtimeIsLua54() throws {
        let rt = try LuaRuntime()
        #expect(rt.version == 504)
    }

    @Test func syntaxErrorNamesFileAndLine() throws {
        let rt = try LuaRuntime()
        let script = try writeScript("food.lua", "local a = 1\nlocal b = = 2\n")
        let error = luaError { _ = try rt.compile(path: script.path) }
        #expect(error?.kind == .syntax)
        #expect(error?.file == script.path)
        #expect(error?.line == 2)
        #expect(error?.userMessage == "\(script.path):2: unexpected symbol near '='")
    }

    @Test func runtimeErrorAtLoadHasLocationAndTraceback() throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "local x = 1\n\nerror('boom')\n")
        #expect(error?.kind == .runtime)
        #expect(error?.userMessage == "\(path):3: boom")
        #expect(error?.message == "boom")
        #expect(error?.traceback.contains("stack traceback:") == true)
        #expect(error?.traceback.contains("fail.lua:3") == true)
    }

    @Test func errorInAHookCalledLaterPointsAtItsLine() throws {
        let rt = try LuaRuntime()
        let script = try writeScript(
            "food.lua",
            """
            return {
              configure = function(cell, row)
                return row.missing.field
              end,
            }
            """)
        let plugin = try rt.loadPlugin(path: script.path)
        let configure = try #require(plugin.module?.function(rt.key("configure")))
        let error = luaError { try rt.call(configure, .object([:]), .object([:])) }
        #expect(error?.file == script.path)
        #expect(error?.line == 3)
        #expect(error?.message == "attempt to index a nil value (field 'missing')")
    }

    @Test func nonStringErrorGetsLocationFromTheStack() throws {
        let rt = try LuaRuntime()
        let (error, path) = try failure(rt, "local t = {}\nerror(t)\n")
        #expect(error?.userMessage == "\(path):2: (error object is a table value)")
    }

    @Test func eachFileIsCompiledOnce() throws {
        let rt = try LuaRuntime()
        let script = try writeScript("count.lua", "loads = (loads or 0) + 1\nreturn { n = loads }")
        let a = try rt.loadPlugin(path: script.path)
        let b = try rt.loadPlugin(path: script.path)
        #expect(try a.module?.get(rt.key("n")) == .int(1))
        // Same tables, not a second run: a write through one shows in the other.
        try a.module?.set(rt.key("mark"), .string("seen"))
        #expect(try b.module?.get(rt.key("mark")) == .string("seen"))
        #expect(try b.environment.get(rt.key("loads")) == .int(1))
    }

    @Test func runtimeIsFreedWithItsReferences() throws {
        weak var weakRuntime: LuaRuntime?
        do {
            let rt = try LuaRuntime()
            weakRuntime = rt
            let script = try writeScript("p.lua", "return { f = function() end }")
            let plugin = try rt.loadPlugin(path: script.path)
            _ = plugin.module?.function(rt.key("f"))
            _ = rt.makeFunction { $0 }
        }
        #expect(weakRuntime == nil)
    }

    @Test func unreadableFileIsAFileError() throws {
        let rt = try LuaRuntime()
        let error = luaError { _ = try rt.compile(path: "/nonexistent/Styles/none.lua") }
        #expect(error?.kind == .file)
        #expect(error?.userMessage == "/nonexistent/Styles/none.lua: cannot read the file")
    }

    @Test func splitLocationKeepsColonsInPaths() {
        let parts = LuaError.splitLocation("C:/a:b/x.lua:12: oops: more")
        #expect(parts?.file == "C:/a:b/x.lua")
        #expect(parts?.line == 12)
        #expect(parts?.message == "oops: more")
        #expect(LuaError.splitLocation("no location here") == nil)
    }

    /// A loaded style keeps its accessory function as a plain reference, so a
    /// leak checker reading a registry that lives until exit finds it: an enum
    /// of the fixed and function cases kept its case in the reference's spare
    /// bits, and the fuzz-golden replay reported the shipped styles' functions lost.
    @Test func anAccessoryFunctionIsKeptAsAPlainReference() throws {
        let registry = try luaRegistry([shippedStylesDir])
        for name in ["badge", "checklist", "settingsSwitch"] {
            let spec = try #require(registry.style(for: name) as? LuaCellStyle).accessorySpec
            let function = try #require(spec.function, "\(name)")
            let address = UInt(bitPattern: Unmanaged.passUnretained(function).toOpaque())
            let words = withUnsafeBytes(of: spec) { raw in
                (0..<raw.count / MemoryLayout<UInt>.size).map {
                    raw.load(fromByteOffset: $0 * MemoryLayout<UInt>.size, as: UInt.self)
                }
            }
            #expect(words.contains(address), "\(name)")
        }
    }
}
