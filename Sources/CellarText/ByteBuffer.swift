/// A growable byte buffer written through a raw pointer: rows of a canvas
/// and sanitised text are built here without per-byte capacity checks in
/// the hot loops (callers `reserve` first, then `put` / `append`).
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// Appends one byte; room must have been reserved.
    @inline(__always)
    func put(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    func append(_ b: UInt8) {
        reserve(1)
        put(b)
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let src = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: src, count: bytes.count)
        count += bytes.count
    }

    func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    func append(_ text: String) {
        var t = text
        t.withUTF8 { append($0) }
    }

    /// UTF-8 of one scalar value (room for 4 bytes must be reserved).
    @inline(__always)
    func putScalar(_ v: UInt32) {
        count &+= Self.encode(v, at: base + count)
    }

    /// `ScalarUTF8.encode`, for the canvas's writers.
    @inline(__always)
    static func encode(_ v: UInt32, at p: UnsafeMutablePointer<UInt8>) -> Int { ScalarUTF8.encode(v, at: p) }

    func appendDecimal(_ n: Int) {
        if n >= 10 { appendDecimal(n / 10) }
        append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
    var string: String { String(decoding: bytes, as: UTF8.self) }
    func removeAll() { count = 0 }
}
