import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarLua

/// A script written to a fresh scratch `Styles` folder, which goes when the value does.
struct Script {
    let directory: ScratchDirectory
    /// The script's absolute path.
    let path: String
}

/// Writes `source` to a fresh `…/Styles/<name>`.
func writeScript(_ name: String, _ source: String) throws -> Script {
    let dir = try styleDirectory([name: source])
    return Script(directory: dir, path: dir.styles + "/" + name)
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
    let script = try writeScript(name, source)
    return try rt.call(rt.compile(path: script.path))
}

/// The error `source` raises when run as a file, with the file's path.
func failure(_ rt: LuaRuntime, _ source: String) throws -> (LuaError?, String) {
    let script = try writeScript("fail.lua", source)
    let f = try rt.compile(path: script.path)
    return (luaError { try rt.call(f) }, script.path)
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
