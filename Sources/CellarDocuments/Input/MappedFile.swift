import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file mapped read-only into memory: the one place Cellar calls
/// mmap, madvise and munmap. Only `DocumentBytes` holds one.
///
/// Invariants (why the class may be `@unchecked Sendable`): every stored
/// property is set once, in `init`; the pages are mapped `PROT_READ` for
/// `count` bytes (the file's size when it was opened) and stay mapped until
/// `deinit`, which runs only once no one holds the file, so any thread may
/// read any byte below `count` while it holds a reference. Dropping pages
/// (`drop`) only gives memory back: a dropped page is read from the file
/// again when next touched. A page past the file's end faults instead
/// (SIGBUS: another process truncated the file), so the range is registered
/// with `MappedFileFaults` for a handler to name the file.
final class MappedFile: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    private let faultSlot: Int?

    /// The system's page size: the unit madvise works in.
    static let pageSize = max(1, sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `count` bytes (more than zero) of the open file `fd`; nil when the
    /// system will not map it (the caller reads the file instead).
    init?(fd: Int32, count: Int, path: String) {
        guard count > 0, let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0),
            p != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        base = UnsafeRawPointer(p)
        self.count = count
        faultSlot = MappedFileFaults.register(UInt(bitPattern: p)..<UInt(bitPattern: p) + UInt(count), path: path)
    }

    deinit {
        if let faultSlot { MappedFileFaults.unregister(faultSlot) }
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    var buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Gives back the whole pages inside `range` (MADV_DONTNEED): they leave
    /// the process's memory and are read from the file again if touched.
    func drop(_ range: Range<Int>) {
        let page = Self.pageSize
        let low = (max(0, range.lowerBound) + page - 1) / page * page
        let high = range.upperBound >= count ? count : range.upperBound / page * page
        guard high > low else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + low), high - low, Int32(MADV_DONTNEED))
    }
}
