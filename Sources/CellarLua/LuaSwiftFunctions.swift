import CLua
import CLuaShim
import Cellar

/// A Swift function callable from Lua, fast form: reads its `argumentCount`
/// arguments from stack indices 1...argumentCount, pushes its results and
/// returns how many. Throwing raises a Lua error at the Lua caller; the
/// raise happens in C after this frame has returned, so Swift objects are
/// released normally.
public typealias LuaRawFunction = (LuaRuntime, _ argumentCount: Int32) throws -> Int32

/// What the C side calls back into: the Swift functions and the print sink.
/// Referenced unretained from C; the runtime owns it.
final class LuaCallbacks {
    unowned(unsafe) var runtime: LuaRuntime?
    var functions: [LuaRawFunction] = []
    var onPrint: ((String) -> Void)?
}

extension LuaRuntime {
    /// Wraps a Swift function for Lua (fast form). The function lives as
    /// long as the runtime. Use the runtime passed to `body` rather than
    /// capturing it (a captured runtime, `LuaFunction` or `LuaTableRef`
    /// keeps the runtime alive: a reference cycle).
    public func makeFunction(raw body: @escaping LuaRawFunction) -> LuaFunction {
        callbacks.functions.append(body)
        cellar_push_swift_function(handle, Int32(callbacks.functions.count - 1))
        return makeFunctionRef()
    }

    /// Wraps a Swift function taking and returning data.
    public func makeFunction(_ body: @escaping ([Value]) throws -> [Value]) -> LuaFunction {
        makeFunction(raw: { rt, argc in
            var args: [Value] = []
            args.reserveCapacity(Int(argc))
            var i: Int32 = 1
            while i <= argc {
                args.append(try rt.value(at: i))
                i += 1
            }
            let results = try body(args)
            guard rt.ensureStack(Int32(results.count) + 8) else {
                throw LuaFunctionError("too many results (\(results.count))")
            }
            for r in results { try rt.push(r) }
            return Int32(results.count)
        })
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Called by the C trampoline. Never raises: a thrown error becomes a
/// message on the stack and a negative status, and C raises it.
func luaDispatch(_ L: OpaquePointer?, _ owner: UnsafeMutableRawPointer?, _ index: Int32) -> Int32 {
    guard let L, let owner else { return CELLAR_RAISE_AS_IS }
    let callbacks = Unmanaged<LuaCallbacks>.fromOpaque(owner).takeUnretainedValue()
    guard let rt = callbacks.runtime, index >= 0, Int(index) < callbacks.functions.count else {
        lua_pushstring(L, "unknown Swift function")
        return CELLAR_RAISE_AT_CALLER
    }
    let argc = lua_gettop(L)
    do {
        return try callbacks.functions[Int(index)](rt, argc)
    } catch let error as LuaError where error.file != nil {
        // Already located (an error of nested Lua code): pass it on unchanged.
        rt.push(error.userMessage)
        return CELLAR_RAISE_AS_IS
    } catch {
        rt.push(String(describing: error))
        return CELLAR_RAISE_AT_CALLER
    }
}

/// Called by the sandbox's `print` with the finished line.
func luaPrint(_ owner: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ len: Int) {
    guard let owner, let text else { return }
    let callbacks = Unmanaged<LuaCallbacks>.fromOpaque(owner).takeUnretainedValue()
    guard let sink = callbacks.onPrint else { return }
    sink(String(decoding: UnsafeRawBufferPointer(start: text, count: len), as: UTF8.self))
}
