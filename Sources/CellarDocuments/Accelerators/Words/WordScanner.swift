import CellarText

/// The scans' one unchecked part: it passes a document's bytes eight at a
/// time (SWAR: a 64-bit word's bytes tested together) up to the next byte
/// a scan must look at, and checks the UTF-8 of every sequence outside
/// ASCII that it passes, so a scan that reads every byte of a file through
/// it needs no separate pass for the file's UTF-8 (`ByteLocation.checkingUTF8`).
///
/// Invariants: `base` addresses `count` readable bytes for as long as the
/// value is used (it is made from a buffer its caller holds, and does not
/// outlive that call); a byte is read only at an offset `i` with
/// `0 <= i < count`, a word only at `i` with `i + 8 <= count`, and every
/// function checks that itself before it reads, so offsets passed in need
/// only be `>= 0`. Words are read little-endian (the lowest address is
/// the lowest byte, so the first flagged byte is the lowest set bit); on a
/// big-endian machine the byte loop does all the work.
///
/// Its plain twin is its own byte loop: with the accelerators off
/// (`Accelerators.enabled`) no word is read, `word(at:)` answers nil, and
/// every scan steps a byte at a time, with the same results.
struct WordScanner {
    private let base: UnsafePointer<UInt8>?
    let count: Int
    /// Whether scans may read words; the accelerator switch, read once per scanner.
    private let words: Bool

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        base = buffer.baseAddress
        count = buffer.count
        words = Accelerators.enabled
    }

    /// The byte at `i`, which must be below `count`.
    @inline(__always)
    private func byte(_ i: Int) -> UInt8 { base.unsafelyUnwrapped[i] }

    /// The length of the valid UTF-8 sequence at `i` (1 for ASCII), or 0
    /// when the bytes there are not one: overlong forms, surrogates,
    /// scalars past U+10FFFF, a stray continuation byte, or a sequence cut
    /// short by the end. `i` must be below `count`.
    @inline(__always)
    func utf8Length(at i: Int) -> Int {
        let b = byte(i)
        if b < 0x80 { return 1 }
        let length: Int
        let low: UInt8
        let high: UInt8
        switch b {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        default: return 0
        }
        guard i &+ length <= count else { return 0 }
        let second = byte(i &+ 1)
        guard second >= low && second <= high else { return 0 }
        if length >= 3 && byte(i &+ 2) & 0xC0 != 0x80 { return 0 }
        if length == 4 && byte(i &+ 3) & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// The offset of the first byte at or after `i` that is not valid UTF-8, or nil.
    func firstInvalidUTF8(from start: Int = 0) -> Int? {
        var i = start
        while i < count {
            #if _endian(little)
                // Sixteen ASCII bytes at a time: most text is ASCII between its other characters.
                if words && i &+ 16 <= count {
                    let p = UnsafeRawPointer(base.unsafelyUnwrapped + i)
                    let w = p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    if w & Self.highs == 0 {
                        i &+= 16
                        continue
                    }
                }
            #endif
            let n = utf8Length(at: i)
            if n == 0 { return i }
            i &+= n
        }
        return nil
    }

    /// The eight bytes from `i` as a little-endian word (byte `i` lowest),
    /// or nil when the bytes end before them (or on a big-endian machine).
    @inline(__always)
    func word(at i: Int) -> UInt64? {
        #if _endian(little)
            guard words, i >= 0, i &+ 8 <= count else { return nil }
            return UnsafeRawPointer(base.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self)
        #else
            return nil
        #endif
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The offset of the first byte at or after `i` that is `a`, `b`, below
    /// `below`, or the start of an invalid UTF-8 sequence (valid sequences
    /// outside ASCII are passed); `count` when there is none. So the byte
    /// there, when not one of the three, is where the UTF-8 goes wrong.
    @inline(__always)
    func run(from start: Int, to a: UInt8, _ b: UInt8, below: UInt8) -> Int {
        var i = start
        #if _endian(little)
            let aa = Self.ones &* UInt64(a)
            let bb = Self.ones &* UInt64(b)
            let low = Self.ones &* UInt64(below)
            while words && i &+ 8 <= count {
                let w = UnsafeRawPointer(base.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self)
                let xa = w ^ aa
                let xb = w ^ bb
                // A byte x is zero (or below `below`) when x - 1 (x - below) borrows into its high
                // bit while x's own high bit is clear; a borrow only flags bytes above a true one, so
                // the lowest flagged byte is a true one. A high bit in w itself is a byte outside ASCII.
                let flagged = ((xa &- Self.ones) | (xb &- Self.ones) | (w &- low) | w) & Self.highs
                if flagged == 0 {
                    i &+= 8
                    continue
                }
                i &+= flagged.trailingZeroBitCount &>> 3
                guard byte(i) >= 0x80 else { return i }
                let n = utf8Length(at: i)
                if n == 0 { return i }
                i &+= n
            }
        #endif
        while i < count {
            let c = byte(i)
            if c == a || c == b || c < below { return i }
            if c >= 0x80 {
                let n = utf8Length(at: i)
                if n == 0 { return i }
                i &+= n
            } else {
                i &+= 1
            }
        }
        return count
    }
    /// The offset of the first byte at or after `i` that is `a` or `b`;
    /// `count` when there is none. Nothing else is looked at: for text a
    /// scan has already passed through `run` (a row the load checked).
    @inline(__always)
    func find(from start: Int, _ a: UInt8, _ b: UInt8) -> Int {
        var i = start
        #if _endian(little)
            let aa = Self.ones &* UInt64(a)
            let bb = Self.ones &* UInt64(b)
            while words && i &+ 8 <= count {
                let w = UnsafeRawPointer(base.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self)
                let xa = w ^ aa
                let xb = w ^ bb
                // A zero byte x makes x - 1 borrow into its high bit while its own is clear; a borrow
                // only flags bytes above a true zero, so the lowest flagged byte is a true one.
                let flagged = (((xa &- Self.ones) & ~xa) | ((xb &- Self.ones) & ~xb)) & Self.highs
                if flagged != 0 { return i &+ flagged.trailingZeroBitCount &>> 3 }
                i &+= 8
            }
        #endif
        while i < count {
            let c = byte(i)
            if c == a || c == b { return i }
            i &+= 1
        }
        return count
    }
}
