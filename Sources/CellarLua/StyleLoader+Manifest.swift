import Cellar
import CellarText

extension StyleLoader {
    /// Loads what a table draws with from the styles under `directories`: the files
    /// defining the `required` identifiers (each must be defined) and those of
    /// `ifDefined` that a file defines (a document's own `register:` names, which a
    /// style may clash with).
    ///
    /// Only those files are compiled when the manifest kept in `cacheDirectory`
    /// still describes every style file (`StyleManifest`); else every file is, as
    /// `load(directories:into:limits:)` does, and the manifest is recorded when all
    /// load. Either way the table gets the same styles and the same errors: an
    /// identifier no file is recorded to define, or a file that no longer defines its
    /// own, loads every file so that the error (and its suggestions) see them all.
    /// Styles that print while loading (`--log`) or run in debug mode always load whole.
    public static func load(
        directories: [String], into registry: Registry, limits: LuaLimits, needing required: Set<String>,
        ifDefined: Set<String>, cacheDirectory: String?
    ) throws {
        var files: [String] = []
        for d in directories { files += try styleFiles(in: d) }
        guard let cacheDirectory, Accelerators.enabled(.styleManifest), limits == LuaLimits(),
            !limits.checksHookTables, !logsPrints, let real = StyleManifest.realPaths(directories)
        else {
            try load(files: files, into: registry, limits: limits)
            return
        }
        let found = files.map { (path: $0, identity: FileIdentity.of(path: $0)) }
        let kept = StyleManifest.kept(in: cacheDirectory)
        if let manifest = kept.first(where: { $0.directories == real }),
            manifest.describes(found),
            let chosen = manifest.files(defining: required.union(ifDefined), required: required),
            let styles = loadRecorded(chosen, limits: limits)
        {
            var seen: [String: String] = [:]
            for (style, entry) in zip(styles, chosen) {
                try register(style, from: entry.path, into: registry, seen: &seen)
            }
            return
        }
        let styles = try load(files: files, into: registry, limits: limits)
        record(styles, found: found, directories: real, among: kept, in: cacheDirectory)
    }

    /// The styles of `entries`, through one engine, or nil when one fails to load or
    /// defines another identifier than recorded (the caller loads every file).
    private static func loadRecorded(_ entries: [StyleManifest.Entry], limits: LuaLimits) -> [LuaCellStyle]? {
        guard !entries.isEmpty else { return [] }
        guard let engine = try? LuaStyleEngine(limits: limits) else { return nil }
        var styles: [LuaCellStyle] = []
        for entry in entries {
            guard let style = try? engine.loadStyle(path: entry.path), style.reuseIdentifier == entry.identifier
            else { return nil }
            styles.append(style)
        }
        return styles
    }

    /// Keeps which file defines which identifier, unless a file could have changed
    /// unseen (no identity, or written in the same clock tick as now).
    private static func record(
        _ styles: [LuaCellStyle], found: [(path: String, identity: FileIdentity?)], directories: [String],
        among kept: [StyleManifest], in cacheDirectory: String
    ) {
        var entries: [StyleManifest.Entry] = []
        for (style, file) in zip(styles, found) {
            guard let identity = file.identity, !identity.isRacy() else { return }
            entries.append(StyleManifest.Entry(path: file.path, identity: identity, identifier: style.reuseIdentifier))
        }
        guard entries.count == found.count else { return }
        StyleManifest.keep(StyleManifest(directories: directories, entries: entries), among: kept, in: cacheDirectory)
    }
}
