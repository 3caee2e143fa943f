/// What the load's check of the rows found: held by the document, written to
/// its load index and read back as one value, and joined when a later part's
/// rows follow (`StreamedDocument+TwoPartCheck`).
struct RowFindings {
    var rowOffsets: RowOffsets
    var selectedRows: [Int] = []
    var highlightedRows: [Int] = []
    var declaredHeights = DeclaredHeights()
    /// Rows with a key of editing or selection: the others need no decoding for them.
    var editingRows = RowBits()
    /// Rows with a `template`, whose rows are checked against the styles as the rows are.
    var templateRows: [Int] = []
    /// Each reuse identifier in use, with the offset of its first row.
    var identifiers: [String: Int] = [:]
    var rowKeySets = RowKeySets()
    /// A JSON table's `rows` lists, for the load index.
    var rowLists: [LoadIndex.RowList] = []

    /// Adds rows `rows` (default: all) of `later`'s, which follow these, with the identifiers first met among
    /// them; its key sets are joined where they are being filled (a JSON table's scan holds them apart).
    mutating func append(_ later: RowFindings, rows: Range<Int>? = nil) {
        let rows = rows ?? 0..<later.rowOffsets.count
        guard !rows.isEmpty else { return }
        let first = rowOffsets.count
        let shift = first - rows.lowerBound
        rowOffsets.append(contentsOf: later.rowOffsets, rows: rows)
        selectedRows += Self.among(later.selectedRows, rows).map { $0 + shift }
        highlightedRows += Self.among(later.highlightedRows, rows).map { $0 + shift }
        templateRows += Self.among(later.templateRows, rows).map { $0 + shift }
        declaredHeights.append(later.declaredHeights, rows: rows, from: first)
        editingRows.insert(later.editingRows, rows: rows, from: first)
        let low = rows.lowerBound == 0 ? Int.min : later.rowOffsets[rows.lowerBound]
        let high = rows.upperBound < later.rowOffsets.count ? later.rowOffsets[rows.upperBound] : Int.max
        for (id, offset) in later.identifiers where (low..<high).contains(offset) && identifiers[id] == nil {
            identifiers[id] = offset
        }
    }

    /// The rows of an ascending list that are among `rows`.
    private static func among(_ sorted: [Int], _ rows: Range<Int>) -> ArraySlice<Int> {
        sorted[sorted.indices(ofSortedWithin: rows)]
    }
}
