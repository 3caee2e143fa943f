import Cellar

/// A stored row decoded for the table: as its style sees it, or parsed for
/// the built-in style that draws it (the parse `BuiltinCellStyle.configure`
/// would do), so the table's thread only exchanges the fields with the cell's.
struct DecodedRow: Sendable {
    /// `.null` when `parsed` or `readsFields`.
    var data: Value
    var parsed: ParsedRowData?
    /// The data is read field by field as the cell is configured (`StoredRowFields`).
    var readsFields = false
    var cell: String?
    var disabled: Bool

    init(_ row: StyleRow) {
        data = row.data
        cell = row.cell
        disabled = row.disabled
    }

    init(readingFields keys: CellKeys) {
        data = .null
        readsFields = true
        cell = keys.cell
        disabled = keys.disabled
    }

    /// Labels measured with `ambiguousWide` when given; into `box` (held by no one else) when given.
    init(
        parsed: RowData, cell: String?, disabled: Bool, measuringLabels ambiguousWide: Bool? = nil,
        box: ParsedRowData? = nil
    ) {
        data = .null
        if let box {
            box.refill(parsed, measuringLabels: ambiguousWide)
            self.parsed = box
        } else {
            self.parsed = ParsedRowData(parsed, measuringLabels: ambiguousWide)
        }
        self.cell = cell
        self.disabled = disabled
    }
}

/// The identifiers a registry draws with a built-in style, as a value a second thread may read.
struct BuiltinIdentifiers: Sendable {
    private let identifiers: Set<String>
    private let defaultCell: String
    /// The few identifiers decided so far, compared before hashing.
    private var known: [(id: String, builtin: Bool)] = []

    init(_ registry: Registry, defaultCell: String) {
        identifiers = Set(registry.identifiers.filter { registry.style(for: $0) is BuiltinCellStyle })
        self.defaultCell = defaultCell
    }

    mutating func contains(_ cell: String?) -> Bool {
        let id = cell ?? defaultCell
        for k in known where k.id == id { return k.builtin }
        let builtin = identifiers.contains(id)
        if known.count < 8 { known.append((id, builtin)) }
        return builtin
    }

    /// An identifier decided so far matched as bytes (no `String` made); nil: `contains` decides.
    func known(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (id: String, builtin: Bool)? {
        for k in known {
            var id = k.id
            if id.withUTF8({ bytes.bytes(range, equal: $0) }) { return k }
        }
        return nil
    }
}
