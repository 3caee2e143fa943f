import Cellar

extension LuaCellStyle {
    /// The `editing_style(config, state)` hook: "delete", "insert", "none",
    /// or nil to leave it to the table's delegate (UIKit's default: delete).
    /// Asked only while the table edits, for rows the data source lets edit.
    public func editingStyle(for cell: Cell, state: CellState) throws -> EditingStyle? {
        guard let f = hook.editingStyle else { return nil }
        let s = storage(cell)
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        rt.push(f)
        try pushConfig(s, state)
        do { try engine.pushState(state) } catch { throw failure(error, "editing_style", s.indexPath) }
        if engine.tableGuard != nil { try guardCall("editing_style", s.indexPath, configSlot(-2) + [(-1, "state")]) }
        do { try rt.pcall(arguments: 2, results: 1) } catch { throw failure(error, "editing_style", s.indexPath) }
        if rt.type(at: -1) == .nil { return nil }
        guard rt.type(at: -1) == .string, let name = rt.string(at: -1), let style = EditingStyle(rawValue: name) else {
            throw shape("editing_style", s, "expected \"delete\", \"insert\", \"none\" or nil; got \(describe(-1))")
        }
        return style
    }
}
