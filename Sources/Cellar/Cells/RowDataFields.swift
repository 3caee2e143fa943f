/// The values a row holds under `RowData.keys`, each found once.
///
/// A row holds a few keys, so walking its entries and comparing each key
/// with the names costs less than hashing every name to look it up
/// (see BENCHMARKS.md, built-in rows). A row with more entries than there
/// are names is looked up instead, so a wide row costs no more than nine
/// lookups.
///
/// Invariant: `init(scanning:)` and `init(lookingUp:)` give the same fields
/// for every row (`RowDataFieldsTests` compares them), and both know every
/// name in `RowData.keys`.
struct RowDataFields: Equatable {
    var text: Value?
    var secondaryText: Value?
    var image: Value?
    var accessory: Value?
    var accessoryText: Value?
    var editingAccessory: Value?
    var indentation: Value?
    var textProperties: Value?
    var secondaryTextProperties: Value?
}

extension RowDataFields {
    /// The row's fields, by a scan or, for a row wider than `RowData.keys`, by lookups.
    static func read(_ row: [String: Value]) -> RowDataFields {
        row.count <= RowData.keys.count ? RowDataFields(scanning: row) : RowDataFields(lookingUp: row)
    }

    /// One pass over the row's entries; keys that are not in `RowData.keys` are skipped.
    init(scanning row: [String: Value]) {
        // Gathered in locals and stored once.
        var text: Value?
        var secondaryText: Value?
        var image: Value?
        var accessory: Value?
        var accessoryText: Value?
        var editingAccessory: Value?
        var indentation: Value?
        var textProperties: Value?
        var secondaryTextProperties: Value?
        for (key, value) in row {
            switch key {
            case "text": text = value
            case "secondaryText": secondaryText = value
            case "image": image = value
            case "accessory": accessory = value
            case "accessoryText": accessoryText = value
            case "editingAccessory": editingAccessory = value
            case "indentation": indentation = value
            case "textProperties": textProperties = value
            case "secondaryTextProperties": secondaryTextProperties = value
            default: break
            }
        }
        self.init(
            text: text, secondaryText: secondaryText, image: image, accessory: accessory,
            accessoryText: accessoryText, editingAccessory: editingAccessory, indentation: indentation,
            textProperties: textProperties, secondaryTextProperties: secondaryTextProperties)
    }

    /// One lookup per name: the simple path the scan must agree with.
    init(lookingUp row: [String: Value]) {
        text = row["text"]
        secondaryText = row["secondaryText"]
        image = row["image"]
        accessory = row["accessory"]
        accessoryText = row["accessoryText"]
        editingAccessory = row["editingAccessory"]
        indentation = row["indentation"]
        textProperties = row["textProperties"]
        secondaryTextProperties = row["secondaryTextProperties"]
    }
}
