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
        let pushEvent = {
            rt.pushTable(fieldCount: 3)
            rt.push("will_select")
            rt.rawSet(rt.key("kind"), inTableAt: -2)
            rt.push(indexPath.section)
            rt.rawSet(self.engine.keys.section, inTableAt: -2)
            rt.push(indexPath.row)
            rt.rawSet(self.engine.keys.row, inTableAt: -2)
        }
        return try callConfigHook(
            f, "will_select", s, state: cell.state, row: indexPath, extra: 1, extraTables: [(-1, "event")],
            pushExtra: { _ in pushEvent() }, read: { try willSelectResult($1, indexPath) })
    }

    /// The `will_select` hook's result on the stack's top: the row to select, or nil.
    private func willSelectResult(_ s: LuaCellStorage, _ indexPath: IndexPath) throws -> IndexPath? {
        let rt = engine.runtime
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
