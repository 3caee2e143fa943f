import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The load index cache's files on disk: indexes, and YAML files' JSON forms
/// (`JSONFormSpool`), named and evicted (read and written by `CacheFiles`).
enum IndexFiles {
    static let suffix = ".index"
    static let formSuffix = ".form"

    /// Removes the oldest indexes and forms until the rest take at most `limit` bytes (never `kept`), and dead
    /// processes' temporary files: only files this cache wrote (`ownFile`). A table's index and form go together (named
    /// alike, the newest's time for both): either alone is of no use.
    static func evict(in directory: String, beyond limit: Int, keeping kept: [String]) {
        var tables: [String: (paths: [String], size: Int, written: Int64)] = [:]
        let now = FileIdentity.now()
        for name in CacheFiles.names(in: directory) {
            let path = directory + "/" + name
            guard !kept.contains(path), let kind = nameKind(name) else { continue }
            switch kind {
            case .index, .form:
                guard let identity = ownFile(path, kind) else { continue }
                let hash = String(name.prefix(16))
                var table = tables[hash, default: ([], 0, .min)]
                table.paths.append(path)
                table.size += Int(identity.size)
                table.written = max(table.written, identity.modified)
                tables[hash] = table
            case .temporary: CacheFiles.removeIfStale(path, magic: LoadIndex.magic, now: now)
            case .temporaryForm: CacheFiles.removeIfStale(path, magic: JSONFormSpool.magic, now: now)
            }
        }
        var total = kept.reduce(0) { $0 + (FileIdentity.of(path: $1).map { Int($0.size) } ?? 0) }
        total += tables.values.reduce(0) { $0 + $1.size }
        for (_, table) in tables.sorted(by: { ($0.value.written, $0.key) < ($1.value.written, $1.key) })
        where total > limit {
            for path in table.paths { unlink(path) }
            total -= table.size
        }
    }

    enum NameKind { case index, temporary, form, temporaryForm }

    /// Names this cache gives: 16 lowercase hex digits, `.index` or `.form`, maybe `.tmp-` and a process id.
    static func nameKind(_ name: String) -> NameKind? {
        let bytes = Array(name.utf8)
        let hex = bytes.prefix(16)
        guard hex.count == 16, hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        let rest = bytes.dropFirst(16)
        for (end, kind, temporaryKind) in [
            (suffix, NameKind.index, NameKind.temporary), (formSuffix, .form, .temporaryForm),
        ] {
            if rest.elementsEqual(end.utf8) { return kind }
            if CacheFiles.isTemporary(rest, of: end.utf8) { return temporaryKind }
        }
        return nil
    }

    /// The identity of `path` when this cache wrote it: a regular file (no link followed),
    /// the user's, holding an index's or a form's magic.
    static func ownFile(_ path: String, _ kind: NameKind) -> FileIdentity? {
        CacheFiles.withOwnFile(path) { fd, info in
            CacheFiles.begins(fd, with: kind == .form ? JSONFormSpool.magic : LoadIndex.magic)
                ? FileIdentity(info) : nil
        }
    }
}
