import Cellar
import CellarText

/// A data source and delegate over a `StreamedDocument`: a row is decoded
/// when the table configures it and dropped after, so a viewport deep in a
/// big table costs the rows it shows. Edits are an overlay of indexes and
/// added rows' values over the document's rows.
package final class StreamedDataSource: TableViewDataSource, TableViewDelegateHeaderFooterViews, TableViewRowData {
    /// A row of the table as edited: one of the document's, or one added since
    /// (beside a document's row, where its errors are placed).
    enum EditedRow {
        case stored(Int)
        case added(Value, near: Int?)
    }

    package let document: StreamedDocument
    /// Rows decoded for the table (cells configured, rows read for editing keys), for tests.
    @exclusivity(unchecked) package private(set) var rowsDecoded = 0
    /// Of those, the rows decoded ahead (`RowPrefetch`), for tests.
    @exclusivity(unchecked) private(set) var rowsDecodedAhead = 0
    /// Each section's rows once edited; nil until the first edit. Read per row drawn, on one thread.
    @exclusivity(unchecked) var edits: [[EditedRow]]? {
        didSet { lastCellRow = -1 }
    }
    /// The stored row `cellForRowAt` last configured a cell for, and its
    /// index path: the table asks that row's height next (`heightForRowAt`),
    /// answered without finding the row again (each read of the path is a
    /// call into Foundation). Rows a pipe appends leave it true; an edit drops it.
    @exclusivity(unchecked) private var lastCellPath = IndexPath()
    /// -1: none.
    @exclusivity(unchecked) private var lastCellRow = -1
    /// Off with the accelerators (or by a test): every height finds its row.
    @exclusivity(unchecked) package var remembersLastCell = Accelerators.enabled
    /// Whether a long table read in order is decoded ahead on a second thread (`RowPrefetch`):
    /// settled once, as the rows are many and the answer never changes.
    private let decodesAhead = Accelerators.enabled(.prefetch) && WorkerThread.hasSecondCore

    /// A document of this many rows read in order is decoded ahead.
    package var threadMinimumRows = 10_000
    @exclusivity(unchecked) var prefetch: RowPrefetch? {
        didSet { prefetchInPlace = prefetch.map(Unmanaged.passUnretained) }
    }
    /// `prefetch`, unretained, for the row it hands out: a reference read out
    /// of the property would be retained and released around every `take`,
    /// two atomic operations a row. Sound as `take` never sets `prefetch`.
    @exclusivity(unchecked) private var prefetchInPlace: Unmanaged<RowPrefetch>?
    @exclusivity(unchecked) var rowsInOrder = 0
    @exclusivity(unchecked) var lastStoredRow = -1
    @exclusivity(unchecked) var decodeBehind: DropBehind
    /// The fields of the JSON row last read (`cellKeys`), so its style need not read it again.
    @exclusivity(unchecked) var rowMembers: [JSONBytes.RowMember] = []
    /// The table's built-in identifiers, for rows decoded here (not ahead):
    /// made again when the table's registry is another or has more identifiers
    /// (an identifier, once registered, keeps its style).
    @exclusivity(unchecked) var localBuiltins = BuiltinIdentifiers(Registry(), defaultCell: "")
    @exclusivity(unchecked) var localBuiltinsSource: (registry: Registry, count: Int)?
    package let pipe: PipedRows?

    package init(document: StreamedDocument) {
        self.document = document
        pipe = nil
        decodeBehind = DropBehind(document.bytes)
    }

    package init(pipe: PipedRows) {
        document = pipe.document
        self.pipe = pipe
        decodeBehind = DropBehind(document.bytes)
    }

    deinit { prefetch?.stop() }

    /// A stored row for its cell: the prefetched one when the table reads in
    /// order, else read here; either way the cell is the same.
    func decodedRow(stored i: Int, of table: TableView) throws -> DecodedRow {
        if let p = prefetchInPlace {
            if let row = p._withUnsafeGuaranteedRef({ $0.take(i) }) {
                lastStoredRow = i
                rowsDecodedAhead += 1
                return row
            }
            prefetch?.stop()
            prefetch = nil
            rowsInOrder = 0
        }
        // The first row read starts the pass: pages before it may be another table's (a shared render's other runs).
        if lastStoredRow < 0 { decodeBehind = DropBehind(document.bytes, from: document.found.rowOffsets[i]) }
        // In order: the next row, or a few rows on (`RowPrefetch.take` passes over them).
        rowsInOrder = i > lastStoredRow && i - lastStoredRow <= RowPrefetch.maximumSkip + 1 ? rowsInOrder + 1 : 0
        lastStoredRow = i
        if rowsInOrder > 0 { decodeBehind.passed(document.found.rowOffsets[i]) }
        // A short run in order is a viewport's; a long table read in order is worth a thread.
        if decodesAhead, rowsInOrder >= min(32, threadMinimumRows), document.rowCount >= threadMinimumRows,
            i + 1 < document.rowCount
        {
            let builtins = BuiltinIdentifiers(table.registry, defaultCell: document.options.cell)
            prefetch = RowPrefetch(
                document.decoder, from: i + 1, builtins: builtins, editingRows: document.found.editingRows,
                ambiguousWide: table.ambiguousWide)
        }
        if Accelerators.enabled {
            // A built-in style's row read straight into its fields, as the prefetch reads it.
            if let row = builtinRow(i, of: table) { return row }
            // Read when the cell is configured: a style that takes fields never builds the row's `Value`.
            if let keys = try document.cellKeys(i, members: &rowMembers) { return DecodedRow(readingFields: keys) }
        }
        return DecodedRow(try document.styleRow(i))
    }

    /// Asked once or twice for every row drawn: the index path is read once
    /// (each read is a call into Foundation) and the section's two counts in
    /// place, not the whole `Section` (a copy retains its titles and views).
    func editedRow(_ ip: IndexPath) -> EditedRow? {
        let section = ip.section
        let row = ip.row
        guard section >= 0, section < document.sections.count, row >= 0 else { return nil }
        if let edits { return row < edits[section].count ? edits[section][row] : nil }
        return row < document.sections[section].rowCount ? .stored(document.sections[section].firstRow + row) : nil
    }

    /// A table configured from the document and the options (options win),
    /// holding this data source strongly.
    package func makeTableView(registry: Registry) -> TableView {
        let d = document
        let t = TableView(style: d.options.style ?? d.style, registry: registry)
        t.retainedDataSource = self
        t.dataSource = self
        t.delegate = self
        t.rowHeight = d.options.rowHeight ?? d.rowHeight ?? .automatic
        t.estimatedRowHeight = d.options.estimatedRowHeight ?? d.estimatedRowHeight
        t.separatorStyle = d.separatorStyle
        t.ambiguousWide = d.ambiguousWide
        d.selection.apply(to: t)
        d.sectionHeights.apply(to: t)
        // A whole-table render draws every row from its data, sharing queued cells: no cell per row is held.
        t.keepsCellsWhenStreaming = false
        t.reserveSelectedRows(document.found.selectedRows.count)
        d.mark(t)
        return t
    }

    package var sectionCount: Int { document.sections.count }
    package func rowCount(inSection section: Int) -> Int {
        guard section >= 0, section < document.sections.count else { return 0 }
        return edits?[section].count ?? document.sections[section].rowCount
    }

    /// The row as written; a stored row without editing keys answers an empty mapping, not decoded.
    package func row(at ip: IndexPath) -> Value? {
        switch editedRow(ip) {
        case .stored(let i)?:
            guard document.hasEditingKeys(i) else { return .object([:]) }
            rowsDecoded += 1
            return try? document.row(i)
        case .added(let v, _)?: return v
        case nil: return nil
        }
    }

    package func rowValue(at ip: IndexPath) -> Value? {
        switch editedRow(ip) {
        case .stored(let i)?: return try? document.styleRow(i).data
        case .added(let v, _)?: return RowCheck.styleData(v)
        case nil: return nil
        }
    }

    /// Replaces a row's data in the overlay, keeping its table keys.
    package func setRowValue(_ value: Value, at ip: IndexPath) {
        guard let old = removeEdited(at: ip) else { return }
        let (row, near): (Value?, Int?) =
            switch old {
            case .stored(let i): (try? document.row(i), i)
            case .added(let v, let near): (v, near)
            }
        insert(.added(Self.row(row ?? .object([:]), withData: value), near: near), at: ip)
    }

    /// Located only for an error: locating reads the bytes up to the row. An added row is in no file.
    package func rowLocation(_ ip: IndexPath) -> SourceLocation? {
        guard case .stored(let i)? = editedRow(ip) else { return nil }
        return document.location(ofRow: i)
    }

    /// The document's row at `ip`, or the one an added row was put beside.
    func placeRow(_ ip: IndexPath) -> Int? {
        switch editedRow(ip) {
        case .stored(let i)?: return i
        case .added(_, let near)?: return near
        case nil: return nil
        }
    }

    /// Adds `row`, checked as a stored row is against `registry` (`StreamedDocument.checkAdded`). Call
    /// `tableView.insertRows` afterwards, as with UIKit, then `mark(added:at:in:)`.
    package func insert(_ row: Value, at ip: IndexPath, checkedAgainst registry: Registry) throws {
        guard ip.section >= 0, ip.section < sectionCount, ip.row >= 0, ip.row <= rowCount(inSection: ip.section)
        else { throw outOfRange(ip) }
        try document.checkAdded(row, against: registry)
        insert(.added(row, near: placeRow(IndexPath(ip.section, max(0, ip.row - 1)))), at: ip)
    }

    /// An added row's `selected` and `highlighted`, applied once the table has the row, as a loaded row's are.
    package func mark(added row: Value, at ip: IndexPath, in tableView: TableView) {
        if row["selected"]?.boolValue == true { tableView.selectRow(at: ip) }
        if row["highlighted"]?.boolValue == true { tableView.highlighted.insert(ip) }
    }

    func insert(_ row: EditedRow, at ip: IndexPath) {
        editing { $0[ip.section].insert(row, at: ip.row) }
    }

    /// `change` on the edited rows, held by one owner meanwhile so a section's array is not copied.
    private func editing<T>(_ change: (inout [[EditedRow]]) -> T) -> T {
        var rows = edits ?? document.sections.map { s in (s.firstRow..<s.firstRow + s.rowCount).map(EditedRow.stored) }
        edits = nil
        defer { edits = rows }
        return change(&rows)
    }

    /// Call `tableView.deleteRows` afterwards, as with UIKit.
    package func remove(at ip: IndexPath) throws {
        guard removeEdited(at: ip) != nil else { throw outOfRange(ip) }
    }

    func removeEdited(at ip: IndexPath) -> EditedRow? {
        guard editedRow(ip) != nil else { return nil }
        return editing { $0[ip.section].remove(at: ip.row) }
    }

    /// Throws, leaving the row in place, when `to` is out of range.
    package func move(from: IndexPath, to: IndexPath) throws {
        guard let row = removeEdited(at: from) else { throw outOfRange(from) }
        guard to.section >= 0, to.section < sectionCount, to.row >= 0, to.row <= rowCount(inSection: to.section) else {
            insert(row, at: from)
            throw outOfRange(to)
        }
        insert(row, at: to)
    }

    // MARK: Data source

    package func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        guard let edited = editedRow(ip) else { throw outOfRange(ip) }
        rowsDecoded += 1
        var row: DecodedRow
        var keys: CellRowKeys?
        var stored: Int?
        switch edited {
        case .stored(let i):
            if remembersLastCell {
                lastCellPath = ip
                lastCellRow = i
            }
            row = try decodedRow(stored: i, of: tableView)
            if document.hasEditingKeys(i) {
                keys =
                    row.cellKeysRead
                    ? row.cellKeys.take() : try CellRowKeys(document.values(i, of: CellRowKeys.names))
            }
            stored = i
        case .added(let v, _):
            row = DecodedRow(
                StyleRow(
                    data: RowCheck.styleData(v), cell: v["cell"]?.stringValue,
                    disabled: v["disabled"]?.boolValue == true))
            keys = CellRowKeys(row: v)
        }
        do {
            let cell = try tableView.dequeueReusableCell(withIdentifier: row.cell ?? document.options.cell, for: ip)
            if let parsed = row.parsed.take() {
                let exchanged = BuiltinCellStyle.configure(cell, exchanging: parsed)
                // Moved back to the prefetch it came from, if any: neither way is it retained.
                if let p = prefetchInPlace {
                    var moving: ParsedRowData? = consume parsed
                    p._withUnsafeGuaranteedRef { p in if let box = moving.take() { p.giveBack(box) } }
                }
                if !exchanged, let stored {
                    // Parsed for a built-in style the registry no longer draws the row with.
                    try cell.configure(with: try document.styleRow(stored).data, at: ip)
                }
            } else if row.readsFields, let stored {
                let fields = StoredRowFields(document: document, index: stored, members: rowMembers)
                try cell.configure(withFields: fields, at: ip)
            } else {
                try cell.configure(with: row.data, at: ip)
            }
            if row.disabled { cell.state.isDisabled = true }
            // On every row, as a reused cell must not keep another row's; a style's own update (a Lua
            // `background` hook) runs later and wins.
            cell.setRowKeys(
                selectionStyle: keys?.selectionStyle, editingStyle: keys?.editingStyle, background: keys?.background)
            return cell
        } catch let e as CellarError {
            throw e.located(rowLocation(ip))
        }
    }

    // MARK: Delegate

    package func tableView(_ tableView: TableView, heightForRowAt ip: IndexPath) -> RowHeight? {
        // Asked for every row: a document without heights, not edited, answers at once.
        if edits == nil && document.found.declaredHeights.isEmpty { return nil }
        if lastCellRow >= 0, Self.sameBytes(ip, lastCellPath) { return document.found.declaredHeights[lastCellRow] }
        switch editedRow(ip) {
        case .stored(let i)?: return document.found.declaredHeights[i]
        case .added(let v, _)?: return Self.declaredHeight(v["height"])
        case nil: return nil
        }
    }
}
