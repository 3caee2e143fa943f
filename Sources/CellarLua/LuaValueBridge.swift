import CLua
import CLuaShim
import Cellar

/// `Value` ↔ Lua. Lua strings that are not valid UTF-8 become `.bytes`, so
/// they survive a round trip. A table whose keys are exactly 1...n becomes
/// `.array`, any other table `.object` (an empty table is `.object([:])`);
/// integer keys of an object become decimal strings.
extension LuaRuntime {
    /// Pushes `value`; nested tables deeper than `limits.maxValueDepth` are refused.
    public func push(_ value: Value) throws(LuaError) {
        try push(value, depth: 0)
    }

    private func push(_ value: Value, depth: Int) throws(LuaError) {
        switch value {
        case .null: lua_pushnil(L)
        case .bool(let b): push(b)
        case .int(let i): push(i)
        case .double(let d): push(d)
        case .string(let s): pushRemembered(s)
        case .bytes(let b): b.withUnsafeBytes { push(bytes: $0) }
        case .array(let items):
            try enterTable(depth)
            lua_createtable(L, Int32(clamping: items.count), 0)
            for (i, item) in items.enumerated() {
                try pushOrUnwind(item, depth: depth)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        case .object(let fields):
            try enterTable(depth)
            lua_createtable(L, 0, Int32(clamping: fields.count))
            for (k, v) in fields {
                push(k)
                try pushOrUnwind(v, depth: depth, extra: 1)
                lua_rawset(L, -3)
            }
        }
    }

    /// Removes every field of the table at `index` (raw).
    public func clearTable(at index: Int32) {
        let t = lua_absindex(L, index)
        // Assigning nil to existing fields during a traversal is allowed.
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            lua_settop(L, -2)
            lua_pushvalue(L, -1)
            lua_pushnil(L)
            lua_rawset(L, t)
        }
    }

    func pushOrUnwind(_ v: Value, depth: Int, extra: Int32 = 0) throws(LuaError) {
        do throws(LuaError) { try push(v, depth: depth + 1) } catch {
            pop(1 + extra)
            throw error
        }
    }

    func enterTable(_ depth: Int) throws(LuaError) {
        guard depth < limits.maxValueDepth else {
            throw LuaError(kind: .conversion, message: "value nested deeper than \(limits.maxValueDepth) levels")
        }
        guard ensureStack(4) else {
            throw LuaError(kind: .conversion, message: "Lua stack exhausted while converting a value")
        }
    }

    /// The value at `index` as data. Functions, userdata and coroutines are
    /// refused (take functions with `function(at:)`), as are cycles and
    /// nesting deeper than `limits.maxValueDepth`.
    /// Also refused: a value that would expand to more than
    /// `limits.maxValueNodes` tables and values or `limits.maxValueBytes`
    /// bytes of text. A table reached more than once (a DAG such as
    /// `t = {t, t}` forty deep) is converted once and shared, but counted
    /// each time, since that is what it becomes for everything downstream.
    public func value(at index: Int32) throws(LuaError) -> Value {
        var budget = ConversionBudget()
        return try value(at: lua_absindex(L, index), budget: &budget, where: "value")
    }

    private func value(
        at index: Int32, budget b: inout ConversionBudget,
        where place: @autoclosure () -> String
    ) throws(LuaError) -> Value {
        // Every value counts, scalars too: a table of a million numbers
        // crosses as a million values whatever comes after it.
        b.nodes += 1
        if b.nodes > limits.maxValueNodes { try checkSize(b, place()) }
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .int(Int(lua_tointegerx(L, index, nil))) }
            return .double(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            guard let raw = bytes(at: index) else { return .null }
            b.bytes += raw.count
            try checkSize(b, place())
            if let s = String(validating: raw, as: UTF8.self) { return .string(s) }
            return .bytes(Array(raw))
        case LUA_TTABLE:
            guard let id = lua_topointer(L, index) else { return .null }
            if let seen = b.converted[Int(bitPattern: id)] {
                b.nodes += seen.nodes - 1
                b.bytes += seen.bytes
                try checkSize(b, place())
                return seen.value
            }
            let (nodes, bytes) = (b.nodes, b.bytes)
            let v = try table(at: index, id: id, budget: &b, where: place())
            b.converted[Int(bitPattern: id)] = (v, b.nodes - nodes + 1, b.bytes - bytes)
            return v
        default:
            let typeName = String(cString: lua_typename(L, lua_type(L, index)))
            throw LuaError(kind: .conversion, message: "cannot convert a \(typeName) to data (\(place()))")
        }
    }

    private func checkSize(_ b: ConversionBudget, _ place: @autoclosure () -> String) throws(LuaError) {
        guard b.nodes > limits.maxValueNodes || b.bytes > limits.maxValueBytes else { return }
        throw LuaError(
            kind: .conversion,
            message: "value too large to become data: over \(limits.maxValueNodes) "
                + "tables and values or \(limits.maxValueBytes) bytes of text (at \(place()); "
                + "a table reached twice counts twice)")
    }

    private func table(
        at index: Int32, id: UnsafeRawPointer, budget b: inout ConversionBudget,
        where place: String
    ) throws(LuaError) -> Value {
        try checkSize(b, place)
        if b.path.contains(id) {
            throw LuaError(
                kind: .conversion, message: "table contains a cycle (\(place) refers back to an enclosing table)")
        }
        guard b.path.count < limits.maxValueDepth else {
            throw LuaError(
                kind: .conversion, message: "table nested deeper than \(limits.maxValueDepth) levels (\(place))")
        }
        guard ensureStack(4) else {
            throw LuaError(kind: .conversion, message: "Lua stack exhausted while converting a value")
        }
        b.path.append(id)
        defer { b.path.removeLast() }

        let length = Int(lua_rawlen(L, index))
        var items: [Value?] = []
        var fields: [String: Value] = [:]
        var count = 0
        var isArray = length > 0
        if isArray { items = Array(repeating: nil, count: length) }
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            count += 1
            b.nodes += 1  // the key crosses too
            let key: String
            var arraySlot = -1
            switch lua_type(L, -2) {
            case LUA_TSTRING:
                key = string(at: -2) ?? ""
                b.bytes += key.utf8.count
                if b.bytes > limits.maxValueBytes || b.nodes > limits.maxValueNodes {
                    pop(2)
                    try checkSize(b, place)
                }
            case LUA_TNUMBER:
                if lua_isinteger(L, -2) != 0 {
                    let i = Int(lua_tointegerx(L, -2, nil))
                    if i >= 1 && i <= length { arraySlot = i - 1 }
                    key = String(i)
                } else {
                    key = String(lua_tonumberx(L, -2, nil))
                }
            default:
                let typeName = String(cString: lua_typename(L, lua_type(L, -2)))
                pop(2)
                throw LuaError(
                    kind: .conversion, message: "table key of type \(typeName) cannot become data (\(place))")
            }
            let v: Value
            do throws(LuaError) {
                v = try value(at: lua_gettop(L), budget: &b, where: "\(place).\(key)")
            } catch {
                pop(2)
                throw error
            }
            if arraySlot >= 0, isArray {
                items[arraySlot] = v
            } else {
                if isArray {  // not a sequence after all: its items become fields
                    isArray = false
                    for (i, item) in items.enumerated() { if let item { fields[String(i + 1)] = item } }
                    items = []
                }
                fields[key] = v
            }
            pop(1)
        }
        if isArray && count == length { return .array(items.map { $0 ?? .null }) }
        if isArray {  // keys 1...n with gaps cannot happen with count != length, but stay safe
            for (i, item) in items.enumerated() { if let item { fields[String(i + 1)] = item } }
        }
        return .object(fields)
    }
}

/// What converting one value from Lua has cost so far: the tables being
/// converted (to find cycles), the tables and values and bytes of text
/// produced (counted as expanded), and each table converted already with
/// its own cost (so a table reached again is neither walked nor allocated
/// again, only counted).
struct ConversionBudget {
    var path: [UnsafeRawPointer] = []
    var nodes = 0
    var bytes = 0
    /// By the table's address as a number: a dictionary keyed by pointers would look up their
    /// `Hashable` conformance at its first use, a search of every conformance in the binary.
    var converted: [Int: (value: Value, nodes: Int, bytes: Int)] = [:]
}
