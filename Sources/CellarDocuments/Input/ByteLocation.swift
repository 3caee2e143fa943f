import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte offsets turned into line:column (columns count characters) only when an error is reported.
enum ByteLocation {
    /// Columns count UTF-8 lead bytes; a byte order mark, which editors do not show, is not a column. A line ends
    /// at LF, CR LF or a lone CR (YAML's line breaks, and what an editor shows).
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, path: String) -> SourceLocation {
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = min(bytes.byteOrderMarkLength, end)
        for i in 0..<end
        where bytes[i] == 0x0A || bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A) {
            line += 1
            lineStart = i + 1
        }
        var column = 1
        for i in lineStart..<end where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: path, line: line, column: column)
    }

    /// The offset of `line`:`column` as `location` counts them, or nil past the bytes.
    static func offset(line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = bytes.byteOrderMarkLength
        for _ in 1..<max(1, line) {
            while i < bytes.count && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
            guard i < bytes.count else { return nil }
            i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        }
        for _ in 1..<max(1, column) {
            guard i < bytes.count else { return nil }
            i += 1
            while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i
    }

    /// Where the line holding `offset` starts: after the LF or CR before it, as `location` counts lines.
    @inline(__always)
    static func lineStart(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = min(offset, bytes.count)
        while i > 0 && bytes[i - 1] != 0x0A && bytes[i - 1] != 0x0D { i -= 1 }
        return i
    }

    /// Where the line from `offset` ends: at its LF or CR, else at `end` (the bytes' end when nil).
    @inline(__always)
    static func lineEnd(from offset: Int, in bytes: UnsafeBufferPointer<UInt8>, before end: Int? = nil) -> Int {
        let end = min(end ?? bytes.count, bytes.count)
        var i = offset
        while i < end && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
        return i
    }

    /// The line breaks in `range` of `bytes`, as `location` counts them (a CR LF is one).
    static func lineBreaks(in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        range.count { bytes[$0] == 0x0A || bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
    }

    static func error(_ e: ByteError, in bytes: UnsafeBufferPointer<UInt8>, path: String) -> CellarError {
        CellarError(e.message, at: location(of: e.offset, in: bytes, path: path))
    }

    /// Runs `scan`, which must pass every byte from `start` through `WordScanner` (checking its UTF-8); a failing scan
    /// over invalid UTF-8 reports the first invalid byte, as a pass of its own would.
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
    /// A plain memcmp: the generic comparison of slices is not specialised on the scan's path.
    func bytes(_ range: Range<Int>, equal other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == other.count else { return false }
        guard let base = baseAddress, let o = other.baseAddress, range.count > 0 else { return true }
        return memcmp(base + range.lowerBound, o, range.count) == 0
    }

    func equals(_ name: StaticString) -> Bool { bytes(0..<count, equal: name) }

    func bytes(_ range: Range<Int>, equal other: Range<Int>) -> Bool {
        bytes(range, equal: UnsafeBufferPointer(rebasing: self[other]))
    }

    func bytes(_ range: Range<Int>, equal other: StaticString) -> Bool {
        bytes(range, equal: UnsafeBufferPointer(start: other.utf8Start, count: other.utf8CodeUnitCount))
    }
}
