import Cellar
import CellarText

/// The bytes `YAMLBlockScanner` reads, and its one-line readings of them:
/// lines, spaces, comments and scalars (`YAMLBlockText+Scalars`).
///
/// Invariants: `base` addresses `count` bytes the caller holds for the
/// scanner's life; a byte is read only below the `end` of the line a function
/// is given, never past `count`, and only once its line is accepted (`line(from:)`),
/// but for the one byte `mayGoOn` looks at, a line `tabbedLine`
/// passes, the blanks of a line of blanks with a tab (`blankLineWithTab`), and
/// a block scalar's next line up to its first byte that is not a space.
/// A reading that meets anything outside the subset throws `YAMLBlockScanner.Declined`.
struct YAMLBlockText {
    let base: UnsafePointer<UInt8>
    let count: Int
    let words = WordScanner.wordsByDefault
    /// The bytes before this are whole lines the scanner may read (`accept`).
    private var accepted = 0
    /// Lines are accepted in runs about this long, just before they are read: the
    /// run is then read from the cache, and the first events need no pass over the whole text.
    static let acceptStep = 64 << 10

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // An empty text has no address; no byte of it is read.
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
        count = bytes.count
    }

    @inline(__always)
    subscript(_ i: Int) -> UInt8 { base[i] }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func slice(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: length)
    }

    /// The end of the line from `start` (before its CR LF or LF) and where the
    /// next line starts; the line accepted first, with the run of lines after
    /// it. A line with a character the scanner does not read declines.
    mutating func line(from start: Int) throws -> (end: Int, next: Int) {
        guard let line = acceptedLine(from: start) else { throw YAMLBlockScanner.Declined() }
        return line
    }

    /// `line(from:)`, or nil where it declines (the scanner's own lines: a line at a time, no error thrown).
    mutating func acceptedLine(from start: Int) -> (end: Int, next: Int)? {
        let line = bounds(ofLineFrom: start)
        guard line.next <= accepted || accept(from: start, through: line.next) else { return nil }
        return line
    }

    /// The end of the line from `start` (before its LF or CR LF) and where the next line starts; no byte checked.
    func bounds(ofLineFrom start: Int) -> (end: Int, next: Int) {
        guard let next = bytes.afterLineFeed(from: start) else { return (count, count) }
        let newline = next - 1
        return (newline > start && base[newline - 1] == 0x0D ? newline - 1 : newline, next)
    }

    /// Accepts the lines from `start` (those before it the scanner passed unread, `YAMLFragment`) through the one
    /// ending at `offset` and those of the next `acceptStep` bytes, up to the first with a character
    /// `YAMLCharacters.Reader.scanner` names; false if that is one asked for. A line feed is never inside a
    /// UTF-8 character, so runs of lines accepted one by one are accepted as a whole.
    private mutating func accept(from start: Int, through offset: Int) -> Bool {
        let from = max(accepted, start)
        let cut = bytes.afterLineFeed(from: max(offset, from + Self.acceptStep)) ?? count
        let lines = slice(from, cut - from)
        guard let declined = YAMLCharacters.firstForbidden(lines, markFirst: from == 0, reader: .scanner)?.offset else {
            accepted = cut
            return true
        }
        var line = from + declined
        while line > from && base[line - 1] != 0x0A { line -= 1 }
        accepted = line
        return offset <= line
    }

    /// Whether the line at `start` may go on a plain scalar in a block
    /// indented `parent`. A line indented deeper, and empty lines before one,
    /// have a space or a line break `parent` bytes on; a line with other text
    /// there does not go on the scalar (the next line's first byte is mostly a
    /// key's, at the parent's indentation).
    /// The byte is read whether or not its line is accepted: only a space or a
    /// line break says a line may go on, and that line is then accepted as it is read.
    @inline(__always)
    func mayGoOn(at start: Int, past parent: Int) -> Bool {
        guard start + parent < count else { return start < count }
        let b = base[start + parent]
        return b == UInt8(ascii: " ") || b == 0x0A || b == 0x0D
    }

    @inline(__always)
    func skipSpaces(from start: Int, to end: Int) -> Int {
        var i = start
        while i < end && base[i] == UInt8(ascii: " ") { i += 1 }
        return i
    }

    /// Past spaces and tabs: the separation after a key's `:` (tabs only on a line `tabbedLine` passed).
    @inline(__always)
    func skipSeparation(from start: Int, to end: Int) -> Int {
        var i = start
        while i < end && (base[i] == 0x20 || base[i] == 0x09) { i += 1 }
        return i
    }

    /// Nothing but spaces and a comment (after a space) from `start` to `end`.
    func isBlankOrComment(from start: Int, to end: Int) -> Bool {
        let i = skipSpaces(from: start, to: end)
        return i == end || (i > start && base[i] == UInt8(ascii: "#"))
    }

    /// `---` or `...` at the start of a line (followed by anything).
    func isDocumentMarker(at i: Int, end: Int) -> Bool {
        guard i + 3 <= end else { return false }
        let b = base[i]
        return (b == UInt8(ascii: "-") || b == UInt8(ascii: ".")) && base[i + 1] == b && base[i + 2] == b
    }

    /// `%YAML 1.2` (the version Cellar reads), then the line's end or a comment.
    func isVersion12Directive(at i: Int, end: Int) -> Bool {
        guard i + 6 <= end, slice(i, 6).equals("%YAML ") else { return false }
        let version = skipSpaces(from: i + 6, to: end)
        return version + 3 <= end && slice(version, 3).equals("1.2") && isBlankOrComment(from: version + 3, to: end)
    }

    /// `-` followed by a space or the line's end: a block sequence's entry.
    @inline(__always)
    func isEntry(at i: Int, end: Int) -> Bool {
        base[i] == UInt8(ascii: "-") && (i + 1 == end || base[i + 1] == UInt8(ascii: " "))
    }

    /// The first `a` or `b` from `start`, or `end`.
    @inline(__always)
    func first(_ a: UInt8, _ b: UInt8, from start: Int, to end: Int) -> Int {
        var i = ByteFlags.firstFlagged(base, from: start, before: end, words: words) {
            ByteFlags.equal($0, a) | ByteFlags.equal($0, b)
        }
        while i < end && base[i] != a && base[i] != b { i += 1 }
        return min(i, end)
    }
}
