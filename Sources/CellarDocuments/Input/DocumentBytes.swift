#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes a document's rows are read from: a file mapped read-only, or
/// bytes held in memory (standard input, piped rows, a small YAML document's JSON form).
///
/// Invariants: a byte once there never changes (a mapping is read-only, memory only appended to); a mapping
/// lives while any copy does, so any thread may read below its copy's `count`; `DropBehind` only gives memory
/// back. An append while another copy lives copies all (`StreamedDocument.growing`).
struct DocumentBytes: Sendable {
    private var owned: [UInt8]
    fileprivate let mapping: MappedFile?

    init(_ bytes: [UInt8] = []) {
        owned = bytes
        mapping = nil
    }

    /// The `count` bytes from `offset` (a multiple of the page size, the descriptor there
    /// already), mapped; read into memory when empty (/proc's files have bytes) or unmappable.
    init(file fd: Int32, count: Int, path: String, limit: Int, offset: Int = 0) throws {
        mapping = MappedFile(fd: fd, count: count, path: path, offset: offset)
        owned = mapping == nil ? try InputFile.readAll(fd, expecting: count, path: path, limit: limit) : []
    }

    var isMapped: Bool { mapping != nil }

    var count: Int { mapping?.count ?? owned.count }

    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // The buffer read through the optional, not the mapping bound: a bound copy is retained and released.
        if let buffer = mapping?.buffer { return try body(buffer) }
        return try owned.withUnsafeBufferPointer(body)
    }

    mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        precondition(mapping == nil, "a mapped file's bytes are not appended to")
        owned.append(contentsOf: bytes)
    }
}

/// A pass over mapped bytes giving back the pages behind it, one madvise
/// per `step`, so a file larger than memory holds only the pages near the pass.
struct DropBehind {
    static let step = 4 << 20
    /// Only a mapping: holding bytes in memory would make an append copy them.
    private let mapping: MappedFile?
    private var dropped = 0
    private var next: Int

    init(_ bytes: DocumentBytes) {
        mapping = bytes.mapping
        next = mapping == nil ? Int.max : Self.step
    }

    /// Gives back nothing before the first step boundary at or after `start` (another pass's).
    init(_ bytes: DocumentBytes, from start: Int) {
        self.init(bytes)
        guard mapping != nil else { return }
        dropped = (max(0, start) + Self.step - 1) / Self.step * Self.step
        next = dropped + Self.step
    }

    @inline(__always)
    mutating func passed(_ offset: Int) {
        if offset >= next { dropUp(to: offset) }
    }

    private mutating func dropUp(to offset: Int) {
        let end = offset / Self.step * Self.step
        mapping?.drop(dropped..<end)
        dropped = end
        next = end + Self.step
    }

    /// Whether `body` holds for each run of whole lines of `bytes` (given with its offset),
    /// about a `step` long: a line feed is never inside a UTF-8 character, so a check
    /// of the runs is one of the whole, and the pages behind each run are given back.
    static func allLines(
        of bytes: UnsafeBufferPointer<UInt8>, dropping behind: DropBehind?,
        _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress else { return body(bytes, 0) }
        var behind = behind
        var start = 0
        repeat {
            let cut = bytes.afterLineFeed(from: start + step) ?? bytes.count
            guard body(UnsafeBufferPointer(start: base + start, count: cut - start), start) else { return false }
            behind?.passed(cut)
            start = cut
        } while start < bytes.count
        return true
    }

    mutating func finish() {
        guard let mapping, dropped < mapping.count else { return }
        mapping.drop(dropped..<mapping.count)
        dropped = mapping.count
        next = Int.max
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The offset just past the first line feed at or after `offset`; nil when there is none.
    func afterLineFeed(from offset: Int) -> Int? {
        guard let base = baseAddress, offset >= 0, offset < count,
            let feed = memchr(base + offset, 0x0A, count - offset)
        else { return nil }
        return base.distance(to: feed.assumingMemoryBound(to: UInt8.self)) + 1
    }

    /// 3 when the bytes start with UTF-8's byte order mark (editors and spreadsheets on Windows write one), else 0.
    var byteOrderMarkLength: Int { count >= 3 && self[0] == 0xEF && self[1] == 0xBB && self[2] == 0xBF ? 3 : 0 }
}
