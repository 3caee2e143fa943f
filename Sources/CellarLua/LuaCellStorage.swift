import CLua
import CLuaShim
import Cellar

/// What a Lua style keeps per cell: the Lua-side cell table (which lives on
/// across reuse) and the memos that spare repeated hook calls.
///
/// Each memo is a value with its `LuaMemoKey`, valid while that key equals
/// the one the cell computes now (from `generation`, the state's number
/// and, for the view tree, the layout context). The memos are read and written on
/// every row, so they skip run-time exclusivity checks under the invariant
/// stated on `Cell` (one thread at a time, no access held across a hook).
final class LuaCellStorage {
    let table: LuaTableRef
    /// What `update` receives: refilled as a shallow copy of `table` for
    /// each configuration rather than made anew.
    let copyTable: LuaTableRef
    /// The `row` argument of `configure`, refilled for each row likewise.
    let rowTable: LuaTableRef
    @exclusivity(unchecked) var rowKeys: [String] = []
    /// `cellar_row_writes` when `rowTable` was last refilled: while it is
    /// unchanged, no hook has added a key to any row table since.
    var rowWrites: UInt = .max
    /// The row the cell was last configured for (for error messages).
    var indexPath: IndexPath?
    /// The context the cell was last laid out in, kept for the `height`
    /// hook's `ctx` (only by styles that have one).
    var context: LayoutContext?
    /// Bumped whenever the cell table may have changed (configure, events, reuse).
    @exclusivity(unchecked) var generation = 0
    /// Fields the default configure copied from the last row (cleared for the next).
    var defaultKeys: [LuaKey] = []

    /// Numbers the states the memos are keyed by.
    @exclusivity(unchecked) var states = LuaStateNumbers()
    /// The key of `update`'s result in `updatedSlot`.
    @exclusivity(unchecked) var updatedKey = LuaMemoKey.none
    /// The key of the cell fields Cellar reads (accessories, indentation), kept on the cell.
    @exclusivity(unchecked) var fieldsKey = LuaMemoKey.none
    /// `copyTable` was refilled from `table` (while reading the cell fields)
    /// at this generation, when `cellar_call_count` was `calls`: while both
    /// still hold, no Lua code has run since, so the copy is still exact and
    /// the next `update` may take it as is. Cleared once `update` has it.
    @exclusivity(unchecked) var freshCopy: (generation: Int, calls: UInt)?
    /// The converted view tree of `layout`, and its key.
    @exclusivity(unchecked) var node = ViewNode.empty
    @exclusivity(unchecked) var nodeKey = LuaMemoKey.none

    /// The key of the memos that depend on the configuration and `state`.
    func key(_ state: CellState) -> LuaMemoKey {
        LuaMemoKey(configuration: generation, state: states.number(of: state))
    }

    /// The `background` hook's answer, and its key.
    var background: BackgroundConfiguration?
    var backgroundKey = LuaMemoKey.none

    /// The registry slot holding `update`'s result for `updatedKey`: one slot per cell, set in place per row.
    let updatedSlot: Int32

    init(table: LuaTableRef, engine: LuaStyleEngine) {
        self.table = table
        self.copyTable = engine.runtime.newTable(fieldCount: 8)
        self.rowTable = engine.runtime.newTable(fieldCount: 4)
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let L = engine.runtime.L
        engine.runtime.push(rowTable)
        cellar_lua_make_row_table(L, -1)
        lua_settop(L, -2)
        lua_pushboolean(L, 0)
        updatedSlot = luaL_ref(L, luaRegistryIndex)
    }

    deinit { luaL_unref(table.runtime.L, luaRegistryIndex, updatedSlot) }
}
