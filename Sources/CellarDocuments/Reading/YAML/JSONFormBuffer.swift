/// The end of a YAML document's JSON form being written: bytes appended to
/// one allocation, grown by doubling. An append is a capacity check and a
/// store (an array's also asks whether its storage is shared), and the
/// writer appends a few bytes at a time, dozens a row.
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

    /// Appends `text[start..<end]` up to the first byte `flags` names (`ByteFlags`: a byte's high bit), a word at a
    /// time, and returns that byte's offset, or `end`; a text shorter than a word is left to the caller's byte loop
    /// (`start` returned). The last word read ends at `end`, `back` bytes over ones copied and unflagged already.
    @inline(__always)
    mutating func appendWords(
        _ text: UnsafePointer<UInt8>, from start: Int, before end: Int, _ flags: (UInt64) -> UInt64
    ) -> Int {
        guard end &- start >= 8 else { return start }
        if capacity &- count < end &- start { grow(toHold: end &- start) }
        var i = start
        while i < end {
            let at = Swift.min(i, end &- 8)
            let back = i &- at
            let word = UnsafeRawPointer(text + at).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(base + (count &- back)).storeBytes(of: word, as: UInt64.self)
            let found = flags(word)
            if found != 0 {
                let k = found.trailingZeroBitCount &>> 3
                count = count &- back &+ k
                return at &+ k
            }
            count = count &- back &+ 8
            i = at &+ 8
        }
        return end
    }

    /// Appends the `count` (at most 8) bytes at `text` when `flags` names none of
    /// them, as one word: the caller knows 8 bytes there may be read. False, nothing
    /// appended, when one is named.
    @inline(__always)
    mutating func appendWord(_ text: UnsafePointer<UInt8>, count n: Int, unless flags: (UInt64) -> UInt64) -> Bool {
        #if _endian(big)
            return false
        #endif
        let word = UnsafeRawPointer(text).loadUnaligned(as: UInt64.self)
        let mine: UInt64 = n == 8 ? ~0 : (1 &<< UInt64(n &* 8)) &- 1
        // A flag of a byte past the text (or one borrowed from it) is above every byte of the text.
        guard flags(word) & mine == 0 else { return false }
        if capacity &- count < 8 { grow(toHold: 8) }
        UnsafeMutableRawPointer(base + count).storeBytes(of: word, as: UInt64.self)
        count &+= n
        return true
    }

    /// Appends `text[start..<end]` up to the first byte `stops` names, a
    /// byte at a time, and returns that byte's offset, or `end`.
    @inline(__always)
    mutating func appendBytes(
        _ text: UnsafePointer<UInt8>, from start: Int, before end: Int, until stops: (UInt8) -> Bool
    ) -> Int {
        if capacity &- count < end &- start { grow(toHold: end &- start) }
        var i = start
        while i < end {
            let b = text[i]
            if stops(b) { break }
            base[count] = b
            count &+= 1
            i &+= 1
        }
        return i
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
}
