import Cellar

/// A stored row's data read from the document's bytes when its cell is
/// configured, field by field, for a style that takes it so (a Lua style):
/// the row never becomes a `Value` (see `RowFieldReader`).
struct StoredRowFields: RowFieldReader {
    let document: StreamedDocument
    let index: Int

    func value() throws -> Value { try document.styleRow(index).data }

    func readFields(into sink: inout some RowFieldSink) throws {
        try document.readFields(index, into: &sink)
    }
}
