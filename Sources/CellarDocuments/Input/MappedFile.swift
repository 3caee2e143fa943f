import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file mapped read-only: the one place Cellar calls mmap, madvise and munmap.
///
/// Invariants (why `@unchecked Sendable`): set once in `init`, mapped until `deinit`, so any thread holding it may read
/// below `count`; `drop` only gives memory back. A truncated file faults past its end (SIGBUS), so the range is
/// registered with `MappedFileFaults`.
final class MappedFile: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    private let faultSlot: Int?

    static let pageSize = max(1, sysconf(Int32(_SC_PAGESIZE)))

    /// The `count` bytes from `offset` (a multiple of the page size); nil when the
    /// system will not map them (the caller reads the file instead).
    init?(fd: Int32, count: Int, path: String, offset: Int = 0) {
        guard count > 0, let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, off_t(offset)),
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

    /// Gives back the whole pages inside `range`; they are read again if touched.
    func drop(_ range: Range<Int>) {
        let page = Self.pageSize
        let low = (max(0, range.lowerBound) + page - 1) / page * page
        let high = range.upperBound >= count ? count : range.upperBound / page * page
        guard high > low else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + low), high - low, Int32(MADV_DONTNEED))
    }
}
