#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The load index cache's files on disk: indexes, and YAML files' JSON forms
/// (`JSONFormSpool`). Every failure is an answer (nil, false, nothing
/// removed), never an error: the cache only saves time.
enum IndexFiles {
    static let suffix = ".index"
    static let formSuffix = ".form"
    /// A temporary file (`<index>.tmp-<pid>`) this old was left by a process that died.
    static let temporaryMarker = ".tmp-"
    static let staleTemporaryAge: Int64 = 3_600_000_000_000

    /// The bytes of `path` when it is a regular file of the user's own (not planted), within `sizeLimit`.
    static func read(_ path: String, sizeLimit: Int) -> [UInt8]? {
        withOwnFile(path) { fd, info in
            guard info.st_size >= 0, Int(info.st_size) <= sizeLimit else { return nil }
            let size = Int(info.st_size)
            // Read straight into the array's memory, not cleared first.
            let out = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                while initialized < size {
                    let n = Glibc.read(fd, buffer.baseAddress.map { $0 + initialized }, size - initialized)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return }
                    initialized += n
                }
            }
            return out.count == size ? out : nil
        }
    }

    /// `body` on `path` opened, when it is a regular file of the user's own (no link followed).
    static func withOwnFile<T>(_ path: String, _ body: (Int32, stat) -> T?) -> T? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { return nil }
        return body(fd, info)
    }

    /// Through a temporary file renamed over `path`; false (nothing left behind) when a step fails.
    static func write(_ bytes: [UInt8], to path: String, in directory: String) -> Bool {
        guard makeDirectory(directory) else { return false }
        let temporary = path + temporaryMarker + String(getpid())
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { InputFile.write($0, to: fd) }
        let closed = close(fd) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Each made mode 0700: the cache is the user's alone.
    static func makeDirectory(_ directory: String) -> Bool {
        var info = stat()
        if stat(directory, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
        let parent = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        if let slash = parent.lastIndex(of: "/"), slash != parent.startIndex {
            guard makeDirectory(String(parent[..<slash])) else { return false }
        }
        return mkdir(directory, 0o700) == 0 || errno == EEXIST
    }

    /// Removes the oldest indexes and forms until the rest take at most `limit` bytes
    /// (never `kept`), and dead processes' temporary files: only files this cache wrote (`ownFile`).
    /// A table's index and form go together (named alike, the newest's time for both):
    /// either alone is of no use.
    static func evict(in directory: String, beyond limit: Int, keeping kept: [String]) {
        guard let dir = opendir(directory) else { return }
        var tables: [String: (paths: [String], size: Int, written: Int64)] = [:]
        let now = FileIdentity.now()
        while let entry = readdir(dir) {
            var entryName = entry.pointee.d_name
            let capacity = MemoryLayout.size(ofValue: entryName)
            let name = withUnsafePointer(to: &entryName) {
                $0.withMemoryRebound(to: CChar.self, capacity: capacity) { String(cString: $0) }
            }
            let path = directory + "/" + name
            guard !kept.contains(path), let kind = nameKind(name), let identity = ownFile(path, kind) else { continue }
            switch kind {
            case .index, .form:
                let hash = String(name.prefix(16))
                var table = tables[hash, default: ([], 0, .min)]
                table.paths.append(path)
                table.size += Int(identity.size)
                table.written = max(table.written, identity.modified)
                tables[hash] = table
            case .temporary, .temporaryForm: if now - identity.modified > staleTemporaryAge { unlink(path) }
            }
        }
        closedir(dir)
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
            let temporary = Array((end + temporaryMarker).utf8)
            guard rest.starts(with: temporary) else { continue }
            let pid = rest.dropFirst(temporary.count)
            return !pid.isEmpty && pid.count <= 10 && pid.allSatisfy({ (0x30...0x39).contains($0) })
                ? temporaryKind : nil
        }
        return nil
    }

    /// The identity of `path` when this cache wrote it: a regular file (no link followed), the
    /// user's, holding an index's or a form's magic (an index's temporary file may be empty).
    static func ownFile(_ path: String, _ kind: NameKind) -> FileIdentity? {
        withOwnFile(path) { fd, info in
            let magic = kind == .form || kind == .temporaryForm ? JSONFormSpool.magic : LoadIndex.magic
            var head = [UInt8](repeating: 0, count: magic.count)
            let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, magic.count) }
            let marked = n == magic.count && head == magic
            let empty = n == 0 && info.st_size == 0
            return marked || (empty && kind == .temporary) ? FileIdentity(info) : nil
        }
    }
}
