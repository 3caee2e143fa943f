import CLua
import CLuaShim
import Cellar

/// What a Lua style keeps per cell: the Lua-side cell table (which lives on
/// across reuse) and the caches that spare repeated hook calls.
///
/// Each cache is valid while its generation equals `generation` and its
/// other key fields equal the current inputs. They are compared field by
/// field in place because a key value built per row copies its `CellState`
/// on every row (see BENCHMARKS.md, "Tried and not kept").
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
    /// Bumped whenever the cell table may have changed (configure, events, reuse).
    var generation = 0
    /// Fields the default configure copied from the last row (cleared for the next).
    var defaultKeys: [LuaKey] = []

    var configGeneration = -1
    var configState = CellState()

    var fieldsGeneration = -1
    var fieldsState = CellState()

    /// The `background` hook's answer for (`backgroundGeneration`, `backgroundState`).
    var background: BackgroundConfiguration?
    var backgroundGeneration = -1
    var backgroundState = CellState()

    var nodeGeneration = -1
    var nodeWidth = -1
    var nodeTableStyle = TableStyle.plain
    var nodeMargins = Insets.zero
    var nodeAmbiguousWide = false
    var nodeState = CellState()
    var node = ViewNode.empty

    /// The registry slot holding `update`'s result for (`configGeneration`,
    /// `configState`): one slot per cell, set in place per row.
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
