/// The end of a YAML document's JSON form being written: bytes appended to
/// one allocation, grown by doubling. An append is a capacity check and a
/// store, where an array's also asks the runtime whether its storage is
/// shared, and the writer appends a few bytes at a time, dozens a row.
///
/// Invariant: `base` holds `capacity` bytes of which the first `count` are
/// written. Noncopyable, so the allocation has one owner and is freed once.
struct JSONFormBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        if capacity &- count < bytes.count { grow(toHold: bytes.count) }
        (base + count).update(from: from, count: bytes.count)
        count &+= bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func grow(toHold more: Int) {
        let bigger = max(2 * capacity, count + more)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = bigger
    }

    /// The bytes written, valid until the next append or `removeAll`.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes of `range` (within `count`).
    subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Forgets the bytes written, keeping the allocation.
    mutating func removeAll() { count = 0 }

    /// The bytes written, as an array.
    var array: [UInt8] { Array(written) }
}
