/// Lines written as plain text bytes instead of cells: the fast path of a
/// stream whose writer writes plain text (no colour), where a row is the
/// same bytes however its cells were styled.
///
/// Invariant: a plain line holds exactly the bytes `render(row:into:sgr: nil)`
/// writes for the cells the same calls to `drawClean` would have set: text
/// goes in only when every cluster of it is one scalar of non-zero width
/// (printable ASCII, or a simple base that nothing joins), maybe followed by
/// VS16, so drawing it cell by cell stores its own bytes, at the columns its
/// width says; pieces go in left to right without overlapping, and trailing
/// spaces are trimmed as the writer trims blanks. Anything else makes the
/// caller draw the row's cells instead (`drawPlainLines` returns false and
/// leaves the canvas as it was). The cells of a plain line stay blank, so
/// clearing the canvas costs nothing more. Only a plain-text writer may be
/// handed a canvas that `takesPlainLines`: its other readers see blanks there.
extension Canvas {
    /// Bytes a plain line may take: a column holds at most seven (a scalar
    /// of four and VS16, on a terminal where VS16 does not widen), and
    /// `PlainLines` stores whole words, up to eight bytes past its end.
    static func plainRoom(lines: Int, width: Int) -> Int { lines * 7 * width + 8 }

    /// Builds `count` plain lines from line `y` with `build`; false (and the
    /// canvas unchanged) when `build` refuses or the lines fall outside.
    public mutating func drawPlainLines(at y: Int, count: Int, _ build: (inout PlainLines) -> Bool) -> Bool {
        guard takesPlainLines, !ambiguousWide, y >= 0, count >= 0, y + count <= height else { return false }
        if plainLineOf.count != height { plainLineOf = Array(repeating: -1, count: height) }
        let ends = plainEnds.count
        let used = plainEnds.last ?? 0
        // Room for the longest lines first: the build then writes through a pointer.
        let needed = used + Self.plainRoom(lines: count, width: width)
        if plainBytes.count < needed {
            plainBytes.append(contentsOf: repeatElement(0, count: max(needed - plainBytes.count, plainBytes.count)))
        }
        let width = self.width
        let built = plainBytes.withUnsafeMutableBufferPointer { b -> Bool in
            guard let base = b.baseAddress else { return false }
            var lines = PlainLines(base: base, capacity: b.count, count: used, width: width)
            // The line ends are moved in and out, not copied.
            swap(&lines.ends, &plainEnds)
            let built = build(&lines) && lines.ends.count == ends + count
            if !built { lines.ends.removeSubrange(ends...) }
            swap(&lines.ends, &plainEnds)
            return built
        }
        guard built else { return false }
        for k in 0..<count { plainLineOf[y + k] = Int32(ends + k) }
        return true
    }

    /// The bytes of line `y` when it is a plain line.
    @inline(__always)
    func plainLine(_ y: Int) -> Range<Int>? {
        guard !plainEnds.isEmpty, y < plainLineOf.count, case let k = Int(plainLineOf[y]), k >= 0 else { return nil }
        return (k == 0 ? 0 : plainEnds[k - 1])..<plainEnds[k]
    }

    /// Forgets every plain line (the canvas is being cleared); the bytes' storage is kept.
    mutating func clearPlainLines() {
        guard !plainEnds.isEmpty else { return }
        plainEnds.removeAll(keepingCapacity: true)
        plainLineOf.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
    }
}

/// Plain lines being built, left to right, one after another, in the
/// canvas's storage (see `Canvas.drawPlainLines`), which stays allocated
/// while they are built and has `capacity` bytes.
public struct PlainLines {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private let width: Int
    fileprivate var ends: [Int] = []
    private var count: Int
    /// Where the current line's bytes start, and the column it has reached.
    private var lineStart: Int
    private var column = 0

    fileprivate init(base: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int, width: Int) {
        self.base = base
        self.capacity = capacity
        self.count = count
        self.width = width
        lineStart = count
    }

    /// Puts `text`, `columns` wide, at column `x` of the current line, after
    /// spaces up to it. False when it would overlap what the line holds or
    /// pass the canvas's edge, or is not plain (`plainColumns`) and exactly
    /// `columns` wide (see the invariant above).
    /// `knownPlain`: the caller found `text` plain and `columns` wide
    /// (`DisplayWidth.ofClean(_:ambiguousWide:plain:)`), so it is not checked again.
    public mutating func put(_ text: String, x: Int, columns: Int, knownPlain: Bool = false) -> Bool {
        withUTF8Bytes(text) { put(utf8: $0, x: x, columns: columns, knownPlain: knownPlain) }
    }

    /// Puts `text` at column `x`, measured by this type's own rule (`plainColumns`): its columns, or nil (nothing
    /// put) when it is not plain or does not fit.
    public mutating func put(_ text: String, x: Int) -> Int? {
        withUTF8Bytes(text) { p in
            guard let columns = Self.plainColumns(p), put(utf8: p, x: x, columns: columns, knownPlain: true) else {
                return nil
            }
            return columns
        }
    }

    /// `put(_:x:columns:knownPlain:)` for text given as its UTF-8 bytes.
    public mutating func put(utf8 p: UnsafeBufferPointer<UInt8>, x: Int, columns: Int, knownPlain: Bool = false) -> Bool
    {
        guard x >= column, columns >= 0, x <= width - columns,
            knownPlain || Self.plainColumns(p) == columns, append(spaces: x - column, p)
        else { return false }
        column = x + columns
        return true
    }

    /// Puts `text` at column `x`; `columns`, when given, must be its own
    /// (only a rule is cut: `PlainRule`).
    public mutating func put(_ text: PlainText, x: Int, columns: Int? = nil) -> Bool {
        let columns = columns ?? text.columns
        guard columns > 0 else { return true }
        guard x >= column, x <= width - columns, columns == text.columns else { return false }
        let fits = text.withBytes { append(spaces: x - column, $0) }
        if fits { column = x + columns }
        return fits
    }

    /// Puts the first `columns` of `rule` at column `x` (a separator's rule cut to the row).
    public mutating func put(_ rule: PlainRule, x: Int, columns: Int) -> Bool {
        guard columns > 0 else { return true }
        guard x >= column, x <= width - columns, columns <= rule.columns else { return false }
        let length = columns * rule.glyphLength
        let fits = rule.bytes.withUnsafeBufferPointer { append(spaces: x - column, .init(rebasing: $0[..<length])) }
        if fits { column = x + columns }
        return fits
    }

    /// Ends the current line: trailing spaces trimmed, as the writer trims blanks.
    public mutating func endLine() {
        while count > lineStart && base[count - 1] == 0x20 { count -= 1 }
        ends.append(count)
        lineStart = count
        column = 0
    }

    /// Appends `spaces` spaces, then `p`; false (nothing appended) past the
    /// room the canvas made, which the line's width keeps it within.
    private mutating func append(spaces: Int, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = count + spaces + p.count
        guard spaces >= 0, end + 8 <= capacity else { return false }
        // Whole words, up to 8 bytes past the end (inside `capacity`).
        let at = base + count
        var i = 0
        while i < spaces {
            UnsafeMutableRawPointer(at + i).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            i &+= 8
        }
        if let from = p.baseAddress {
            let to = at + spaces
            let n = p.count
            if n > 64 {
                to.update(from: from, count: n)
            } else if n >= 8 {
                // Whole words, the last one ending at the text's end (it may
                // overlap the one before): no read past `p`.
                var i = 0
                while i &+ 8 < n {
                    Self.copyWord(from + i, to + i)
                    i &+= 8
                }
                Self.copyWord(from + (n &- 8), to + (n &- 8))
            } else {
                var i = 0
                while i < n {
                    to[i] = from[i]
                    i &+= 1
                }
            }
        }
        count = end
        return true
    }

    @inline(__always)
    private static func copyWord(_ from: UnsafePointer<UInt8>, _ to: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(to).storeBytes(
            of: UnsafeRawPointer(from).loadUnaligned(as: UInt64.self), as: UInt64.self)
    }

    /// The columns of `p` when every cluster of it is one scalar of non-zero
    /// width (printable ASCII, or a simple base that nothing joins), maybe
    /// followed by VS16, else nil. Measured narrow: plain lines are drawn
    /// only where ambiguous characters are narrow. Such text is clean
    /// (`Sanitizer` rewrites only controls and bidi controls, none of them
    /// plain) and as wide as `DisplayWidth` says.
    public static func plainColumns(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        let prefix = plainPrefix(p, validating: false, quoted: false)
        return prefix.end == p.count ? prefix.columns : nil
    }

    /// `plainColumns` of bytes not known to be UTF-8 (a document's text, before a `String` is made of it),
    /// each scalar it passes checked: the columns of the plain text before `end`, the first byte of a
    /// scalar that is not plain or not UTF-8 (`p.count` when all is plain), and whether that text is ASCII.
    /// The caller checks the bytes from `end`.
    public static func checkedPlainPrefix(_ p: UnsafeBufferPointer<UInt8>) -> (columns: Int, end: Int, ascii: Bool) {
        plainPrefix(p, validating: true, quoted: false)
    }

    /// `checkedPlainPrefix` of a JSON string's bytes from after its opening quote: it stops at a quote or a
    /// backslash too, where the string ends or an escape starts.
    public static func checkedPlainPrefix(
        jsonStringAt p: UnsafeBufferPointer<UInt8>
    ) -> (columns: Int, end: Int, ascii: Bool) {
        plainPrefix(p, validating: true, quoted: true)
    }

    /// The three above: `validating` adds the UTF-8 checks, `quoted` the stops of a JSON string (constants
    /// where each is compiled).
    @inline(__always)
    private static func plainPrefix(
        _ p: UnsafeBufferPointer<UInt8>, validating: Bool, quoted: Bool
    ) -> (columns: Int, end: Int, ascii: Bool) {
        let table = propertyTable
        let n = p.count
        var i = 0
        var total = 0
        var ascii = true
        while i < n {
            if i &+ 8 <= n, let b = p.baseAddress {
                let word = SWAR.load(b + i)
                let flagged = quoted ? SWAR.nonPrintableOrJSONStop(word) : SWAR.nonPrintableASCII(word)
                if flagged == 0 {
                    i &+= 8
                    total &+= 8
                    continue
                }
                // The printable ASCII before the first flagged byte (exact), counted at once.
                let printable = flagged.trailingZeroBitCount &>> 3
                i &+= printable
                total &+= printable
            }
            let byte = p[i]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F, !quoted || (byte != 0x22 && byte != 0x5C) else { break }
                i &+= 1
                total &+= 1
                continue
            }
            ascii = false
            // Hangul syllables, two columns and simple bases (the table agrees:
            // `PlainLinesTests` checks every scalar), without the table: a run of them in one loop.
            var syllables = 0
            while i &+ 2 < n, case let lead = UInt32(p[i]), lead &- 0xEA < 4,
                !validating || (p[i &+ 1] & 0xC0 == 0x80 && p[i &+ 2] & 0xC0 == 0x80),
                case let syllable = (lead & 0x0F) << 12 | (UInt32(p[i &+ 1]) & 0x3F) << 6 | (UInt32(p[i &+ 2]) & 0x3F),
                syllable &- 0xAC00 < 0xD7A4 - 0xAC00
            {
                i &+= 3
                syllables &+= 1
            }
            if syllables > 0 {
                total &+= 2 &* syllables
                continue
            }
            let (scalar, length) = decodeScalar(p, i)
            if validating && !isWellFormed(p, i, scalar, length) { break }
            let props = table.lookup(scalar)
            let w = props.columns(ambiguousWide: false)
            guard length > 0, props.isSimpleBase, !props.joinsPrevious, w > 0 else { break }
            i &+= length
            total &+= w
            // An emoji made so by VS16 (✈️) is one cluster: the base's columns, one more
            // where VS16 widens it, as `DisplayWidth` counts it. Whatever joins after it
            // (ZWJ, a keycap) is refused on the next turn.
            if i &+ 2 < n, p[i] == 0xEF, p[i &+ 1] == 0xB8, p[i &+ 2] == 0x8F {
                i &+= 3
                if props.widensWithVS16 { total &+= 1 }
            }
        }
        return (total, i, ascii)
    }

    /// Whether `p[i...]` starts with `scalar` in `length` bytes as UTF-8 writes it (shortest form, no
    /// surrogate, at most U+10FFFF), as `decodeScalar` read it. Judged from the scalar already decoded: checking
    /// the bytes again by lead-byte ranges (`WordScanner.utf8Length`) costs more per label.
    @inline(__always)
    private static func isWellFormed(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ scalar: UInt32, _ length: Int) -> Bool
    {
        guard length >= 2, i &+ length <= p.count else { return false }
        for k in 1..<length where p[i &+ k] & 0xC0 != 0x80 { return false }
        switch length {
        case 2: return scalar >= 0x80
        case 3: return scalar >= 0x800 && scalar &- 0xD800 >= 0x800
        default: return p[i] <= 0xF4 && scalar >= 0x1_0000 && scalar <= 0x10_FFFF
        }
    }
}

/// Text that plain lines take as its bytes, checked once: a glyph drawn on
/// many rows (an accessory, a selection mark). Its bytes are held inline,
/// so the value is copied and passed around without counting references.
public struct PlainText: Sendable, Equatable {
    /// Bytes a plain text holds at most.
    public static let capacity = 16
    private let words: (UInt64, UInt64)
    private let count: Int
    /// Display columns of the text.
    public let columns: Int

    /// Nil when `text` is not plain (`PlainLines.plainColumns`), not
    /// `columns` wide, or longer than `capacity` bytes. Unless `measured`,
    /// `text` is taken to be plain and `columns` wide: for the program's own
    /// glyphs, made at every start-up, held to their measure by a test (measuring
    /// a non-ASCII glyph loads the Unicode tables, which an ASCII table never needs).
    public init?(_ text: String, columns: Int, measured: Bool = true) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.capacity,
            !measured || bytes.withUnsafeBufferPointer({ PlainLines.plainColumns($0) }) == columns
        else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
        self.words = words
        count = bytes.count
        self.columns = columns
    }

    /// The same bytes and columns.
    public static func == (a: PlainText, b: PlainText) -> Bool {
        a.words == b.words && a.count == b.count && a.columns == b.columns
    }

    /// Runs `body` on the text's bytes.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBytes(of: words) { raw in
            body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]))
        }
    }
}

/// A separator's rule for plain lines: copies of a one-column glyph, made
/// once as wide as a table may be and cut to each row.
public struct PlainRule: Sendable, Equatable {
    let bytes: [UInt8]
    /// Display columns of the whole rule.
    public let columns: Int
    /// Bytes of each glyph.
    let glyphLength: Int

    /// `count` copies of a one-column `glyph`; nil when it is not plain or one column
    /// wide (taken to be both unless `measured`, as `PlainText` does).
    public init?(repeating glyph: String, count: Int, measured: Bool = true) {
        guard let one = PlainText(glyph, columns: 1, measured: measured) else { return nil }
        let glyphBytes = one.withBytes { Array($0) }
        columns = max(0, count)
        glyphLength = glyphBytes.count
        let total = glyphBytes.count * columns
        // Doubled, not appended a glyph at a time (as `String(repeating:count:)` does): a rule as
        // wide as any table is made at every start-up.
        bytes = Array(unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let base = buffer.baseAddress, total > 0 else { return }
            _ = UnsafeMutableBufferPointer(start: base, count: glyphBytes.count).initialize(from: glyphBytes)
            var filled = glyphBytes.count
            while filled < total {
                let copied = min(filled, total - filled)
                (base + filled).initialize(from: base, count: copied)
                filled += copied
            }
            initialized = total
        }
    }
}
