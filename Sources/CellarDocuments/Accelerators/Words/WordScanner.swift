import CellarText

/// The scans' one unchecked part: passes bytes eight at a time (SWAR) up to the next a scan must look at, checking the
/// UTF-8 it passes, so a scan through it needs no separate UTF-8 pass (`ByteLocation.checkingUTF8`).
///
/// Invariants: `base` addresses `count` bytes while the value is used; every function checks `i < count` (a word:
/// `i + 8 <= count`) before it reads, so offsets passed in need only be `>= 0`. Words are little-endian (the first
/// flagged byte is the lowest bit); big-endian takes the byte loop. With accelerators off no word is read: the byte
/// loop is the plain twin.
struct WordScanner {
    private let base: UnsafePointer<UInt8>?
    let count: Int
    /// `wordsByDefault`, read once by whoever makes the scanner (a row's decoder, once a render): reading it is a call.
    let words: Bool

    /// Whether scans go a word at a time unless told otherwise: accelerators on, `words` among them.
    static let wordsByDefault = Accelerators.enabled(.words)

    init(_ buffer: UnsafeBufferPointer<UInt8>, words: Bool = wordsByDefault) {
        base = buffer.baseAddress
        count = buffer.count
        self.words = words
    }

    @inline(__always)
    private func byte(_ i: Int) -> UInt8 { base.unsafelyUnwrapped[i] }

    /// The length of the valid UTF-8 sequence at `i` (below `count`), or 0 (overlong, surrogate, cut short…).
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

    /// Past the scalars from `i` in U+1000–1FFF and U+3000–D7FF (Hangul, CJK, kana: each printable, three bytes),
    /// checked as UTF-8: led by 0xE1, 0xE3–0xEC, or 0xED before 0x80–0x9F (surrogates follow). Text in those
    /// scripts runs, and one loop passes it where the word scans would stop at each scalar. `i` if none.
    @inline(__always)
    func threeByteRun(from i: Int) -> Int {
        var j = i
        while j &+ 3 <= count {
            let (lead, second) = (byte(j), byte(j &+ 1))
            let valid =
                lead == 0xE1 || lead &- 0xE3 <= 0xEC - 0xE3
                ? second & 0xC0 == 0x80 : lead == 0xED && second & 0xE0 == 0x80
            guard valid, byte(j &+ 2) & 0xC0 == 0x80 else { break }
            j &+= 3
        }
        return j
    }

    func firstInvalidUTF8(from start: Int = 0) -> Int? {
        var i = start
        while i < count {
            #if _endian(little)
                if words && i &+ 16 <= count {
                    let p = UnsafeRawPointer(base.unsafelyUnwrapped + i)
                    let w = p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    if w & ByteFlags.highs == 0 {
                        i &+= 16
                        continue
                    }
                }
                if words, case let run = threeByteRun(from: i), run > i {
                    i = run
                    continue
                }
            #endif
            let n = utf8Length(at: i)
            if n == 0 { return i }
            i &+= n
        }
        return nil
    }

    /// Nil when the bytes end before the word, or on a big-endian machine.
    @inline(__always)
    func word(at i: Int) -> UInt64? {
        #if _endian(little)
            guard words, i >= 0, i &+ 8 <= count else { return nil }
            return UnsafeRawPointer(base.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self)
        #else
            return nil
        #endif
    }

    /// The first byte from `start` that is `a`, `b`, below `below`, or invalid UTF-8; `count` if none.
    /// Transparent: `@inline(__always)` left it a call from a record's reader
    /// (a large caller), which pays the call and the word constants per field.
    @_transparent
    func run(from start: Int, to a: UInt8, _ b: UInt8, below: UInt8) -> Int {
        var i = start
        #if _endian(little)
            let aa = ByteFlags.ones &* UInt64(a)
            let bb = ByteFlags.ones &* UInt64(b)
            let low = ByteFlags.ones &* UInt64(below)
            while words && i &+ 8 <= count {
                let w = UnsafeRawPointer(base.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self)
                let xa = w ^ aa
                let xb = w ^ bb
                // A borrow into a high bit flags a byte (or only ones above a true one, so the
                // lowest flagged is true); a high bit in w itself is outside ASCII.
                let flagged = ((xa &- ByteFlags.ones) | (xb &- ByteFlags.ones) | (w &- low) | w) & ByteFlags.highs
                if flagged == 0 {
                    i &+= 8
                    continue
                }
                i &+= flagged.trailingZeroBitCount &>> 3
                guard byte(i) >= 0x80 else { return i }
                let run = threeByteRun(from: i)
                if run > i {
                    i = run
                    continue
                }
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

    /// `run` without the checks, for text already passed through it: the first `a` or `b` from `start`
    /// before `end` (at most `count`), or `end`. A caller looking inside one token bounds the search by
    /// its end, so that the search never runs on through the rows after it.
    @inline(__always)
    func find(from start: Int, before end: Int, _ a: UInt8, _ b: UInt8) -> Int {
        let end = min(end, count)
        guard let base else { return end }
        var i = ByteFlags.firstFlagged(base, from: start, before: end, words: words) {
            ByteFlags.equal($0, a) | ByteFlags.equal($0, b)
        }
        while i < end && base[i] != a && base[i] != b { i &+= 1 }
        return min(i, end)
    }

    /// The text of `range` (below `count`), which a scan through `run` found valid, checked
    /// again (`asciiIfValid`, within the range) before the copy: a file rewritten in place
    /// while mapped can change under the reader, and a `String` must never hold invalid
    /// UTF-8. Text that fails is repaired by the standard library's decoder (the plain twin).
    func string(_ range: Range<Int>) -> String {
        let text = UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
        if words, #available(macOS 26, *), let ascii = WordScanner(text, words: true).asciiIfValid() {
            return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: ascii))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `string(range)`, with its plain columns (`PlainLines.plainColumns`) when it is plain text, found in the
    /// pass that checks its UTF-8 (`PlainLines.checkedPlainPrefix`; the bytes past plain text by `asciiIfValid`).
    /// Words off (the plain twin): no columns; the label is measured later, as any other.
    func measuredString(_ range: Range<Int>) -> (text: String, columns: Int?) {
        guard words, #available(macOS 26, *) else { return (string(range), nil) }
        let text = UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
        let plain = PlainLines.checkedPlainPrefix(text)
        let whole = plain.end == text.count
        var ascii = plain.ascii
        if !whole {
            guard let rest = WordScanner(UnsafeBufferPointer(rebasing: text[plain.end...]), words: true).asciiIfValid()
            else { return (String(decoding: text, as: UTF8.self), nil) }
            ascii = ascii && rest
        }
        let string = String(copying: UTF8Span(unchecked: text.span, isKnownASCII: ascii))
        return (string, whole ? plain.columns : nil)
    }

    /// Whether the bytes are all ASCII when they are valid UTF-8; nil when not. A short
    /// text's check: the last word is read where the bytes end, those passed shifted out.
    func asciiIfValid() -> Bool? {
        var ascii = true
        var i = 0
        while i < count {
            #if _endian(little)
                if words && count >= 8 {
                    let at = min(i, count &- 8)
                    let word = UnsafeRawPointer(base.unsafelyUnwrapped + at).loadUnaligned(as: UInt64.self)
                    let high = (word & ByteFlags.highs) &>> UInt64((i &- at) &<< 3)
                    if high == 0 {
                        i = at &+ 8
                        continue
                    }
                    i &+= high.trailingZeroBitCount &>> 3
                }
            #endif
            if byte(i) < 0x80 {
                i &+= 1
                continue
            }
            ascii = false
            if words, case let run = threeByteRun(from: i), run > i {
                i = run
                continue
            }
            let n = utf8Length(at: i)
            if n == 0 { return nil }
            i &+= n
        }
        return ascii
    }
}
