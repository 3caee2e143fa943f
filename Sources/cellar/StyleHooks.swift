import Cellar
import CellarLua
import FoundationEssentials

/// The seam for `--styles DIR`: each loader registers the styles it finds in
/// the given directories into the registry (throwing a located CellarError
/// for a broken style). The Lua styles helper adds its loader to this list.
enum StyleHooks {
    /// What one table draws with, so a loader may load only that (`StyleLoader.load(directories:into:limits:needing:ifDefined:cacheDirectory:)`).
    struct Needs {
        /// Identifiers a style must define (rows' cells, section views, `register:` targets).
        var drawn: Set<String>
        /// The document's own `register:` names, loaded only where a style defines one (a clash).
        var aliases: Set<String>
        /// Cellar's cache directory, where the manifest of which file defines which identifier is kept.
        var cacheDirectory: String?
    }

    typealias Loader =
        @Sendable (_ directories: [String], _ registry: Registry, _ limits: LuaLimits, _ needs: Needs?) throws -> Void
    static let loaders: [Loader] = [
        { directories, registry, limits, needs in
            if let needs {
                try StyleLoader.load(
                    directories: directories, into: registry, limits: limits, needing: needs.drawn,
                    ifDefined: needs.aliases, cacheDirectory: needs.cacheDirectory)
            } else {
                try StyleLoader.load(directories: directories, into: registry, limits: limits)
            }
        }
    ]

    /// Loads `--styles` directories (with `needs`, what one table draws with), or says clearly that nothing can.
    static func load(
        _ directories: [String], into registry: Registry, limits: LuaLimits = LuaLimits(), needs: Needs? = nil
    ) throws {
        guard !directories.isEmpty else { return }
        guard !loaders.isEmpty else {
            throw CellarError("--styles: this build has no style loader (Lua styles are not available)")
        }
        for loader in loaders { try loader(directories, registry, limits, needs) }
    }

    /// `--styles` as given, else `Styles/` when it exists here.
    static func directories(_ given: [String]) -> [String] {
        if !given.isEmpty { return given }
        return FileKind.of("Styles") == .directory ? ["Styles"] : []
    }

    /// For `cellar test`: `--styles` as given, else the `Styles` folders the
    /// cases under `roots` live in (each root's nearest ancestor, or itself,
    /// named `Styles`), so a case tree finds its styles from any working
    /// directory; a root in no such folder adds `Styles/` here, as before.
    static func directories(_ given: [String], cases roots: [String]) -> [String] {
        if !given.isEmpty { return given }
        var found: [String] = []
        var seen = Set<String>()
        var outside = roots.isEmpty
        for root in roots {
            guard let folder = stylesFolder(containing: root) else {
                outside = true
                continue
            }
            if seen.insert(URL(fileURLWithPath: folder).standardizedFileURL.path).inserted { found.append(folder) }
        }
        if outside {
            for here in directories([]) where seen.insert(URL(fileURLWithPath: here).standardizedFileURL.path).inserted
            {
                found.append(here)
            }
        }
        return found
    }

    /// The nearest folder named `Styles` that holds `path` (or is it), as a
    /// path relative to the working directory when it lies under it.
    static func stylesFolder(containing path: String) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while url.path != "/" && !url.path.isEmpty {
            if url.lastPathComponent == "Styles" {
                let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
                return url.path.hasPrefix(here + "/") ? String(url.path.dropFirst(here.count + 1)) : url.path
            }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
