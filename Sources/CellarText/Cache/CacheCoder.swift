#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Anything wrong in a cache file is only a reason to do the work it would have saved.
package struct UnusableCacheFile: Error {
    package init() {}
}

/// Reads or writes a cache file's fields (a load index's, a style manifest's), each 8-byte
/// aligned, in the machine's own order (each file's version names it), so one list of them
/// (`LoadIndex.code`, `StyleManifest.code`) serves both ways.
/// Writing appends each value; reading replaces it with the value read, every count checked
/// against the bytes left and every value against its bound: out of bounds throws, never traps.
package struct CacheCoder {
    package private(set) var bytes: [UInt8]
    package private(set) var pos: Int
    package let reading: Bool

    /// A reader of `bytes` from `pos`; without bytes, a writer.
    package init(reading bytes: [UInt8]? = nil, at pos: Int = 0) {
        self.bytes = bytes ?? []
        self.pos = pos
        reading = bytes != nil
    }

    package var atEnd: Bool { pos == bytes.count }

    /// A cache file's bytes: `magic`, `version`, a checksum of the fields, then the fields.
    package static func framed(magic: [UInt8], version: UInt64, fields: [UInt8]) -> [UInt8] {
        let head = [version, fields.withUnsafeBytes(CacheChecksum.of)]
        return magic + head.withUnsafeBytes { Array($0) } + fields
    }

    /// A reader of the fields of `bytes` (`framed`), when its magic, version and checksum match.
    package static func unframed(_ bytes: [UInt8], magic: [UInt8], version: UInt64) throws -> CacheCoder {
        guard bytes.count >= magic.count + 16, bytes[0..<magic.count].elementsEqual(magic) else {
            throw UnusableCacheFile()
        }
        var head = CacheCoder(reading: bytes, at: magic.count)
        var read: UInt64 = 0
        var sum: UInt64 = 0
        try head.u64(&read)
        try head.u64(&sum)
        let start = head.pos
        guard read == version,
            bytes.withUnsafeBytes({ CacheChecksum.of(UnsafeRawBufferPointer(rebasing: $0[start...])) }) == sum
        else { throw UnusableCacheFile() }
        return CacheCoder(reading: bytes, at: start)
    }

    package mutating func u64(_ value: inout UInt64) throws {
        guard reading else { return withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
        guard pos >= 0, bytes.count - pos >= 8 else { throw UnusableCacheFile() }
        withUnsafeMutableBytes(of: &value) { out in
            bytes.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[pos..<pos + 8])) }
        }
        pos += 8
    }

    package mutating func int(_ value: inout Int, in range: ClosedRange<Int> = Int.min...Int.max) throws {
        var raw = UInt64(bitPattern: Int64(value))
        try u64(&raw)
        guard reading else { return }
        guard let read = Int(exactly: Int64(bitPattern: raw)), range.contains(read) else { throw UnusableCacheFile() }
        value = read
    }

    package mutating func bool(_ value: inout Bool) throws {
        var n = value ? 1 : 0
        try int(&n, in: 0...1)
        value = n == 1
    }

    /// Field by field, not through key paths (whose first use instantiates their types).
    package mutating func identity(_ value: inout FileIdentity) throws {
        try u64(&value.device)
        try u64(&value.inode)
        try u64(&value.size)
        var modified = Int(value.modified)
        var changed = Int(value.changed)
        try int(&modified)
        try int(&changed)
        value.modified = Int64(modified)
        value.changed = Int64(changed)
    }

    package mutating func string(_ value: inout String) throws {
        var utf8 = reading ? [] : Array(value.utf8)
        try array(&utf8, maxCount: 1 << 20)
        guard reading else { return }
        // Every text was written from a Swift string: anything else was not written by Cellar.
        guard let text = String(validating: utf8, as: UTF8.self) else { throw UnusableCacheFile() }
        value = text
    }

    /// A flag, then the text when there is one.
    package mutating func string(_ value: inout String?) throws {
        try optional(&value, empty: "") { try $0.string(&$1) }
    }

    /// A flag, then the identity when there is one.
    package mutating func identity(_ value: inout FileIdentity?) throws {
        try optional(&value, empty: .zero) { try $0.identity(&$1) }
    }

    /// A flag, then the value when there is one (`empty` is only a place to read it into). Kept
    /// to this module, whose non-generic callers above it serves specialised.
    private mutating func optional<T>(_ value: inout T?, empty: T, _ code: (inout Self, inout T) throws -> Void) throws
    {
        var present = value != nil
        try bool(&present)
        guard present else {
            value = nil
            return
        }
        var item = value ?? empty
        try code(&self, &item)
        value = item
    }

    /// A list's count; read, `values` becomes that many copies of `empty`, which the caller
    /// then codes one by one in its own loop (a generic method called across modules is not
    /// specialised: a long list would pay for it per item). Each item takes 8 bytes or more,
    /// so a count the bytes left cannot hold fails before any memory is asked for.
    package mutating func count<T>(of values: inout [T], maxCount: Int, empty: T) throws {
        var count = values.count
        try int(&count, in: 0...max(0, min(maxCount, (bytes.count - pos) / 8)))
        if reading { values = Array(repeating: empty, count: count) }
    }

    /// A count, then the values' bytes.
    package mutating func array<T: FixedWidthInteger>(_ values: inout [T], maxCount: Int) throws {
        let size = MemoryLayout<T>.size
        var count = values.count
        try int(&count, in: 0...max(0, min(maxCount, (bytes.count - pos) / size)))
        let length = count * size
        let padded = (length + 7) / 8 * 8
        guard reading else {
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
            return bytes.append(contentsOf: repeatElement(0, count: padded - length))
        }
        guard bytes.count - pos >= padded else { throw UnusableCacheFile() }
        values = [T](unsafeUninitializedCapacity: count) { out, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(out).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: raw[pos..<pos + length]))
            }
            initialized = count
        }
        pos += padded
    }
}

/// A 64-bit checksum over four lanes (xor, then an odd multiply: a bijection,
/// so any one changed word changes it), against a damaged file, not a forged
/// one: the cache directory is the user's own.
package enum CacheChecksum {
    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        var i = 0
        let count = bytes.count
        while count - i >= 32 {
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* prime
            i += 32
        }
        var tail = UInt64(count)
        while i < count {
            tail = (tail ^ UInt64(bytes[i])) &* prime
            i += 1
        }
        var sum = tail
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
            sum = (sum ^ lane) &* prime
            sum ^= sum >> 29
        }
        return sum
    }
}
