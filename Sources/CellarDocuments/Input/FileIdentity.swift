#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What says a file is the one a load index was made from, as git's index
/// does: device, inode, size, mtime and ctime to the nanosecond. A write
/// changes one of them, but in the same clock tick as the index (`isRacy`).
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    var modified: Int64
    var changed: Int64
}

extension FileIdentity {
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

    static func of(path: String) -> FileIdentity? {
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(info) : nil
    }

    /// Written too recently (or in the future) for an index made now to be trusted: some
    /// file systems keep seconds, and a write in the same tick leaves the times.
    func isRacy() -> Bool { modified > Self.now() - 2_000_000_000 }

    static func now() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return nanoseconds(t)
    }

    private static func nanoseconds(_ t: timespec) -> Int64 {
        Int64(t.tv_sec) &* 1_000_000_000 &+ Int64(t.tv_nsec)
    }
}
