import Cellar

/// The row keys a cell takes (`Cell.setRowKeys`), read from a row with
/// editing keys: on the decoding thread for a row decoded ahead
/// (`RowPrefetch`), else when the table configures the row. A class: most
/// rows have none, and a decoded row moves one reference, not the values.
final class CellRowKeys: Sendable {
    /// The keys read; the row's data and its other editing keys (`selectable`, `template`, …) are passed over.
    static let names = ["selectionStyle", "editingStyle", "background"]

    let selectionStyle: SelectionStyle?
    let editingStyle: EditingStyle?
    let background: BackgroundConfiguration?

    /// From a row, or the members of one (`names`). Values were checked when the document was read.
    init(_ row: Value?) {
        selectionStyle = row?["selectionStyle"]?.stringValue.flatMap(SelectionStyle.init)
        editingStyle = row?["editingStyle"]?.stringValue.flatMap(EditingStyle.init)
        background = row?["background"].flatMap { try? BackgroundConfiguration.parse($0) }
    }
}
