import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file with no name (O_TMPFILE) a big YAML document's JSON form is written to in pieces, then mapped, so it is read
/// as a JSON file is: its pages given back behind each pass (`DropBehind`), not held. Nothing is left behind however
/// the process ends, unless the load index cache keeps it (`keep(as:)`) for a later load of the unchanged file.
///
/// Its directory: the load index cache's (the user's own, mode 0700), else `$TMPDIR`, else `/var/tmp`; never memfd
/// or `/tmp`, often in memory (tmpfs), where a page given back still takes memory. The form starts after `magic` and
/// zeros (`headerSize` bytes), so a kept one is known as Cellar's (`IndexFiles`) and mapped from a page boundary.
final class JSONFormSpool {
    /// A smaller form is held in memory: a load gives back a step of
    /// `DropBehind` at a time, so less than two would give back little more than the writes cost.
    static let minimumSize = 2 * DropBehind.step

    /// The system refused a write (a full disk, a quota): the form is made again in memory.
    struct Refused: Error {}

    static let magic = Array("CELLARFM".utf8)
    /// A multiple of any page size.
    static let headerSize = 64 << 10

    private let fd: Int32
    private var count = 0
    /// The directory the file was made in.
    let directory: String

    /// Nil when no directory takes such a file (the form is then held in memory).
    init?(directories: [String]) {
        #if os(Linux)
            let flags = __O_TMPFILE | O_DIRECTORY | O_RDWR | O_CLOEXEC
            guard
                let (fd, directory) = directories.lazy.map({ (open($0, flags, 0o600), $0) }).first(where: { $0.0 >= 0 })
            else { return nil }
            self.fd = fd
            self.directory = directory
            guard (try? reset()) != nil else { return nil }
        #else
            return nil
        #endif
    }

    deinit { close(fd) }

    /// The directories to try, in order (the type says why these): `cache`, else the environment's, first.
    static func directories(cache: String?) -> [String] {
        var dirs: [String] = []
        if let cache = cache ?? CacheFiles.directory(), CacheFiles.makeDirectory(cache) { dirs.append(cache) }
        if let tmp = CacheFiles.variable("TMPDIR"), tmp.hasPrefix("/") { dirs.append(tmp) }
        return dirs + ["/var/tmp"]
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard CacheFiles.writeAll(UnsafeRawBufferPointer(bytes), to: fd) else { throw Refused() }
        count += bytes.count
    }

    /// Empties the file but for its header, to write a form again from its start.
    func reset() throws {
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { throw Refused() }
        var header = Self.magic
        header += repeatElement(0, count: Self.headerSize - header.count)
        guard header.withUnsafeBytes({ CacheFiles.writeAll($0, to: fd) }) else { throw Refused() }
        count = 0
    }

    /// The form, mapped read-only (read, if the system will not map it); `path` names it in a fault's message.
    func mapped(path: String) throws -> DocumentBytes { try Self.form(in: fd, count: count, path: path) }

    private static func form(in fd: Int32, count: Int, path: String) throws -> DocumentBytes {
        guard lseek(fd, off_t(headerSize), SEEK_SET) == off_t(headerSize) else { throw Refused() }
        return try DocumentBytes(file: fd, count: count, path: path, limit: Int.max, offset: headerSize)
    }

    /// Gives the file the name `path` (in `directory`), through a temporary name renamed over it;
    /// its identity once named, or nil (nothing named) when a step fails.
    func keep(as path: String) -> FileIdentity? {
        #if os(Linux)
            let temporary = path + CacheFiles.temporaryMarker + String(getpid())
            unlink(temporary)
            guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else {
                return nil
            }
            var info = stat()
            guard rename(temporary, path) == 0, fstat(fd, &info) == 0 else {
                unlink(temporary)
                return nil
            }
            return FileIdentity(info)
        #else
            return nil
        #endif
    }

    /// The form kept at `path` (`keep(as:)`) when it is still the file of `identity`, mapped;
    /// `naming` is the YAML file, named in a fault's message.
    static func kept(_ path: String, identity: FileIdentity, naming: String) -> DocumentBytes? {
        CacheFiles.withOwnFile(path) { fd, info in
            guard FileIdentity(info) == identity, info.st_size >= headerSize else { return nil }
            return try? form(in: fd, count: Int(info.st_size) - headerSize, path: naming)
        }
    }
}
