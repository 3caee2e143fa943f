#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes a document's rows are read from, one type for the load's
/// scan, the row decoder and the prefetch thread: a regular file mapped
/// read-only (`MappedFile`), or bytes held in memory where there is no file
/// to map (standard input, rows piped in as they arrive, a YAML document's
/// JSON form, tests).
///
/// Invariants:
/// - A byte, once there, never changes, and an offset keeps naming it: a
///   mapping is read-only and as long as the file was when it was opened;
///   bytes held in memory are only appended to (`append`, by `PipedRows`).
/// - A mapping stays mapped while any copy of the value lives (a decoder on
///   the prefetch thread holds one), so any thread may read any offset below
///   `count` of the copy it holds.
/// - `drop` only gives memory back: a page of a mapping is read from the
///   file again when next touched; bytes in memory are never dropped.
/// - Bytes in memory are a value (copy on write): an append while another
///   copy lives copies them all, so the one appending lets go of the others
///   first (`StreamedDocument.growing`).
struct DocumentBytes: Sendable {
    private var owned: [UInt8]
    fileprivate let mapping: MappedFile?

    /// Bytes held in memory.
    init(_ bytes: [UInt8] = []) {
        self.init(owned: bytes, mapping: nil)
    }

    private init(owned: [UInt8], mapping: MappedFile?) {
        self.owned = owned
        self.mapping = mapping
    }

    /// The regular file `fd` of `count` bytes, mapped; read into memory when it
    /// is empty (it may still have bytes, as /proc's files do) or cannot be mapped.
    init(file fd: Int32, count: Int, path: String, limit: Int) throws {
        if let m = MappedFile(fd: fd, count: count, path: path) {
            self.init(owned: [], mapping: m)
            return
        }
        self.init(try InputFile.readAll(fd, expecting: count, path: path, limit: limit))
    }

    /// Whether the bytes are a mapped file's (pages that can be given back).
    var isMapped: Bool { mapping != nil }

    var count: Int { mapping?.count ?? owned.count }

    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let mapping { return try body(mapping.buffer) }
        return try owned.withUnsafeBufferPointer(body)
    }

    /// Adds bytes read from a pipe (never to a mapped file).
    mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        precondition(mapping == nil, "a mapped file's bytes are not appended to")
        owned.append(contentsOf: bytes)
    }

    /// Gives back the memory of the whole pages inside `range` of a mapped file; nothing for bytes in memory.
    func drop(_ range: Range<Int>) { mapping?.drop(range) }
}

/// A pass's position over mapped bytes, giving back the pages behind it in
/// large aligned steps (one madvise per `step`, not per row), so a pass
/// over a file larger than memory holds only the pages near its position.
/// A pass that goes back (an error's line and column, a row drawn again)
/// only reads the pages again.
struct DropBehind {
    /// Bytes given back at a time: large enough that the calls cost nothing
    /// per row, small beside the files worth mapping.
    static let step = 4 << 20
    /// Only a mapping: holding bytes in memory would make an append copy them.
    private let mapping: MappedFile?
    /// Everything before this offset has been given back.
    private var dropped = 0
    /// The position at which the next step is given back (`Int.max`: never, for bytes in memory).
    private var next: Int

    init(_ bytes: DocumentBytes) {
        mapping = bytes.mapping
        next = mapping == nil ? Int.max : Self.step
    }

    /// A pass that starts at `start`: it gives back none of the bytes before
    /// the first step boundary at or after it (another pass reads them).
    init(_ bytes: DocumentBytes, from start: Int) {
        self.init(bytes)
        guard mapping != nil else { return }
        dropped = (max(0, start) + Self.step - 1) / Self.step * Self.step
        next = dropped + Self.step
    }

    /// The pass has reached `offset` and needs none of the bytes before it.
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

    /// The pass is over: gives back everything it read.
    mutating func finish() {
        // A pass that started within the last step has nothing of its own to give back.
        guard let mapping, dropped < mapping.count else { return }
        mapping.drop(dropped..<mapping.count)
        dropped = mapping.count
        next = Int.max
    }
}
