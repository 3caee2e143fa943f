import Cellar

extension LuaCellStyle {
    /// Calls `f(config, state, …)` as every hook that is handed the cell's
    /// state is called: `pushExtra` pushes the `extra` arguments after the
    /// state, the table guard watches the config, the state and
    /// `extraTables`, `print` lines name this style and `row`, errors name
    /// `name` and `row`. `read` takes the one result; the stack is put back
    /// after it.
    func callStateHook<T>(
        _ f: LuaFunction, _ name: String, _ s: LuaCellStorage, state: CellState, row: IndexPath?,
        extra: Int32 = 0, extraTables: [(slot: Int32, name: String)] = [], pushExtra: () -> Void = {},
        read: () throws -> T
    ) throws -> T {
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        rt.push(f)
        try pushConfig(s, state)
        do { try engine.pushState(state) } catch { throw failure(error, name, row) }
        pushExtra()
        if engine.tableGuard != nil {
            try guardCall(name, row, configSlot(-2 - extra) + [(-1 - extra, "state")] + extraTables)
        }
        engine.noteHook(self, row)
        do { try rt.pcall(arguments: 2 + extra, results: 1) } catch { throw failure(error, name, row) }
        return try read()
    }
}
