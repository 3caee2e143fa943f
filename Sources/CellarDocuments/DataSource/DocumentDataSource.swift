import Cellar

/// A data source + delegate over a document read whole; supports insert/delete/move of row data.
/// The answers from the rows' keys and the commit/move handling are `DocumentRowAnswers`'.
/// Row keys `cell`, `selected`, `highlighted`, `disabled` and `height` belong
/// to the table; every other key is handed to the style as row data.
public final class DocumentDataSource: DocumentRowAnswers, TableViewRowData {
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

    /// Where the row was written (its section's place for a row added since).
    public func rowLocation(_ ip: IndexPath) -> SourceLocation? {
        guard valid(ip), ip.row < document.sections[ip.section].rowLocations.count else {
            return ip.section >= 0 && ip.section < document.sections.count
                ? document.sections[ip.section].location : nil
        }
        return document.sections[ip.section].rowLocations[ip.row]
    }

    /// The document's path.
    public var documentPath: String { document.path }
    /// The document's section count.
    public var sectionCount: Int { data.count }
    /// The row count of a section, 0 for a section that does not exist.
    public func rowCount(inSection section: Int) -> Int {
        section >= 0 && section < data.count ? data[section].count : 0
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
        document.sections[ip.section].rows[ip.row] = Self.row(
            document.sections[ip.section].rows[ip.row], withData: value)
    }

    /// Inserts a row (an object with "cell") into the data; call
    /// `tableView.insertRows` afterwards, as with UIKit.
    public func insert(_ row: Value, at ip: IndexPath) throws {
        guard ip.section >= 0, ip.section < data.count, ip.row >= 0, ip.row <= data[ip.section].count else {
            throw outOfRange(ip)
        }
        guard case .object = row else { throw CellarError("a row must be a mapping of keys to values") }
        document.sections[ip.section].rows.insert(row, at: ip.row)
        let loc = rowLocation(IndexPath(ip.section, max(0, ip.row - 1))) ?? SourceLocation(file: document.path, line: 1)
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
        let loc = rowLocation(from)
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
        let t = configuredTable(document, registry: registry)
        for (s, section) in document.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                if row["selected"]?.boolValue == true { t.selectRow(at: IndexPath(s, r)) }
                if row["highlighted"]?.boolValue == true { t.highlighted.insert(IndexPath(s, r)) }
            }
        }
        return t
    }

    // MARK: Data source

    /// Dequeues a cell for the row's `cell` key (default `default`) and configures it from the row.
    public func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        guard let row = row(at: ip) else { throw outOfRange(ip) }
        let id = row["cell"]?.stringValue ?? "default"
        do {
            let cell = try tableView.dequeueReusableCell(withIdentifier: id, for: ip)
            try cell.configure(with: data[ip.section][ip.row], at: ip)
            if row["disabled"]?.boolValue == true { cell.state.isDisabled = true }
            applyRowKeys(row, to: cell)
            return cell
        } catch let e as CellarError {
            throw e.located(rowLocation(ip))
        }
    }

    /// The document's sections, for their titles.
    public var titledSections: [DocumentSection] { document.sections }
    /// The document's `indexTitles`.
    public var tableIndexTitles: [String]? { document.indexTitles }

    /// A row's `height` key: a fixed line count or `automatic`; nil (the table's rowHeight) otherwise.
    public func tableView(_ tableView: TableView, heightForRowAt ip: IndexPath) -> RowHeight? {
        Self.declaredHeight(row(at: ip)?["height"])
    }
}
