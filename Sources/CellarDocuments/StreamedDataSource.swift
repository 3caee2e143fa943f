import Cellar

/// A read-only data source and delegate over a `StreamedDocument`: it
/// decodes a row when the table configures it and keeps no row's value
/// after, so a viewport deep in a big table costs the rows it shows.
public final class StreamedDataSource: TableViewDataSource, TableViewDelegate {
    public let document: StreamedDocument
    /// Rows decoded for the table so far (the load's checking pass not counted).
    public private(set) var rowsDecoded = 0

    public init(document: StreamedDocument) {
        self.document = document
    }

    func rowIndex(_ ip: IndexPath) -> Int? {
        guard ip.section >= 0, ip.section < document.sections.count else { return nil }
        let s = document.sections[ip.section]
        return ip.row >= 0 && ip.row < s.rowCount ? s.firstRow + ip.row : nil
    }

    /// A table configured from the document and the options (options win),
    /// holding this data source strongly.
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
        t.allowsMultipleSelection = true
        for row in document.selectedRows { if let ip = indexPath(row) { t.selectRow(at: ip) } }
        for row in document.highlightedRows { if let ip = indexPath(row) { t.highlighted.insert(ip) } }
        return t
    }

    /// The index path of the document's `row`-th row.
    func indexPath(_ row: Int) -> IndexPath? {
        var low = 0
        var high = document.sections.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let s = document.sections[mid]
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

    // MARK: Data source

    public func numberOfSections(in tableView: TableView) -> Int { document.sections.count }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section >= 0 && section < document.sections.count ? document.sections[section].rowCount : 0
    }

    public func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        guard let index = rowIndex(ip) else {
            throw CellarError("index path \(ip) is out of range", at: SourceLocation(file: document.path, line: 1))
        }
        rowsDecoded += 1
        // The row was checked when the document was loaded; this decodes it again.
        let row = try document.styleRow(index)
        do {
            let cell = try tableView.dequeueReusableCell(withIdentifier: row.cell ?? document.options.cell, for: ip)
            try cell.configure(with: row.data, at: ip)
            if row.disabled { cell.state.isDisabled = true }
            return cell
        } catch let e as CellarError {
            throw e.located(document.location(ofRow: index))
        }
    }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section >= 0 && section < document.sections.count ? document.sections[section].header : nil
    }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section >= 0 && section < document.sections.count ? document.sections[section].footer : nil
    }
    public func sectionIndexTitles(for tableView: TableView) -> [String]? {
        let titles = document.sections.compactMap(\.indexTitle)
        return titles.isEmpty ? nil : titles
    }
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        var seen = 0
        for (s, section) in document.sections.enumerated() where section.indexTitle != nil {
            if seen == index { return s }
            seen += 1
        }
        return 0
    }

    // MARK: Delegate

    public func tableView(_ tableView: TableView, heightForRowAt ip: IndexPath) -> RowHeight? {
        guard !document.declaredHeights.isEmpty, let index = rowIndex(ip) else { return nil }
        return document.declaredHeights[index]
    }
}
