import Cellar

/// The row keys a cell takes (`Cell.setRowKeys`): read in a built-in row's
/// one walk (`JSONBytes.builtinRow`, `DelimitedRecords.builtinRow`), else,
/// for a row with editing keys, apart on the decoding thread (`RowPrefetch`)
/// or when the table configures the row. A class: most rows have none, and
/// a decoded row moves one reference, not the values.
final class CellRowKeys: Sendable {
    /// The keys read, in this order; the row's data and its other editing
    /// keys (`selectable`, `template`, …) are passed over.
    static let names: [StaticString] = ["selectionStyle", "editingStyle", "background"]

    let selectionStyle: SelectionStyle?
    let editingStyle: EditingStyle?
    let background: BackgroundConfiguration?

    /// From the values under `names`. They were checked when the document was read.
    init(_ values: CellKeyValues) {
        selectionStyle = values.selectionStyle?.stringValue.flatMap(SelectionStyle.init)
        editingStyle = values.editingStyle?.stringValue.flatMap(EditingStyle.init)
        background = values.background.flatMap { try? BackgroundConfiguration.parse($0) }
    }

    /// From the array `RowDecoder.values` reads (missing ones nil).
    convenience init(_ values: [Value?]) {
        var held = CellKeyValues()
        for (k, value) in values.enumerated() { held.set(k, value) }
        self.init(held)
    }

    /// From a whole row (one added since the document was read).
    convenience init(row: Value) { self.init(row.values(under: Self.names)) }
}

extension Value {
    /// This mapping's values under `keys` (as `RowDecoder.values`).
    func values(under keys: [StaticString]) -> [Value?] {
        keys.map { key in key.withUTF8Buffer { self[String(decoding: $0, as: UTF8.self)] } }
    }
}

/// The values of a row's keys under `CellRowKeys.names`, held in place: a row
/// with cell keys keeps them without an array of its own.
struct CellKeyValues: Equatable, Sendable {
    var selectionStyle: Value?
    var editingStyle: Value?
    var background: Value?

    /// Keeps `value` under `CellRowKeys.names[k]`.
    mutating func set(_ k: Int, _ value: Value?) {
        switch k {
        case 0: selectionStyle = value
        case 1: editingStyle = value
        case 2: background = value
        default: break
        }
    }
}
