import CLua
import CLuaShim
import Cellar
import Foundation

/// `LUA_REGISTRYINDEX` for Lua 5.4 with the default `LUAI_MAXSTACK`; checked
/// against the C value when a runtime opens.
@usableFromInline let luaRegistryIndex: Int32 = -1_001_000

/// One sandboxed Lua 5.4 state, owned by this object.
///
/// Thread confinement: a runtime (and every `LuaFunction`/`LuaTableRef` it
/// hands out) must be used from one thread only; it is deliberately not
/// `Sendable`. Use one runtime per rendering thread.
///
/// Two layers of API:
/// - Convenient: `compile`, `loadPlugin`, `call(_:_:)` with `Value`s.
/// - Fast path: `push…` arguments onto the stack, `pcall(arguments:results:)`,
///   then read results in place (`rawGet`, `string(at:)`, `integer(at:)` …)
///   and `pop`. Stack indices are Lua's (negative counts from the top).
///
/// Every call runs under `lua_pcall` with a handler that records a
/// traceback; failures come back as `LuaError`. Nothing here raises a Lua
/// error through Swift: stack accessors are raw (no metamethods), and
/// allocations made from Swift are exempt from the memory cap.
public final class LuaRuntime {
    @usableFromInline let handle: OpaquePointer
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The raw `lua_State*`. Use only non-raising C API calls on it.
    public let L: OpaquePointer
    let callbacks: LuaCallbacks
    /// The budgets the sandbox enforces on the Lua code this runtime runs.
    @exclusivity(unchecked) public private(set) var limits: LuaLimits
    var keys: [String: LuaKey] = [:]

    /// Row strings pushed lately (see `PushedStringCache`).
    @usableFromInline @exclusivity(unchecked) var pushedStrings = PushedStringCache()

    /// Row keys pushed lately, each held in a registry slot: rows of one
    /// table share their keys, and fetching a slot is cheaper than hashing
    /// and interning the name again.
    struct PushedKey {
        var name: String
        var ref: Int32
    }
    @exclusivity(unchecked) var pushedKeys = RecentRing(PushedKey(name: "", ref: LUA_NOREF))
    /// Loaded plugins by path, as raw registry references: wrapping them in
    /// `LuaTableRef`s here would make a cycle (refs keep the runtime alive).
    var plugins: [String: CachedPlugin] = [:]

    struct CachedPlugin {
        var environment: Int32
        var chunk: Int32
        var module: Int32?
        var returnedType: LuaType
    }

    /// Receives each line the sandbox's `print` writes; dropped when nil.
    public var onPrint: ((String) -> Void)? {
        get { callbacks.onPrint }
        set { callbacks.onPrint = newValue }
    }

    /// Opens a sandboxed Lua state enforcing `limits`; throws if the Lua build or the state cannot be set up.
    public init(limits: LuaLimits = LuaLimits()) throws(LuaError) {
        guard cellar_lua_registryindex() == luaRegistryIndex else {
            throw LuaError(kind: .runtime, message: "unsupported Lua build (LUA_REGISTRYINDEX differs)")
        }
        let callbacks = LuaCallbacks()
        guard
            let h = cellar_open(
                Self.byteCount(limits.memoryLimit), Self.nanoseconds(limits.timeBudget),
                limits.patternCostLimit, luaDispatch, luaPrint,
                Unmanaged.passUnretained(callbacks).toOpaque()),
            let state = cellar_state(h)
        else {
            throw LuaError(kind: .memory, message: "cannot create a Lua state")
        }
        self.handle = h
        self.L = state
        self.callbacks = callbacks
        self.limits = limits
        callbacks.runtime = self
    }

    deinit {
        cellar_close(handle)
        pushedStrings.release()
        pushedKeys.release()
    }

    /// Lua's version number, e.g. 504.
    public var version: Int { Int(lua_version(L)) }

    /// Changes the budgets for the calls that follow.
    public func setLimits(_ limits: LuaLimits) {
        self.limits = limits
        cellar_set_memory_limit(handle, Self.byteCount(limits.memoryLimit))
        cellar_set_time_budget(handle, Self.nanoseconds(limits.timeBudget))
        cellar_set_pattern_cost_limit(handle, limits.patternCostLimit)
    }

    /// Bytes the Lua heap holds now.
    public var memoryInUse: Int { Int(cellar_memory_used(handle)) }

    static func byteCount(_ n: Int) -> Int { max(n, 0) }
    static func nanoseconds(_ d: Duration) -> Int64 {
        let (s, atto) = d.components
        let ns = s.multipliedReportingOverflow(by: 1_000_000_000)
        return ns.overflow ? Int64.max : max(ns.partialValue + atto / 1_000_000_000, 0)
    }

    // MARK: Loading

    /// A fresh sandbox environment: the plugin's own globals, reads falling
    /// through to the shared read-only base.
    public func newEnvironment() -> LuaTableRef {
        cellar_new_env(handle)
        return makeTableRef()
    }

    /// Compiles Lua source text (never binary) as a function whose globals
    /// are `environment` (a fresh sandbox environment when nil).
    /// `chunkName` is how messages name it, e.g. `Styles/food.lua`.
    public func compile(
        source: some Collection<UInt8>, chunkName: String,
        environment: LuaTableRef? = nil
    ) throws(LuaError) -> LuaFunction {
        let env = environment ?? newEnvironment()
        push(env)
        let status: Int32 =
            source.withContiguousStorageIfAvailable { buf in
                cellar_load(
                    handle, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self),
                    buf.count, "@" + chunkName, -1)
            }
            ?? Array(source).withUnsafeBufferPointer { buf in
                cellar_load(
                    handle, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self),
                    buf.count, "@" + chunkName, -1)
            }
        if status != LUA_OK {
            let error = failure(status: status, fallbackFile: chunkName)
            pop(2)
            throw error
        }
        let f = makeFunctionRef()
        pop(1)
        return f
    }

    /// Compiles the file at `path` (text only). Messages name it as given.
    public func compile(path: String, environment: LuaTableRef? = nil) throws(LuaError) -> LuaFunction {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LuaError(kind: .file, file: path, message: "cannot read the file")
        }
        return try compile(source: data, chunkName: path, environment: environment)
    }

    /// Compiles and runs the file at `path` once in its own environment.
    /// Later calls with the same path do not compile or run it again: they
    /// return the same environment, chunk and module tables.
    public func loadPlugin(path: String) throws(LuaError) -> LuaPlugin {
        if let c = plugins[path] {
            return LuaPlugin(
                path: path, environment: tableRef(registrySlot: c.environment),
                chunk: functionRef(registrySlot: c.chunk),
                module: c.module.map { tableRef(registrySlot: $0) }, returnedType: c.returnedType)
        }
        let env = newEnvironment()
        let chunk = try compile(path: path, environment: env)
        let base = top
        push(chunk)
        try pcall(arguments: 0, results: 1)
        let module = table(at: -1)
        let returned = type(at: -1)
        setTop(base)
        plugins[path] = CachedPlugin(
            environment: registrySlot(env), chunk: registrySlot(chunk),
            module: module.map { registrySlot($0) }, returnedType: returned)
        return LuaPlugin(path: path, environment: env, chunk: chunk, module: module, returnedType: returned)
    }

    private func registrySlot(_ t: LuaTableRef) -> Int32 {
        push(t)
        return luaL_ref(L, luaRegistryIndex)
    }
    private func registrySlot(_ f: LuaFunction) -> Int32 {
        push(f)
        return luaL_ref(L, luaRegistryIndex)
    }
    private func tableRef(registrySlot slot: Int32) -> LuaTableRef {
        lua_rawgeti(L, luaRegistryIndex, lua_Integer(slot))
        return makeTableRef()
    }
    private func functionRef(registrySlot slot: Int32) -> LuaFunction {
        lua_rawgeti(L, luaRegistryIndex, lua_Integer(slot))
        return makeFunctionRef()
    }

    // MARK: Calling

    /// Calls `f` with data arguments; returns all its results as data.
    @discardableResult
    public func call(_ f: LuaFunction, _ arguments: Value...) throws(LuaError) -> [Value] {
        try call(f, arguments: arguments)
    }

    /// Calls `f` with an array of data arguments; returns all its results as data.
    @discardableResult
    public func call(_ f: LuaFunction, arguments: [Value]) throws(LuaError) -> [Value] {
        let base = top
        defer { setTop(base) }
        push(f)
        for a in arguments { try push(a) }
        try pcall(arguments: Int32(arguments.count), results: LUA_MULTRET)
        let count = top - base
        var results: [Value] = []
        results.reserveCapacity(Int(count))
        var i: Int32 = 1
        while i <= count {
            results.append(try value(at: base + i))
            i += 1
        }
        return results
    }

    /// Fast path: calls the function lying below `arguments` values on the
    /// stack (push the function first, then the arguments). Leaves
    /// `results` values (or all with `LUA_MULTRET`) in their place.
    /// On failure the function and arguments are gone and the error thrown.
    @inlinable
    public func pcall(arguments: Int32, results: Int32) throws(LuaError) {
        let status = cellar_pcall(handle, arguments, results)
        if status != LUA_OK {
            let error = failure(status: status, fallbackFile: nil)
            pop(1)
            throw error
        }
    }

    /// Turns the message on top of the stack (left there) into a `LuaError`.
    @usableFromInline
    func failure(status: Int32, fallbackFile: String?) -> LuaError {
        let raw = string(at: -1) ?? "(error object is not a string)"
        var whereLine: Int32 = 0
        var whereFile = cellar_last_where(handle, &whereLine).map { String(cString: $0) }
        var line = Int(whereLine)
        if let w = whereFile {
            let placed = LuaError.placingLoadedChunk(file: w, line: line, message: "")
            whereFile = placed.file
            line = placed.line ?? line
        }
        let traceback = cellar_last_traceback(handle).map { String(cString: $0) } ?? ""
        let failureKind = cellar_last_failure(handle)
        if status == LUA_ERRMEM {
            let mb = Double(limits.memoryLimit) / Double(1 << 20)
            let limitText = mb >= 1 ? "\(Int(mb.rounded())) MB" : "\(limits.memoryLimit) bytes"
            let message =
                failureKind == CELLAR_FAILURE_RECURSION
                ? "stack overflow: calls nested over \(CELLAR_DEEP_RECURSION) deep filled the memory limit of \(limitText) (a function calling itself without end?)"
                : "memory limit of \(limitText) exceeded"
            return LuaError(
                kind: .memory, file: whereFile ?? fallbackFile, line: whereFile == nil ? nil : line,
                message: message, traceback: traceback)
        }
        let kind: LuaError.Kind =
            status == LUA_ERRSYNTAX
            ? .syntax
            : failureKind == CELLAR_FAILURE_TIMEOUT ? .timeout : .runtime
        if let split = LuaError.splitLocation(raw) {
            let (file, line, message) = LuaError.placingLoadedChunk(
                file: split.file, line: split.line, message: split.message)
            // Lua shortens long chunk names to "...tail"; restore the full path.
            var full = file
            if file.hasPrefix("...") {
                let tail = file.dropFirst(3)
                if let w = whereFile, w.hasSuffix(tail) {
                    full = w
                } else if let f = fallbackFile, f.hasSuffix(tail) {
                    full = f
                }
            }
            return LuaError(kind: kind, file: full, line: line, message: message, traceback: traceback)
        }
        return LuaError(
            kind: kind, file: whereFile ?? fallbackFile, line: whereFile == nil ? nil : line,
            message: raw, traceback: traceback)
    }

    // MARK: Stack

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
        var s = s
        let address = s.withUTF8 { buf in
            lua_pushlstring(L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
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

/// A style file compiled and run once: its environment and what it returned.
public final class LuaPlugin {
    /// The style file the plugin was loaded from.
    public let path: String
    /// The plugin's own globals.
    public let environment: LuaTableRef
    /// The compiled chunk (kept so the file is never compiled again).
    public let chunk: LuaFunction
    /// The table the chunk returned, if it returned a table.
    public let module: LuaTableRef?
    /// What the chunk returned first (`.nil` when nothing).
    public let returnedType: LuaType

    init(path: String, environment: LuaTableRef, chunk: LuaFunction, module: LuaTableRef?, returnedType: LuaType) {
        self.path = path
        self.environment = environment
        self.chunk = chunk
        self.module = module
        self.returnedType = returnedType
    }
}
