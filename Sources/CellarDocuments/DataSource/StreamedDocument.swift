import Cellar

/// A table read lazily from its bytes (YAML through its JSON form): the load
/// checks every row once, so a bad document fails before any output, and
/// keeps only row offsets and what the table needs; a row is decoded again
/// when drawn.
package final class StreamedDocument {
    /// A section's titles and its rows (`firstRow` among all the document's).
    package struct Section: Sendable {
        package var header: String?
        package var footer: String?
        package var indexTitle: String?
        package var headerView: DocumentSectionView?
        package var footerView: DocumentSectionView?
        package var firstRow: Int
        package var rowCount = 0
        /// Where the section starts in the bytes (its first row's, with `--section-by`).
        var offset = 0
    }

    package let path: String
    package let format: InputFormat
    let formatGuessed: Bool
    /// The file's bytes (mapped) or a YAML document's JSON form; piped rows are appended.
    @exclusivity(unchecked) var bytes: DocumentBytes
    /// A YAML document's own text, where offsets into `bytes` are located (by converting again).
    let yamlSource: YAMLSource?
    let options: TableOptions
    package internal(set) var style: TableStyle = .plain
    package internal(set) var separatorStyle: SeparatorStyle = .singleLine
    package internal(set) var ambiguousWide = false
    package internal(set) var sectionHeights = DocumentSectionHeights()
    package internal(set) var rowHeight: RowHeight?
    var rowHeightOffset: Int?
    var sectionHeightOffsets: [String: Int] = [:]
    package internal(set) var estimatedRowHeight: Int?
    /// Rows-only formats select several, having no place to say.
    package internal(set) var selection = DocumentSelection()
    package internal(set) var indexTitles: [String]?
    // The scan's state changes once per row on one thread: the run-time
    // exclusivity checks of a class's properties are left out.
    @exclusivity(unchecked) package internal(set) var sections: [Section] = []
    /// Whether any section has a `headerView` or `footerView`: without, the
    /// table asks for no view and no section is walked to look for one.
    package internal(set) var sectionsHaveViews = false
    @exclusivity(unchecked) var found: RowFindings
    @exclusivity(unchecked) var scanBehind: DropBehind
    /// With `--section-by`, the last row's section value as written (see `place`), when the quick check read it.
    @exclusivity(unchecked) var lastHeaderBytes: [UInt8]?
    package internal(set) var registrations: [TableDocument.Registration] = []
    /// A table document's mappings and lists the quick check decoded (`QuickRowCheck.valuesDecoded`).
    var quickCheckDecodedValues = 0
    /// CSV and TSV: the header's names and where each starts.
    var columns: [String] = []
    var columnOffsets: [Int] = []
    /// A CSV's separator when the header says it is not the comma (`scanHeader`).
    var separator: UInt8?
    var restoring: RowListCursor?
    /// Rows checked on a second thread (`StreamedDocument+TwoPartCheck`), taken when the scan reaches `laterRowsStart`.
    var laterRows: LaterPart?
    @exclusivity(unchecked) var laterRowsStart = Int.max
    /// Where the scan starts the later part (`startDueLaterRows`), and the size it needs.
    @exclusivity(unchecked) var laterRowsDue = Int.max
    var laterRowsMinimumBytes = 0
    /// The later part once joined, while its segments are taken.
    var laterPart: LaterPart?
    /// The first of the later part's segments not taken yet.
    var nextLaterSegment = 0
    var rowsCheckedApart = 0
    package internal(set) var loadIndexUse = LoadIndexUse.none
    /// Remade when piped rows are added (`refreshDecoder`), between reads on the table's thread.
    @exclusivity(unchecked) private(set) var decoder: RowDecoder

    init(_ input: DocumentInput, json: DocumentBytes? = nil, source: YAMLSource? = nil, options: TableOptions) {
        path = input.path
        format = input.format
        formatGuessed = input.formatGuessed
        bytes = json ?? input.bytes
        yamlSource = json == nil ? nil : source ?? .bytes(input.bytes)
        self.options = options
        found = RowFindings(rowOffsets: RowOffsets(byteLimit: bytes.count))
        scanBehind = DropBehind(bytes)
        decoder = RowDecoder.none(input.format)
    }

    func refreshDecoder() {
        decoder = RowDecoder(
            format: format, bytes: bytes, rowOffsets: found.rowOffsets, columns: columns, separator: separator)
    }

    /// Runs `grow` with the decoder letting go of the arrays, so appending to them copies nothing.
    func growing<T>(_ grow: () throws -> T) rethrows -> T {
        decoder = RowDecoder.none(format)
        defer { refreshDecoder() }
        return try grow()
    }

    var isTableDocument: Bool { format == .json || format == .yaml }

    package var rowCount: Int { found.rowOffsets.count }

    func hasEditingKeys(_ row: Int) -> Bool { found.editingRows.contains(row) }

    /// Reads and checks a table; with `indexCache`, through the file's load index (not for YAML given as bytes:
    /// a YAML file's index comes with its kept JSON form, `load(yamlFile:)`).
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

    /// A row as written (with the table's keys).
    package func row(_ index: Int) throws -> Value { try locating { try $0.row(index) } }

    /// The values row `index` has under `keys`, in their order (nil: none); the rest passed over, not built.
    func values(_ index: Int, of keys: [StaticString]) throws -> [Value?] {
        try locating { try $0.values(index, of: keys) }
    }

    func styleRow(_ index: Int) throws -> StyleRow { try locating { try $0.styleRow(index) } }

    func cellKeys(_ index: Int, members: inout [JSONBytes.RowMember]) throws -> CellKeys? {
        try locating { try $0.cellKeys(index, members: &members) }
    }

    func readFields(_ index: Int, members: [JSONBytes.RowMember]?, into sink: inout some RowFieldSink) throws {
        try locating { try $0.readFields(index, members: members, into: &sink) }
    }

    private func locating<T>(_ body: (RowDecoder) throws -> T) throws -> T {
        do { return try body(decoder) } catch let e as ByteError { throw located(e) }
    }

    func located(_ e: ByteError) -> CellarError { CellarError(e.message, at: location(ofOffset: e.offset)) }

    func location(ofOffset offset: Int) -> SourceLocation {
        locationsLookedUp += 1
        if let yamlSource { return yamlSource.location(ofOutput: offset, path: path) }
        return bytes.withUnsafeBufferPointer { ByteLocation.location(of: offset, in: $0, path: path) }
    }

    /// Each location reads the bytes up to it: only a failing row's is looked up (tests count them).
    private(set) var locationsLookedUp = 0

    package func location(ofRow index: Int) -> SourceLocation? {
        index >= 0 && index < found.rowOffsets.count ? location(ofOffset: found.rowOffsets[index]) : nil
    }

    /// Where row `index` writes `key` (its name), else where the row starts.
    func location(ofRow index: Int, key: String?) -> SourceLocation? {
        guard let key, index >= 0 && index < found.rowOffsets.count, format != .csv && format != .tsv else {
            return location(ofRow: index)
        }
        let start = found.rowOffsets[index]
        let at = bytes.withUnsafeBufferPointer {
            JSONBytes($0, at: start, yamlForm: format == .yaml).locate([key], atKey: true)
        }
        return location(ofOffset: at ?? start)
    }

    /// Row `row`'s section and place in it; nil when no section holds it.
    func indexPath(_ row: Int) -> IndexPath? {
        var low = 0
        var high = sections.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let s = sections[mid]
            if row < s.firstRow {
                high = mid - 1
            } else if row >= s.firstRow + s.rowCount {
                low = mid + 1
            } else {
                return IndexPath(mid, row - s.firstRow)
            }
        }
        return nil
    }

    /// Selects and highlights in `t` the rows that say so, from the `selected`th and `highlighted`th on.
    func mark(_ t: TableView, selected: Int = 0, highlighted: Int = 0) {
        for row in found.selectedRows[selected...] { if let ip = indexPath(row) { t.selectRow(at: ip) } }
        for row in found.highlightedRows[highlighted...] { if let ip = indexPath(row) { t.highlighted.insert(ip) } }
    }

    package func registry(over base: Registry) throws -> Registry {
        try TableDocument.registry(registrations, over: base, locate: location(ofOffset:))
    }

    /// Checks every row's identifier and keys against a registry, naming the first
    /// row in file order that fails; rows before `firstRow` were checked already (piped).
    package func validate(against registry: Registry, fromRow firstRow: Int = 0) throws {
        if sectionsHaveViews {
            try DocumentSectionView.check(sections, against: registry, locate: location(ofOffset:))
        }
        let unknown = found.identifiers.filter { registry.style(for: $0.key) == nil }.min { $0.value < $1.value }
        try checkRowKeys(against: registry, from: firstRow, before: unknown?.value ?? Int.max)
        if let (id, offset) = unknown { throw Self.unknown(id, in: registry).located(location(ofOffset: offset)) }
        // A template's data was checked with its row (`RowCheck`); its style is known only now.
        for index in found.templateRows where index >= firstRow {
            guard let template = try row(index)["template"] else { continue }
            do { try checkStyle(of: template, against: registry) } catch let e as CellarError {
                throw CellarError("template: " + e.message, at: location(ofRow: index))
            }
        }
    }

    /// A row added after the load (a golden step's, a ⊕ row's `template`), checked as a stored row is: its data,
    /// its style in `registry`, the keys that style reads. Unlocated: the caller places it (the step, the ⊕ row).
    package func checkAdded(_ row: Value, against registry: Registry) throws {
        do { _ = try RowCheck.check(row, defaultCell: options.cell) } catch { throw CellarError(error.message) }
        try checkStyle(of: row, against: registry)
    }

    /// A row whose data passed `RowCheck`: its style in `registry` and the keys that style reads, its template's too.
    private func checkStyle(of row: Value, against registry: Registry) throws {
        let id = row["cell"]?.stringValue ?? options.cell
        guard let style = registry.style(for: id) else { throw Self.unknown(id, in: registry) }
        guard isTableDocument || options.extraKeys == .error else { return }
        try TableDocument.checkRowKeys(
            row, id: id, style: style, at: { _ in nil }, extra: keysReadByFlags, rowsOnly: !isTableDocument)
        if let template = row["template"] { try checkStyle(of: template, against: registry) }
    }

    /// `unable to dequeue a cell with identifier x … (did you mean 'y'?)`.
    private static func unknown(_ id: String, in registry: Registry) -> CellarError {
        let near = Suggest.closest(id, among: registry.identifiers).map { " (did you mean '\($0)'?)" } ?? ""
        return CellarError(Registry.unknownIdentifierMessage(id) + near)
    }

    /// The rows' keys against those their styles read (`TableDocument.checkRowKeys`), naming the first row
    /// that fails: the scan's key sets settle a passing table at once, else a row the quick check reads again
    /// with a passing set (both with `quick`); any other is decoded. CSV and TSV check their header once.
    func checkRowKeys(
        against registry: Registry, quick: Bool = Accelerators.enabled(.quickCheck), from firstRow: Int = 0,
        before limit: Int = Int.max
    ) throws {
        guard found.identifiers.keys.contains(where: { registry.style(for: $0)?.rowKeys != nil }) else { return }
        if !isTableDocument {
            guard options.extraKeys == .error else { return }
            if format != .jsonl { return try checkColumns(against: registry) }
        }
        let extra = keysReadByFlags
        if quick && found.rowKeySets.allPass(registry, rows: found.rowOffsets.count, extra: extra) { return }
        var again = QuickRowCheck(options: options, keySets: found.rowKeySets)
        var allowed: [Int: UInt64] = [:]
        var behind = DropBehind(bytes)
        defer { behind.finish() }
        for index in min(firstRow, found.rowOffsets.count)..<found.rowOffsets.count {
            guard found.rowOffsets[index] < limit else { return }
            behind.passed(found.rowOffsets[index])
            if quick && again.keySets?.complete == true {
                var q = QuickRowCheck.Row()
                let read = bytes.withUnsafeBufferPointer { buffer in
                    var j = JSONBytes(buffer, at: found.rowOffsets[index], yamlForm: format == .yaml)
                    return again.check(&j, depth: 0, into: &q)
                }
                let entry = RowKeySets.Entry(identifier: q.identifierIndex, keys: q.keys, fit: q.fit)
                if read, again.keySets?.passes(entry, registry, extra: extra, allowed: &allowed) == true { continue }
            }
            let row = try self.row(index)
            let id = row["cell"]?.stringValue ?? options.cell
            guard let style = registry.style(for: id) else { continue }
            try TableDocument.checkRowKeys(
                row, id: id, style: style, at: { location(ofRow: index, key: $0) }, extra: extra,
                rowsOnly: !isTableDocument)
        }
    }

    /// Checks every fixed row height can be drawn at `width`; rows before `firstRow` were checked already.
    package func checkRowHeights(width: Int, from firstRow: Int = 0) throws {
        if case .fixed(let h)? = options.rowHeight ?? rowHeight {
            try TableDocument.checkRowHeight(
                h, width: width, at: options.rowHeight == nil ? rowHeightOffset.map(location(ofOffset:)) : nil)
        }
        // A row can be drawn up to some height: when the tallest can, every
        // row can, and only a table that fails is searched for its first row.
        if let tallest = found.declaredHeights.tallestFixed(from: firstRow),
            InputLimits.tallBlockProblem("a row", lines: tallest, width: width) != nil
        {
            for (row, lines) in found.declaredHeights.fixedRows(from: firstRow) {
                try TableDocument.checkRowHeight(lines, width: width, at: location(ofRow: row))
            }
        }
        try sectionHeights.checkDrawable(width: width, sections: sections) {
            sectionHeightOffsets[$0].map(location(ofOffset:))
        }
    }
}
