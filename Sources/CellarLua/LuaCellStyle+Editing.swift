import Cellar

extension LuaCellStyle {
    /// The `editing_style(config, state)` hook: "delete", "insert", "none",
    /// or nil to leave it to the table's delegate (UIKit's default: delete).
    /// Asked only while the table edits, for rows the data source lets edit.
    public func editingStyle(for cell: Cell, state: CellState) throws -> EditingStyle? {
        guard let f = hook.editingStyle else { return nil }
        let s = storage(cell)
        return try callConfigHook(f, "editing_style", s, state: state, row: s.indexPath) { rt, s in
            if rt.type(at: -1) == .nil { return nil }
            guard rt.type(at: -1) == .string, let name = rt.string(at: -1), let style = EditingStyle(rawValue: name)
            else {
                throw shape("editing_style", s, "expected \"delete\", \"insert\", \"none\" or nil; got \(describe(-1))")
            }
            return style
        }
    }
}

extension LuaCellStyle {
    /// The `swipe_actions(config, state, edge)` hook: a list of
    /// `{title=…, style="normal"|"destructive", color=…}` for the edge
    /// ("leading" or "trailing"), or nil to leave it to the table (UIKit's
    /// default: Delete at the trailing edge of a deletable row).
    public func swipeActions(for cell: Cell, state: CellState, edge: SwipeEdge) throws -> [ContextualAction]? {
        guard let f = hook.swipeActions else { return nil }
        let s = storage(cell)
        return try callConfigHook(
            f, "swipe_actions", s, state: state, row: s.indexPath, extra: 1, pushExtra: { $0.push(edge.rawValue) },
            read: { try swipeActionsResult($1) })
    }

    /// The `swipe_actions` hook's result on the stack's top, read.
    private func swipeActionsResult(_ s: LuaCellStorage) throws -> [ContextualAction]? {
        let rt = engine.runtime
        switch rt.type(at: -1) {
        case .nil: return nil
        case .table: break
        default: throw shape("swipe_actions", s, "expected a list of actions or nil; got \(describe(-1))")
        }
        let list: Value
        do { list = try rt.value(at: -1) } catch { throw failure(error, "swipe_actions", s.indexPath) }
        // An empty table reads as an empty mapping: no actions.
        if case .object(let o) = list, o.isEmpty { return [] }
        do { return try ContextualAction.actions(from: list) } catch {
            // Lua counts list positions from 1.
            let lua = SwipeActionProblem(
                keyPath: error.keyPath.map { Int($0).map { String($0 + 1) } ?? $0 }, message: "")
            throw shape("swipe_actions", s, "\(lua.path(under: "result")): \(error.message)")
        }
    }
}
