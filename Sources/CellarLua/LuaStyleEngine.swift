import CLua
import CLuaShim
import Cellar
import CellarText

/// The Lua state behind a set of Lua cell styles, plus everything they share:
/// the `ui` node library, interned keys, and the reusable `state`/`ctx` tables
/// handed to hooks (so a row costs no allocations for them).
///
/// Confined to one thread, like its `LuaRuntime`: a registry holding Lua styles
/// is used from the thread that loaded it.
public final class LuaStyleEngine {
    /// The Lua state every style of the engine runs in.
    public let runtime: LuaRuntime
    let keys: Keys
    /// The addresses of the cell fields Cellar reads back (`accessory`,
    /// `editing_accessory`, `indentation`, `alpha`), as `lua_topointer` gives
    /// them: short strings, interned and kept alive by `keys`.
    let cellFieldAddresses: [UnsafeRawPointer?]
    /// Makes a fresh `ui` table for each style file (so one file cannot
    /// change another's library).
    let uiFactory: LuaFunction
    /// The metatables `ui` constructors give nodes, by kind name (kept alive
    /// here: the reader recognises them by address).
    let nodeMetatables: LuaTableRef
    /// The one `state` table behind what hooks receive; refilled only when
    /// the state differs. Hooks get `stateProxy`, a read-only view of it, so
    /// nothing one call writes is seen by another (of any style): the
    /// cache below stays true because no style can write the table.
    let stateTable: LuaTableRef
    let stateProxy: LuaTableRef
    private var stateInTable: CellState? = nil
    /// The one `ctx` table behind what layout receives (`ctxProxy`, read-only
    /// like `stateProxy`; its `state` is `stateProxy`, its `margins` the
    /// read-only view of `marginsTable`).
    let ctxTable: LuaTableRef
    let ctxProxy: LuaTableRef
    let marginsTable: LuaTableRef
    var ctxWidth = -1
    var ctxTableStyle: TableStyle? = nil
    var ctxAmbiguousWide: Bool? = nil
    /// What `ui.width` measures with when not told: the setting of the
    /// table whose row is being laid out or measured (a box, so the Lua
    /// function can read it; `LuaCellStyle.content` sets it).
    let widthSetting = WidthSetting()
    final class WidthSetting { var ambiguousWide = false }
    var ctxMargins: Insets? = nil
    var ctxPlace: ContextPlace? = nil
    let reader: LuaNodeReader
    /// Debug mode's check that hooks do not keep the tables they are lent
    /// (nil outside debug mode: hooks get the real tables).
    let tableGuard: HookTableGuard?
    /// Where a style's `print` goes (`StyleLog`); nil = dropped.
    let log = StyleLog.fromEnvironment()

    /// Opens a Lua state under `limits` and loads the `ui` node library into it.
    public init(limits: LuaLimits = LuaLimits()) throws(LuaError) {
        let rt = try LuaRuntime(limits: limits)
        runtime = rt
        keys = Keys(rt)
        cellFieldAddresses = [keys.accessory, keys.editingAccessory, keys.indentation, keys.alpha].map { k in
            rt.push(k)
            defer { rt.pop(1) }
            return lua_topointer(rt.L, -1)
        }
        let lib = try rt.compile(source: Array(Self.uiLibrarySource.utf8), chunkName: Self.uiChunkName)
        // The library chunk returns the node metatables and the factory.
        let base = rt.top
        rt.push(lib)
        lua_pushcclosure(rt.L, cellar_ui_make_constructor, 0)
        try rt.pcall(arguments: 1, results: 2)
        guard let metas = rt.table(at: -2), let factory = rt.function(at: -1) else {
            rt.setTop(base)
            throw LuaError(kind: .runtime, message: "the ui library did not load")
        }
        rt.setTop(base)
        uiFactory = factory
        nodeMetatables = metas
        stateTable = rt.newTable(fieldCount: 8)
        stateProxy = rt.readOnlyProxy(of: stateTable, name: "state")
        ctxTable = rt.newTable(fieldCount: 6)
        ctxProxy = rt.readOnlyProxy(of: ctxTable, name: "ctx")
        marginsTable = rt.newTable(fieldCount: 4)
        reader = LuaNodeReader(runtime: rt, metatables: metas)
        tableGuard = limits.checksHookTables ? try HookTableGuard(runtime: rt) : nil
        // ctx.state is the shared state (filled before each layout call).
        ctxTable.set(keys.state, stateProxy)
        ctxTable.set(keys.margins, rt.readOnlyProxy(of: marginsTable, name: "ctx.margins"))
        let setting = widthSetting
        let widthFn = rt.makeFunction(raw: { rt, argc in
            guard argc >= 1, let bytes = rt.bytes(at: 1) else {
                throw LuaFunctionError("ui.width expects a string")
            }
            // ui.width(s [, ambiguous_wide]): a nil or missing second
            // argument means the table's setting (ctx.ambiguous_wide).
            var wide = setting.ambiguousWide
            if argc >= 2, rt.type(at: 2) != .nil {
                guard let b = rt.bool(at: 2) else {
                    throw LuaFunctionError("ui.width expects true or false as its second argument")
                }
                wide = b
            }
            rt.push(DisplayWidth.of(String(decoding: bytes, as: UTF8.self), ambiguousWide: wide))
            return 1
        })
        widthFunction = widthFn
        // The message for a name the ui library lacks: unknown(name, "label,image,…").
        unknownUIFunction = rt.makeFunction(raw: { rt, _ in
            let name = rt.string(at: 1) ?? ""
            let known = (rt.string(at: 2) ?? "").split(separator: ",").map { "ui.\($0)" }.sorted()
            rt.push(Suggest.unknown("name", "ui.\(name)", among: known))
            return 1
        })
        // event.deselect() in on_select: the flag is a box the function can
        // reach without capturing the engine (which owns the runtime).
        let deselect = deselectFlag
        deselectFunction = rt.makeFunction(raw: { _, _ in
            deselect.isSet = true
            return 0
        })
        if let log { rt.onPrint = { [log] text in log.write(text) } }
    }

    /// Notes the style and row a hook is about to run for, so its `print`
    /// lines can say so (one predictable branch when logging is off).
    @inline(__always)
    func noteHook(_ style: LuaCellStyle, _ row: IndexPath?) {
        if let log {
            log.style = style.reuseIdentifier
            log.row = row
        }
    }

    let widthFunction: LuaFunction
    let unknownUIFunction: LuaFunction
    /// `event.deselect`, shared by every `on_select` event of this engine.
    let deselectFunction: LuaFunction
    let deselectFlag = Flag()
    final class Flag { var isSet = false }
    /// Whether the running `on_select` hook called `event.deselect()`.
    var deselectRequested: Bool {
        get { deselectFlag.isSet }
        set { deselectFlag.isSet = newValue }
    }

    /// A new `ui` table for one style file's environment.
    func makeUITable() throws(LuaError) -> LuaTableRef {
        let base = runtime.top
        defer { runtime.setTop(base) }
        runtime.push(uiFactory)
        runtime.push(widthFunction)
        runtime.push(unknownUIFunction)
        try runtime.pcall(arguments: 2, results: 1)
        guard let t = runtime.table(at: -1) else {
            throw LuaError(kind: .runtime, message: "the ui library did not make a table")
        }
        return t
    }

    /// Pushes the read-only view of the shared `state` table, filled for `state`.
    func pushState(_ state: CellState) throws(LuaError) {
        try prepareState(state)
        runtime.push(stateProxy)
    }

    /// Refills the shared `state` table for `state` (for `ctx.state`) if it
    /// holds another, without leaving it on the stack.
    func prepareState(_ state: CellState) throws(LuaError) {
        guard !holdsState(state) else { return }
        runtime.push(stateTable)
        defer { runtime.pop(1) }
        try refillState(state)
    }

    /// Most rows are in the normal state, like the last: no dictionary compare.
    /// A state with tables among its custom values is never kept (a hook
    /// could change a nested table; each call gets fresh ones).
    private func holdsState(_ state: CellState) -> Bool {
        guard let last = stateInTable else { return false }
        return last.isNormal ? state.isNormal : last == state
    }

    /// Refills the state table on top of the stack.
    private func refillState(_ state: CellState) throws(LuaError) {
        let rt = runtime
        let old = stateInTable
        setBool(keys.selected, state.isSelected)
        setBool(keys.highlighted, state.isHighlighted)
        setBool(keys.disabled, state.isDisabled)
        setBool(keys.focused, state.isFocused)
        setBool(keys.editing, state.isEditing)
        setBool(keys.expanded, state.isExpanded)
        setBool(keys.swiped, state.isSwiped)
        setBool(keys.reordering, state.isReordering)
        if let old {
            for k in old.custom.keys where state.custom[k] == nil {
                rt.pushNil()
                rt.rawSet(rt.key(k), inTableAt: -2)
            }
        }
        for (k, v) in state.custom {
            do throws(LuaError) { try rt.push(v) } catch {
                stateInTable = nil
                throw error
            }
            rt.rawSet(rt.key(k), inTableAt: -2)
        }
        stateInTable = state.custom.values.contains(where: \.becomesLuaTable) ? nil : state
    }

    func setBool(_ key: LuaKey, _ value: Bool) {
        runtime.push(value)
        runtime.rawSet(key, inTableAt: -2)
    }

    /// Interned keys of the hot paths.
    struct Keys {
        let kind, text, color, width, top, leading, bottom, trailing: LuaKey
        let selected, highlighted, disabled, focused, editing, expanded, swiped, reordering: LuaKey
        let tableStyle, margins, accessory, editingAccessory, indentation, state, section, row: LuaKey
        let ambiguousWide, alpha, first, last, rowsInSection, theme: LuaKey
        init(_ rt: LuaRuntime) {
            kind = rt.key("kind")
            text = rt.key("text")
            color = rt.key("color")
            width = rt.key("width")
            top = rt.key("top")
            leading = rt.key("leading")
            bottom = rt.key("bottom")
            trailing = rt.key("trailing")
            selected = rt.key("selected")
            highlighted = rt.key("highlighted")
            disabled = rt.key("disabled")
            focused = rt.key("focused")
            editing = rt.key("editing")
            expanded = rt.key("expanded")
            swiped = rt.key("swiped")
            reordering = rt.key("reordering")
            tableStyle = rt.key("table_style")
            margins = rt.key("margins")
            accessory = rt.key("accessory")
            editingAccessory = rt.key("editing_accessory")
            indentation = rt.key("indentation")
            state = rt.key("state")
            section = rt.key("section")
            row = rt.key("row")
            ambiguousWide = rt.key("ambiguous_wide")
            alpha = rt.key("alpha")
            first = rt.key("first")
            last = rt.key("last")
            rowsInSection = rt.key("rows_in_section")
            theme = rt.key("theme")
        }
    }

    /// How Lua names the ui library's chunk in messages and tracebacks.
    static let uiChunkName = "(ui library)"

    /// The `ui` library, in Lua so building nodes never crosses into Swift.
    /// Node tables are plain tables with a `kind`; the constructors only
    /// stamp it (and accept shorthand), so authors may also write
    /// `{kind = "label", text = …}` by hand.
    static let uiLibrarySource = #"""
        local constructor = ...
        local setmetatable, type, error, pairs = setmetatable, type, error, pairs
        -- One metatable per node kind: a constructor sets it instead of adding a
        -- `kind` field (which would make Lua grow the table's hash part), and
        -- node.kind still reads the kind through __index.
        local meta = {}
        for _, k in ipairs { "label", "image", "hstack", "vstack", "spacer", "padding", "empty" } do
          meta[k] = { __index = { kind = k }, __metatable = "the ui node metatable is read-only" }
        end
        local LABEL, IMAGE, HSTACK, VSTACK = meta.label, meta.image, meta.hstack, meta.vstack
        local SPACER, PADDING, EMPTY = meta.spacer, meta.padding, meta.empty
        return meta, function(width, unknown)
          local ui = {}
          -- Errors point at the style's line: `level` counts from bad (1) to
          -- the style's frame that called ui.X.
          local function bad(fn, t, level)
            error("ui." .. fn .. " expects a table, got " .. type(t), level)
          end
          local function need_table(fn, t)
            if type(t) ~= "table" then bad(fn, t, 4) end
            return t
          end
          -- ui.X = constructor(META, fallback): a table without a metatable
          -- (nearly always) becomes a node in C; anything else reaches the
          -- fallback (bad ← fallback ← C constructor ← the style: level 4).
          ui.label = constructor(LABEL, function(t)
            local ty = type(t)
            if ty == "table" then return setmetatable(t, LABEL) end
            if ty == "string" or ty == "number" then return setmetatable({ text = t }, LABEL) end
            bad("label", t, 4)
          end)
          ui.image = constructor(IMAGE, function(t)
            local ty = type(t)
            if ty == "table" then return setmetatable(t, IMAGE) end
            if ty == "string" then return setmetatable({ glyph = t }, IMAGE) end
            bad("image", t, 4)
          end)
          -- Stacks take only a table.
          local function stack(name, meta)
            return constructor(meta, function(t)
              if type(t) ~= "table" then bad(name, t, 4) end
              return setmetatable(t, meta)
            end)
          end
          ui.hstack = stack("hstack", HSTACK)
          ui.vstack = stack("vstack", VSTACK)
          ui.spacer = constructor(SPACER, function(min)
            if type(min) == "table" then return setmetatable(min, SPACER) end
            return setmetatable({ min = min }, SPACER)
          end)
          ui.padding = constructor(PADDING, function(t)
            if type(t) ~= "table" then bad("padding", t, 4) end
            return setmetatable(t, PADDING)
          end)
          function ui.margins(m, child)
            need_table("margins", m)
            return setmetatable({ top = m.top, leading = m.leading, bottom = m.bottom,
                                  trailing = m.trailing, child }, PADDING)
          end
          function ui.empty() return setmetatable({}, EMPTY) end
          function ui.copy(t)
            local c = {}
            for k, v in pairs(need_table("copy", t)) do c[k] = v end
            return c
          end
          -- A label as the built-in styles draw one from row data's
          -- textProperties (UIKit's names); `color` stands in when they give none.
          -- The result is a label node: adjust its fields before returning it.
          local tostring = tostring
          local PROPERTIES = "numberOfLines, lineBreakMode, alignment, color, transform, bold, italic, underline, dim"
          local PROPERTY = {}
          for k in PROPERTIES:gmatch("%a+") do PROPERTY[k] = true end
          function ui.list_label(text, p, color)
            -- Row text may be a YAML boolean (`yes`); the built-ins print it.
            if type(text) == "boolean" then text = tostring(text) end
            if p == nil then return setmetatable({ text = text, color = color }, LABEL) end
            if type(p) ~= "table" then
              error("ui.list_label expects text properties as a table, got " .. type(p), 2)
            end
            for k in pairs(p) do
              if not PROPERTY[k] then
                error("ui.list_label: unknown text property '" .. tostring(k) .. "' (" .. PROPERTIES .. ")", 2)
              end
            end
            return setmetatable({ text = text, lines = p.numberOfLines, line_break = p.lineBreakMode,
                                  align = p.alignment, transform = p.transform, color = p.color or color,
                                  bold = p.bold, italic = p.italic, underline = p.underline, dim = p.dim }, LABEL)
          end
          ui.width = width
          -- A name ui lacks (ui.lable) is an error at the style's line with
          -- the closest name, not a nil to call later.
          local names = {}
          for k in pairs(ui) do names[#names + 1] = k end
          local known = table.concat(names, ",")
          return setmetatable(ui, {
            __index = function(_, k) error(unknown(tostring(k), known), 2) end,
            __metatable = "the ui library's metatable is read-only",
          })
        end
        """#
}
