import Cellar

/// A stored row's data read from the document's bytes when its cell is
/// configured, field by field, for a style that takes it so (a Lua style):
/// the row never becomes a `Value` (see `RowFieldReader`).
/// A JSON row's fields are handed over from the `members` the data source
/// noted as it read the row's `cell` (`cellKeys`), so the row is read once.
struct StoredRowFields: RowFieldReader {
    let document: StreamedDocument
    let index: Int
    /// The JSON row's fields as `cellKeys` noted them; nil: found again.
    var members: [JSONBytes.RowMember]? = nil

    /// The fields as one object (`styleRow`'s data for an object row),
    /// from the same single read as `readFields`.
    func value() throws -> Value {
        var object = ObjectBuilder()
        try readFields(into: &object)
        return .object(object.fields)
    }

    func readFields(into sink: inout some RowFieldSink) throws {
        try document.readFields(index, members: members, into: &sink)
    }
}
