import Cellar
import Foundation
import Testing

@testable import CellarLua

/// Writes `source` to a fresh `…/Styles/<name>` and returns the path.
func writeScript(_ name: String, _ source: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("cellar-lua-tests-\(UUID().uuidString)/Styles")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try source.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// Runs `body` and returns the LuaError it throws (nil if none).
func luaError(_ body: () throws -> Void) -> LuaError? {
    do { try body() } catch let error as LuaError { return error } catch {
        Issue.record("expected a LuaError, got \(error)")
    }
    return nil
}

/// Runs `source` as a file in a fresh environment; returns its results.
@discardableResult
func run(_ rt: LuaRuntime, _ source: String, name: String = "test.lua") throws -> [Value] {
    let path = try writeScript(name, source)
    return try rt.call(rt.compile(path: path))
}

/// The error `source` raises when run as a file, with the file's path.
func failure(_ rt: LuaRuntime, _ source: String) throws -> (LuaError?, String) {
    let path = try writeScript("fail.lua", source)
    let f = try rt.compile(path: path)
    return (luaError { try rt.call(f) }, path)
}

/// Counts deinits of objects made during a test.
final class DeinitCounter {
    var made = 0
    var released = 0
}

final class Tracked {
    let counter: DeinitCounter
    init(_ counter: DeinitCounter) {
        self.counter = counter
        counter.made += 1
    }
    deinit { counter.released += 1 }
}
