/// Makes data safe to show in a terminal: control characters (C0, C1, DEL),
/// and with them every escape sequence, and bidirectional overrides and
/// isolates become visible text; tabs become spaces.
///
/// - ESC and the other C0 controls become their Control Pictures
///   (U+241B `␛`, U+2400 `␀` …), DEL becomes `␡`; the rest of an escape
///   sequence then is harmless printable text (`␛]0;title␇`).
/// - C1 controls (U+0080–U+009F, including the one-byte CSI U+009B), the
///   bidi controls U+202A–U+202E, U+2066–U+2069 and the line and paragraph
///   separators U+2028, U+2029 (which terminals draw as nothing, gluing the
///   words around them) become `\u{…}`.
/// - A tab advances to the next multiple of `tabWidth` columns.
public enum Sanitizer {
    /// Columns between tab stops.
    public static let tabWidth = 4

    /// True when `text` needs no rewriting (the common case; a byte scan,
    /// no allocation).
    public static func isClean(_ text: some StringProtocol) -> Bool {
        withUTF8Bytes(text) { isClean(utf8: $0) }
    }

    /// The same for a `String`: other modules call this one directly
    /// instead of the unspecialised generic (paid per label per row).
    public static func isClean(_ text: String) -> Bool {
        withUTF8Bytes(text) { isClean(utf8: $0) }
    }

    /// Text is unclean exactly where one byte is a C0 control or DEL, or
    /// starts an unsafe sequence (`unsafeLength`; those start with 0xC2 or
    /// 0xE2). The hot path: eight bytes are tested at once for any of these
    /// (`SWAR.controlOrUnsafeLead`), so Hangul, emoji and other UTF-8 pass
    /// without a byte loop; a flagged byte is then looked at alone.
    /// `SanitizerFastPathTests` checks it against the rules byte by byte.
    static func isClean(utf8 p: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = p.count
        guard let base = p.baseAddress else { return true }
        if n < 8 { return (0..<n).allSatisfy { isSafe(p, $0) } }
        var i = 0
        while true {
            // The last word overlaps bytes already passed: testing them again is harmless.
            let at = min(i, n &- 8)
            var flagged = SWAR.controlOrUnsafeLead(SWAR.load(base + at))
            while flagged != 0 {
                if !isSafe(p, at &+ flagged.trailingZeroBitCount &>> 3) { return false }
                flagged &= flagged &- 1
            }
            i &+= 8
            if at == n &- 8 { return true }
        }
    }

    /// Whether the byte at `i` neither is a control nor starts an unsafe sequence.
    @inline(__always)
    static func isSafe(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let b = p[i]
        return b >= 0x20 && b != 0x7F && unsafeLength(p, i) == 0
    }

    /// Byte length of an unsafe non-ASCII sequence starting at `i`, or 0.
    @inline(__always)
    static func unsafeLength(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let b = p[i]
        if b == 0xC2, i + 1 < p.count, p[i + 1] >= 0x80, p[i + 1] <= 0x9F { return 2 }  // C1
        if b == 0xE2, i + 2 < p.count {
            let b1 = p[i + 1]
            let b2 = p[i + 2]
            if b1 == 0x80 && b2 >= 0xA8 && b2 <= 0xAE { return 3 }  // U+2028–U+202E
            if b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9 { return 3 }  // U+2066–U+2069
        }
        return 0
    }

    /// `text` with controls and bidi overrides made visible and tabs expanded; `text` itself when already clean.
    public static func sanitize(_ text: String) -> String {
        if isClean(text) { return text }
        let out = ByteBuffer(capacity: text.utf8.count + 16)
        withUTF8Bytes(text) { sanitize(utf8: $0, into: out) }
        return out.string
    }

    /// `sanitize(text)` for text of one line; nil when `text` holds a line
    /// break (CR or LF), which a layout takes as the end of a paragraph.
    public static func sanitizedLine(_ text: String) -> String? {
        if isClean(text) { return text }
        return withUTF8Bytes(text) { p in
            if holdsLineBreak(utf8: p) { return nil }
            let out = ByteBuffer(capacity: p.count + 16)
            sanitize(utf8: p, into: out)
            return out.string
        }
    }

    /// Whether `text` holds a line break (CR or LF): a layout lays it out as paragraphs.
    public static func holdsLineBreak(_ text: String) -> Bool {
        withUTF8Bytes(text) { holdsLineBreak(utf8: $0) }
    }

    static func holdsLineBreak(utf8 p: UnsafeBufferPointer<UInt8>) -> Bool {
        p.contains { $0 == 0x0A || $0 == 0x0D }
    }

    /// Characters of input text a message quotes at most.
    public static let excerptLength = 64

    /// Input text as a message quotes it (a value, a key, an identifier, a
    /// title): sanitised, and when longer than `excerptLength` characters cut
    /// to that many, the last being `…`, so a 5,000-character value gives a
    /// short error line. Grapheme clusters are kept whole; only a bounded
    /// prefix of `text` is read, however long it is.
    public static func excerpt(_ text: String) -> String {
        let limit = excerptLength
        if text.utf8.count <= limit, isClean(text) { return text }
        // Enough of `text` to fill the excerpt: `limit` clusters, or fewer when
        // clusters are huge (a run of combining marks is one cluster).
        let end = prefixEnd(text, characters: limit + 1, bytes: limit * 32)
        let clean = sanitize(String(text[..<end]))
        guard end < text.endIndex || clean.count > limit else { return clean }
        return String(clean.prefix(limit - 1)) + "…"
    }

    /// Bytes of UTF-8 one message line (an error, a warning, a log line)
    /// quotes of its text at most.
    public static let messageLimit = 1024

    /// A message as every output path shows it: when longer than `limit`
    /// bytes, its first whole characters within `limit` and `… (N bytes)`,
    /// N its whole length, so an 8 MB `error()` text prints one short line.
    /// Not sanitised: `boundedLine` is, for a line printed as is.
    /// `total`: the length of the text `text` was cut from, when it already was.
    public static func bounded(_ text: String, limit: Int = messageLimit, total: Int? = nil) -> String {
        let total = max(total ?? 0, text.utf8.count)
        guard text.utf8.count > limit else { return text }
        return String(text[..<prefixEnd(text, characters: .max, bytes: limit)]) + "… (\(total) bytes)"
    }

    /// `bounded`, then sanitised: a message line safe to print.
    public static func boundedLine(_ text: String) -> String {
        sanitize(bounded(text))
    }

    /// The end of the longest run of whole characters of `text` that holds at
    /// most `characters` of them in at most `bytes` bytes; reads no further.
    static func prefixEnd(_ text: String, characters: Int, bytes: Int) -> String.Index {
        var end = text.startIndex
        var kept = 0
        while end < text.endIndex, kept < characters {
            let next = text.index(after: end)
            if text.utf8.distance(from: text.startIndex, to: next) > bytes { break }
            end = next
            kept += 1
        }
        return end
    }

    /// Appends the sanitised form of `p` to `out`. Tab stops count from the
    /// start of what this call writes.
    static func sanitize(utf8 p: UnsafeBufferPointer<UInt8>, into out: ByteBuffer) {
        let n = p.count
        let lineStart = out.count
        // While what is written is printable ASCII, its column is its length.
        var ascii = true
        var i = 0
        while i < n {
            let b = p[i]
            if b >= 0x20 && b < 0x7F {
                out.append(b)
                i += 1
                continue
            }
            out.reserve(16)
            if b == 0x09 {
                let written = UnsafeBufferPointer(rebasing: out.bytes[lineStart...])
                let column = ascii ? written.count : DisplayWidth.of(utf8: written)
                for _ in 0..<(tabWidth - column % tabWidth) { out.put(0x20) }
                i += 1
                continue
            }
            ascii = false
            if b < 0x20 {
                out.putScalar(0x2400 + UInt32(b))
                i += 1
            } else if b == 0x7F {
                out.putScalar(0x2421)
                i += 1
            } else if case let length = unsafeLength(p, i), length > 0 {
                let (scalar, _) = decodeScalar(p, i)
                out.append("\\u{" + String(scalar, radix: 16, uppercase: true) + "}")
                i += length
            } else {
                out.put(b)
                i += 1
            }
        }
    }
}
