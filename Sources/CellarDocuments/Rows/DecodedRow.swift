import Cellar

/// A stored row decoded for the table: as its style sees it (`StyleRow`'s
/// data), or, for a row a built-in style draws, already parsed into that
/// style's fields. Rows decoded ahead (`RowPrefetch`) come parsed, so the
/// table's thread only exchanges the fields with the cell's; the parse is
/// the one `BuiltinCellStyle.configure` would have done, so the cell is the same.
struct DecodedRow: Sendable {
    /// The row's data, for its style to configure the cell with (`.null`
    /// when `parsed` or `readsFields`).
    var data: Value
    /// The row's data parsed for a built-in style, or nil.
    var parsed: ParsedRowData?
    /// The row's data is left in the document, for the style to read field
    /// by field as it configures the cell (`StoredRowFields`).
    var readsFields = false
    /// The row's `cell`, if it names one.
    var cell: String?
    /// The row's `disabled`.
    var disabled: Bool

    /// A row as its style sees it, not parsed.
    init(_ row: StyleRow) {
        data = row.data
        cell = row.cell
        disabled = row.disabled
    }

    /// A stored object row whose data stays in the document until its cell
    /// is configured (see `readsFields`), with the keys read beside it.
    init(readingFields keys: CellKeys) {
        data = .null
        readsFields = true
        cell = keys.cell
        disabled = keys.disabled
    }

    /// A row parsed for the built-in style that draws it (its labels
    /// measured with `ambiguousWide`, when given), in `box` when one is
    /// given (a box no one else holds: see `ParsedRowData.refill`).
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

/// The reuse identifiers a registry draws with a built-in style, and the
/// identifier of rows that name none: which rows a second thread may parse
/// for a built-in style. A value, so that thread need not touch the registry.
struct BuiltinIdentifiers: Sendable {
    private let identifiers: Set<String>
    private let defaultCell: String
    /// Identifiers decided so far (a few), built-in or not, compared before
    /// hashing: rows repeat a few, and a table of Lua rows asks for every row.
    private var known: [(id: String, builtin: Bool)] = []

    init(_ registry: Registry, defaultCell: String) {
        identifiers = Set(registry.identifiers.filter { registry.style(for: $0) is BuiltinCellStyle })
        self.defaultCell = defaultCell
    }

    /// Whether a row with this `cell` (nil: none given) is drawn by a built-in style.
    mutating func contains(_ cell: String?) -> Bool {
        let id = cell ?? defaultCell
        for k in known where k.id == id { return k.builtin }
        let builtin = identifiers.contains(id)
        if known.count < 8 { known.append((id, builtin)) }
        return builtin
    }

    /// The identifier decided so far whose UTF-8 is `bytes[range]`, and
    /// whether a built-in style draws it; nil when none is: a row's `cell`
    /// matched in a document's bytes without making it a `String`. Nil says
    /// nothing: `contains` decides.
    func known(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (id: String, builtin: Bool)? {
        for k in known {
            var id = k.id
            if id.withUTF8({ bytes.bytes(range, equal: $0) }) { return k }
        }
        return nil
    }
}
