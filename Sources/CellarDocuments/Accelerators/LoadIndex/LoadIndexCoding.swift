#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A load index file that cannot be used: anything wrong in it (a bad
/// magic, version or checksum, a count or offset out of range) is only a
/// reason to scan the document as if there were none.
struct UnusableIndex: Error {}

/// Writes a load index's fields: integers as 8 bytes, strings and arrays
/// as a count then their bytes, every field starting 8-byte aligned. The
/// bytes are the machine's own order: an index is read back by the same
/// machine (`LoadIndex.version` names the order, so another one's is not read).
struct IndexWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }

    mutating func bool(_ value: Bool) { u64(value ? 1 : 0) }

    mutating func string(_ value: String) { array(Array(value.utf8)) }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    /// A count, then the elements' bytes as they are in memory, padded to 8.
    mutating func array<T: FixedWidthInteger>(_ values: [T]) {
        int(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        let pad = (8 - bytes.count % 8) % 8
        bytes.append(contentsOf: repeatElement(0, count: pad))
    }
}

/// Reads what `IndexWriter` wrote, checking every count against the bytes
/// left (so no count can ask for more memory than the file has) and every
/// value against the bound its caller gives; anything out of bounds throws
/// `UnusableIndex`, never traps.
struct IndexReader {
    let bytes: [UInt8]
    private(set) var pos: Int

    init(_ bytes: [UInt8], at pos: Int = 0) {
        self.bytes = bytes
        self.pos = pos
    }

    var atEnd: Bool { pos == bytes.count }

    mutating func u64() throws -> UInt64 {
        guard pos >= 0, bytes.count - pos >= 8 else { throw UnusableIndex() }
        var value: UInt64 = 0
        withUnsafeMutableBytes(of: &value) { out in
            bytes.withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[pos..<pos + 8])) }
        }
        pos += 8
        return value
    }

    /// An integer in `range` (a count, an offset, a row).
    mutating func int(in range: ClosedRange<Int>) throws -> Int {
        let raw = Int64(bitPattern: try u64())
        guard let value = Int(exactly: raw), range.contains(value) else { throw UnusableIndex() }
        return value
    }

    mutating func bool() throws -> Bool { try int(in: 0...1) == 1 }

    mutating func string(maxBytes: Int = 1 << 20) throws -> String {
        let utf8: [UInt8] = try array(maxCount: maxBytes)
        // The scan decoded each text from checked UTF-8: anything else was not written by it.
        guard let text = String(validating: utf8, as: UTF8.self) else { throw UnusableIndex() }
        return text
    }

    mutating func optionalString() throws -> String? { try bool() ? try string() : nil }

    /// An array `IndexWriter.array` wrote, of at most `maxCount` elements.
    mutating func array<T: FixedWidthInteger>(maxCount: Int) throws -> [T] {
        let size = MemoryLayout<T>.size
        let count = try int(in: 0...max(0, min(maxCount, (bytes.count - pos) / size)))
        let length = count * size
        let padded = (length + 7) / 8 * 8
        guard bytes.count - pos >= padded else { throw UnusableIndex() }
        let values = [T](unsafeUninitializedCapacity: count) { out, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(out).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: raw[pos..<pos + length]))
            }
            initialized = count
        }
        pos += padded
        return values
    }
}

/// A 64-bit checksum of a load index's bytes: four lanes, each word xored
/// in and multiplied by an odd constant (a bijection of the lane), so a
/// change to any one word always changes the sum, and changes to several
/// cancel out only by a chance of 2⁻⁶⁴. It guards against a damaged file
/// (a disk error, a write cut short), not against a forged one: the cache
/// directory is the user's own (see `LoadIndexCache`).
enum IndexChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
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
