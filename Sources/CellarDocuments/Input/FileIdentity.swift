#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What says a file is the one a load index was made from, as git's index
/// tells an unchanged file: the device and inode (the same file, not
/// another written to the same path), its size, and the times of its last
/// change of content (mtime) and of its inode (ctime, which no one can set
/// back), both to the nanosecond. Any write to the file changes at least
/// one of them, but a write in the same clock tick as the index was made
/// (see `isRacy`).
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    var modified: Int64
    var changed: Int64

    init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = UInt64(max(0, info.st_size))
        #if canImport(Darwin)
            modified = Self.nanoseconds(info.st_mtimespec)
            changed = Self.nanoseconds(info.st_ctimespec)
        #else
            modified = Self.nanoseconds(info.st_mtim)
            changed = Self.nanoseconds(info.st_ctim)
        #endif
    }

    /// The identity of the open file `fd`, or nil when it cannot be read.
    static func of(fd: Int32) -> FileIdentity? {
        var info = stat()
        return fstat(fd, &info) == 0 ? FileIdentity(info) : nil
    }

    /// The identity of the file at `path` (links followed), or nil.
    static func of(path: String) -> FileIdentity? {
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(info) : nil
    }

    /// How close to now a file's last write may be for its index not to be
    /// written: a write later in the same tick of a coarse clock (some file
    /// systems keep seconds) would leave the times as they were.
    static let racyWindow: Int64 = 2_000_000_000

    /// Whether the file was written too recently (or in the future, as a
    /// clock set back makes it) for an index made now to be trusted.
    func isRacy(now: Int64 = FileIdentity.now()) -> Bool {
        modified > now - Self.racyWindow
    }

    /// The wall clock, in nanoseconds since 1970 (file times' clock).
    static func now() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return nanoseconds(t)
    }

    private static func nanoseconds(_ t: timespec) -> Int64 {
        Int64(t.tv_sec) &* 1_000_000_000 &+ Int64(t.tv_nsec)
    }
}
