/// A row's data fields, read one by one from where they are kept (a
/// document's bytes, or a `Value`), for a style that takes them so: a Lua
/// style writes them straight into its row table, and a document row then
/// never becomes a `Value` (`CellStyle.configure(_:fields:at:)`).
///
/// Both ways give the same data: `value()` is the object whose fields
/// `readFields` hands over. The table's own row keys (`cell`, `disabled`,
/// `height`, …) are not fields.
public protocol RowFieldReader {
    /// The fields as one object, for a style that takes a `Value`.
    func value() throws -> Value
    /// Hands every field to `sink`, in the order they are kept. A key kept
    /// twice comes twice, and the later value wins, as in `value()`.
    func readFields(into sink: inout some RowFieldSink) throws
}

/// Where a `RowFieldReader` hands its fields. Keys and text are UTF-8,
/// valid only during the call.
public protocol RowFieldSink {
    /// A field whose value is text.
    mutating func field(_ key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) throws
    /// A field of any other value.
    mutating func field(_ key: UnsafeBufferPointer<UInt8>, value: Value) throws
    /// A field whose key is kept as a `String` (a `Value` object's).
    mutating func field(_ key: String, value: Value) throws
}

extension RowFieldSink {
    /// The key's bytes.
    @inlinable public mutating func field(_ key: String, value: Value) throws {
        var key = key
        try key.withUTF8 { try field($0, value: value) }
    }
}

/// Collects fields into one object `Value`, as `RowFieldReader.value()`
/// gives them: text becomes a `String`, and a key given twice keeps its
/// later value. A reader's `value()` built this way is its fields by
/// construction, and reads them once.
public struct ObjectBuilder: RowFieldSink {
    /// The fields collected so far.
    public private(set) var fields: [String: Value] = [:]

    /// No fields yet.
    public init() {}

    /// The text as a `String`.
    public mutating func field(_ key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) throws {
        fields[String(decoding: key, as: UTF8.self)] = .string(String(decoding: text, as: UTF8.self))
    }

    /// The value as it comes.
    public mutating func field(_ key: UnsafeBufferPointer<UInt8>, value: Value) throws {
        fields[String(decoding: key, as: UTF8.self)] = value
    }

    /// The value as it comes, under the key as it is.
    public mutating func field(_ key: String, value: Value) throws { fields[key] = value }
}

/// The fields of an object `Value`, as a `RowFieldReader`.
public struct ObjectFields: RowFieldReader {
    /// The object's fields.
    public let fields: [String: Value]

    /// The fields of an object.
    public init(_ fields: [String: Value]) { self.fields = fields }

    /// The object.
    public func value() -> Value { .object(fields) }

    /// Keys and text come as the `String`s they are. Inlinable, so a sink
    /// in another module (a Lua row table) is called directly.
    @inlinable public func readFields(into sink: inout some RowFieldSink) throws {
        for (k, v) in fields { try sink.field(k, value: v) }
    }
}
