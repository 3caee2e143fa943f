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

    /// From the values under `names`, in order.
    convenience init(_ values: [Value?]) { self.init(CellKeyValues(values)) }

    /// From a whole row (one added since the document was read).
    convenience init(row: Value) { self.init(row.values(under: Self.names)) }
}

extension Value {
    /// This mapping's values under `keys`, in their order (nil: none).
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

    init() {}

    /// From the values under `CellRowKeys.names`, in order (missing ones nil).
    init(_ values: [Value?]) {
        for (k, value) in values.enumerated() { self[k] = value }
    }

    /// The value under `CellRowKeys.names[k]`.
    subscript(k: Int) -> Value? {
        get {
            switch k {
            case 0: selectionStyle
            case 1: editingStyle
            case 2: background
            default: nil
            }
        }
        set {
            switch k {
            case 0: selectionStyle = newValue
            case 1: editingStyle = newValue
            case 2: background = newValue
            default: break
            }
        }
    }
}
