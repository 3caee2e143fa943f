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

    /// From the values under `names`, in order. They were checked when the document was read.
    init(_ values: [Value?]) {
        func value(_ k: Int) -> Value? { k < values.count ? values[k] : nil }
        selectionStyle = value(0)?.stringValue.flatMap(SelectionStyle.init)
        editingStyle = value(1)?.stringValue.flatMap(EditingStyle.init)
        background = value(2).flatMap { try? BackgroundConfiguration.parse($0) }
    }

    /// From a whole row (one added since the document was read).
    convenience init(row: Value) {
        self.init(Self.names.map { name in name.withUTF8Buffer { row[String(decoding: $0, as: UTF8.self)] } })
    }
}
