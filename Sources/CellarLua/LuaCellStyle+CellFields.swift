import CLua
import CLuaShim
import Cellar

/// The cell fields Cellar reads back from a Lua cell table after configure:
/// accessories, indentation and alpha.
extension LuaCellStyle {
    /// The fields of the cell table Cellar reads — `accessory`,
    /// `editing_accessory`, `indentation`, `alpha` — falling back to the style's own
    /// `accessory`/`editing_accessory`. Cached per configuration (and per
    /// state when an accessory is a function of it).
    func resolveCellFields(_ cell: Cell, _ s: LuaCellStorage, _ given: CellState? = nil) throws {
        // The state matters only to accessories that are functions of it
        // (reading the cell's is a copy, and making one costs too: paid per
        // row otherwise).
        guard stateSelectsAccessory else {
            let key = LuaMemoKey(configuration: s.generation, state: 0)
            if s.fieldsKey != key { try readCellFields(cell, s, key, nil) }
            return
        }
        let state = given ?? cell.state
        let key = s.key(state)
        if s.fieldsKey != key { try readCellFields(cell, s, key, state) }
    }

    /// `resolveCellFields` once its memo key has changed.
    private func readCellFields(_ cell: Cell, _ s: LuaCellStorage, _ key: LuaMemoKey, _ state: CellState?) throws {
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        rt.push(s.table)
        let t = rt.top
        if !stateSelectsAccessory, noCellFields(s, t) {
            // The common cell: none of the four set, so the style's own accessories apply.
            cell.accessory = accessorySpec.fixed
            cell.editingAccessory = editingAccessorySpec.fixed
            if cell.alpha != 1 { cell.alpha = 1 }
            s.fieldsKey = key
            return
        }
        cell.accessory = try accessory(field: engine.keys.accessory, t, accessorySpec, "accessory", s, state)
        cell.editingAccessory = try accessory(
            field: engine.keys.editingAccessory, t, editingAccessorySpec,
            "editing_accessory", s, state)
        try readIndentationAndAlpha(cell, s, t)
        s.fieldsKey = key
    }

    /// Whether the cell table at `t` sets none of the fields Cellar reads.
    /// With an `update` hook that has not yet run for this configuration,
    /// the copy it will receive is made now, and the same pass over the
    /// table answers (see `LuaCellStorage.freshCopy`).
    private func noCellFields(_ s: LuaCellStorage, _ t: Int32) -> Bool {
        let rt = engine.runtime
        guard hook.update != nil, s.updatedKey.configuration != s.generation else {
            return cellar_lua_all_nil4(
                rt.L, t, engine.keys.accessory.ref, engine.keys.editingAccessory.ref,
                engine.keys.indentation.ref, engine.keys.alpha.ref) != 0
        }
        rt.push(s.copyTable)
        defer { rt.pop(1) }
        let found = engine.cellFieldAddresses.withUnsafeBufferPointer { keys in
            cellar_lua_refill_copy_watching(rt.L, -1, t, keys.baseAddress, Int32(keys.count))
        }
        s.freshCopy = (s.generation, cellar_call_count(rt.handle))
        return found == 0
    }

    private func accessory(
        field key: LuaKey, _ t: Int32, _ spec: AccessorySpec, _ name: String,
        _ s: LuaCellStorage, _ given: CellState?
    ) throws -> Accessory {
        let rt = engine.runtime
        if rt.rawGet(key, fromTableAt: t) != .nil {
            defer { rt.pop(1) }
            return try accessoryValue(at: -1, "cell.\(name)", s)
        }
        rt.pop(1)
        guard let f = spec.function else { return spec.fixed }
        // Only with `stateSelectsAccessory`, whose callers give the state.
        return try callConfigHook(f, name, s, state: given ?? CellState(), row: s.indexPath) {
            try accessoryValue(at: -1, name, $1)
        }
    }

    /// An accessory from Lua: a type name, a view node (custom accessory), or nil/false for none.
    func accessoryValue(at index: Int32, _ name: String, _ s: LuaCellStorage?) throws -> Accessory {
        let rt = engine.runtime
        switch rt.type(at: index) {
        case .nil: return .none
        case .boolean where !rt.isTruthy(at: index): return .none
        case .string:
            let text = rt.string(at: index) ?? ""
            if let t = AccessoryType(rawValue: text) { return .type(t) }
            throw shape(name, s, Suggest.unknown("accessory", text, among: AccessoryType.allCases.map(\.rawValue)))
        case .table:
            do { return .custom(try engine.reader.tree(at: index)) } catch { throw shapeFailure(error, name, s) }
        default:
            throw shape(
                name, s,
                "expected an accessory type name (\(AccessoryType.allCases.map(\.rawValue).joined(separator: ", "))), a view node or nil; got a \(typeName(index))"
            )
        }
    }
}
