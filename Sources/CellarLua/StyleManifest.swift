import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which style file defines which identifier, for one set of style directories,
/// kept in Cellar's cache (`styles.manifest`) once every file under them has loaded
/// without an error.
///
/// Invariant: a manifest that `describes` the files found now (the same paths in
/// the same order, each of the same `FileIdentity`) says what loading them all
/// would find: each identifier defined by one file, no built-in shadowed, every file
/// compiling. So a table that uses a few styles may load only their files
/// (`StyleLoader.load(directories:into:limits:needing:ifDefined:cacheDirectory:)`); it checks
/// that each file still defines the identifier recorded, and loads every file when
/// one does not.
struct StyleManifest: Equatable {
    struct Entry: Equatable {
        var path: String
        var identity: FileIdentity
        var identifier: String
    }

    /// The style directories' real paths, as given (their order is the load's).
    var directories: [String]
    var entries: [Entry]

    static let fileName = "styles.manifest"
    static let magic = Array("CELLARSM".utf8)
    /// Bumped whenever the layout changes; holds the byte order.
    static let version: UInt64 = 1 << 8 | (1.littleEndian == 1 ? 0 : 1)
    /// The directory sets kept, most recently loaded first: a user's few projects.
    static let maximumKept = 8
    /// Far beyond what `maximumKept` sets of style files take.
    static let sizeLimit = 4 << 20

    /// Whether `files`, found now under the same directories, are the ones recorded, unchanged.
    func describes(_ files: [(path: String, identity: FileIdentity?)]) -> Bool {
        files.count == entries.count
            && zip(files, entries).allSatisfy { $0.path == $1.path && $0.identity == $1.identity }
    }

    /// The files defining `identifiers`, in load order, or nil when one of `required` is defined by none.
    func files(defining identifiers: Set<String>, required: Set<String>) -> [Entry]? {
        let defined = Set(entries.map(\.identifier))
        guard required.isSubset(of: defined) else { return nil }
        return entries.filter { identifiers.contains($0.identifier) }
    }
}

extension StyleManifest {
    /// The manifests kept in `cacheDirectory`, none when the file is missing, not Cellar's or damaged.
    static func kept(in cacheDirectory: String) -> [StyleManifest] {
        guard let bytes = CacheFiles.read(cacheDirectory + "/" + fileName, sizeLimit: sizeLimit),
            var fields = try? CacheCoder.unframed(bytes, magic: magic, version: version)
        else { return [] }
        var kept: [StyleManifest] = []
        do {
            try code(&kept, &fields)
            guard fields.atEnd else { return [] }
        } catch { return [] }
        return kept
    }

    /// Records `manifest` first among `kept` (those read from `cacheDirectory`; its directories'
    /// older one replaced), nothing on a failure; and removes dead processes' temporary files of it.
    static func keep(_ manifest: StyleManifest, among kept: [StyleManifest], in cacheDirectory: String) {
        var kept = kept.filter { $0.directories != manifest.directories }
        kept.insert(manifest, at: 0)
        var fields = CacheCoder()
        var list = Array(kept.prefix(maximumKept))
        guard (try? code(&list, &fields)) != nil else { return }
        let bytes = CacheCoder.framed(magic: magic, version: version, fields: fields.bytes)
        _ = CacheFiles.write(bytes, to: cacheDirectory + "/" + fileName, in: cacheDirectory)
        // A process killed between writing and renaming left its temporary file.
        for name in CacheFiles.names(in: cacheDirectory) where CacheFiles.isTemporary(name.utf8, of: fileName.utf8) {
            CacheFiles.removeIfStale(cacheDirectory + "/" + name, magic: magic)
        }
    }

    /// The manifests' fields in file order, written or read back (`CacheCoder`).
    private static func code(_ list: inout [StyleManifest], _ c: inout CacheCoder) throws {
        try c.count(of: &list, maxCount: maximumKept, empty: StyleManifest(directories: [], entries: []))
        for m in list.indices {
            try c.count(of: &list[m].directories, maxCount: 1 << 10, empty: "")
            for d in list[m].directories.indices { try c.string(&list[m].directories[d]) }
            try c.count(
                of: &list[m].entries, maxCount: 1 << 16, empty: Entry(path: "", identity: .zero, identifier: ""))
            for e in list[m].entries.indices {
                try c.string(&list[m].entries[e].path)
                try c.identity(&list[m].entries[e].identity)
                try c.string(&list[m].entries[e].identifier)
            }
        }
    }

    /// The real path of each of `directories`, or nil when one has none.
    static func realPaths(_ directories: [String]) -> [String]? {
        var paths: [String] = []
        for directory in directories {
            guard let real = PathName.real(directory) else { return nil }
            paths.append(real)
        }
        return paths
    }
}
