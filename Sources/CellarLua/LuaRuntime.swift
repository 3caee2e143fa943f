import CLua
import CLuaShim
import Cellar
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > limits.maxSourceBytes {
            let size = LuaLimits.describe(bytes:)
            throw LuaError(
                kind: .file, file: path,
                message: "the file is larger than \(size(limits.maxSourceBytes)), the most a Lua file may hold "
                    + "(a quarter of the \(size(limits.memoryLimit)) memory limit)")
        }
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
            // A style's message may not pass itself off as another file's
            // (`error("other.lua:4: …", 0)`): the place it starts with is taken
            // when it names the chunk that failed, or when that chunk is one of
            // Cellar's own (named in parentheses), which place their errors at
            // the style's line that called them.
            let known = [whereFile, fallbackFile].compactMap { $0 }
            if known.isEmpty || known.contains(full) || whereFile?.hasPrefix("(") == true {
                return LuaError(kind: kind, file: full, line: line, message: message, traceback: traceback)
            }
        }
        return LuaError(
            kind: kind, file: whereFile ?? fallbackFile, line: whereFile == nil ? nil : line,
            message: raw, traceback: traceback)
    }
}
