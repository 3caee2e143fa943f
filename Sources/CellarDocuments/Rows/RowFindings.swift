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
}
