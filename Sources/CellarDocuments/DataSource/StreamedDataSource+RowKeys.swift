import Cellar

/// The data-source and delegate answers that come from the rows' own keys
/// (`editable`, `movable`, `template`, `selectable`, swipe actions…), the
/// section titles and index, and the bookkeeping of a commit or a move.
extension StreamedDataSource {
    package func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        document.sections.indices.contains(section) ? document.sections[section].header : nil
    }

    package func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        document.sections.indices.contains(section) ? document.sections[section].footer : nil
    }

    /// The error for an index path out of range, naming the counts.
    package func outOfRange(_ ip: IndexPath) -> CellarError {
        let rows =
            ip.section >= 0 && ip.section < sectionCount
            ? "section \(ip.section) has \(rowCount(inSection: ip.section)) rows"
            : "the document has \(sectionCount) sections"
        return CellarError(
            "index path \(ip) is out of range: \(rows)", at: SourceLocation(file: document.path, line: 1))
    }

    package func numberOfSections(in tableView: TableView) -> Int { sectionCount }

    package func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        rowCount(inSection: section)
    }

    /// A row given new data (`TableViewRowData.setRowValue`): the data, with the table keys `row` had.
    static func row(_ row: Value, withData value: Value) -> Value {
        guard case .object(let old) = row, case .object(let o) = value else { return row }
        return .object(o.merging(old.filter { StyleRow.isTableKey($0.key) }) { $1 })
    }

    /// An added row's `height`, read as a stored row's is (`RowCheck.height`: `2.0` is two lines, `-1` is
    /// refused); nil when it has none.
    package static func checkedHeight(_ v: Value?) throws -> RowHeight? {
        guard let v else { return nil }
        do { return try RowCheck.height(v, "height") } catch { throw CellarError(error.message) }
    }

    /// `checkedHeight`, or nil (the table's rowHeight) for a height it refuses: the table asks, and is answered.
    static func declaredHeight(_ v: Value?) -> RowHeight? { (try? checkedHeight(v)) ?? nil }

    /// The table's `indexTitles`, else the sections' own.
    package func sectionIndexTitles(for tableView: TableView) -> [String]? {
        let titles = document.indexTitles ?? document.sections.compactMap(\.indexTitle)
        return titles.isEmpty ? nil : titles
    }

    /// The section an index title jumps to: its own, else the nearest one after it (or before it, at the end).
    package func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        let titles = sectionIndexTitles(for: tableView) ?? []
        var sectionOfTitle: [String: Int] = [:]
        for (s, t) in document.sections.map(\.indexTitle).enumerated() {
            if let t, sectionOfTitle[t] == nil { sectionOfTitle[t] = s }
        }
        guard index >= 0, index < titles.count else { return 0 }
        for t in titles[index...] { if let s = sectionOfTitle[t] { return s } }
        for t in titles[..<index].reversed() { if let s = sectionOfTitle[t] { return s } }
        return 0
    }

    /// Rows are editable by default, as in UIKit.
    package func tableView(_ tableView: TableView, canEditRowAt ip: IndexPath) -> Bool {
        row(at: ip)?["editable"]?.boolValue ?? true
    }

    /// Delete removes the row; insert puts the row the user entered
    /// (`tableView.rowForInsertion`) or a copy of the ⊕ row's `template`
    /// at the ⊕ row's place. Then the table hears of it, which checks the counts.
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
            do { try insert(new, at: ip, checkedAgainst: tableView.registry) } catch let e as CellarError {
                throw e.located(rowLocation(ip))
            }
            try tableView.insertRows(at: [ip])
            mark(added: new, at: ip, in: tableView)
        case .none: return
        }
    }

    /// True by default, as UIKit shows ≡ on every row of a data source that moves rows.
    package func tableView(_ tableView: TableView, canMoveRowAt ip: IndexPath) -> Bool {
        RowMovability(row(at: ip)?["movable"]) != .fixed
    }

    package func tableView(_ tableView: TableView, moveRowAt from: IndexPath, to: IndexPath) throws {
        try move(from: from, to: to)
    }

    /// A `withinSection` row dropped in another section stays in its own:
    /// at its top if dropped above, at its bottom if below.
    package func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt from: IndexPath, toProposedIndexPath proposed: IndexPath
    ) -> IndexPath {
        guard RowMovability(row(at: from)?["movable"]) == .withinSection, proposed.section != from.section else {
            return proposed
        }
        let last = max(0, self.tableView(tableView, numberOfRowsInSection: from.section) - 1)
        return IndexPath(from.section, proposed.section < from.section ? 0 : last)
    }

    package func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt ip: IndexPath)
        -> SwipeActionsConfiguration?
    {
        swipeActions(row(at: ip)?["leadingSwipeActions"])
    }

    package func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt ip: IndexPath)
        -> SwipeActionsConfiguration?
    {
        swipeActions(row(at: ip)?["trailingSwipeActions"])
    }

    /// Checked when the document was read.
    private func swipeActions(_ list: Value?) -> SwipeActionsConfiguration? {
        guard let list, let actions = try? ContextualAction.actions(from: list) else { return nil }
        return SwipeActionsConfiguration(actions: actions)
    }

    /// `selectable: false` refuses a tap, as a delegate's willSelectRowAt
    /// returning nil (about the row the style chose: a Lua `will_select` may redirect).
    package func tableView(_ tableView: TableView, willSelectRowAt ip: IndexPath) -> IndexPath? {
        row(at: ip)?["selectable"]?.boolValue == false ? nil : ip
    }

    /// Rows with `deselectAfterSelect` act like buttons, as UIKit apps do in didSelectRowAt.
    package func tableView(_ tableView: TableView, didSelectRowAt ip: IndexPath) throws {
        if row(at: ip)?["deselectAfterSelect"]?.boolValue == true { tableView.deselectRow(at: ip) }
    }
}
