import CLua
import CLuaShim
import Cellar
import FoundationEssentials

/// The Lua stack, as the C API sees it: pushing, reading and references.
extension LuaRuntime {
    /// Number of values on the stack.
    @inlinable public var top: Int32 { lua_gettop(L) }
    /// Sets the stack top to `index`, dropping values above it or filling with nil, as `lua_settop`.
    @inlinable public func setTop(_ index: Int32) { lua_settop(L, index) }
    /// Pops `n` values from the stack.
    @inlinable public func pop(_ n: Int32 = 1) { lua_settop(L, -n - 1) }
    /// The type of the value at `index`, or `.none` for an index past the top.
    @inlinable public func type(at index: Int32) -> LuaType { LuaType(rawValue: lua_type(L, index)) ?? .none }
    /// Makes room for `n` more values; false when the stack cannot grow.
    @inlinable public func ensureStack(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }

    /// Pushes nil.
    @inlinable public func pushNil() { lua_pushnil(L) }
    /// Pushes a boolean.
    @inlinable public func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    /// Pushes an integer.
    @inlinable public func push(_ i: Int) { lua_pushinteger(L, lua_Integer(i)) }
    /// Pushes a float.
    @inlinable public func push(_ d: Double) { lua_pushnumber(L, d) }
    /// Pushes a string's UTF-8 bytes.
    @inlinable public func push(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            _ = lua_pushlstring(L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
        }
    }
    /// `push(s)`, remembering the pair for `string(at:)` (row data only:
    /// keys and fixed names gain nothing from it).
    func pushRemembered(_ s: String) {
        // A native string's bytes are read in place; only a bridged one is copied.
        let pushed = s.utf8.withContiguousStorageIfAvailable { buf in
            lua_pushlstring(L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
        }
        let address: UnsafePointer<CChar>?
        if let pushed {
            address = pushed
        } else {
            var copy = s
            address = copy.withUTF8 { buf in
                lua_pushlstring(L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
            }
        }
        pushedStrings.remember(s, at: address.map { UnsafeRawPointer($0) })
    }

    /// Pushes a row key (see `pushedKeys`).
    func pushKey(_ name: String) {
        for i in 0..<pushedKeys.capacity where pushedKeys[i].name == name && pushedKeys[i].ref != LUA_NOREF {
            lua_rawgeti(L, luaRegistryIndex, lua_Integer(pushedKeys[i].ref))
            return
        }
        push(name)
        lua_pushvalue(L, -1)
        let evicted = pushedKeys.put(PushedKey(name: name, ref: luaL_ref(L, luaRegistryIndex)))
        if evicted.ref != LUA_NOREF { luaL_unref(L, luaRegistryIndex, evicted.ref) }
    }

    /// Pushes raw bytes as a Lua string (not necessarily UTF-8).
    @inlinable public func push(bytes: UnsafeRawBufferPointer) {
        _ = lua_pushlstring(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
    }
    /// Pushes the function `f` from the registry.
    @inlinable public func push(_ f: LuaFunction) { _ = lua_rawgeti(L, luaRegistryIndex, lua_Integer(f.ref)) }
    /// Pushes the table `t` from the registry.
    @inlinable public func push(_ t: LuaTableRef) { _ = lua_rawgeti(L, luaRegistryIndex, lua_Integer(t.ref)) }
    /// Pushes an interned key string from the registry.
    @inlinable public func push(_ key: LuaKey) { _ = lua_rawgeti(L, luaRegistryIndex, lua_Integer(key.ref)) }
    /// Pushes a new empty table with room for `arrayCount` + `fieldCount` entries.
    @inlinable public func pushTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        lua_createtable(L, arrayCount, fieldCount)
    }

    /// Pushes `t[key]` (raw) for the table at `index`; returns its type.
    @inlinable @discardableResult
    public func rawGet(_ key: LuaKey, fromTableAt index: Int32) -> LuaType {
        let t = lua_absindex(L, index)
        push(key)
        return LuaType(rawValue: lua_rawget(L, t)) ?? .none
    }

    /// Pushes `t[i]` (raw) for the table at `index`; returns its type.
    @inlinable @discardableResult
    public func rawGet(_ i: Int, fromTableAt index: Int32) -> LuaType {
        LuaType(rawValue: lua_rawgeti(L, index, lua_Integer(i))) ?? .none
    }

    /// Pops the value on top and stores it as `t[key]` (raw) in the table
    /// at `index`, counted with the value still on the stack (e.g. -2).
    @inlinable public func rawSet(_ key: LuaKey, inTableAt index: Int32) {
        let t = lua_absindex(L, index)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }

    /// Pops the value on top and stores it as `t[i]` (raw) in the table at
    /// `index`, counted with the value still on the stack (e.g. -2).
    @inlinable public func rawSet(_ i: Int, inTableAt index: Int32) {
        lua_rawseti(L, index, lua_Integer(i))
    }

    /// The length of the table (border) or string at `index`, without `__len`.
    @inlinable public func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Table traversal, raw (`lua_next`): push nil first; while it returns
    /// true, the key is at -2 and the value at -1; pop the value (keep the
    /// key) before the next step. Do not read a number key with `string(at:)`
    /// (Lua would convert it in place and break the traversal).
    @inlinable public func next(inTableAt index: Int32) -> Bool { lua_next(L, index) != 0 }

    /// The string at `index` (invalid UTF-8 repaired); nil unless a string.
    @inlinable public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return nil }
        return pushedStrings.string(at: UnsafeRawPointer(p), count: len)
            ?? String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    /// The bytes of the string at `index`, valid until it is popped.
    @inlinable public func bytes(at index: Int32) -> UnsafeRawBufferPointer? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return nil }
        return UnsafeRawBufferPointer(start: p, count: len)
    }

    /// The integer at `index` (also a float with an integral value).
    @inlinable public func integer(at index: Int32) -> Int? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        let i = lua_tointegerx(L, index, &ok)
        return ok != 0 ? Int(i) : nil
    }

    /// The number at `index` as a double; nil unless a number.
    @inlinable public func double(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// The boolean at `index`; nil unless a boolean.
    @inlinable public func bool(at index: Int32) -> Bool? {
        guard lua_type(L, index) == LUA_TBOOLEAN else { return nil }
        return lua_toboolean(L, index) != 0
    }

    /// Lua truthiness: everything but nil and false.
    @inlinable public func isTruthy(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// A registry reference to the function at `index`; nil unless a function.
    public func function(at index: Int32) -> LuaFunction? {
        guard lua_type(L, index) == LUA_TFUNCTION else { return nil }
        lua_pushvalue(L, index)
        return makeFunctionRef()
    }

    /// A registry reference to the table at `index`; nil unless a table.
    public func table(at index: Int32) -> LuaTableRef? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        lua_pushvalue(L, index)
        return makeTableRef()
    }

    /// A new empty persistent table.
    public func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) -> LuaTableRef {
        lua_createtable(L, arrayCount, fieldCount)
        return makeTableRef()
    }

    /// The interned key for `name` (made once per runtime).
    public func key(_ name: String) -> LuaKey {
        if let k = keys[name] { return k }
        push(name)
        let k = LuaKey(name: name, ref: luaL_ref(L, luaRegistryIndex))
        keys[name] = k
        return k
    }

    func makeFunctionRef() -> LuaFunction { LuaFunction(runtime: self, ref: luaL_ref(L, luaRegistryIndex)) }
    func makeTableRef() -> LuaTableRef { LuaTableRef(runtime: self, ref: luaL_ref(L, luaRegistryIndex)) }
}
