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
    /// Each reuse identifier in use, with the offset of its first row.
    var identifiers: [String: Int] = [:]
    var rowKeySets = RowKeySets()
    /// A JSON table's `rows` lists, for the load index.
    var rowLists: [LoadIndex.RowList] = []

    /// Adds the rows `later` found, which follow these; its key sets are joined
    /// where they are being filled (a JSON table's scan holds them apart).
    mutating func append(_ later: RowFindings) {
        let first = rowOffsets.count
        rowOffsets.append(contentsOf: later.rowOffsets)
        selectedRows += later.selectedRows.map { $0 + first }
        highlightedRows += later.highlightedRows.map { $0 + first }
        declaredHeights.append(later.declaredHeights, from: first)
        editingRows.insert(later.editingRows, from: first)
        for (id, offset) in later.identifiers where identifiers[id] == nil { identifiers[id] = offset }
    }
}
