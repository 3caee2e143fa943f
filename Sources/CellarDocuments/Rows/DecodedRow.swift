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

    /// Labels measured with `ambiguousWide` when given; into `box` (held by
    /// no one else) when given, which is moved out of it, not retained.
    init(
        parsed data: consuming RowData, cell: String?, disabled: Bool, measuringLabels ambiguousWide: Bool? = nil,
        box: inout ParsedRowData?, cellKeys: CellRowKeys? = nil, cellKeysRead: Bool = false,
        known: MeasuredLabels.Known = MeasuredLabels.Known()
    ) {
        // The data moved in: a row set field by field on two branches is built twice and copied.
        let parsed: ParsedRowData
        if let reused = box.take() {
            reused.refill(data, measuringLabels: ambiguousWide, known: known)
            parsed = reused
        } else {
            parsed = ParsedRowData(data, measuringLabels: ambiguousWide, known: known)
        }
        self.init(
            data: .null, parsed: parsed, readsFields: false, cell: cell, disabled: disabled, cellKeys: cellKeys,
            cellKeysRead: cellKeysRead)
    }
}

/// The identifiers a registry draws with a built-in style, as a value a
/// second thread may read, and what its reader learnt from the rows before.
struct BuiltinIdentifiers: Sendable {
    private let identifiers: Set<String>
    private let defaultCell: String
    /// The gaps before the values of the rows read so far (`JSONBytes.builtinRow`).
    var shape = RowShape<JSONBytes.BuiltinKey>()
    /// The few identifiers decided so far, compared before hashing.
    private var known: [Known] = []
    /// A CSV or TSV record's fields as its reader last found them: the array
    /// is reused from row to row (`RowDecoder.builtinRow`), not allocated for each.
    var recordFields: [DelimitedRecords.Field] = []
    /// The mappings and lists of the rows read so far, as decoded (`JSONBytes.builtinRow`).
    var recent = RecentValues<JSONBytes.BuiltinKey, Value>(enabled: Accelerators.enabled(.recentValues))
    /// The cell keys of the rows read so far (`RowDecoder.builtinRow`).
    var recentCellKeys = RecentCellRowKeys(enabled: Accelerators.enabled(.recentValues))

    /// An identifier decided, with its bytes (a row's `cell` is matched against them, no `String` made).
    private struct Known {
        var id: String
        var bytes: [UInt8]
        var builtin: Bool
    }

    init(_ registry: Registry, defaultCell: String) {
        identifiers = Set(registry.identifiers.filter { registry.style(for: $0) is BuiltinCellStyle })
        self.defaultCell = defaultCell
    }

    mutating func contains(_ cell: String?) -> Bool {
        let id = cell ?? defaultCell
        for k in known where k.id == id { return k.builtin }
        let builtin = identifiers.contains(id)
        if known.count < 8 { known.append(Known(id: id, bytes: Array(id.utf8), builtin: builtin)) }
        return builtin
    }

    /// An identifier decided so far matched as bytes; nil: `contains` decides.
    func known(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (id: String, builtin: Bool)? {
        // By index: a loop's copy of each entry would retain its strings.
        for i in known.indices where known[i].bytes.withUnsafeBufferPointer({ bytes.bytes(range, equal: $0) }) {
            return (known[i].id, known[i].builtin)
        }
        return nil
    }
}
