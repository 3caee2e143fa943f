import Cellar

/// The seam for `--styles DIR`: each loader registers the styles it finds in
/// the given directories into the registry (throwing a located CellarError
/// for a broken style). The Lua styles helper adds its loader to this list.
enum StyleHooks {
    typealias Loader = @Sendable (_ directories: [String], _ registry: Registry) throws -> Void
    static let loaders: [Loader] = [
    ]

    /// Loads `--styles` directories, or says clearly that nothing can.
    static func load(_ directories: [String], into registry: Registry) throws {
        guard !directories.isEmpty else { return }
        guard !loaders.isEmpty else {
            throw CellarError("--styles: this build has no style loader (Lua styles are not available)")
        }
        for loader in loaders { try loader(directories, registry) }
    }
}
