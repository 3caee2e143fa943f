import Cellar

/// Decodes rows the load has checked from the document's bytes and row
/// offsets alone. A value that shares the document's bytes and index, so a
/// second thread may decode with it (`RowPrefetch`): it never changes them,
/// and a document that grows makes a new decoder. Errors are `ByteError`s at an
/// offset into `bytes`; the document locates them in its file.
struct RowDecoder: Sendable {
    let format: InputFormat
    let bytes: DocumentBytes
    let rowOffsets: RowOffsets
    /// CSV and TSV: the header's names, one per column.
    let columns: [String]

    /// A decoder of no rows, holding none of a document's bytes.
    static func none(_ format: InputFormat) -> RowDecoder {
        RowDecoder(format: format, bytes: DocumentBytes(), rowOffsets: RowOffsets(byteLimit: 0), columns: [])
    }

    /// The number of rows.
    var count: Int { rowOffsets.count }

    /// A row as written (with the table's keys).
    func row(_ index: Int) throws -> Value {
        try decode(index) { records, fields in
            records.row(fields, columns: columns)
        } json: { j in
            try j.value()
        }
    }

    /// A row as its style sees it (see `StyleRow`).
    func styleRow(_ index: Int) throws -> StyleRow {
        try decode(index) { records, fields in
            records.styleRow(fields, columns: columns)
        } json: { j in
            try j.styleRow()
        }
    }

    /// `styleRow`'s `cell` and `disabled` alone, the data passed over (a
    /// JSON row's fields noted in `members`, for `readFields`); nil for a
    /// row that is not an object (its data is no fields).
    func cellKeys(_ index: Int, members: inout [JSONBytes.RowMember]) throws -> CellKeys? {
        try decode(index) { records, fields in
            members.removeAll(keepingCapacity: true)
            return records.cellKeys(fields, columns: columns)
        } json: { j in
            try j.cellKeys(members: &members)
        }
    }

    /// Hands `styleRow`'s data to `sink`, field by field, without building
    /// it: a JSON row's from the `members` `cellKeys` noted (found
    /// again when nil), a CSV or TSV record read again.
    func readFields(_ index: Int, members: [JSONBytes.RowMember]?, into sink: inout some RowFieldSink) throws {
        try decode(index) { records, fields in
            try records.readFields(fields, columns: columns, into: &sink)
        } json: { j in
            if let members { return try j.readFields(members, into: &sink) }
            var found: [JSONBytes.RowMember] = []
            guard try j.cellKeys(members: &found) != nil else { return }
            try j.readFields(found, into: &sink)
        }
    }

    /// A row as the table configures it: parsed for its built-in style when
    /// `builtins` says one draws it and the parse succeeds, else as its style
    /// sees it (a row that fails to parse fails again, located, when the
    /// table configures its cell). JSON rows of a built-in style are read
    /// straight into the style's fields. With `ambiguousWide`, a parsed
    /// row's labels are measured with that setting (`MeasuredLabels`). A
    /// parsed row takes `box` when given (see `DecodedRow.init(parsed:…)`).
    func decodedRow(
        _ index: Int, builtins: inout BuiltinIdentifiers, measuringLabels ambiguousWide: Bool? = nil,
        box: ParsedRowData? = nil
    ) throws -> DecodedRow {
        if format != .csv && format != .tsv, let row = builtinJSONRow(index, &builtins, ambiguousWide, box) {
            return row
        }
        let row = try styleRow(index)
        if builtins.contains(row.cell), let data = try? RowData.parse(row.data, style: nil) {
            return DecodedRow(
                parsed: data, cell: row.cell, disabled: row.disabled, measuringLabels: ambiguousWide, box: box)
        }
        return DecodedRow(row)
    }

    /// A JSON row read straight into a built-in style's fields and parsed;
    /// nil for a row no built-in style draws, or one whose data does not parse.
    private func builtinJSONRow(
        _ index: Int, _ builtins: inout BuiltinIdentifiers, _ ambiguousWide: Bool?, _ box: ParsedRowData?
    ) -> DecodedRow? {
        let decoded = try? decode(index) { _, _ in
            nil
        } json: { j -> DecodedRow? in
            var row = JSONBytes.BuiltinRow()
            guard try j.builtinRow(&builtins, into: &row), let data = try? RowData.parse(row.fields) else { return nil }
            return DecodedRow(
                parsed: data, cell: row.cell, disabled: row.disabled, measuringLabels: ambiguousWide, box: box)
        }
        return decoded ?? nil
    }

    private func decode<T>(
        _ index: Int, delimited: (DelimitedRecords, [DelimitedRecords.Field]) throws -> T,
        json: (inout JSONBytes) throws -> T
    ) throws -> T {
        let offset = rowOffsets[index]
        return try bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .csv, .tsv:
                let records = DelimitedRecords(buffer, format: format)
                var fields: [DelimitedRecords.Field] = []
                _ = try records.record(at: offset, into: &fields)
                return try delimited(records, fields)
            default:
                var j = JSONBytes(buffer, at: offset, yamlForm: format == .yaml)
                return try json(&j)
            }
        }
    }
}
