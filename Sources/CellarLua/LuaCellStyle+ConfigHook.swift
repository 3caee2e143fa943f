import Cellar

extension LuaCellStyle {
    /// Calls `f(config, state, …)` as every hook handed the configuration is
    /// called: the state after the config unless `handsState` is false
    /// (`height`, handed the width), then the `extra` arguments `pushExtra`
    /// pushes. The table guard watches the config, the state and
    /// `extraTables`; `print` lines name this style and `row`; errors
    /// (a state that cannot be handed over included) name `name` and
    /// `row`. `read` takes the one result; the stack is put back after it.
    /// The closures are handed the runtime and the storage rather than
    /// capturing them: a capture costs a retain per call on the per-row path.
    @inline(__always)
    func callConfigHook<T>(
        _ f: LuaFunction, _ name: String, _ s: LuaCellStorage, state: CellState, handsState: Bool = true,
        row: IndexPath?, extra: Int32 = 0, extraTables: [(slot: Int32, name: String)] = [],
        pushExtra: (LuaRuntime) -> Void = { _ in }, read: (LuaRuntime, LuaCellStorage) throws -> T
    ) throws -> T {
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        rt.push(f)
        try pushConfig(s, state)
        if handsState {
            do { try engine.pushState(state) } catch { throw failure(error, name, row) }
        }
        pushExtra(rt)
        let arguments = 1 + (handsState ? 1 : 0) + extra
        if engine.tableGuard != nil {
            let stateSlot: [(slot: Int32, name: String)] = handsState ? [(-1 - extra, "state")] : []
            try guardCall(name, row, configSlot(-arguments) + stateSlot + extraTables)
        }
        engine.noteHook(self, row)
        do { try rt.pcall(arguments: arguments, results: 1) } catch { throw failure(error, name, row) }
        return try read(rt, s)
    }
}
