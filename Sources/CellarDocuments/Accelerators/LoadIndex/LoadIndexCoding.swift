#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Anything wrong in a load index file is only a reason to scan the document.
struct UnusableIndex: Error {}

/// Writes a load index's fields 8-byte aligned: integers, and counts before
/// bytes, in the machine's own order (`LoadIndex.version` names it).
struct IndexWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }

    mutating func bool(_ value: Bool) { u64(value ? 1 : 0) }

    mutating func identity(_ value: FileIdentity) {
        for n in [value.device, value.inode, value.size] { u64(n) }
        int(Int(value.modified))
        int(Int(value.changed))
    }

    mutating func string(_ value: String) { array(Array(value.utf8)) }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func array<T: FixedWidthInteger>(_ values: [T]) {
        int(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        let pad = (8 - bytes.count % 8) % 8
        bytes.append(contentsOf: repeatElement(0, count: pad))
    }
}

/// Reads what `IndexWriter` wrote, every count checked against the bytes left
/// and every value against its bound: out of bounds throws, never traps.
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

    mutating func identity() throws -> FileIdentity {
        FileIdentity(
            device: try u64(), inode: try u64(), size: try u64(),
            modified: Int64(try int(in: Int.min...Int.max)), changed: Int64(try int(in: Int.min...Int.max)))
    }

    mutating func int(in range: ClosedRange<Int>) throws -> Int {
        let raw = Int64(bitPattern: try u64())
        guard let value = Int(exactly: raw), range.contains(value) else { throw UnusableIndex() }
        return value
    }

    mutating func bool() throws -> Bool { try int(in: 0...1) == 1 }

    mutating func string() throws -> String {
        let utf8: [UInt8] = try array(maxCount: 1 << 20)
        // The scan decoded each text from checked UTF-8: anything else was not written by it.
        guard let text = String(validating: utf8, as: UTF8.self) else { throw UnusableIndex() }
        return text
    }

    mutating func optionalString() throws -> String? { try bool() ? try string() : nil }

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

/// A 64-bit checksum over four lanes (xor, then an odd multiply: a bijection,
/// so any one changed word changes it), against a damaged file, not a forged
/// one: the cache directory is the user's own.
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
