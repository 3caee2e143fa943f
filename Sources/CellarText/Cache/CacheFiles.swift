#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files Cellar keeps in its cache directory (load indexes, YAML's JSON forms, the
/// style manifest). Every failure is an answer (nil, false, nothing written), never an
/// error: the cache only saves time.
package enum CacheFiles {
    /// What a temporary file's name adds to its file's: `<name>.tmp-<pid>`.
    package static let temporaryMarker = ".tmp-"
    /// A temporary file untouched this long (nanoseconds) was left by a process that died.
    package static let staleTemporaryAge: Int64 = 3_600_000_000_000

    /// Whether `name` is a temporary name of `file`: `file`, `.tmp-` and a process id.
    package static func isTemporary(_ name: some Collection<UInt8>, of file: some Collection<UInt8>) -> Bool {
        let marker = temporaryMarker.utf8
        guard name.starts(with: file), name.dropFirst(file.count).starts(with: marker) else { return false }
        let pid = name.dropFirst(file.count + marker.count)
        return !pid.isEmpty && pid.count <= 10 && pid.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Removes `path` when a process that died left it: the user's own regular file (no link
    /// followed), untouched for `staleTemporaryAge`, empty or starting with `magic`.
    package static func removeIfStale(_ path: String, magic: [UInt8], now: Int64 = FileIdentity.now()) {
        let stale: Bool? = withOwnFile(path) { fd, info in
            guard now - FileIdentity(info).modified > staleTemporaryAge else { return false }
            return info.st_size == 0 || begins(fd, with: magic)
        }
        if stale == true { unlink(path) }
    }

    /// Whether the file open at `fd`, read from its start, begins with `magic`.
    package static func begins(_ fd: Int32, with magic: [UInt8]) -> Bool {
        var head = [UInt8](repeating: 0, count: magic.count)
        let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, magic.count) }
        return n == magic.count && head == magic
    }

    /// The names of `directory`'s entries (none when it cannot be read).
    package static func names(in directory: String) -> [String] {
        var names: [String] = []
        _ = PathName.forEachEntry(in: directory) { name, _ in names.append(String(decoding: name, as: UTF8.self)) }
        return names
    }

    /// The cache's directory as the environment names it: `$CELLAR_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/cellar`, else `~/.cache/cellar` (nil without a home).
    package static func directory(_ variable: (String) -> String? = Self.variable) -> String? {
        func named(_ key: String) -> String? { variable(key).flatMap { $0.isEmpty ? nil : $0 } }
        if let dir = named("CELLAR_CACHE_DIR") { return dir }
        if let xdg = named("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/cellar" }
        return named("HOME").map { $0 + "/.cache/cellar" }
    }

    /// The process's environment variable `key`, if set.
    package static func variable(_ key: String) -> String? { getenv(key).map { String(cString: $0) } }

    /// The bytes of `path` when it is a regular file of the user's own (not planted), within `sizeLimit`.
    package static func read(_ path: String, sizeLimit: Int) -> [UInt8]? {
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
    package static func withOwnFile<T>(_ path: String, _ body: (Int32, stat) -> T?) -> T? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { return nil }
        return body(fd, info)
    }

    /// Through a temporary file renamed over `path`; false (nothing left behind) when a step fails.
    package static func write(_ bytes: [UInt8], to path: String, in directory: String) -> Bool {
        guard makeDirectory(directory) else { return false }
        let temporary = path + temporaryMarker + String(getpid())
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { writeAll($0, to: fd) }
        let closed = close(fd) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// All of `bytes` to `fd`, through short writes and interruptions; false on an error.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress.map { $0 + done }, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Each made mode 0700: the cache is the user's alone.
    package static func makeDirectory(_ directory: String) -> Bool {
        var info = stat()
        if stat(directory, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
        let parent = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        if let slash = parent.lastIndex(of: "/"), slash != parent.startIndex {
            guard makeDirectory(String(parent[..<slash])) else { return false }
        }
        return mkdir(directory, 0o700) == 0 || errno == EEXIST
    }
}
