import Cellar
import FoundationEssentials

/// The row data event hooks keep. A row an `on_select` (or any event hook)
/// changes is stored back in Swift, outside the Lua heap's cap, and stays
/// there: so each changed row is bounded (`LuaLimits.maxRowNodes`,
/// `maxRowBytes`), and so is what all changed rows together have grown by
/// in this process (`maxRetainedNodes`, `maxRetainedBytes`), whichever style
/// and engine (a browse reload makes a new one) stored them.
enum RetainedRows {
    /// Values (tables, keys and scalars) and bytes of text a row holds, as the bridge counts them.
    struct Cost: Equatable {
        var nodes = 0
        var bytes = 0
    }

    static func cost(of value: Value) -> Cost {
        var cost = Cost()
        add(value, to: &cost)
        return cost
    }

    private static func add(_ value: Value, to cost: inout Cost) {
        cost.nodes += 1
        switch value {
        case .null, .bool, .int, .double: break
        case .string(let s): cost.bytes += s.utf8.count
        case .bytes(let b): cost.bytes += b.count
        case .array(let items): for item in items { add(item, to: &cost) }
        case .object(let fields):
            for (key, item) in fields {
                cost.nodes += 1
                cost.bytes += key.utf8.count
                add(item, to: &cost)
            }
        }
    }

    /// What changed rows have grown by so far in this process.
    nonisolated(unsafe) private static var total = Cost()
    private static let lock = Lock()

    /// Takes `new` in place of `old` or says why not (nil: taken). A row may
    /// always shrink; growing it is refused past the row's or the process's budget.
    static func replace(_ old: Value, with new: Value, limits: LuaLimits) -> String? {
        let after = cost(of: new)
        if after.nodes > limits.maxRowNodes || after.bytes > limits.maxRowBytes {
            return "the changed row is too large to keep: \(after.nodes) values and \(after.bytes) bytes of text "
                + "(limit \(limits.maxRowNodes) values and \(limits.maxRowBytes) bytes a row)"
        }
        let before = cost(of: old)
        let growth = Cost(nodes: after.nodes - before.nodes, bytes: after.bytes - before.bytes)
        lock.lock()
        defer { lock.unlock() }
        let next = Cost(nodes: total.nodes + growth.nodes, bytes: total.bytes + growth.bytes)
        if (growth.nodes > 0 && next.nodes > limits.maxRetainedNodes)
            || (growth.bytes > 0 && next.bytes > limits.maxRetainedBytes)
        {
            return "the changed rows together would hold more than \(limits.maxRetainedNodes) values or "
                + "\(limits.maxRetainedBytes) bytes of text added by event hooks (this row adds \(growth.nodes) "
                + "values and \(growth.bytes) bytes)"
        }
        total = Cost(nodes: max(0, next.nodes), bytes: max(0, next.bytes))
        return nil
    }
}
