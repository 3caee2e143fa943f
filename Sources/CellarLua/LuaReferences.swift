import CLua
import CLuaShim
import Cellar

/// Lua's value types, as `lua_type` reports them.
public enum LuaType: Int32, Sendable {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case
        table = 5
    case function = 6
    case userdata = 7
    case thread = 8
}

/// A Lua function kept alive in the registry; call it with
/// `LuaRuntime.call(_:_:)` or, on the fast path, `push(_:)` + `pcall`.
/// Confined to its runtime's thread.
public final class LuaFunction {
    /// The runtime whose registry holds the function; use it only there.
    public let runtime: LuaRuntime
    @usableFromInline let ref: Int32

    init(runtime: LuaRuntime, ref: Int32) {
        self.runtime = runtime
        self.ref = ref
    }

    deinit { luaL_unref(runtime.L, luaRegistryIndex, ref) }
}

/// A Lua table kept alive in the registry (e.g. a per-cell table that lives
/// across reuse). Fields are read and written raw: no metamethod runs, so
/// no Lua code and no Lua error can happen in these accessors.
public final class LuaTableRef {
    /// The runtime whose registry holds the table; use it only there.
    public let runtime: LuaRuntime
    @usableFromInline let ref: Int32

    init(runtime: LuaRuntime, ref: Int32) {
        self.runtime = runtime
        self.ref = ref
    }

    deinit { luaL_unref(runtime.L, luaRegistryIndex, ref) }

    /// `t[key] = value`.
    public func set(_ key: LuaKey, _ value: Value) throws(LuaError) {
        try store(key) { () throws(LuaError) in try runtime.push(value) }
    }

    /// `t[key] = t2` for another reference (e.g. a nested persistent table).
    public func set(_ key: LuaKey, _ table: LuaTableRef) {
        store(key) { runtime.push(table) }
    }

    /// `t[key] = f`, e.g. to give a plugin's environment a Swift function.
    public func set(_ key: LuaKey, _ f: LuaFunction) {
        store(key) { runtime.push(f) }
    }

    /// `t[key]` as data.
    public func get(_ key: LuaKey) throws(LuaError) -> Value {
        try field(key) { rt throws(LuaError) in try rt.value(at: -1) }
    }

    /// `t[key]` if it is a function.
    public func function(_ key: LuaKey) -> LuaFunction? {
        field(key) { $0.function(at: -1) }
    }

    /// `t[key]` if it is a table.
    public func table(_ key: LuaKey) -> LuaTableRef? {
        field(key) { $0.table(at: -1) }
    }

    /// Pushes this table, lets `pushValue` push the value, and stores it at
    /// `key`; the stack is left as it was, also when pushing fails.
    private func store<E: Error>(_ key: LuaKey, _ pushValue: () throws(E) -> Void) throws(E) {
        let rt = runtime
        rt.push(self)
        do throws(E) { try pushValue() } catch {
            rt.pop(1)
            throw error
        }
        rt.rawSet(key, inTableAt: -2)
        rt.pop(1)
    }

    /// Reads `t[key]` with `read` (the value on top of the stack), then
    /// restores the stack.
    private func field<T, E: Error>(_ key: LuaKey, _ read: (LuaRuntime) throws(E) -> T) throws(E) -> T {
        let rt = runtime
        rt.push(self)
        defer { rt.pop(2) }
        rt.rawGet(key, fromTableAt: -1)
        return try read(rt)
    }

    /// The whole table as data.
    public func value() throws(LuaError) -> Value {
        runtime.push(self)
        defer { runtime.pop(1) }
        return try runtime.value(at: -1)
    }
}

/// An interned key string: pushing it is one registry read instead of
/// hashing a Swift string each time. Make the keys of hot paths once.
public struct LuaKey: Sendable, CustomStringConvertible {
    /// The key's text.
    public let name: String
    @usableFromInline let ref: Int32
    /// The key's text.
    public var description: String { name }
}

extension LuaRuntime {
    /// A read-only view of `table` for hooks: reads fall through, writes,
    /// `rawset` and `setmetatable` fail naming it `name`, `pairs` iterates
    /// the table itself. The host keeps `table` to fill.
    func readOnlyProxy(of table: LuaTableRef, name: String) -> LuaTableRef {
        push(table)
        cellar_push_readonly_proxy(L, -1, name)
        let proxy = makeTableRef()
        pop(1)
        return proxy
    }
}

extension Value {
    /// True for values that cross into Lua as tables (which a hook could change).
    var becomesLuaTable: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
