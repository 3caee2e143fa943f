#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file on disk with no name, that a big YAML document's JSON form is
/// written to in pieces as it is made and then mapped, so it is read as a
/// JSON file is: its pages given back behind each pass (`DropBehind`), not held.
///
/// Made with O_TMPFILE, the file never has a name: nothing is left behind
/// however the process ends, and the system frees it at the last close and
/// unmap. Its directory is the load index cache's (the user's own, mode
/// 0700, normally on disk), else `$TMPDIR`, else `/var/tmp`; never memfd or
/// `/tmp`, often in memory (tmpfs), where a page given back still takes memory.
final class JSONFormSpool {
    /// A smaller document's form is held in memory: a load gives back its
    /// pages a step of `DropBehind` at a time, so a form of less than two
    /// steps would give back little more than the writes cost (BENCHMARKS.md).
    static let minimumSize = 2 * DropBehind.step

    /// The system refused a write (a full disk, a quota): the form is made again in memory.
    struct Refused: Error {}

    private let fd: Int32
    private var count = 0

    /// Nil when no directory takes such a file (the form is then held in memory).
    init?(directories: [String] = JSONFormSpool.directories()) {
        #if os(Linux)
            let flags = __O_TMPFILE | O_DIRECTORY | O_RDWR | O_CLOEXEC
            guard let fd = directories.lazy.map({ open($0, flags, 0o600) }).first(where: { $0 >= 0 }) else {
                return nil
            }
            self.fd = fd
        #else
            return nil
        #endif
    }

    deinit { close(fd) }

    /// The directories to try, in order (the type says why these).
    static func directories(_ variable: (String) -> String? = LoadIndexCache.variable) -> [String] {
        var dirs: [String] = []
        if let cache = LoadIndexCache.directory(variable), IndexFiles.makeDirectory(cache) { dirs.append(cache) }
        if let tmp = variable("TMPDIR"), tmp.hasPrefix("/") { dirs.append(tmp) }
        return dirs + ["/var/tmp"]
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard InputFile.write(UnsafeRawBufferPointer(bytes), to: fd) else { throw Refused() }
        count += bytes.count
    }

    /// Empties the file, to write a form again from its start.
    func reset() throws {
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { throw Refused() }
        count = 0
    }

    /// The whole file, mapped read-only (read, if the system will not map it); `path` names it in a fault's message.
    func mapped(path: String) throws -> DocumentBytes {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw Refused() }
        return try DocumentBytes(file: fd, count: count, path: path, limit: Int.max)
    }
}
