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

    private func decode<T>(
        _ index: Int, delimited: (DelimitedRecords, [DelimitedRecords.Field]) -> T,
        json: (inout JSONBytes) throws -> T
    ) throws -> T {
        let offset = rowOffsets[index]
        return try bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .csv, .tsv:
                let records = DelimitedRecords(buffer, format: format)
                var fields: [DelimitedRecords.Field] = []
                _ = try records.record(at: offset, into: &fields)
                return delimited(records, fields)
            default:
                var j = JSONBytes(buffer, at: offset)
                return try json(&j)
            }
        }
    }
}
