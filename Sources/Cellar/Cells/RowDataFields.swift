/// The values a row holds under `RowData.keys`, each found once.
///
/// A row holds a few keys, so walking its entries and comparing each key
/// with the names costs less than hashing every name to look it up
/// (see BENCHMARKS.md, built-in rows). A row with more entries than there
/// are names is looked up instead, so a wide row costs no more than nine
/// lookups.
///
/// Invariant: `init(scanning:)` and `init(lookingUp:)` give the same fields
/// for every row (`RowDataFieldsTests` compares them). Both, the names read
/// from bytes and `==` take the names from `Field`, whose cases are
/// `RowData.keys` (`TableSchemaTests`); a field's storage is the two
/// switches the compiler holds to every case.
package struct RowDataFields: Equatable {
    package var text: Value?
    package var secondaryText: Value?
    package var image: Value?
    package var accessory: Value?
    package var accessoryText: Value?
    package var editingAccessory: Value?
    package var indentation: Value?
    package var textProperties: Value?
    package var secondaryTextProperties: Value?
    /// `accessory` or `editingAccessory` read by a document's decoder as an
    /// accessory type's name (`set(_:toTypeNamed:)`, accelerators on), held
    /// as the type: `RowData.parse` takes it without a string made, retained
    /// and read again. Such a field's value is nil; each `set` replaces the
    /// other form, so the last value read wins either way.
    package var accessoryType: AccessoryType?
    package var editingAccessoryType: AccessoryType?

    /// No fields.
    package init() {}

    /// Equal when the fields hold the same values, a type equal to its name
    /// as a string (the plain twin's form).
    package static func == (a: RowDataFields, b: RowDataFields) -> Bool {
        let (a, b) = (a.named(), b.named())
        return Field.all.allSatisfy { a[$0] == b[$0] }
    }

    /// The fields with each type held as its name.
    private func named() -> RowDataFields {
        var f = self
        if let t = f.accessoryType.take() { f.accessory = .string(t.rawValue) }
        if let t = f.editingAccessoryType.take() { f.editingAccessory = .string(t.rawValue) }
        return f
    }
}

extension RowDataFields {
    /// The row's fields, by a scan or, for a row wider than `RowData.keys`, by lookups.
    static func read(_ row: [String: Value]) -> RowDataFields {
        var fields = RowDataFields()
        fields.read(row)
        return fields
    }

    /// Sets the row's fields where they are (`read` for no fields yet): a
    /// parse fills its own value, which an initializer would build aside,
    /// then copy and destroy whole.
    mutating func read(_ row: [String: Value]) {
        if row.count <= RowData.keys.count { scan(row) } else { lookUp(row) }
    }

    init(scanning row: [String: Value]) {
        self.init()
        scan(row)
    }

    init(lookingUp row: [String: Value]) {
        self.init()
        lookUp(row)
    }

    /// One pass over the row's entries; keys that are not in `RowData.keys` are skipped.
    private mutating func scan(_ row: [String: Value]) {
        for (key, value) in row {
            if let field = Field(rawValue: key) { set(field, to: value) }
        }
    }

    /// One lookup per name: the simple path the scan must agree with.
    private mutating func lookUp(_ row: [String: Value]) {
        for field in Field.all {
            if let value = row[field.rawValue] { set(field, to: value) }
        }
    }
}

extension RowDataFields {
    /// One of the fields, named as a row writes its key.
    package enum Field: String, CaseIterable, Sendable {
        case text, secondaryText, image, accessory, accessoryText, editingAccessory, indentation
        case textProperties, secondaryTextProperties

        /// Every field, made once (`allCases` makes an array each time), and their names found by their bytes.
        fileprivate static let all = allCases
        fileprivate static let names = NamesByLength(all.map(\.rawValue))
    }

    /// The field a key's UTF-8 bytes name, or nil: a document's decoder
    /// matches keys in its bytes without making them strings.
    package static func field(named key: UnsafeBufferPointer<UInt8>) -> Field? {
        Field.names.place(key).map { Field.all[$0] }
    }

    /// The value of one field (an accessory held as a type is nil here: `named()` gives it as its name).
    package subscript(field: Field) -> Value? {
        switch field {
        case .text: text
        case .secondaryText: secondaryText
        case .image: image
        case .accessory: accessory
        case .accessoryText: accessoryText
        case .editingAccessory: editingAccessory
        case .indentation: indentation
        case .textProperties: textProperties
        case .secondaryTextProperties: secondaryTextProperties
        }
    }

    /// Sets one field (the value moved in, not copied).
    package mutating func set(_ field: Field, to value: consuming Value) {
        switch field {
        case .text: text = value
        case .secondaryText: secondaryText = value
        case .image: image = value
        case .accessory:
            accessory = value
            accessoryType = nil
        case .accessoryText: accessoryText = value
        case .editingAccessory:
            editingAccessory = value
            editingAccessoryType = nil
        case .indentation: indentation = value
        case .textProperties: textProperties = value
        case .secondaryTextProperties: secondaryTextProperties = value
        }
    }

    /// Sets `accessory` or `editingAccessory` to the type the UTF-8 `text`
    /// names, as the type; false (nothing set) for another field or text that
    /// names no type, which the caller sets as text.
    package mutating func set(_ field: Field, toTypeNamed text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard field == .accessory || field == .editingAccessory, let t = AccessoryType.named(utf8: text) else {
            return false
        }
        if field == .accessory {
            accessory = nil
            accessoryType = t
        } else {
            editingAccessory = nil
            editingAccessoryType = t
        }
        return true
    }
}
