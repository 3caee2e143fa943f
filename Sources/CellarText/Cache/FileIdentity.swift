#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What says a file is the one a cache entry (a load index, a style manifest) was made
/// from, as git's index does: device, inode, size, mtime and ctime to the nanosecond.
/// A write changes one of them, but in the same clock tick as the entry (`isRacy`).
package struct FileIdentity: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: UInt64
    package var modified: Int64
    package var changed: Int64

    /// No file's identity: a value to read one into.
    package static let zero = FileIdentity(device: 0, inode: 0, size: 0, modified: 0, changed: 0)

    package init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}

extension FileIdentity {
    package init(_ info: stat) {
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

    package static func of(path: String) -> FileIdentity? {
        var info = stat()
        return stat(path, &info) == 0 ? FileIdentity(info) : nil
    }

    /// Written too recently (or in the future) for an entry made now to be trusted: some
    /// file systems keep seconds, and a write in the same tick leaves the times.
    package func isRacy() -> Bool { modified > Self.now() - 2_000_000_000 }

    package static func now() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return nanoseconds(t)
    }

    private static func nanoseconds(_ t: timespec) -> Int64 {
        Int64(t.tv_sec) &* 1_000_000_000 &+ Int64(t.tv_nsec)
    }
}
