import Cellar

/// A data source + delegate over a document; supports insert/delete/move of row data.
/// Row keys `cell`, `selected`, `highlighted`, `disabled` and `height` belong
/// to the table; every other key is handed to the style as row data.
public final class DocumentDataSource: TableViewDataSource, TableViewDelegate, TableViewRowData {
    /// The document as edited so far: inserts, deletes, moves and row-data changes are written back into it.
    public private(set) var document: TableDocument
    /// Row data as styles see it (table keys removed), parallel to the document rows.
    private var data: [[Value]]

    /// Creates a data source over `document`'s sections and rows.
    public init(document: TableDocument) {
        self.document = document
        data = document.sections.map { $0.rows.map(Self.rowData) }
    }

    static func rowData(_ row: Value) -> Value {
        guard case .object(var o) = row else { return row }
        for k in TableDocument.rowTableKeys { o[k] = nil }
        return .object(o)
    }

    func valid(_ ip: IndexPath) -> Bool {
        ip.section >= 0 && ip.section < data.count && ip.row >= 0 && ip.row < data[ip.section].count
    }

    func location(_ ip: IndexPath) -> SourceLocation? {
        guard valid(ip), ip.row < document.sections[ip.section].rowLocations.count else {
            return ip.section >= 0 && ip.section < document.sections.count
                ? document.sections[ip.section].location : nil
        }
        return document.sections[ip.section].rowLocations[ip.row]
    }

    func outOfRange(_ ip: IndexPath) -> CellarError {
        let rows =
            ip.section >= 0 && ip.section < data.count
            ? "section \(ip.section) has \(data[ip.section].count) rows" : "the document has \(data.count) sections"
        return CellarError(
            "index path \(ip) is out of range: \(rows)", at: SourceLocation(file: document.path, line: 1))
    }

    // MARK: Row data

    /// The row as written in the document (table keys included), or nil for an index path out of range.
    public func row(at ip: IndexPath) -> Value? { valid(ip) ? document.sections[ip.section].rows[ip.row] : nil }
    /// The row data a style sees (table keys removed), or nil for an index path out of range.
    public func rowValue(at ip: IndexPath) -> Value? { valid(ip) ? data[ip.section][ip.row] : nil }
    /// Replaces a row's data, keeping the table keys the document gave it; out-of-range index paths are ignored.
    public func setRowValue(_ value: Value, at ip: IndexPath) {
        guard valid(ip) else { return }
        data[ip.section][ip.row] = value
        if case .object(var row) = document.sections[ip.section].rows[ip.row], case .object(let o) = value {
            let keep = row.filter { TableDocument.rowTableKeys.contains($0.key) }
            row = o.merging(keep) { $1 }
            document.sections[ip.section].rows[ip.row] = .object(row)
        }
    }

    /// Inserts a row (an object with "cell") into the data; call
    /// `tableView.insertRows` afterwards, as with UIKit.
    public func insert(_ row: Value, at ip: IndexPath) throws {
        guard ip.section >= 0, ip.section < data.count, ip.row >= 0, ip.row <= data[ip.section].count else {
            throw outOfRange(ip)
        }
        guard case .object = row else { throw CellarError("a row must be a mapping of keys to values") }
        document.sections[ip.section].rows.insert(row, at: ip.row)
        let loc = location(IndexPath(ip.section, max(0, ip.row - 1))) ?? SourceLocation(file: document.path, line: 1)
        document.sections[ip.section].rowLocations.insert(
            loc, at: min(ip.row, document.sections[ip.section].rowLocations.count))
        data[ip.section].insert(Self.rowData(row), at: ip.row)
    }

    /// Removes a row and returns it as written; call `tableView.deleteRows` afterwards, as with UIKit.
    @discardableResult
    public func remove(at ip: IndexPath) throws -> Value {
        guard valid(ip) else { throw outOfRange(ip) }
        data[ip.section].remove(at: ip.row)
        if ip.row < document.sections[ip.section].rowLocations.count {
            document.sections[ip.section].rowLocations.remove(at: ip.row)
        }
        return document.sections[ip.section].rows.remove(at: ip.row)
    }

    /// Moves a row and its file location; throws, leaving the row in place, when `to` is out of range.
    public func move(from: IndexPath, to: IndexPath) throws {
        guard valid(from) else { throw outOfRange(from) }
        let loc = location(from)
        let row = try remove(at: from)
        guard to.section >= 0, to.section < data.count, to.row >= 0, to.row <= data[to.section].count else {
            try insert(row, at: from)
            throw outOfRange(to)
        }
        try insert(row, at: to)
        if let loc { document.sections[to.section].rowLocations[to.row] = loc }
    }

    /// A table configured from the document (style, heights, separators,
    /// initial selection/highlight; the document's options win), holding
    /// this data source strongly.
    public func makeTableView(registry: Registry) -> TableView {
        let options = document.options
        let t = TableView(style: options.style ?? document.style, registry: registry)
        t.retainedDataSource = self
        t.dataSource = self
        t.delegate = self
        t.rowHeight = options.rowHeight ?? document.rowHeight ?? .automatic
        t.estimatedRowHeight = options.estimatedRowHeight ?? document.estimatedRowHeight
        t.separatorStyle = document.separatorStyle
        t.ambiguousWide = document.ambiguousWide
        document.selection.apply(to: t)
        for (s, section) in document.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                if row["selected"]?.boolValue == true { t.selectRow(at: IndexPath(s, r)) }
                if row["highlighted"]?.boolValue == true { t.highlighted.insert(IndexPath(s, r)) }
            }
        }
        return t
    }

    // MARK: Data source

    /// The document's section count.
    public func numberOfSections(in tableView: TableView) -> Int { data.count }
    /// The row count of a section, 0 for a section that does not exist.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section >= 0 && section < data.count ? data[section].count : 0
    }

    /// Dequeues a cell for the row's `cell` key (default `default`) and configures it from the row.
    public func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        guard let row = row(at: ip) else { throw outOfRange(ip) }
        let id = row["cell"]?.stringValue ?? "default"
        do {
            let cell = try tableView.dequeueReusableCell(withIdentifier: id, for: ip)
            try cell.configure(with: data[ip.section][ip.row], at: ip)
            if row["disabled"]?.boolValue == true { cell.state.isDisabled = true }
            // Set on every row: a reused cell must not keep another row's.
            cell.selectionStyle =
                row["selectionStyle"]?.stringValue.flatMap(SelectionStyle.init)
                ?? cell.style?.selectionStyle ?? .default
            cell.editingStyle = row["editingStyle"]?.stringValue.flatMap(EditingStyle.init)
            return cell
        } catch let e as CellarError {
            throw e.located(location(ip))
        }
    }

    /// The section's `header`.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section >= 0 && section < document.sections.count ? document.sections[section].header : nil
    }
    /// The section's `footer`.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section >= 0 && section < document.sections.count ? document.sections[section].footer : nil
    }
    /// The table's `indexTitles`, else the sections' own.
    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        let titles = document.indexTitles ?? document.sections.compactMap(\.indexTitle)
        return titles.isEmpty ? nil : titles
    }
    /// The section an index title jumps to: its own, else the nearest one after it (or before it, at the end).
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        document.section(forIndexTitleAt: index, of: sectionIndexTitles(for: tableView) ?? [])
    }

    // MARK: Editing

    /// A row's `editable` key; rows are editable by default, as in UIKit.
    public func tableView(_ tableView: TableView, canEditRowAt ip: IndexPath) -> Bool {
        row(at: ip)?["editable"]?.boolValue ?? true
    }

    /// Delete removes the row; insert puts the row the user entered
    /// (`tableView.rowForInsertion`) or a copy of the ⊕ row's `template`
    /// at the ⊕ row's place (the ⊕ row moves down). Then the table hears of
    /// it (deleteRows / insertRows), which checks the counts.
    public func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt ip: IndexPath) throws {
        switch editingStyle {
        case .delete:
            try remove(at: ip)
            try tableView.deleteRows(at: [ip])
        case .insert:
            guard let insertRow = row(at: ip) else { throw outOfRange(ip) }
            guard let new = tableView.rowForInsertion ?? insertRow["template"] else {
                throw CellarError(
                    "row [\(ip.section), \(ip.row)] has no 'template' row for its ⊕ to insert, and none was given",
                    at: location(ip))
            }
            try insert(new, at: ip)
            try tableView.insertRows(at: [ip])
        case .none: return
        }
    }

    /// A row's `movable` key (true, false or withinSection); true by default,
    /// as UIKit shows ≡ on every row of a data source that moves rows.
    public func tableView(_ tableView: TableView, canMoveRowAt ip: IndexPath) -> Bool {
        RowMovability(row(at: ip)?["movable"]) != .fixed
    }
    /// Moves the row in the document, as tableView(_:moveRowAt:to:).
    public func tableView(_ tableView: TableView, moveRowAt from: IndexPath, to: IndexPath) throws {
        try move(from: from, to: to)
    }

    // MARK: Delegate

    /// A `withinSection` row dropped in another section stays in its own:
    /// at its top if dropped above, at its bottom if below.
    public func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt from: IndexPath,
        toProposedIndexPath proposed: IndexPath
    ) -> IndexPath {
        guard RowMovability(row(at: from)?["movable"]) == .withinSection, proposed.section != from.section else {
            return proposed
        }
        let last = max(0, self.tableView(tableView, numberOfRowsInSection: from.section) - 1)
        return IndexPath(from.section, proposed.section < from.section ? 0 : last)
    }

    /// Rows with `deselectAfterSelect` act like buttons: selected, then
    /// deselected at once, as UIKit apps do in didSelectRowAt.
    public func tableView(_ tableView: TableView, didSelectRowAt ip: IndexPath) throws {
        if row(at: ip)?["deselectAfterSelect"]?.boolValue == true { tableView.deselectRow(at: ip) }
    }

    /// A row's `height` key: a fixed line count or `automatic`; nil (the table's rowHeight) otherwise.
    public func tableView(_ tableView: TableView, heightForRowAt ip: IndexPath) -> RowHeight? {
        switch row(at: ip)?["height"] {
        case .int(let n)?: return .fixed(n)
        case .string("automatic")?: return .automatic
        default: return nil
        }
    }
}
