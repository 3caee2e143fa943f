import CLua
import CLuaShim
import Cellar
import Testing

@testable import CellarLua

/// A row table refilled from fields read one by one (`LuaRuntime.refill`,
/// as a document row's bytes fill it): after each row it holds exactly that
/// row's data, whatever order, repeats or key changes the rows bring, and
/// whatever a hook left in it.
@Suite struct RowTableFillTests {
    /// Fields as a document hands them: text as bytes, in a given order, repeats allowed.
    struct Fields: RowFieldReader {
        var fields: [(String, Value)]

        func value() -> Value {
            var o: [String: Value] = [:]
            for (k, v) in fields { o[k] = v }
            return .object(o)
        }

        func readFields(into sink: inout some RowFieldSink) throws {
            for (k, v) in fields {
                var key = k
                try key.withUTF8 { key in
                    if case .string(var s) = v {
                        try s.withUTF8 { try sink.field(key, text: $0) }
                    } else {
                        try sink.field(key, value: v)
                    }
                }
            }
        }
    }

    struct Failing: RowFieldReader {
        struct Stop: Error {}
        func value() -> Value { .null }
        func readFields(into sink: inout some RowFieldSink) throws {
            try Array("title".utf8).withUnsafeBufferPointer { try sink.field($0, value: .int(1)) }
            throw Stop()
        }
    }

    static let describeSource = """
        local t = ...
        local keys = {}
        for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. tostring(v) end
        table.sort(keys)
        return table.concat(keys, " ")
        """

    static func described(_ v: Value) -> String {
        guard case .object(let o) = v else { return "?" }
        return o.map { "\($0.key)=\(ValueTests.lua($0.value))" }.sorted().joined(separator: " ")
    }

    @Test func eachRowLeavesExactlyItsFields() throws {
        let rt = try LuaRuntime()
        let describe = try rt.compile(source: Array(Self.describeSource.utf8), chunkName: "describe.lua")
        let table = rt.newTable()
        var keys: [String] = []
        let rows: [[(String, Value)]] = [
            [("title", .string("a")), ("detail", .int(1))],
            [("title", .string("b")), ("detail", .int(2))],  // the same keys, in order: overwritten in place
            [("detail", .int(3)), ("title", .string("c"))],  // the same keys, another order
            [("title", .string("d"))],  // fewer keys
            [("title", .string("e")), ("extra", .bool(true))],  // another key: cleared and filled again
            [("title", .string("f")), ("title", .string("g"))],  // a key twice: the later wins
            (0..<70).map { ("k\($0)", Value.int($0)) },  // more keys than are tracked
            [("k1", .string("h"))],
            [],
            [("title", .string("i")), ("detail", .string("한글 🍎"))],
        ]
        for row in rows {
            rt.push(describe)
            rt.push(table)
            try rt.refill(tableAt: -1, from: Fields(fields: row), lastKeys: &keys)
            try rt.pcall(arguments: 1, results: 1)
            let expected = Self.described(Fields(fields: row).value())
            #expect(rt.string(at: -1) == expected)
            rt.pop(1)
            #expect(Set(keys) == Set(row.map(\.0)))
        }
    }

    /// A key a hook added since (the table no longer holds exactly the last
    /// keys) is gone after the next row, even one with the same keys.
    @Test func whatAHookAddedIsCleared() throws {
        let rt = try LuaRuntime()
        let describe = try rt.compile(source: Array(Self.describeSource.utf8), chunkName: "describe.lua")
        let addKey = try rt.compile(source: Array("local t = ... t.added = 1".utf8), chunkName: "add.lua")
        let table = rt.newTable()
        var keys: [String] = []
        let row = Fields(fields: [("title", .string("a"))])
        rt.push(table)
        try rt.refill(tableAt: -1, from: row, lastKeys: &keys)
        rt.pop(1)
        rt.push(addKey)
        rt.push(table)
        try rt.pcall(arguments: 1, results: 0)
        rt.push(describe)
        rt.push(table)
        try rt.refill(tableAt: -1, from: row, lastKeys: &keys)
        try rt.pcall(arguments: 1, results: 1)
        #expect(rt.string(at: -1) == "title=a")
        rt.pop(1)
    }

    /// A row that fails part way leaves an empty table and no keys, so the next row starts clean.
    @Test func aFailedRowLeavesNothing() throws {
        let rt = try LuaRuntime()
        let describe = try rt.compile(source: Array(Self.describeSource.utf8), chunkName: "describe.lua")
        let table = rt.newTable()
        var keys: [String] = []
        rt.push(table)
        try rt.refill(tableAt: -1, from: Fields(fields: [("detail", .int(1))]), lastKeys: &keys)
        #expect(throws: Failing.Stop.self) { try rt.refill(tableAt: -1, from: Failing(), lastKeys: &keys) }
        #expect(keys.isEmpty)
        rt.pop(1)
        rt.push(describe)
        rt.push(table)
        try rt.refill(tableAt: -1, from: Fields(fields: [("title", .string("b"))]), lastKeys: &keys, untouched: true)
        try rt.pcall(arguments: 1, results: 1)
        #expect(rt.string(at: -1) == "title=b")
        rt.pop(1)
    }
}
