/// The reuse identifiers the quick check has read, each decoded once:
/// a table's rows mostly repeat a few, so a row's identifier is found by
/// comparing its bytes with the last one found, then with the few others
/// (word compares for names up to 16 bytes), never by hashing or decoding.
/// Past `capacity` identifiers, an old one's place is given to the new one
/// (it is decoded again if it comes back).
struct RowIdentifiers {
    struct Entry {
        var bytes: [UInt8]
        var name: String
        var builtin: Bool
        var isDefault: Bool
        /// The identifier's index in the row key sets (-1 when none are kept).
        var keySetIndex: Int
        /// Whether the document has been told of it (`firstUse`).
        var noted = false
    }

    /// What a row's identifier is compared with, apart from the entries
    /// (no reference counting on the way): its length, and its first 16
    /// bytes as two little-endian words with the masks of the bytes they hold.
    struct Key {
        var count: Int
        var words: (UInt64, UInt64)
        var masks: (UInt64, UInt64)
        /// The same with a closing quote after the name (JSON), when that fits and the name is
        /// a JSON string's text as it is (no quote, backslash or control byte); else masks of 0.
        var quoted: (UInt64, UInt64)
        var quotedMasks: (UInt64, UInt64)
    }

    static let capacity = 8
    private(set) var entries: [Entry] = []
    private var keys: [Key] = []
    private var last = 0
    private var replaced = 0

    /// The entry whose identifier is the (unescaped, non-empty) text at `range`; `make` gives a new one.
    @inline(__always)
    mutating func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, make: (String) -> Entry) -> Int {
        let scanner = WordScanner(bytes)
        // Two words from the identifier's start, when the buffer holds them (all but a file's last bytes).
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

    /// The entry whose identifier is at `p` followed by its closing quote,
    /// and the offset past that quote; nil when none is. The entry's bytes
    /// were read as a plain JSON string (text checked, no escape), so the
    /// same bytes between quotes are one too.
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

    /// The identifier's name the first time its entry is used, so the
    /// document notes where each identifier first appears without a look-up per row.
    @inline(__always)
    mutating func firstUse(_ i: Int) -> String? {
        guard !entries[i].noted else { return nil }
        entries[i].noted = true
        return entries[i].name
    }

    // Read field by field: a copy of an entry would retain its bytes and name.
    func name(_ i: Int) -> String { entries[i].name }
    @inline(__always) func keySetIndex(_ i: Int) -> Int { entries[i].keySetIndex }
    @inline(__always) func kind(_ i: Int) -> (builtin: Bool, isDefault: Bool) {
        (entries[i].builtin, entries[i].isDefault)
    }

    private static func key(_ bytes: [UInt8]) -> Key {
        var w: [UInt64] = [0, 0]
        var m: [UInt64] = [0, 0]
        var q: [UInt64] = [0, 0]
        var qm: [UInt64] = [0, 0]
        let plain = bytes.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        for (k, b) in (bytes + [UInt8(ascii: "\"")]).prefix(16).enumerated() {
            if k < bytes.count {
                w[k / 8] |= UInt64(b) << UInt64(8 * (k % 8))
                m[k / 8] |= 0xFF << UInt64(8 * (k % 8))
            }
            q[k / 8] |= UInt64(b) << UInt64(8 * (k % 8))
            qm[k / 8] |= 0xFF << UInt64(8 * (k % 8))
        }
        if !plain || bytes.count > 15 { (q, qm) = ([0, 0], [0, 0]) }
        // Longer names are never compared by words: a count no identifier of 16 bytes or fewer has.
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
