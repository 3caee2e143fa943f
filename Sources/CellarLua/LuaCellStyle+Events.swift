import CLua
import Cellar

/// The event hooks (`on_select`, `on_deselect`, `on_accessory_tap`): each
/// runs with (cell, row, event), and a row it changes is configured again.
extension LuaCellStyle {
    /// Runs the `on_select` hook, which may change the row's data.
    public func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {
        try event(hook.onSelect, "on_select", "select", cell, &row, indexPath)
    }

    /// Runs the `on_deselect` hook, which may change the row's data.
    public func didDeselect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {
        try event(hook.onDeselect, "on_deselect", "deselect", cell, &row, indexPath)
    }

    /// Runs the `on_accessory_tap` hook, which may change the row's data.
    public func accessoryTapped(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {
        try event(hook.onAccessoryTap, "on_accessory_tap", "accessory_tap", cell, &row, indexPath)
    }

    /// Runs the `on_swipe_action` hook (`event.title`, `event.edge`), which may change the row's data.
    public func swipeActionPerformed(
        _ cell: Cell, row: inout Value, at indexPath: IndexPath, title: String, edge: SwipeEdge
    ) throws {
        try event(
            hook.onSwipeAction, "on_swipe_action", "swipe_action", cell, &row, indexPath, swipe: (title, edge.rawValue))
    }

    /// Runs an event hook with (cell, row, event). A changed row is stored
    /// back (the caller persists it) and the cell configured again with it, so
    /// the next render shows the change; `event.state` becomes the cell's
    /// custom state.
    func event(
        _ f: LuaFunction?, _ name: String, _ kind: String, _ cell: Cell, _ row: inout Value,
        _ ip: IndexPath, swipe: (title: String, edge: String)? = nil
    ) throws {
        guard let f else { return }
        let s = storage(cell)
        let rt = engine.runtime
        let luaState = rt.L
        let base = rt.top
        defer { rt.setTop(base) }
        do { try rt.push(row) } catch { throw failure(error, name, ip) }  // base+1
        rt.pushTable(fieldCount: 5)  // base+2: event
        rt.push(kind)
        rt.rawSet(rt.key("kind"), inTableAt: -2)
        // Selecting, or a swipe action (rows that act like buttons), may ask for the row's deselection.
        let mayDeselect = kind == "select" || swipe != nil
        if let swipe {
            rt.push(swipe.title)
            rt.rawSet(rt.key("title"), inTableAt: -2)
            rt.push(swipe.edge)
            rt.rawSet(rt.key("edge"), inTableAt: -2)
        }
        if mayDeselect {
            rt.push(engine.deselectFunction)
            rt.rawSet(rt.key("deselect"), inTableAt: -2)
            engine.deselectRequested = false
        }
        rt.push(ip.section)
        rt.rawSet(engine.keys.section, inTableAt: -2)
        rt.push(ip.row)
        rt.rawSet(engine.keys.row, inTableAt: -2)
        do { try rt.push(Value.object(cell.state.custom)) } catch { throw failure(error, name, ip) }
        rt.rawSet(engine.keys.state, inTableAt: -2)
        rt.push(f)
        rt.push(s.table)
        lua_pushvalue(luaState, base + 1)
        lua_pushvalue(luaState, base + 2)
        if engine.tableGuard != nil { try guardCall(name, ip, [(-2, "row"), (-1, "event")]) }
        engine.noteHook(self, ip)
        do { try rt.pcall(arguments: 3, results: 0) } catch { throw failure(error, name, ip) }
        if mayDeselect, engine.deselectRequested {
            engine.deselectRequested = false
            cell.requestsDeselection = true
        }
        let newRow: Value
        do { newRow = try rt.value(at: base + 1) } catch { throw failure(error, name, ip) }
        rt.rawGet(engine.keys.state, fromTableAt: base + 2)
        if rt.type(at: -1) == .table {
            let state: Value
            do { state = try rt.value(at: -1) } catch {
                var e = failure(error, name, ip)
                e.message = "event.state: " + e.message
                throw e
            }
            // An empty or array-like table: no custom keys.
            if case .object(let custom) = state { cell.state.custom = custom } else { cell.state.custom = [:] }
        }
        s.generation &+= 1
        if newRow != row {
            if let refusal = RetainedRows.replace(row, with: newRow, limits: rt.limits) {
                throw failure(LuaError(kind: .conversion, message: refusal), name, ip)
            }
            row = newRow
            try configure(cell, row: newRow, at: ip)
        } else {
            try resolveCellFields(cell, s)
        }
    }
}
