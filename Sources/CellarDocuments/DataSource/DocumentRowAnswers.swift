import Cellar

/// The data-source and delegate answers that come from the rows' own keys
/// (`editable`, `editingStyle`, `movable`, `template`, `selectionStyle`,
/// `deselectAfterSelect`, `selectable`, `background`, `height`, `leadingSwipeActions`,
/// `trailingSwipeActions`), the document's section index, and the
/// bookkeeping of a commit or a move, apart from how the rows are kept
/// (`StreamedDataSource`: rows decoded as they are drawn, edits an overlay).
/// A conforming type keeps the rows and their edits; this answers the table.
package protocol DocumentRowAnswers: TableViewDataSource, TableViewDelegateHeaderFooterViews {
    /// The row as written (at least its table keys), or nil for an index path out of range.
    func row(at ip: IndexPath) -> Value?
    /// Where the row was written, for errors.
    func rowLocation(_ ip: IndexPath) -> SourceLocation?
    /// The file the document came from, as errors name it.
    var documentPath: String { get }
    /// The number of sections.
    var sectionCount: Int { get }
    /// The row count of a section (as edited so far); 0 for a section that does not exist.
    func rowCount(inSection section: Int) -> Int
    /// Inserts a row as written (table keys included) at `ip`.
    func insert(_ row: Value, at ip: IndexPath) throws
    /// Removes the row at `ip` and returns it as written.
    @discardableResult func remove(at ip: IndexPath) throws -> Value
    /// Moves a row, keeping its file location; leaves it in place and throws when `to` is out of range.
    func move(from: IndexPath, to: IndexPath) throws
    /// The section type of the document the rows come from.
    associatedtype TitledSection: DocumentSectionTitles
    /// The document's sections, for their titles.
    var titledSections: [TitledSection] { get }
    /// The table-wide `indexTitles`, else nil (the sections' own are used).
    var tableIndexTitles: [String]? { get }
}

/// A document section's titles, as every document format writes them.
package protocol DocumentSectionTitles {
    /// The `header` title.
    var header: String? { get }
    /// The `footer` title.
    var footer: String? { get }
    /// The section's own entry in the section index.
    var indexTitle: String? { get }
    /// The `headerView`, if the section has one.
    var headerView: DocumentSectionView? { get }
    /// The `footerView`, if the section has one.
    var footerView: DocumentSectionView? { get }
}

extension StreamedDocument.Section: DocumentSectionTitles {}

extension DocumentRowAnswers {
    /// The section's `header`, as UITableViewDataSource's tableView(_:titleForHeaderInSection:).
    package func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        titledSections.indices.contains(section) ? titledSections[section].header : nil
    }
    /// The section's `footer`, as UITableViewDataSource's tableView(_:titleForFooterInSection:).
    package func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        titledSections.indices.contains(section) ? titledSections[section].footer : nil
    }
    /// Each section's own `indexTitle`.
    package var sectionIndexTitles: [String?] { titledSections.map(\.indexTitle) }
}

extension DocumentRowAnswers {
    /// The error for an index path out of range, naming the counts.
    package func outOfRange(_ ip: IndexPath) -> CellarError {
        let rows =
            ip.section >= 0 && ip.section < sectionCount
            ? "section \(ip.section) has \(rowCount(inSection: ip.section)) rows"
            : "the document has \(sectionCount) sections"
        return CellarError("index path \(ip) is out of range: \(rows)", at: SourceLocation(file: documentPath, line: 1))
    }

    /// The document's section count.
    package func numberOfSections(in tableView: TableView) -> Int { sectionCount }
    /// The row count of a section, 0 for a section that does not exist.
    package func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        rowCount(inSection: section)
    }

    /// A row given new data (`TableViewRowData.setRowValue`): the data, with the table keys `row` had.
    static func row(_ row: Value, withData value: Value) -> Value {
        guard case .object(let old) = row, case .object(let o) = value else { return row }
        return .object(o.merging(old.filter { StyleRow.isTableKey($0.key) }) { $1 })
    }

    /// A row's `height` value: a fixed line count or `automatic`; nil (the table's rowHeight) otherwise.
    static func declaredHeight(_ v: Value?) -> RowHeight? {
        switch v {
        case .int(let n)?: return .fixed(n)
        case .string("automatic")?: return .automatic
        default: return nil
        }
    }

    /// The row keys a cell takes from its row; set on every row, as a reused cell must not keep another row's.
    func applyRowKeys(_ row: Value?, to cell: Cell) {
        cell.setRowKeys(
            selectionStyle: row?["selectionStyle"]?.stringValue.flatMap(SelectionStyle.init),
            editingStyle: row?["editingStyle"]?.stringValue.flatMap(EditingStyle.init),
            // Checked when the document was read; a style's own update (a Lua `background` hook) runs later and wins.
            background: row?["background"].flatMap { try? BackgroundConfiguration.parse($0) })
    }

    /// The table's `indexTitles`, else the sections' own.
    package func sectionIndexTitles(for tableView: TableView) -> [String]? {
        let titles = tableIndexTitles ?? sectionIndexTitles.compactMap { $0 }
        return titles.isEmpty ? nil : titles
    }

    /// The section an index title jumps to: its own, else the nearest one after it (or before it, at the end).
    package func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        let titles = sectionIndexTitles(for: tableView) ?? []
        var sectionOfTitle: [String: Int] = [:]
        for (s, t) in sectionIndexTitles.enumerated() {
            if let t, sectionOfTitle[t] == nil { sectionOfTitle[t] = s }
        }
        guard index >= 0, index < titles.count else { return 0 }
        for t in titles[index...] { if let s = sectionOfTitle[t] { return s } }
        for t in titles[..<index].reversed() { if let s = sectionOfTitle[t] { return s } }
        return 0
    }

    // MARK: Editing

    /// A row's `editable` key; rows are editable by default, as in UIKit.
    package func tableView(_ tableView: TableView, canEditRowAt ip: IndexPath) -> Bool {
        row(at: ip)?["editable"]?.boolValue ?? true
    }

    /// Delete removes the row; insert puts the row the user entered
    /// (`tableView.rowForInsertion`) or a copy of the ⊕ row's `template`
    /// at the ⊕ row's place (the ⊕ row moves down). Then the table hears of
    /// it (deleteRows / insertRows), which checks the counts.
    package func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt ip: IndexPath) throws {
        switch editingStyle {
        case .delete:
            try remove(at: ip)
            try tableView.deleteRows(at: [ip])
        case .insert:
            guard let insertRow = row(at: ip) else { throw outOfRange(ip) }
            guard let new = tableView.rowForInsertion ?? insertRow["template"] else {
                throw CellarError(
                    "row [\(ip.section), \(ip.row)] has no 'template' row for its ⊕ to insert, and none was given",
                    at: rowLocation(ip))
            }
            try insert(new, at: ip)
            try tableView.insertRows(at: [ip])
        case .none: return
        }
    }

    /// A row's `movable` key (true, false or withinSection); true by default,
    /// as UIKit shows ≡ on every row of a data source that moves rows.
    package func tableView(_ tableView: TableView, canMoveRowAt ip: IndexPath) -> Bool {
        RowMovability(row(at: ip)?["movable"]) != .fixed
    }

    /// Moves the row in the document, as tableView(_:moveRowAt:to:).
    package func tableView(_ tableView: TableView, moveRowAt from: IndexPath, to: IndexPath) throws {
        try move(from: from, to: to)
    }

    // MARK: Delegate

    /// A `withinSection` row dropped in another section stays in its own:
    /// at its top if dropped above, at its bottom if below.
    package func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt from: IndexPath,
        toProposedIndexPath proposed: IndexPath
    ) -> IndexPath {
        guard RowMovability(row(at: from)?["movable"]) == .withinSection, proposed.section != from.section else {
            return proposed
        }
        let last = max(0, self.tableView(tableView, numberOfRowsInSection: from.section) - 1)
        return IndexPath(from.section, proposed.section < from.section ? 0 : last)
    }

    /// A row's `leadingSwipeActions` (checked when the document was read).
    package func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt ip: IndexPath)
        -> SwipeActionsConfiguration?
    {
        swipeActions(row(at: ip)?["leadingSwipeActions"])
    }

    /// A row's `trailingSwipeActions` (checked when the document was read).
    package func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt ip: IndexPath)
        -> SwipeActionsConfiguration?
    {
        swipeActions(row(at: ip)?["trailingSwipeActions"])
    }

    private func swipeActions(_ list: Value?) -> SwipeActionsConfiguration? {
        guard let list, let actions = try? ContextualAction.actions(from: list) else { return nil }
        return SwipeActionsConfiguration(actions: actions)
    }

    /// `selectable: false` refuses a tap, as a delegate's willSelectRowAt
    /// returning nil: nothing is selected and the selection stays. The
    /// answer is about the row the style chose (a Lua `will_select` may
    /// have redirected the tap).
    package func tableView(_ tableView: TableView, willSelectRowAt ip: IndexPath) -> IndexPath? {
        row(at: ip)?["selectable"]?.boolValue == false ? nil : ip
    }

    /// Rows with `deselectAfterSelect` act like buttons: selected, then
    /// deselected at once, as UIKit apps do in didSelectRowAt.
    package func tableView(_ tableView: TableView, didSelectRowAt ip: IndexPath) throws {
        if row(at: ip)?["deselectAfterSelect"]?.boolValue == true { tableView.deselectRow(at: ip) }
    }
}

/// A document's table-wide settings, as every document format reads them.
package protocol DocumentTableSettings {
    /// The table style (`style`).
    var style: TableStyle { get }
    /// The `separatorStyle`.
    var separatorStyle: SeparatorStyle { get }
    /// The `ambiguousWide` setting.
    var ambiguousWide: Bool { get }
    /// The `rowHeight`, or nil for automatic.
    var rowHeight: RowHeight? { get }
    /// The `estimatedRowHeight`, or nil for none.
    var estimatedRowHeight: Int? { get }
    /// UIKit's selection flags.
    var selection: DocumentSelection { get }
    /// The section header/footer heights and estimates.
    var sectionHeights: DocumentSectionHeights { get }
    /// Settings given from outside (flags); they win over the document's.
    var tableOptions: TableOptions { get }
}

extension StreamedDocument: DocumentTableSettings {
    /// The flags given for this document.
    package var tableOptions: TableOptions { options }
}

extension DocumentRowAnswers {
    /// A table showing this data source (held strongly), configured by
    /// `settings` with the flags winning; the caller adds the initial
    /// selection and highlight.
    func configuredTable(_ settings: some DocumentTableSettings, registry: Registry) -> TableView {
        let options = settings.tableOptions
        let t = TableView(style: options.style ?? settings.style, registry: registry)
        t.retainedDataSource = self
        t.dataSource = self
        t.delegate = self
        t.rowHeight = options.rowHeight ?? settings.rowHeight ?? .automatic
        t.estimatedRowHeight = options.estimatedRowHeight ?? settings.estimatedRowHeight
        t.separatorStyle = settings.separatorStyle
        t.ambiguousWide = settings.ambiguousWide
        settings.selection.apply(to: t)
        settings.sectionHeights.apply(to: t)
        // A document's whole-table render (the CLI's, a golden frame) draws
        // every row from its data, its rows sharing queued cells: no cell per row is held.
        t.keepsCellsWhenStreaming = false
        return t
    }
}
