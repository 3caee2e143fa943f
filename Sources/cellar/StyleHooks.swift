import Cellar
import CellarLua
import Foundation

/// The seam for `--styles DIR`: each loader registers the styles it finds in
/// the given directories into the registry (throwing a located CellarError
/// for a broken style). The Lua styles helper adds its loader to this list.
enum StyleHooks {
    typealias Loader = @Sendable (_ directories: [String], _ registry: Registry, _ limits: LuaLimits) throws -> Void
    static let loaders: [Loader] = [
        { directories, registry, limits in
            try StyleLoader.load(directories: directories, into: registry, limits: limits)
        }
    ]

    /// Loads `--styles` directories, or says clearly that nothing can.
    static func load(_ directories: [String], into registry: Registry, limits: LuaLimits = LuaLimits()) throws {
        guard !directories.isEmpty else { return }
        guard !loaders.isEmpty else {
            throw CellarError("--styles: this build has no style loader (Lua styles are not available)")
        }
        for loader in loaders { try loader(directories, registry, limits) }
    }

    /// `--styles` as given, else `Styles/` when it exists here.
    static func directories(_ given: [String]) -> [String] {
        if !given.isEmpty { return given }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "Styles", isDirectory: &isDir), isDir.boolValue else { return [] }
        return ["Styles"]
    }
}
