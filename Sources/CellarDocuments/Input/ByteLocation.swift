import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte offsets into a document's bytes, turned into what a user reads
/// (line:column, columns counting characters) only when an error is
/// reported: the scans keep offsets and never count lines as they go.
enum ByteLocation {
    /// The 1-based line and column of `offset` (columns count UTF-8 lead bytes).
    static func lineColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        var column = 1
        for i in lineStart..<end where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// The locations of ascending `offsets`, in one pass (a table's rows).
    static func locations(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>, path: String) -> [SourceLocation] {
        var out: [SourceLocation] = []
        out.reserveCapacity(offsets.count)
        var line = 1
        var column = 1
        var i = 0
        for offset in offsets {
            while i < min(offset, bytes.count) {
                if bytes[i] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[i] & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            out.append(SourceLocation(file: path, line: line, column: column))
        }
        return out
    }

    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, path: String) -> SourceLocation {
        let (line, column) = lineColumn(of: offset, in: bytes)
        return SourceLocation(file: path, line: line, column: column)
    }

    static func error(_ e: ByteError, in bytes: UnsafeBufferPointer<UInt8>, path: String) -> CellarError {
        CellarError(e.message, at: location(of: e.offset, in: bytes, path: path))
    }

    /// The offset of the first byte that is not valid UTF-8 (overlong forms,
    /// surrogates and scalars past U+10FFFF included), or nil.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        WordScanner(bytes).firstInvalidUTF8()
    }

    /// Runs `scan`, which must read every byte of `bytes` from `start` on
    /// and pass every byte outside ASCII through `WordScanner` (whose
    /// UTF-8 check it does), and reports what checking the UTF-8 first
    /// would: when `scan` fails in any way and those bytes hold invalid
    /// UTF-8, the error is the first invalid byte's. So a scan that
    /// succeeds has checked it all, and a bad file is refused at the same
    /// place as by a pass of its own.
    static func checkingUTF8<T>(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, _ scan: () throws -> T
    ) throws -> T {
        do { return try scan() } catch {
            if let bad = WordScanner(bytes).firstInvalidUTF8(from: start) {
                throw ByteError(offset: bad, message: "invalid UTF-8")
            }
            throw error
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the bytes at `range` are `other`'s: a plain memcmp, as the
    /// generic comparison of slices is not specialised on the scan's path.
    func bytes(_ range: Range<Int>, equal other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == other.count else { return false }
        guard let base = baseAddress, let o = other.baseAddress, range.count > 0 else { return true }
        return memcmp(base + range.lowerBound, o, range.count) == 0
    }

    /// Whether these bytes are `name`'s UTF-8.
    func equals(_ name: StaticString) -> Bool {
        guard count == name.utf8CodeUnitCount else { return false }
        guard let base = baseAddress, count > 0 else { return true }
        return memcmp(base, name.utf8Start, count) == 0
    }

    func bytes(_ range: Range<Int>, equal other: Range<Int>) -> Bool {
        guard range.count == other.count else { return false }
        guard let base = baseAddress, range.count > 0 else { return true }
        return memcmp(base + range.lowerBound, base + other.lowerBound, range.count) == 0
    }

    func bytes(_ range: Range<Int>, equal other: StaticString) -> Bool {
        guard range.count == other.utf8CodeUnitCount else { return false }
        guard let base = baseAddress, range.count > 0 else { return true }
        return memcmp(base + range.lowerBound, other.utf8Start, range.count) == 0
    }
}
