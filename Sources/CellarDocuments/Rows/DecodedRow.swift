import Cellar

/// A stored row decoded for the table: as its style sees it, or parsed for
/// the built-in style that draws it (the parse `BuiltinCellStyle.configure`
/// would do), so the table's thread only exchanges the fields with the cell's.
struct DecodedRow: Sendable {
    /// `.null` when `parsed` or `readsFields`.
    var data: Value
    var parsed: ParsedRowData?
    /// The data is read field by field as the cell is configured (`StoredRowFields`).
    var readsFields: Bool
    var cell: String?
    var disabled: Bool
    /// The keys a cell takes, when the row has some and they were read with it.
    var cellKeys: CellRowKeys?
    /// Whether `cellKeys` was read with the row (the built-in row's walk reads every key): when not, and
    /// the row has editing keys, they are read when the cell is configured (or ahead, `RowPrefetch`).
    var cellKeysRead: Bool
}

// The initialisers live here and build the row through the memberwise one: an
// initialiser in the type's body that sets each field has the finished row copied
// and the original destroyed (a retain and release of each reference in it).
extension DecodedRow {
    init(_ row: StyleRow) {
        self.init(
            data: row.data, parsed: nil, readsFields: false, cell: row.cell, disabled: row.disabled, cellKeys: nil,
            cellKeysRead: false)
    }

    init(readingFields keys: CellKeys) {
        self.init(
            data: .null, parsed: nil, readsFields: true, cell: keys.cell, disabled: keys.disabled, cellKeys: nil,
            cellKeysRead: false)
    }
}
