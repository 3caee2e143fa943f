import CLua
import CLuaShim
import Cellar
import CellarText

/// A cell style written in Lua: one file returning a table with an
/// `identifier` and hooks (see the README, "Writing Lua cell styles"). It conforms to the same
/// `CellStyle` protocol as the built-ins and lays out with the same
/// `ViewNode` vocabulary, so the table treats both alike.
///
/// Hot-path rules: hooks are registry refs; an absent hook costs nothing;
/// `update` runs once per (configuration, state) and its result is kept per
/// cell; the converted view tree is kept until the configuration, state or
/// width changes (the table asks twice per row: to measure and to draw).
public final class LuaCellStyle: CellStyle {
    /// The style's `identifier`, which rows name it by.
    public let reuseIdentifier: String
    /// The style file, as given to the loader.
    public let source: String
    /// The style's `description`, if it has one.
    public let summary: String?
    /// The style's `fields`: the row keys it reads, checked in documents.
    public internal(set) var rowKeys: [String]?
    /// The style's `samples`: rows the gallery draws it with (none: it takes rows from the style's golden cases).
    public internal(set) var samples: [Value] = []
    /// Hook names present in the file, in documentation order.
    public let hooks: [String]
    let engine: LuaStyleEngine

    struct Hooks {
        var configure, update, layout, height, prepareForReuse, onAccessoryTap, onSelect, onDeselect: LuaFunction?
        var editingStyle, background, swipeActions, onSwipeAction, willSelect: LuaFunction?
    }

    /// `accessory` / `editing_accessory`: nothing (`.none`), a fixed accessory (a type
    /// name or a view node, converted once), or a function of config and state.
    ///
    /// A struct, not an enum of the two: an enum would keep its case in the
    /// spare bits of the function's reference, which LeakSanitizer does not
    /// read as a pointer, so a loaded style's functions would be reported
    /// lost at exit.
    struct AccessorySpec {
        /// The accessory when it does not depend on configuration and state.
        private(set) var fixed = Accessory.none
        private(set) var function: LuaFunction?

        static var unset: AccessorySpec { AccessorySpec() }
        static func fixed(_ a: Accessory) -> AccessorySpec { AccessorySpec(fixed: a) }
        static func function(_ f: LuaFunction) -> AccessorySpec { AccessorySpec(function: f) }
        var isFunction: Bool { function != nil }
    }

    let hook: Hooks
    // The accessory specs, `isHeaderFooter` and `selectionStyle` are set only
    // while the loader makes the style, before any row, and read for every
    // row: they skip run-time exclusivity checks (the invariant on `Cell`).
    @exclusivity(unchecked) private(set) var accessorySpec: AccessorySpec
    @exclusivity(unchecked) private(set) var editingAccessorySpec: AccessorySpec
    /// Where each hook is defined, so shape errors point into the file.
    let hookLines: [String: Int]
    let stateSelectsAccessory: Bool
    /// `kind = "header_footer"`: the style lays out section header/footer views, not cells.
    @exclusivity(unchecked) public internal(set) var isHeaderFooter = false
    /// The style's `selection_style` (rows may override it).
    @exclusivity(unchecked) public internal(set) var selectionStyle = SelectionStyle.default
    /// The style's `independent_rows`: its hooks keep nothing between rows.
    public internal(set) var drawsRowsIndependently = false

    init(
        identifier: String, source: String, summary: String?, engine: LuaStyleEngine, hooks: Hooks,
        accessory: AccessorySpec, editingAccessory: AccessorySpec, hookLines: [String: Int], hookNames: [String]
    ) {
        self.reuseIdentifier = identifier
        self.source = source
        self.summary = summary
        self.engine = engine
        self.hook = hooks
        self.accessorySpec = accessory
        self.editingAccessorySpec = editingAccessory
        self.hookLines = hookLines
        self.hooks = hookNames
        self.stateSelectsAccessory = accessory.isFunction || editingAccessory.isFunction
    }

    /// Set by the loader for an `accessory` given as a name or a node.
    func setFixedAccessory(_ primary: Bool, _ a: Accessory) {
        if primary { accessorySpec = .fixed(a) } else { editingAccessorySpec = .fixed(a) }
    }

    // MARK: CellStyle

    /// A new cell with its own Lua table (the `cell` hooks see) and the style's selection style.
    public func makeCell() throws -> Cell {
        let cell = Cell(reuseIdentifier: reuseIdentifier)
        cell.storage = LuaCellStorage(table: engine.runtime.newTable(fieldCount: 4), engine: engine)
        cell.selectionStyle = selectionStyle
        return cell
    }

    /// The app's `content` on a cell is drawn in place of the Lua layout.
    public var readsCellContent: Bool { false }

    /// Resets alpha and state, then runs the `prepare_for_reuse` hook if the style has one.
    public func prepareForReuse(_ cell: Cell) throws {
        Cell.resetNonContent(cell)
        let s = storage(cell)
        s.generation &+= 1
        guard let f = hook.prepareForReuse else { return }
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        rt.push(f)
        rt.push(s.table)
        engine.noteHook(self, s.indexPath)
        do { try rt.pcall(arguments: 1, results: 0) } catch {
            var e = failure(error, "prepare_for_reuse", nil)
            if let ip = s.indexPath {
                e.message += ", for a \(isHeaderFooter ? "view" : "cell") that showed\(place(ip))"
            }
            throw e
        }
    }

    /// Runs the `configure` hook (or shows the row as is without one), then resolves the cell's accessories.
    public func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        if case .object(let fields) = row { return try configure(cell, fields: ObjectFields(fields), at: indexPath) }
        try configure(cell, at: indexPath, row: { row }, pushRow: { rt, _ in try rt.push(row) })
    }

    /// `configure(_:row:at:)` for a row read field by field: the hook's row
    /// table is filled from the fields, and no `Value` is built for it.
    public func configure(_ cell: Cell, fields: some RowFieldReader, at indexPath: IndexPath) throws {
        try configure(
            cell, at: indexPath, row: { try fields.value() },
            pushRow: { rt, s in
                rt.push(s.rowTable)
                let writes = cellar_row_writes(rt.handle)
                try rt.refill(tableAt: -1, from: fields, lastKeys: &s.rowKeys, untouched: writes == s.rowWrites)
                s.rowWrites = writes
            })
    }

    /// Calls the `configure` hook with the row `pushRow` pushes, or without
    /// a hook shows `row()` as is; then resolves the cell's accessories.
    private func configure(
        _ cell: Cell, at indexPath: IndexPath, row: () throws -> Value,
        pushRow: (LuaRuntime, LuaCellStorage) throws -> Void
    ) throws {
        let s = storage(cell)
        s.generation &+= 1
        s.indexPath = indexPath
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        if let f = hook.configure {
            rt.push(f)
            rt.push(s.table)
            do { try pushRow(rt, s) } catch let e as LuaError { throw failure(e, "configure", indexPath) }
            if engine.tableGuard != nil { try guardCall("configure", indexPath, [(-1, "row")]) }
            engine.noteHook(self, indexPath)
            do { try rt.pcall(arguments: 2, results: 0) } catch { throw failure(error, "configure", indexPath) }
        } else {
            try defaultConfigure(s, try row(), indexPath)
        }
        rt.setTop(base)
        try resolveCellFields(cell, s)
    }

    /// Resolves the accessories that depend on state, before widths are measured.
    public func updateConfiguration(_ cell: Cell, state: CellState) throws {
        let s = storage(cell)
        try resolveCellFields(cell, s, state)
        if hook.background != nil { try resolveBackground(cell, s, state) }
    }

    /// The `update` hook's view tree for the cell in a state, kept until configuration, state or width changes.
    public func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        // Set before the cache check: the table asks for a row's content
        // before its height, so ui.width in a height hook measures like the table.
        engine.widthSetting.ambiguousWide = context.ambiguousWide
        let s = storage(cell)
        let stateKey = s.key(state)
        let key = LuaMemoKey(configuration: stateKey.configuration, state: stateKey.state, context: context)
        // The table lays a row out before it asks its height: the height hook gets the same ctx.
        if hook.height != nil { s.context = context }
        if s.nodeKey == key { return s.node }
        let rt = engine.runtime
        let base = rt.top
        defer { rt.setTop(base) }
        let node: ViewNode
        if let f = hook.layout {
            rt.push(f)
            try pushConfig(s, state, key: stateKey)
            try withLocation("layout", s) { () throws(LuaError) in try engine.prepareState(state) }
            engine.pushContext(context)
            if engine.tableGuard != nil { try guardCall("layout", s.indexPath, configSlot(-2), context: -1) }
            engine.noteHook(self, s.indexPath)
            do { try rt.pcall(arguments: 2, results: 1) } catch { throw failure(error, "layout", s.indexPath) }
            do { node = try engine.reader.tree(at: -1) } catch { throw shapeFailure(error, "layout", s) }
        } else {
            try pushConfig(s, state, key: stateKey)
            rt.rawGet(engine.keys.text, fromTableAt: -1)
            let text = rt.string(at: -1) ?? rt.integer(at: -1).map(String.init) ?? ""
            node = .label(Label(text, style: LuaNodeReader.labelStyle))
        }
        s.node = node
        s.nodeKey = key
        return node
    }

    static let heightExpectation =
        "expected a whole number of lines from 0 to \(TableView.maximumRowHeight), or nil for automatic"

    /// The `height` hook's line count, or nil (measured) when the hook is absent or returns nil.
    public func height(for cell: Cell, width: Int) throws -> Int? {
        guard let f = hook.height else { return nil }
        let s = storage(cell)
        let context = s.context ?? LayoutContext(width: width, state: cell.state)
        do { try engine.prepareState(context.state) } catch { throw failure(error, "height", s.indexPath) }
        return try callConfigHook(
            f, "height", s, state: cell.state, handsState: false, row: s.indexPath, extra: 2,
            pushExtra: {
                $0.push(width)
                self.engine.pushContext(context)
            }, read: { try heightResult($0, $1) })
    }

    /// The `height` hook's result on the stack's top, checked (inlined: it runs per row).
    @inline(__always)
    private func heightResult(_ rt: LuaRuntime, _ s: LuaCellStorage) throws -> Int? {
        switch rt.type(at: -1) {
        case .nil: return nil
        case .number:
            if let n = rt.integer(at: -1), (0...TableView.maximumRowHeight).contains(n) { return n }
            let got = rt.integer(at: -1).map(String.init) ?? String(rt.double(at: -1) ?? 0)
            throw shape("height", s, "\(Self.heightExpectation); got \(got)")
        default:
            throw shape("height", s, "\(Self.heightExpectation); got a \(typeName(-1))")
        }
    }

    // MARK: Pieces

    /// Without a `configure` hook the cell shows exactly its row: the previous
    /// row's fields go, the row's fields are copied in (config.text …), and
    /// the accessory keys read as the built-in styles read them
    /// (`accessory`, `accessoryText`, `editingAccessory`, `indentation`).
    func defaultConfigure(_ s: LuaCellStorage, _ row: Value, _ ip: IndexPath) throws {
        let rt = engine.runtime
        rt.push(s.table)
        for k in s.defaultKeys {
            rt.pushNil()
            rt.rawSet(k, inTableAt: -2)
        }
        s.defaultKeys.removeAll(keepingCapacity: true)
        guard case .object(let fields) = row else { return }
        for (k, v) in fields {
            do { try rt.push(v) } catch { throw failure(error, "configure", ip) }
            let key = rt.key(k)
            rt.rawSet(key, inTableAt: -2)
            s.defaultKeys.append(key)
        }
        if let text = fields["accessoryText"]?.stringValue {
            rt.pushTable(fieldCount: 4)
            rt.push("label")
            rt.rawSet(engine.keys.kind, inTableAt: -2)
            rt.push(text)
            rt.rawSet(engine.keys.text, inTableAt: -2)
            rt.push("tint")
            rt.rawSet(engine.keys.color, inTableAt: -2)
            rt.push("fit")
            rt.rawSet(engine.keys.width, inTableAt: -2)
            rt.rawSet(engine.keys.accessory, inTableAt: -2)
            s.defaultKeys.append(engine.keys.accessory)
        }
        if let editing = fields["editingAccessory"] {
            do { try rt.push(editing) } catch { throw failure(error, "configure", ip) }
            rt.rawSet(engine.keys.editingAccessory, inTableAt: -2)
            s.defaultKeys.append(engine.keys.editingAccessory)
        }
        if fields["indentation"] == nil {
            rt.push(0)
            rt.rawSet(engine.keys.indentation, inTableAt: -2)
        }
    }

    func storage(_ cell: Cell) -> LuaCellStorage {
        // LuaCellStorage is final: an exact type test (runs a few times per
        // row) stands for the runtime's general class cast.
        if let o = cell.storage, type(of: o) == LuaCellStorage.self {
            return unsafeDowncast(o, to: LuaCellStorage.self)
        }
        // A cell made elsewhere (not by makeCell): give it a Lua side now.
        let s = LuaCellStorage(table: engine.runtime.newTable(fieldCount: 4), engine: engine)
        cell.storage = s
        return s
    }

    /// Pushes the configuration for `state`: the cell table itself without an
    /// `update` hook; otherwise update's result for a shallow copy of it
    /// (made once per configuration and state, then kept for the cell).
    func pushConfig(_ s: LuaCellStorage, _ state: CellState) throws {
        guard hook.update != nil else {
            engine.runtime.push(s.table)
            return
        }
        try pushConfig(s, state, key: s.key(state))
    }

    /// `pushConfig` with the memo key of `state` already taken.
    func pushConfig(_ s: LuaCellStorage, _ state: CellState, key: LuaMemoKey) throws {
        let rt = engine.runtime
        guard let f = hook.update else {
            rt.push(s.table)
            return
        }
        let luaState = rt.L
        if s.updatedKey == key {
            lua_rawgeti(luaState, luaRegistryIndex, lua_Integer(s.updatedSlot))
            return
        }
        rt.push(f)
        rt.push(s.copyTable)
        if let fresh = s.freshCopy, fresh.generation == s.generation, fresh.calls == cellar_call_count(rt.handle) {
            // Copied while the cell fields were read, and no Lua code has run since.
        } else {
            rt.push(s.table)
            cellar_lua_refill_copy(luaState, -2, -1)
            rt.pop(1)
        }
        s.freshCopy = nil
        try withLocation("update", s) { () throws(LuaError) in try engine.pushState(state) }
        if engine.tableGuard != nil { try guardCall("update", s.indexPath, [(-2, "config"), (-1, "state")]) }
        engine.noteHook(self, s.indexPath)
        do { try rt.pcall(arguments: 2, results: 1) } catch { throw failure(error, "update", s.indexPath) }
        if let g = engine.tableGuard { try withLocation("update", s) { () throws(LuaError) in try g.unwrap(at: -1) } }
        switch rt.type(at: -1) {
        case .table: break
        case .nil:
            rt.pop(1)
            rt.push(s.copyTable)
        default:
            throw shape("update", s, "expected the configuration (a table) or nothing, got a \(typeName(-1))")
        }
        lua_pushvalue(luaState, -1)
        lua_rawseti(luaState, luaRegistryIndex, lua_Integer(s.updatedSlot))
        s.updatedKey = key
    }

    /// Runs `body` (which may fail in Lua) with this hook's error wording.
    func withLocation(_ hook: String, _ s: LuaCellStorage, _ body: () throws(LuaError) -> Void) throws {
        do { try body() } catch { throw failure(error, hook, s.indexPath) }
    }
}
