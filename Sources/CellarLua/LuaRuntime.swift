import CLua
import CLuaShim

/// One Lua state, owned by one object and confined to one thread.
/// Not `Sendable`: Lua states are not thread-safe.
public final class LuaRuntime {
    let state: OpaquePointer

    public init?() {
        guard let L = luaL_newstate() else { return nil }
        state = L
    }

    deinit { lua_close(state) }

    /// Lua's version number, e.g. 504.
    public var version: Int { Int(lua_version(state)) }
}
