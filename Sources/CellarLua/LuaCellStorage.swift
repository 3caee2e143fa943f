import CLua
import Cellar

/// What a Lua style keeps per cell: the Lua-side cell table (which lives on
/// across reuse) and the memos that spare repeated hook calls.
final class LuaCellStorage {
    let table: LuaTableRef
    /// What `update` receives: refilled as a shallow copy of `table` for
    /// each configuration rather than made anew.
    let copyTable: LuaTableRef
    /// The `row` argument of `configure`, refilled for each row likewise.
    let rowTable: LuaTableRef
    @exclusivity(unchecked) var rowKeys: [String] = []
    /// The row the cell was last configured for (for error messages).
    var indexPath: IndexPath?
    /// Bumped whenever the cell table may have changed (configure, events,
    /// reuse): every memo's key holds it, so a bump invalidates them all.
    var generation = 0
    /// Fields the default configure copied from the last row (cleared for the next).
    var defaultKeys: [LuaKey] = []

    /// A configuration (the cell table as of `generation`) in a state.
    struct StateKey: Equatable {
        var generation: Int
        var state: CellState
    }

    /// Everything the laid-out view tree depends on.
    struct NodeKey: Equatable {
        var generation: Int
        var width: Int
        var tableStyle: TableStyle
        var margins: Insets
        var ambiguousWide: Bool
        var state: CellState
    }

    /// `update`'s result is valid for this key (the result itself lives in
    /// `updatedSlot`, on the Lua side).
    var updated = Memo<StateKey, Void>(())
    /// The cell's accessory, editing accessory and indentation were read for this key.
    var fields = Memo<StateKey, Void>(())
    /// The view tree `layout` made, for its key.
    var node = Memo<NodeKey, ViewNode>(.empty)

    /// The registry slot holding `update`'s result for the key of `updated`:
    /// one slot per cell, set in place per row.
    let updatedSlot: Int32

    init(table: LuaTableRef, engine: LuaStyleEngine) {
        self.table = table
        self.copyTable = engine.runtime.newTable(fieldCount: 8)
        self.rowTable = engine.runtime.newTable(fieldCount: 4)
        let L = engine.runtime.L
        lua_pushboolean(L, 0)
        updatedSlot = luaL_ref(L, luaRegistryIndex)
    }

    deinit { luaL_unref(table.runtime.L, luaRegistryIndex, updatedSlot) }
}

/// A result kept with the key it was made for.
///
/// Invariant: `value(for:)` answers only for a key equal to the one the
/// value was stored with; before the first `store`, for no key. Everything
/// the result depends on must be in the key: that is the one validity check.
struct Memo<Key: Equatable, Result> {
    private var key: Key?
    private var result: Result

    init(_ empty: Result) { result = empty }

    func value(for key: Key) -> Result? { self.key == key ? result : nil }
    func holds(_ key: Key) -> Bool { self.key == key }

    mutating func store(_ result: Result, for key: Key) {
        self.key = key
        self.result = result
    }
}
