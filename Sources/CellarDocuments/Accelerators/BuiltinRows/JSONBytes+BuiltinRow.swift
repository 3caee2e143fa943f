import Cellar
import CellarText

extension JSONBytes {
    struct BuiltinRow {
        var fields = RowDataFields()
        var cell: String?
        var disabled = false
        /// The values of the cell's keys; nil (nothing to release) when the row has none.
        var cellKeyValues: CellKeyValues?
        /// The labels' widths found as their text was read (`MeasuredLabels.Known`).
        var known = MeasuredLabels.Known()

        /// Sets a label; its plain columns, found as it was read, are noted.
        mutating func set(_ field: RowDataFields.Field, to text: (text: String, columns: Int?)) {
            if let columns = text.columns { known.note(text.text, plainColumns: columns) }
            fields.set(field, to: .string(text.text))
        }

        /// Keeps `value` as cell key `k`.
        mutating func setCellKey(_ k: Int, to value: Value) {
            if cellKeyValues == nil { cellKeyValues = CellKeyValues() }
            cellKeyValues?.set(k, value)
        }
    }

    /// Reads a checked row straight into a built-in style's fields, the values
    /// `styleRow()` gives and `RowData` reads of them; false when no built-in
    /// style draws it (the caller decodes it then).
    mutating func builtinRow(_ builtins: inout BuiltinIdentifiers, into row: inout BuiltinRow) throws -> Bool {
        guard current == UInt8(ascii: "{") else { return false }
        var member = 0
        var gapStart = pos
        pos += 1
        skipSpace()
        while current != UInt8(ascii: "}") {
            let key: BuiltinKey
            // Rows mostly repeat the gaps before their values, and the same gap names the same key.
            if let gap = builtins.shape.match(member, words, at: gapStart) {
                pos = gapStart &+ gap.length
                skipSpace()
                key = gap.name
            } else {
                let token = try string(checked: true)
                try colon()
                key = withText(of: token, BuiltinKey.init(utf8:))
                builtins.shape.record(member, words, gap: gapStart..<pos, key: token.range, name: key)
            }
            switch key {
            case .cell: guard try builtinCell(&builtins, into: &row) else { return false }
            case .disabled: row.disabled = try value(depth: 1).boolValue == true
            case .cellKey(let k): row.setCellKey(k, to: try nestedValue(key, &builtins.recent))
            case .passedOver: _ = try nestedValue(key, &builtins.recent, build: false)
            case .field(let field):
                guard current == UInt8(ascii: "\"") else {
                    row.fields.set(field, to: try nestedValue(key, &builtins.recent))
                    break
                }
                if field.isLabel, words.words, let label = plainLabel() {
                    row.set(field, to: label)
                    break
                }
                let token = try string(checked: true)
                // An accessory type's name is taken as the type (accelerators on); other text is decoded.
                if words.words, !token.escaped, field.isAccessory,
                    row.fields.set(field, toTypeNamed: UnsafeBufferPointer(rebasing: bytes[token.range]))
                {
                    break
                }
                // A label here is not plain (`plainLabel` passed it): measured where it is laid out.
                row.fields.set(field, to: .string(decode(token)))
            }
            skipSpace()
            gapStart = pos
            if current == UInt8(ascii: ",") {
                pos += 1
                skipSpace()
            }
            member &+= 1
        }
        pos += 1
        return row.cell != nil || builtins.contains(nil)
    }

    /// The value at `pos` (`.null` unless `build`: passed over); a mapping or list met before (a
    /// text colour, a swipe action) is taken as decoded then, by its length (`recent`, accelerators on).
    private mutating func nestedValue(
        _ key: BuiltinKey, _ recent: inout RecentValues<BuiltinKey, Value>, build: Bool = true
    ) throws -> Value {
        guard words.words else { return try value(depth: 1, build: build) }
        let start = pos
        if let (v, count) = recent.find(key, in: bytes, at: start) {
            pos = start &+ count
            return v
        }
        let v = try value(depth: 1, build: build)
        recent.keep(key, bytes, start..<pos, v)
        return v
    }

    /// False when no built-in style draws the `cell`; a name met before is matched as bytes.
    private mutating func builtinCell(_ builtins: inout BuiltinIdentifiers, into row: inout BuiltinRow) throws -> Bool {
        if current == UInt8(ascii: "\"") {
            let token = try string(checked: true)
            if !token.escaped, let known = builtins.known(bytes, token.range) {
                row.cell = known.id
                return known.builtin
            }
            row.cell = decode(token)
        } else {
            row.cell = try value(depth: 1).stringValue
        }
        return builtins.contains(row.cell)
    }

    /// The string at `pos` of a checked row, read with its plain columns in one pass that checks its UTF-8
    /// (`PlainLines.checkedPlainPrefix(jsonStringAt:)`), when it is plain text with no escape; else nil,
    /// `pos` where it was.
    private mutating func plainLabel() -> (text: String, columns: Int?)? {
        guard #available(macOS 26, *) else { return nil }
        let start = pos &+ 1
        let rest = UnsafeBufferPointer(rebasing: bytes[min(start, bytes.count)...])
        let plain = PlainLines.checkedPlainPrefix(jsonStringAt: rest)
        guard plain.end < rest.count, rest[plain.end] == UInt8(ascii: "\"") else { return nil }
        pos = start &+ plain.end &+ 1
        let text = UnsafeBufferPointer(rebasing: rest[..<plain.end])
        return (String(copying: UTF8Span(unchecked: text.span, isKnownASCII: plain.ascii)), plain.columns)
    }
}
