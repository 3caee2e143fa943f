import CLua
import CLuaShim
import Cellar
import Foundation
import Testing

@testable import CellarLua

/// The pushed-string cache (reading back a row string finds the Swift
/// string it came from) must answer exactly what decoding the Lua bytes
/// answers, also after Lua freed a string and reused its memory.
@Suite struct PushedStringCacheTests {
    /// A small deterministic generator (the test must fail the same way twice).
    struct Steps {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    static let pool = [
        "", "a", "Pear", "Pearl", "pear", "🍐 Birne", "x\u{0}y", "long text " + String(repeating: "z", count: 100),
        "ü", "u\u{308}", "Food 1", "Food 2",
    ]

    /// Row strings read back find the Swift string they were pushed from,
    /// but only while the bytes at that address are still that string.
    @Test func recentlyPushedStringsAreReusedOnlyWhileTheirBytesMatch() throws {
        let rt = try LuaRuntime()
        try rt.push(Value.string("Detail for row 7 🍎"))
        let text = rt.string(at: -1)
        #expect(text == "Detail for row 7 🍎")
        var len = 0
        let p = try #require(lua_tolstring(rt.L, -1, &len))
        #expect(rt.pushedStrings.string(at: UnsafeRawPointer(p), count: len) == "Detail for row 7 🍎")
        rt.pop(1)
        // Memory that once held a pushed string now holds other bytes.
        let other = Array("Detail for row 8 🍏".utf8)
        other.withUnsafeBytes { buf in
            let address = UnsafeRawPointer(buf.baseAddress)
            rt.pushedStrings.ring[3] = PushedStringCache.Entry(address: address, string: "Detail for row 7 🍎")
            #expect(address.map { rt.pushedStrings.string(at: $0, count: buf.count) } == .some(nil))
            rt.pushedStrings.ring[3].string = "Detail for row 8 🍏"
            #expect(address.map { rt.pushedStrings.string(at: $0, count: buf.count) } == "Detail for row 8 🍏")
        }
        // Strings made in Lua are decoded as before.
        #expect(try run(rt, "return ('x'):rep(3) .. '한'") == [.string("xxx한")])
    }

    @Test func theCacheAgreesWithDecoding() throws {
        let rt = try LuaRuntime()
        var steps = Steps()
        for _ in 0..<20_000 {
            switch steps.next(6) {
            case 0, 1:
                rt.pushRemembered(Self.pool[steps.next(Self.pool.count)])
            case 2:
                // Same bytes, not through the cache; or other bytes of the same length.
                var s = Self.pool[steps.next(Self.pool.count)]
                if steps.next(2) == 0 { s = String(s.reversed()) }
                s.withUTF8 { rt.push(bytes: UnsafeRawBufferPointer($0)) }
            case 3:
                if rt.top > 0 { rt.pop(min(Int32(steps.next(4) + 1), rt.top)) }
            case 4:
                if steps.next(20) == 0 { cellar_lua_full_gc(rt.L) }
            default:
                break
            }
            if rt.top > 40 { rt.setTop(0) }
            let n = Int(rt.top)
            guard n > 0 else { continue }
            let index = Int32(steps.next(n) + 1)
            // Bytes, not String equality (which would take "ü" for "u\u{308}").
            let decoded = rt.bytes(at: index).map { Array(String(decoding: $0, as: UTF8.self).utf8) }
            let read = rt.string(at: index).map { Array($0.utf8) }
            #expect(read == decoded)
            if read != decoded { return }
        }
    }
}
