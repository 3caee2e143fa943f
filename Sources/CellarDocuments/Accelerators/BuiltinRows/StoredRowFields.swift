import Cellar

/// A stored row's data read field by field as its cell is configured (a
/// Lua style): it never becomes a `Value`, and a JSON row is read once.
struct StoredRowFields: RowFieldReader {
    let document: StreamedDocument
    let index: Int
    var members: [JSONBytes.RowMember]? = nil

    func value() throws -> Value {
        var object = ObjectBuilder()
        try readFields(into: &object)
        return .object(object.fields)
    }

    func readFields(into sink: inout some RowFieldSink) throws {
        try document.readFields(index, members: members, into: &sink)
    }
}
