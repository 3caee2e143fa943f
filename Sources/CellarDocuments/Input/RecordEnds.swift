/// Where the last complete record ends in rows arriving in pieces (`PipedRows`): each byte is looked at once
/// however many reads a record takes (else quadratic), so what is open at a piece's end is kept.
///
/// Invariant: a record ends where `DelimitedRecords` (or, for JSON Lines, `StreamedDocument.scanLines`) would end
/// it, so the records handed on read alike however the bytes arrived.
struct RecordEnds {
    let format: InputFormat
    /// The end of the last complete record found, 0 before the first.
    private(set) var lastEnd = 0
    private(set) var searched = 0
    /// Bytes looked at, a byte read again counted again (for tests).
    private(set) var looked = 0
    /// CSV's state.
    private var inQuotes = false
    /// JSON Lines': brackets open, and inside a string.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// TSV's.
    private var state = State.fieldStart

    private enum State {
        case fieldStart, unquoted
        /// Inside the quoted field whose quote is at `start`: should it turn out to be text as written, it is
        /// read again from there.
        case quoted(start: Int)
        /// After a quote inside a quoted field: doubled, closing, or (TSV) text after it.
        case quote(start: Int)
        case quoteCR(start: Int)
    }

    init(format: InputFormat) { self.format = format }

    /// Reads `bytes` (all that has arrived) from where the last call stopped.
    mutating func search(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = searched
        // The header's first field starts after a byte order mark, which may not have arrived whole.
        if i == 0 && format == .tsv {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            if bytes.count < 3 && bytes.elementsEqual(mark.prefix(bytes.count)) { return }
            i = bytes.byteOrderMarkLength
        }
        defer { searched = bytes.count }
        if format != .tsv { looked += bytes.count - i }
        switch format {
        case .csv:
            // RFC 4180: a quote that does not open, double or close one is an error, which the reader reports.
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\"") {
                    inQuotes.toggle()
                } else if bytes[i] == 0x0A && !inQuotes {
                    lastEnd = i + 1
                }
                i += 1
            }
        case .tsv:
            while i < bytes.count {
                i = step(bytes, at: i)
            }
        default:
            // An object may span lines (a pretty-printed one, as `jq` writes it); its record ends at the line
            // end after it.
            while i < bytes.count {
                let b = bytes[i]
                if inString {
                    if escaped {
                        escaped = false
                    } else if b == UInt8(ascii: "\\") {
                        escaped = true
                    } else if b == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else if b == UInt8(ascii: "\"") {
                    inString = depth > 0
                } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                    depth += 1
                } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                } else if b == 0x0A && depth == 0 {
                    lastEnd = i + 1
                }
                i += 1
            }
        }
    }

    /// One TSV byte as `DelimitedRecords.read` takes it; returns where to go on. A field that only looked quoted
    /// is read again as text from its start, which each byte is at most once: a quoted field ends at its first
    /// quote that is not doubled.
    private mutating func step(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = bytes[i]
        looked += 1
        switch state {
        case .fieldStart where b == UInt8(ascii: "\""): state = .quoted(start: i)
        case .fieldStart, .unquoted:
            if b == 0x0A { lastEnd = i + 1 }
            state = b == 0x0A || b == 0x09 ? .fieldStart : .unquoted
        case .quoted(let start):
            if b == UInt8(ascii: "\"") { state = .quote(start: start) }
        case .quote(let start):
            switch b {
            case UInt8(ascii: "\""): state = .quoted(start: start)
            case 0x09: state = .fieldStart
            case 0x0A:
                lastEnd = i + 1
                state = .fieldStart
            case 0x0D: state = .quoteCR(start: start)
            default: return asWritten(from: start)
            }
        case .quoteCR(let start):
            guard b == 0x0A else { return asWritten(from: start) }
            lastEnd = i + 1
            state = .fieldStart
        }
        return i + 1
    }

    private mutating func asWritten(from start: Int) -> Int {
        state = .unquoted
        return start + 1
    }
}
