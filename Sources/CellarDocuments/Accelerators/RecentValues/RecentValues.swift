/// The nested values (mappings and lists) of the rows read so far, by their bytes: styled rows repeat a few
/// (`{"color": "tint"}`), and a value met again is taken as its reader settled it, not read again.
///
/// Invariant: a mapping or list ends where its bytes say, so bytes equal to a kept entry's from the value's first
/// byte are that value; an entry is kept only once read without error, in at most `longest` bytes (far shallower
/// than the readers' depth bound), so the bytes alone decide. `Outcome`: what the reader made of them.
struct RecentValues<Key: Equatable & Sendable, Outcome: Sendable>: Sendable {
    private struct Entry: Sendable {
        var key: Key
        var bytes: [UInt8]
        var outcome: Outcome
    }

    /// Enough for the few styles of a document's rows; a miss costs a look at each entry's key.
    static var capacity: Int { 16 }
    static var longest: Int { 256 }

    private var entries = FewKept<Entry>(capacity: Self.capacity)
    /// False: every value is read in full (`Accelerators.enabled(.recentValues)`).
    let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    /// The outcome kept for `key` whose bytes begin at `start`, and the bytes' count.
    @inline(__always)
    func find(_ key: Key, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (outcome: Outcome, count: Int)? {
        guard !entries.elements.isEmpty, start < bytes.count,
            bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[")
        else { return nil }
        return search(key, bytes, start)
    }

    @inline(never)
    private func search(_ key: Key, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Outcome, Int)? {
        for e in entries.elements where e.key == key && bytes.count - start >= e.bytes.count {
            let same = e.bytes.withUnsafeBufferPointer { bytes.bytes(start..<(start + $0.count), equal: $0) }
            if same { return (e.outcome, e.bytes.count) }
        }
        return nil
    }

    /// Keeps what the reader made of the mapping or list at `range`, read without error.
    mutating func keep(_ key: Key, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ outcome: Outcome) {
        guard enabled, range.count <= Self.longest, let first = range.first,
            bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[")
        else { return }
        entries.add(Entry(key: key, bytes: Array(bytes[range]), outcome: outcome))
    }
}

/// At most `capacity` elements; once all are taken, a new one replaces the oldest.
struct FewKept<Element: Sendable>: Sendable {
    private(set) var elements: [Element] = []
    /// The element the next new one replaces, once all are taken.
    private var next = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    mutating func add(_ element: Element) {
        if elements.count < capacity {
            elements.append(element)
        } else {
            elements[next] = element
            next = (next + 1) % capacity
        }
    }
}
