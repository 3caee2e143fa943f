import Cellar

/// A table read lazily from its bytes (JSON, JSON Lines, CSV, TSV, and
/// YAML through its JSON form, see `YAMLToJSON`): the
/// load scans the bytes once, checking every row (syntax, the table's own
/// keys, and what a built-in style reads, so a bad document fails before
/// any output) and keeping only each row's byte offset and what the table
/// itself needs (sections and titles, identifiers, selection, declared
/// heights). A row's `Value` is decoded again when the table draws that
/// row, and dropped after.
package final class StreamedDocument {
    /// A section: its titles and which of the document's rows are its own.
    package struct Section: Sendable {
        /// The section's header title, as tableView(_:titleForHeaderInSection:) returns it.
        package var header: String?
        /// The section's footer title, as tableView(_:titleForFooterInSection:) returns it.
        package var footer: String?
        /// The section's own title in the section index.
        package var indexTitle: String?
        /// The section's `headerView`: a header view instead of the title.
        package var headerView: DocumentSectionView?
        /// The section's `footerView`: a footer view instead of the title.
        package var footerView: DocumentSectionView?
        /// The section's first row among all the document's rows.
        package var firstRow: Int
        /// How many of the document's rows belong to the section.
        package var rowCount = 0
        /// Where the section starts in the bytes (its row's, for a section of `--section-by`).
        var offset = 0
    }

    /// The document's path, as named in messages.
    package let path: String
    /// The format the document's bytes are read as.
    package let format: InputFormat
    /// The bytes rows are decoded from: the file's (mapped), or a YAML document's JSON
    /// form; rows piped in are appended as they arrive (`PipedRows`).
    @exclusivity(unchecked) var bytes: DocumentBytes
    /// A YAML document's own bytes or file, which offsets into `bytes` are located in (by converting again).
    let yamlSource: YAMLSource?
    let options: TableOptions
    /// The table's style, as UITableView.Style.
    package internal(set) var style: TableStyle = .plain
    /// How rows are separated, as UITableView's separatorStyle.
    package internal(set) var separatorStyle: SeparatorStyle = .singleLine
    /// Whether East Asian Ambiguous characters take two columns (`TableView.ambiguousWide`).
    package internal(set) var ambiguousWide = false
    /// The section header/footer heights and estimates.
    package internal(set) var sectionHeights = DocumentSectionHeights()
    /// The document's `rowHeight`, as UITableView's rowHeight, else nil.
    package internal(set) var rowHeight: RowHeight?
    var rowHeightOffset: Int?
    /// Where each `DocumentSectionHeights` key's value starts, by key.
    var sectionHeightOffsets: [String: Int] = [:]
    /// The document's `estimatedRowHeight`, as UITableView's estimatedRowHeight, else nil.
    package internal(set) var estimatedRowHeight: Int?
    /// The four selection flags (JSON's top-level keys; rows-only formats select several, having no place to say).
    package internal(set) var selection = DocumentSelection()
    /// The table-wide section index (`indexTitles`), else nil.
    package internal(set) var indexTitles: [String]?
    /// The document's sections in order.
    @exclusivity(unchecked) package internal(set) var sections: [Section] = []
    // The scan's state is changed once per row from one thread only: the
    // run-time exclusivity checks of a class's properties are left out.
    /// Where each row starts in `bytes`, all sections' rows in order.
    @exclusivity(unchecked) var rowOffsets: RowOffsets
    /// The scan's position, giving back the pages of a mapped file it has passed.
    @exclusivity(unchecked) var scanBehind: DropBehind
    /// Rows (by their place in `rowOffsets`) that start selected or highlighted.
    @exclusivity(unchecked) var selectedRows: [Int] = []
    @exclusivity(unchecked) var highlightedRows: [Int] = []
    /// The heights rows declare (a table has one on every row or on none, mostly).
    @exclusivity(unchecked) var declaredHeights = DeclaredHeights()
    /// Rows with a key of editing or selection (`RowCheck.editingKeys`): the others need no decoding for them.
    @exclusivity(unchecked) var editingRows = RowBits()
    /// Each reuse identifier in use, with the offset of its first row.
    @exclusivity(unchecked) var identifiers: [String: Int] = [:]
    /// The last few identifiers recorded (see `record`).
    @exclusivity(unchecked) var recentIdentifiers: [String] = []
    /// A JSON table's row key sets, for `checkRowKeys`.
    @exclusivity(unchecked) var rowKeySets = RowKeySets()
    /// A JSON document's own reuse identifiers (`register`), by identifier.
    package internal(set) var registrations: [TableDocument.Registration] = []
    /// CSV and TSV: the header's names, one per column, and where each starts.
    var columns: [String] = []
    var columnOffsets: [Int] = []
    /// A JSON table's `rows` lists as the scan passed them, for the load index.
    var rowLists: [LoadIndex.RowList] = []
    /// While the load is taken from a load index: the `rows` lists still to pass (`restore`).
    var restoring: RowListCursor?
    /// A long JSON table's rows from near the middle on, checked on a second
    /// thread while the scan reads the rows before (`StreamedDocument+TwoPartCheck`).
    var laterRows: LaterRows?
    /// Where `laterRows` start (`Int.max`: none): the scan takes them when it reaches this row.
    @exclusivity(unchecked) var laterRowsStart = Int.max
    /// The segments of `laterRows` not taken yet, once its thread is joined.
    var laterSegments: ArraySlice<Segment> = []
    /// The rows taken from `laterRows` (tests ask).
    var rowsCheckedApart = 0
    /// Whether this load's rows came from a load index, or it wrote one (`LoadIndexCache`).
    package internal(set) var loadIndexUse = LoadIndexUse.none
    /// Decodes the rows: made once the scan has found them all, and again
    /// each time rows arriving from a pipe are added (`refreshDecoder`).
    /// Read for every row drawn, and replaced only between reads on the
    /// table's thread: the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private(set) var decoder: RowDecoder

    init(_ input: DocumentInput, json: [UInt8]? = nil, source: YAMLSource? = nil, options: TableOptions) {
        path = input.path
        format = input.format
        bytes = json.map { DocumentBytes($0) } ?? input.bytes
        yamlSource = json == nil ? nil : source ?? .bytes(input.bytes)
        self.options = options
        rowOffsets = RowOffsets(byteLimit: bytes.count)
        scanBehind = DropBehind(bytes)
        decoder = RowDecoder.none(input.format)
    }

    /// Gives the decoder the rows found so far (it shares the arrays: no copy).
    func refreshDecoder() {
        decoder = RowDecoder(format: format, bytes: bytes, rowOffsets: rowOffsets, columns: columns)
    }

    /// Runs `grow`, which adds bytes and rows, with the decoder letting go of
    /// the arrays meanwhile (so appending to them copies nothing), then gives
    /// it the rows found.
    func growing<T>(_ grow: () throws -> T) rethrows -> T {
        decoder = RowDecoder.none(format)
        defer { refreshDecoder() }
        return try grow()
    }

    /// Whether the bytes are a table document (top-level keys and sections), not rows alone.
    var isTableDocument: Bool { format == .json || format == .yaml }

    /// The number of rows in all sections together.
    package var rowCount: Int { rowOffsets.count }

    /// Whether a row has a key of editing or selection; asked once per row drawn.
    func hasEditingKeys(_ row: Int) -> Bool { editingRows.contains(row) }

    /// Reads and checks a table in any of the formats; every error names path:line:column.
    /// With `indexCache`, a file's rows are taken from its load index when it has one that
    /// fits, and one is written after a scan that passes (`LoadIndexCache`; not for YAML,
    /// whose rows are read from the JSON form its conversion makes).
    package static func load(
        _ input: DocumentInput, options: TableOptions = TableOptions(), indexCache: LoadIndexCache? = nil
    ) throws -> StreamedDocument {
        try checkTableDocument(input, options: options)
        let indexCache = input.format == .yaml ? nil : indexCache
        if let doc = indexCache?.restored(input, options: options) { return doc }
        let doc: StreamedDocument
        if input.format == .yaml {
            let json = try input.bytes.withUnsafeBufferPointer { try YAMLToJSON.convert($0, path: input.path) }
            doc = StreamedDocument(input, json: json, options: options)
            try doc.scan()
        } else if let checked = try checkedInTwoParts(input, options: options) {
            doc = checked
        } else {
            doc = StreamedDocument(input, options: options)
            try doc.scan()
        }
        doc.refreshDecoder()
        indexCache?.store(doc, input)
        return doc
    }

    /// A row as written (with the table's keys), decoded from its bytes.
    package func row(_ index: Int) throws -> Value {
        try locating { try $0.row(index) }
    }

    /// A row as its style sees it: the table's keys taken out, and the two
    /// a data source reads (`cell`, `disabled`) given beside it.
    func styleRow(_ index: Int) throws -> StyleRow {
        try locating { try $0.styleRow(index) }
    }

    /// `styleRow`'s `cell` and `disabled` alone, a JSON row's fields noted
    /// in `members`; nil for a row that is not an object.
    func cellKeys(_ index: Int, members: inout [JSONBytes.RowMember]) throws -> CellKeys? {
        try locating { try $0.cellKeys(index, members: &members) }
    }

    /// Hands `styleRow`'s data to `sink`, field by field (see `StoredRowFields`).
    func readFields(_ index: Int, members: [JSONBytes.RowMember]?, into sink: inout some RowFieldSink) throws {
        try locating { try $0.readFields(index, members: members, into: &sink) }
    }

    /// `body` on the decoder, its errors (at offsets into `bytes`) located in the file.
    private func locating<T>(_ body: (RowDecoder) throws -> T) throws -> T {
        do { return try body(decoder) } catch let e as ByteError { throw located(e) }
    }

    /// An error at an offset into `bytes`, at its line and column in the file.
    func located(_ e: ByteError) -> CellarError { CellarError(e.message, at: location(ofOffset: e.offset)) }

    func location(ofOffset offset: Int) -> SourceLocation {
        locationsLookedUp += 1
        if let yamlSource { return yamlSource.location(ofOutput: offset, path: path) }
        return bytes.withUnsafeBufferPointer { ByteLocation.location(of: offset, in: $0, path: path) }
    }

    /// How many single locations were worked out: each reads the bytes up to its offset, so the
    /// checks of every row look one up only for a row that fails (tests count them).
    private(set) var locationsLookedUp = 0

    /// The locations of ascending `offsets`, found in one pass over the bytes.
    func locations(of offsets: [Int]) -> [SourceLocation] {
        if yamlSource != nil { return offsets.map(location(ofOffset:)) }
        return bytes.withUnsafeBufferPointer { ByteLocation.locations(of: offsets, in: $0, path: path) }
    }

    /// Where the row at `index` (among all sections' rows) starts in the file, or nil when out of range.
    package func location(ofRow index: Int) -> SourceLocation? {
        index >= 0 && index < rowOffsets.count ? location(ofOffset: rowOffsets[index]) : nil
    }

    /// Checks every row's reuse identifier and keys against a registry,
    /// naming the first row (in file order) that fails either; the keys of rows before
    /// `firstRow` were checked already (rows piped in are checked as they arrive).
    package func validate(against registry: Registry, fromRow firstRow: Int = 0) throws {
        try DocumentSectionView.check(sections, against: registry)
        let unknown = identifiers.filter { registry.style(for: $0.key) == nil }.min { $0.value < $1.value }
        try checkRowKeys(against: registry, from: firstRow, before: unknown?.value ?? Int.max)
        if let (id, offset) = unknown {
            let msg = Registry.unknownIdentifierMessage(id)
            let near = Suggest.closest(id, among: registry.identifiers).map { " (did you mean '\($0)'?)" } ?? ""
            throw CellarError(msg + near, at: location(ofOffset: offset))
        }
    }

    /// `base` with the document's own identifiers added (`register`, as in YAML).
    package func registry(over base: Registry) throws -> Registry {
        try TableDocument.registry(registrations, over: base)
    }

    /// The rows' keys against the keys their styles read
    /// (`TableDocument.checkRowKeys`), each row decoded again. A rows-only
    /// format's keys may also be read by a flag (`--section-by`), and pass
    /// unchecked with `--extra-keys ignore`; CSV and TSV check their header's
    /// columns once (`checkColumns`).
    /// The key sets the scan recorded settle most tables at once (`RowKeySets`); else each row's keys
    /// are compared as bytes first (`RowKeyCheck`; a YAML document's bytes are its JSON form); `quick`
    /// false checks every row the simple way. Rows before `firstRow`, and from offset `limit` on, are not checked.
    func checkRowKeys(
        against registry: Registry, quick: Bool = true, from firstRow: Int = 0, before limit: Int = Int.max
    ) throws {
        guard identifiers.keys.contains(where: { registry.style(for: $0)?.rowKeys != nil }) else { return }
        if !isTableDocument {
            guard options.extraKeys == .error else { return }
            if format != .jsonl { return try checkColumns(against: registry) }
        }
        if quick && firstRow == 0 && rowKeySets.allPass(registry, rows: rowOffsets.count) { return }
        let extra = keysReadByFlags
        var keyCheck = RowKeyCheck(registry: registry, defaultCell: options.cell, extra: extra)
        var behind = DropBehind(bytes)
        defer { behind.finish() }
        for index in min(firstRow, rowOffsets.count)..<rowOffsets.count {
            guard rowOffsets[index] < limit else { return }
            behind.passed(rowOffsets[index])
            if quick {
                let passed = bytes.withUnsafeBufferPointer { buffer in
                    var j = JSONBytes(buffer, at: rowOffsets[index])
                    return keyCheck.passes(&j)
                }
                if passed { continue }
            }
            let row = try self.row(index)
            let id = row["cell"]?.stringValue ?? options.cell
            guard let style = registry.style(for: id) else { continue }
            try TableDocument.checkRowKeys(row, id: id, style: style, at: location(ofRow: index), extra: extra)
        }
    }

    /// Checks every fixed row height can be drawn at `width` (a row is drawn
    /// into one canvas of width × height cells); rows before `firstRow` were checked
    /// at this width already (rows piped in are checked as they arrive).
    package func checkRowHeights(width: Int, from firstRow: Int = 0) throws {
        if case .fixed(let h)? = options.rowHeight ?? rowHeight {
            try TableDocument.checkRowHeight(
                h, width: width, at: options.rowHeight == nil ? rowHeightOffset.map(location(ofOffset:)) : nil)
        }
        // A row's location is found by reading the bytes before it: only a failing row's is.
        for (row, lines) in declaredHeights.fixedRows(from: firstRow) {
            try TableDocument.checkRowHeight(lines, width: width, at: location(ofRow: row))
        }
        try sectionHeights.checkDrawable(width: width, sections: sections) {
            sectionHeightOffsets[$0].map(location(ofOffset:))
        }
    }
}
