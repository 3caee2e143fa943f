import Cellar
import CellarText

/// Decodes checked rows from the document's bytes and row offsets: an
/// immutable value a second thread may use (`RowPrefetch`). Errors are
/// `ByteError`s; the document locates them.
struct RowDecoder: Sendable {
    let format: InputFormat
    let bytes: DocumentBytes
    let rowOffsets: RowOffsets
    let columns: [String]
    let separator: UInt8?
    /// What each column is to a built-in style, named once, not per record.
    let columnKeys: [JSONBytes.BuiltinKey]
    /// Read once, not per row.
    let accelerated = Accelerators.enabled

    init(
        format: InputFormat, bytes: DocumentBytes, rowOffsets: RowOffsets, columns: [String], separator: UInt8? = nil
    ) {
        self.format = format
        self.bytes = bytes
        self.rowOffsets = rowOffsets
        self.columns = columns
        self.separator = separator
        columnKeys = columns.map(JSONBytes.BuiltinKey.init)
    }

    static func none(_ format: InputFormat) -> RowDecoder {
        RowDecoder(format: format, bytes: DocumentBytes(), rowOffsets: RowOffsets(byteLimit: 0), columns: [])
    }

    var count: Int { rowOffsets.count }

    func row(_ index: Int) throws -> Value {
        try decode(index) { records, fields in
            records.row(fields, columns: columns)
        } json: { j in
            try j.value()
        }
    }

    /// The values `row(index)` has under `keys`, in their order (nil: none).
    func values(_ index: Int, of keys: [StaticString]) throws -> [Value?] {
        try decode(index) { records, fields in
            records.row(fields, columns: columns).values(under: keys)
        } json: { j in
            try j.members(named: keys)
        }
    }

    func styleRow(_ index: Int) throws -> StyleRow {
        try decode(index) { records, fields in
            records.styleRow(fields, columns: columns, columnKeys: columnKeys)
        } json: { j in
            try j.styleRow()
        }
    }

    @inline(__always)
    func decode<T>(
        _ index: Int, delimited: (DelimitedRecords, [DelimitedRecords.Field]) throws -> T,
        json: (inout JSONBytes) throws -> T
    ) throws -> T {
        var fields: [DelimitedRecords.Field] = []
        return try decode(index, reusing: &fields, delimited: delimited, json: json)
    }

    /// `decode`, a CSV or TSV record read into `fields` (their array kept for the next record).
    @inline(__always)
    func decode<T>(
        _ index: Int, reusing fields: inout [DelimitedRecords.Field],
        delimited: (DelimitedRecords, [DelimitedRecords.Field]) throws -> T, json: (inout JSONBytes) throws -> T
    ) throws -> T {
        let offset = rowOffsets[index]
        return try bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .csv, .tsv:
                let records = DelimitedRecords(buffer, format: format, separator: separator)
                // Read into a local, handed on without a retain (an `inout`'s array is retained around the call).
                var own: [DelimitedRecords.Field] = []
                swap(&own, &fields)
                defer { swap(&own, &fields) }
                // One allocation, not one each time a record's fields outgrow it.
                own.reserveCapacity(columns.count)
                _ = try records.record(at: offset, into: &own)
                return try delimited(records, own)
            default:
                var j = JSONBytes(buffer, at: offset, yamlForm: format == .yaml)
                return try json(&j)
            }
        }
    }
}
