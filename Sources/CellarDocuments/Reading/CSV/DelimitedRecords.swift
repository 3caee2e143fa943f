import Cellar

/// CSV (RFC 4180) and TSV read straight from the bytes, records ending at LF
/// or CRLF; by hand, as the scan keeps byte offsets and must not allocate for
/// a record it only passes.
///
/// In both, a field that starts with a quote is quoted, its quotes doubled, as spreadsheets write one that holds
/// the separator, a line break or a quote. CSV refuses a quote anywhere else. TSV (IANA: any text but tabs and
/// line breaks) reads it as text, and a field that only looks quoted (text after its closing quote) as written.
struct DelimitedRecords {
    let bytes: UnsafeBufferPointer<UInt8>
    let separator: UInt8
    /// CSV: a quote inside an unquoted field, or text after a closing quote, is an error.
    let strictQuotes: Bool
    let words: WordScanner

    /// `separator`: a CSV's other than the comma (`StreamedDocument.scanHeader`).
    init(_ bytes: UnsafeBufferPointer<UInt8>, format: InputFormat, separator: UInt8? = nil) {
        self.bytes = bytes
        self.separator = separator ?? (format == .tsv ? 0x09 : UInt8(ascii: ","))
        strictQuotes = format != .tsv
        words = WordScanner(bytes)
    }

    struct Field {
        var range: Range<Int>
        var quoted: Bool
    }

    /// The start of the next record with content (blank lines passed), or nil at the end.
    func nextRecordStart(from offset: Int) -> Int? {
        var i = offset
        while i < bytes.count {
            if bytes[i] == 0x0A {
                i += 1
            } else if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                i += 2
            } else {
                return i
            }
        }
        return nil
    }

    /// Reads the record at `start` into `fields`, checking its UTF-8; returns the offset past it.
    func record(at start: Int, into fields: inout [Field]) throws(ByteError) -> Int {
        // Written in place over the last record's fields (a store through the array asks, per
        // field, whether its storage is shared); a record with more is read again with room for them.
        while true {
            if fields.isEmpty { fields.append(Field(range: 0..<0, quoted: false)) }
            let (count, next) = try fields.withUnsafeMutableBufferPointer { room throws(ByteError) in
                try read(at: start, into: room)
            }
            if let next {
                if count < fields.count { fields.removeLast(fields.count - count) }
                return next
            }
            fields += repeatElement(Field(range: 0..<0, quoted: false), count: fields.count)
        }
    }

    /// The fields of the record at `start` written into `room`: how many, and the offset past
    /// the record, nil when it has more fields than `room` holds.
    private func read(at start: Int, into room: UnsafeMutableBufferPointer<Field>) throws(ByteError) -> (Int, Int?) {
        var count = 0
        var i = start
        while true {
            let fieldStart = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "\""), let close = try closingQuote(of: fieldStart) {
                guard count < room.count else { return (count, nil) }
                room[count] = Field(range: (fieldStart + 1)..<close, quoted: true)
                count += 1
                i = close + 1
                if i < bytes.count, bytes[i] == 0x0D { i += 1 }
            } else {
                while true {
                    // Control bytes from U+000B on are the field's own, but CR: it ends the line only before LF
                    // or the file's end, and a lone one is an error, as a spreadsheet would start a record there.
                    i = words.run(from: i, to: separator, strictQuotes ? UInt8(ascii: "\"") : separator, below: 0x0E)
                    guard i < bytes.count, bytes[i] != separator, bytes[i] != 0x0A else { break }
                    if bytes[i] == 0 { throw nul(at: i) }
                    if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] != 0x0A { throw Self.loneCR(at: i) }
                    if strictQuotes, bytes[i] == UInt8(ascii: "\"") {
                        throw ByteError(
                            offset: i,
                            message:
                                "a quote inside an unquoted field (quote the whole field and double the quote: \"\")")
                    }
                    if bytes[i] >= 0x80 { throw Self.invalidUTF8(at: i) }
                    i += 1
                }
                var end = i
                if end > fieldStart, bytes[end - 1] == 0x0D, i >= bytes.count || bytes[i] == 0x0A { end -= 1 }
                guard count < room.count else { return (count, nil) }
                room[count] = Field(range: fieldStart..<end, quoted: false)
                count += 1
            }
            if i >= bytes.count { return (count, i) }
            if bytes[i] == 0x0A { return (count, i + 1) }
            i += 1  // the separator
        }
    }

    /// The closing quote of the quoted field at `start`, where the field ends: before the separator, a line end
    /// or the end. A TSV field with text after it is nil, read as written.
    private func closingQuote(of start: Int) throws(ByteError) -> Int? {
        var i = start + 1
        while true {
            i = words.run(from: i, to: UInt8(ascii: "\""), UInt8(ascii: "\""), below: 1)
            guard i < bytes.count else {
                throw ByteError(
                    offset: start,
                    message: strictQuotes
                        ? "unterminated quoted field"
                        : "unterminated quoted field (a field that starts with a quote is quoted, as spreadsheets "
                            + "write one holding a tab or a line break: end it with a quote, or quote the whole "
                            + "field and double its quotes)")
            }
            if bytes[i] == 0 { throw nul(at: i) }
            guard bytes[i] == UInt8(ascii: "\"") else { throw Self.invalidUTF8(at: i) }
            if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                i += 2
                continue
            }
            var next = i + 1
            if next + 1 < bytes.count, bytes[next] == 0x0D, bytes[next + 1] == 0x0A { next += 1 }
            if next >= bytes.count || bytes[next] == separator || bytes[next] == 0x0A { return i }
            guard strictQuotes else { return nil }
            throw ByteError(
                offset: next,
                message:
                    "expected '\(separator == 0x09 ? "tab" : String(UnicodeScalar(separator)))' or a line break after a quoted field, found \(Self.describe(bytes, at: next))"
            )
        }
    }

    func nul(at i: Int) -> ByteError {
        ByteError(offset: i, message: "a NUL byte (U+0000) is not text")
    }

    static func invalidUTF8(at i: Int) -> ByteError { ByteError(offset: i, message: "invalid UTF-8") }
    static func loneCR(at i: Int) -> ByteError {
        ByteError(
            offset: i,
            message: "a line ends in a lone CR (an old Mac line end): save the file with LF or CR LF line ends, "
                + "or quote the field")
    }

    /// A field's bytes as written, its quotes included (the same bytes always read as the same text).
    func written(_ f: Field) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[f.quoted ? (f.range.lowerBound - 1)..<(f.range.upperBound + 1) : f.range])
    }

    func text(_ f: Field) -> String {
        let raw = words.string(f.range)
        guard doublesAQuote(f) else { return raw }
        return raw.replacing("\"\"", with: "\"")
    }

    /// Whether quoting doubled a quote in `f`: else its bytes are its text. The first quote from
    /// its start is, in a quoted field, a doubled one or the closing one.
    @inline(__always)
    func doublesAQuote(_ f: Field) -> Bool {
        f.quoted
            && words.find(from: f.range.lowerBound, before: f.range.upperBound, UInt8(ascii: "\""), UInt8(ascii: "\""))
                < f.range.upperBound
    }

    static func describe(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
        guard i < bytes.count else { return "end of file" }
        var end = i + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let b = bytes[i]
        if b < 0x20 { return "control character U+\(JSONBytes.hex4(Int(b)))" }
        return "'\(String(decoding: bytes[i..<end], as: UTF8.self))'"
    }

    /// A record as row data: fields are text, but those the schema types
    /// otherwise (`typed`); an empty field leaves its key out.
    func row(_ fields: [Field], columns: [String]) -> Value {
        var o: [String: Value] = [:]
        o.reserveCapacity(columns.count)
        for (key, f) in zip(columns, fields) where !f.range.isEmpty {
            o[key] = Self.typed(text(f), as: TableSchema.rowKey(key)?.type)
        }
        return .object(o)
    }

    /// A cell's text as a value of `type`: the table's flags (`true`, `false`) and the whole numbers of `height`
    /// and a built-in style's counts (`indentation`) are read as such; anything else stays text, for the check
    /// to word.
    static func typed(_ s: String, as type: TableSchema.ValueType?) -> Value {
        switch type {
        case .flag?, .movability?: s == "true" ? .bool(true) : s == "false" ? .bool(false) : .string(s)
        case .height?, .count?: number(s)
        default: .string(s)
        }
    }

    /// A whole number as a cell writes it: an integer, or one with a fraction of zeros (`2.0`, read as JSON's
    /// `2.0` is); else the text.
    static func number(_ s: String) -> Value {
        if let n = Int(s) { return .int(n) }
        guard let dot = s.firstIndex(of: "."), case let fraction = s[s.index(after: dot)...], !fraction.isEmpty,
            fraction.allSatisfy({ $0 == "0" }), let n = Int(s[..<dot])
        else { return .string(s) }
        return .int(n)
    }

    /// The record as its style reads it: text, but a built-in style's counts (`indentation`), as `row` reads
    /// them; the table's keys read apart. `columnKeys` are the columns' own (`JSONBytes.BuiltinKey`).
    func styleRow(_ fields: [Field], columns: [String], columnKeys: [JSONBytes.BuiltinKey]) -> StyleRow {
        var o: [String: Value] = [:]
        o.reserveCapacity(columns.count)
        var keys = CellKeys()
        for (c, f) in zip(columns.indices, fields) where !f.range.isEmpty {
            let key = columns[c]
            if StyleRow.isTableKey(key) {
                read(key, f, into: &keys)
            } else if case .field(let field) = columnKeys[c], field.isCount {
                o[key] = Self.number(text(f))
            } else {
                o[key] = .string(text(f))
            }
        }
        return StyleRow(data: .object(o), cell: keys.cell, disabled: keys.disabled)
    }

    func cellKeys(_ fields: [Field], columns: [String]) -> CellKeys {
        var keys = CellKeys()
        for (key, f) in zip(columns, fields) where !f.range.isEmpty { read(key, f, into: &keys) }
        return keys
    }

    private func read(_ column: String, _ f: Field, into keys: inout CellKeys) {
        if column == "cell" { keys.cell = text(f) } else if column == "disabled" { keys.disabled = text(f) == "true" }
    }
}
