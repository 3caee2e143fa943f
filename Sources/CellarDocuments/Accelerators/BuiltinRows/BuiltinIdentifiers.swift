import Cellar

extension DecodedRow {
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
