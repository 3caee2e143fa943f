import Cellar

/// The few reuse identifiers the quick check has read, each decoded once
/// and found again by word compares of its bytes, never hashed; past
/// `capacity`, an old one's place is taken.
struct RowIdentifiers {
    struct Entry {
        var bytes: [UInt8]
        var name: String
        /// The built-in style the identifier names (none: not a built-in's name).
        var style: RowKeySets.BuiltinFit
        var keySetIndex: Int
        var noted = false
    }

    /// An identifier's length and first 16 bytes as masked words, apart from the entries (no reference counting).
    struct Key {
        var count: Int
        var words: (UInt64, UInt64)
        var masks: (UInt64, UInt64)
        /// The same with the closing quote (JSON), for a name needing no escape; else masks of 0.
        var quoted: (UInt64, UInt64)
        var quotedMasks: (UInt64, UInt64)
    }

    static let capacity = 8
    private(set) var entries: [Entry] = []
    private var keys: [Key] = []
    private var last = 0
    private var replaced = 0

    @inline(__always)
    mutating func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, make: (String) -> Entry) -> Int {
        let scanner = WordScanner(bytes)
        if range.count <= 16, let w0 = scanner.word(at: range.lowerBound),
            let w1 = scanner.word(at: range.lowerBound &+ 8)
        {
            if last < keys.count && Self.matches(keys[last], range.count, w0, w1) { return last }
            for (i, k) in keys.enumerated() where Self.matches(k, range.count, w0, w1) {
                last = i
                return i
            }
        } else if let i = entries.firstIndex(where: {
            $0.bytes.withUnsafeBufferPointer { bytes.bytes(range, equal: $0) }
        }) {
            last = i
            return i
        }
        let name = String(decoding: bytes[range], as: UTF8.self)
        var entry = make(name)
        entry.bytes = Array(bytes[range])
        let key = Self.key(entry.bytes)
        if entries.count < Self.capacity {
            entries.append(entry)
            keys.append(key)
            last = entries.count - 1
        } else {
            last = replaced
            entries[last] = entry
            keys[last] = key
            replaced = (replaced + 1) % Self.capacity
        }
        return last
    }

    /// The entry whose identifier and closing quote are at `p`, and the offset
    /// past the quote: the entry's bytes were a checked plain string, so these are too.
    @inline(__always)
    mutating func quoted(_ scanner: WordScanner, at p: Int) -> (Int, end: Int)? {
        guard let w0 = scanner.word(at: p), let w1 = scanner.word(at: p &+ 8) else { return nil }
        if last < keys.count && Self.matchesQuoted(keys[last], w0, w1) { return (last, p &+ keys[last].count &+ 1) }
        for (i, k) in keys.enumerated() where Self.matchesQuoted(k, w0, w1) {
            last = i
            return (i, p &+ k.count &+ 1)
        }
        return nil
    }

    /// The name the first time its entry is used.
    @inline(__always)
    mutating func firstUse(_ i: Int) -> String? {
        guard !entries[i].noted else { return nil }
        entries[i].noted = true
        return entries[i].name
    }

    // Read field by field: a copy of an entry would retain its bytes and name.
    func name(_ i: Int) -> String { entries[i].name }
    @inline(__always) func keySetIndex(_ i: Int) -> Int { entries[i].keySetIndex }
    @inline(__always) func style(_ i: Int) -> RowKeySets.BuiltinFit { entries[i].style }

    private static func key(_ bytes: [UInt8]) -> Key {
        let plain = bytes.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        let (w, m) = ByteFlags.maskedWords(bytes, count: 2)
        let quoted = bytes + [UInt8(ascii: "\"")]
        let (q, qm) = plain && bytes.count <= 15 ? ByteFlags.maskedWords(quoted, count: 2) : ([0, 0], [0, 0])
        return Key(
            count: bytes.count <= 16 ? bytes.count : -1, words: (w[0], w[1]), masks: (m[0], m[1]),
            quoted: (q[0], q[1]), quotedMasks: (qm[0], qm[1]))
    }

    @inline(__always)
    private static func matchesQuoted(_ k: Key, _ w0: UInt64, _ w1: UInt64) -> Bool {
        k.quotedMasks.0 != 0 && w0 & k.quotedMasks.0 == k.quoted.0 && w1 & k.quotedMasks.1 == k.quoted.1
    }

    @inline(__always)
    private static func matches(_ k: Key, _ count: Int, _ w0: UInt64, _ w1: UInt64) -> Bool {
        k.count == count && w0 & k.masks.0 == k.words.0 && w1 & k.masks.1 == k.words.1
    }
}
