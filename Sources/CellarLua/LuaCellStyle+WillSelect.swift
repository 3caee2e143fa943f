import Cellar

extension LuaCellStyle {
    /// The `will_select(config, state, event)` hook, a style's
    /// tableView(_:willSelectRowAt:): nil or true selects the row tapped,
    /// false refuses the tap, `{section = s, row = r}` selects that row
    /// instead. `event` holds `kind` ("will_select"), `section` and `row`.
    public func willSelect(_ cell: Cell, at indexPath: IndexPath) throws -> IndexPath? {
        guard let f = hook.willSelect else { return indexPath }
        let s = storage(cell)
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        rt.push(f)
        try pushConfig(s, cell.state)
        do { try engine.pushState(cell.state) } catch { throw failure(error, "will_select", indexPath) }
        rt.pushTable(fieldCount: 3)
        rt.push("will_select")
        rt.rawSet(rt.key("kind"), inTableAt: -2)
        rt.push(indexPath.section)
        rt.rawSet(engine.keys.section, inTableAt: -2)
        rt.push(indexPath.row)
        rt.rawSet(engine.keys.row, inTableAt: -2)
        if engine.tableGuard != nil {
            try guardCall("will_select", indexPath, configSlot(-3) + [(-2, "state"), (-1, "event")])
        }
        engine.noteHook(self, indexPath)
        do { try rt.pcall(arguments: 3, results: 1) } catch { throw failure(error, "will_select", indexPath) }
        switch rt.type(at: -1) {
        case .nil: return indexPath
        case .boolean: return rt.bool(at: -1) == true ? indexPath : nil
        case .table:
            let answer = try? rt.value(at: -1)
            if case .object(let o)? = answer, o.count == 2, let section = o["section"]?.intValue,
                let row = o["row"]?.intValue
            {
                return IndexPath(section, row)
            }
        default: break
        }
        throw shape(
            "will_select", s, "expected true, false, nil or {section = s, row = r}; got \(describe(-1))")
    }
}
