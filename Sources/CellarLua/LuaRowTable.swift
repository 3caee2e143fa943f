import CLua
import CLuaShim
import Cellar
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LuaRuntime {
    /// Makes the table at `index` hold exactly `row`'s fields, as `push`
    /// would build them, reusing it: a table refilled per row costs no
    /// allocation and leaves no garbage. `lastKeys` are the keys it was last
    /// filled with: rows of one table mostly share their keys, and then the
    /// old values are overwritten in place instead of cleared first. A
    /// document row's fields come from its bytes (`RowFieldReader`), never
    /// built into a `Value`.
    /// `untouched`: no hook has added a key to the table since the last
    /// refill (a row table's metatable counts such writes), so the check
    /// that it holds exactly `lastKeys` can be skipped.
    public func refill(
        tableAt index: Int32, from row: some RowFieldReader, lastKeys: inout [String], untouched: Bool = false
    ) throws {
        try enterTable(0)
        let t = lua_absindex(L, index)
        do {
            // The last hook may have added keys or a metatable: then the
            // table no longer holds exactly `lastKeys` and is cleared (a row
            // must not see what a hook wrote while handling another).
            if lastKeys.count <= RowTableFill.heldLimit
                && (untouched || cellar_lua_holds_exactly(L, t, Int32(lastKeys.count)) != 0)
            {
                var fill = RowTableFill(self, table: t, held: lastKeys)
                try row.readFields(into: &fill)
                if !fill.strayed {
                    lastKeys = fill.removeUnwritten()
                    return
                }
            }
            _ = cellar_lua_reset_metatable(L, t)
            clearTable(at: t)
            var fill = RowTableFill(self, table: t, held: nil)
            try row.readFields(into: &fill)
            lastKeys = fill.writtenKeys
        } catch {
            // Part of the row was written: the next one starts from nothing.
            clearTable(at: t)
            lastKeys = []
            throw error
        }
    }
}

/// Writes a row's fields into a Lua row table for `LuaRuntime.refill`.
/// With `held` (the keys the table holds, and nothing else), a field under
/// one of them overwrites its value in place; a field under any other key
/// strays, and it and the rest are not written (the table is then cleared
/// and filled again without `held`).
struct RowTableFill: RowFieldSink {
    /// Held keys tracked at most (one bit each); a table with more is cleared.
    static let heldLimit = 64
    private let runtime: LuaRuntime
    private let table: Int32
    private let held: [String]?
    /// Bit i: `held[i]` was written.
    private var heldWritten: UInt64 = 0
    /// Where the next key is looked for first: rows mostly list their keys in one order.
    private var next = 0
    private(set) var strayed = false
    /// Without `held`: every key written, in order (a key written twice, twice).
    private var written: [String] = []

    init(_ runtime: LuaRuntime, table: Int32, held: [String]?) {
        self.runtime = runtime
        self.table = table
        self.held = held
    }

    mutating func field(_ key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) throws {
        guard pushKey(key) else { return }
        runtime.push(bytes: UnsafeRawBufferPointer(text))
        lua_rawset(runtime.L, table)
    }

    mutating func field(_ key: UnsafeBufferPointer<UInt8>, value: Value) throws {
        guard pushKey(key) else { return }
        try setValue(value)
    }

    mutating func field(_ key: String, value: Value) throws {
        guard pushKey({ $0 == key }, named: key) else { return }
        try setValue(value)
    }

    private func setValue(_ value: Value) throws {
        try runtime.pushOrUnwind(value, depth: 0, extra: 1)
        lua_rawset(runtime.L, table)
    }

    private mutating func pushKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        pushKey(
            { name in
                var name = name
                return name.withUTF8 { Self.same($0, key) }
            }, named: String(decoding: key, as: UTF8.self))
    }

    /// Pushes the key of a field to write (the held key `isKey` matches,
    /// else `name`); false, and nothing pushed, once the fields strayed.
    private mutating func pushKey(_ isKey: (String) -> Bool, named name: @autoclosure () -> String) -> Bool {
        guard let held else {
            let name = name()
            written.append(name)
            runtime.pushKey(name)
            return true
        }
        guard !strayed else { return false }
        for step in 0..<held.count {
            let i = (next + step) % held.count
            guard isKey(held[i]) else { continue }
            heldWritten |= 1 << UInt64(i)
            next = i + 1
            runtime.pushKey(held[i])
            return true
        }
        strayed = true
        return false
    }

    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
    }

    /// With `held`, when no field strayed: removes the held keys no field
    /// wrote, and returns the keys the table now holds.
    func removeUnwritten() -> [String] {
        guard let held else { return writtenKeys }
        let all: UInt64 = held.count == Self.heldLimit ? .max : (1 << UInt64(held.count)) - 1
        guard heldWritten != all else { return held }
        var kept: [String] = []
        for (i, name) in held.enumerated() {
            if heldWritten & (1 << UInt64(i)) != 0 {
                kept.append(name)
            } else {
                runtime.pushKey(name)
                lua_pushnil(runtime.L)
                lua_rawset(runtime.L, table)
            }
        }
        return kept
    }

    /// Without `held`: the keys written, each once, in the order first written.
    var writtenKeys: [String] {
        var seen = Set<String>()
        return written.filter { seen.insert($0).inserted }
    }
}
