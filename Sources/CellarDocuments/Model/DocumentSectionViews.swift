import Cellar
import CellarText

/// A section's `headerView` or `footerView`: the header/footer view
/// identifier (`view`) and the data its style is configured with (every
/// other key), e.g. `headerView: {view: dateHeader, date: 오늘, count: 3}`.
package struct DocumentSectionView: Sendable, Equatable {
    /// The registered header/footer view identifier.
    package var identifier: String
    /// The keys besides `view`, handed to the view's style.
    package var data: [String: Value]
    /// Where the view was named, for errors.
    package var location: SourceLocation?

    /// Reads `headerView`/`footerView` (`key`); the problem, unlocated, is the caller's to place.
    static func parse(_ v: Value, key: String, at location: SourceLocation?) throws(SectionViewProblem)
        -> DocumentSectionView
    {
        guard case .object(var data) = v else {
            throw SectionViewProblem(
                message:
                    "\(key) must be a mapping naming its view and the view's data, e.g. {view: dateHeader, title: Today}"
            )
        }
        guard case .string(let id)? = data.removeValue(forKey: "view"), !id.isEmpty else {
            throw SectionViewProblem(
                message:
                    "\(key) needs 'view': the identifier of a header/footer view (a Lua style with kind = \"header_footer\")"
            )
        }
        return DocumentSectionView(identifier: id, data: data, location: location)
    }

    /// The data a view is configured with: its own keys, then the section's
    /// `title` (unless the view gives one) and index.
    func configuration(title: String?, section: Int) -> Value {
        var d = data
        if d["title"] == nil, let title { d["title"] = .string(title) }
        d["section"] = .int(section)
        return .object(d)
    }
}

struct SectionViewProblem: Error { var message: String }

extension DocumentSectionView {
    /// Every section's header/footer view identifier against `registry`
    /// (located, with a suggestion), so a misspelt one fails before any output.
    static func check(_ sections: [some DocumentSectionTitles], against registry: Registry) throws {
        for section in sections {
            for (key, spec) in [("headerView", section.headerView), ("footerView", section.footerView)] {
                guard let spec else { continue }
                let registration = registry.headerFooterRegistration(for: spec.identifier)
                if registration.registered {
                    try checkDataKeys(spec, key: key, style: registration.style)
                    continue
                }
                throw CellarError(
                    "\(key): "
                        + Registry.unknownHeaderFooterMessage(spec.identifier, among: registry.headerFooterIdentifiers),
                    at: spec.location)
            }
        }
    }

    /// The view's data keys against the keys its style declares (`fields`), as rows' are.
    private static func checkDataKeys(_ spec: DocumentSectionView, key: String, style: CellStyle?) throws {
        guard let keys = style?.rowKeys else { return }
        let known = keys + ["title"]
        let unread = spec.data.keys.filter { !known.contains($0) }.sorted()
        guard !unread.isEmpty else { return }
        let each = unread.map { k in
            "\(key): view '\(Sanitizer.excerpt(spec.identifier))' does not read '\(Sanitizer.excerpt(k))'"
                + (Suggest.closest(k, among: known).map { " — did you mean '\($0)'?" }
                    ?? " (it reads: \(known.joined(separator: ", ")))")
        }
        throw CellarError(each.joined(separator: "; "), at: spec.location)
    }
}

/// The table-wide section heights a document may set, as UITableView's
/// sectionHeaderHeight, sectionFooterHeight and their estimates.
package struct DocumentSectionHeights: Sendable, Equatable {
    /// The top-level keys, in documentation order.
    package static let keys = TableSchema.sectionHeightKeys
    /// `sectionHeaderHeight`: a fixed height for header views, or automatic.
    package var header: RowHeight?
    /// `sectionFooterHeight`.
    package var footer: RowHeight?
    /// `estimatedSectionHeaderHeight`: header views start at it, measured as they appear.
    package var estimatedHeader: Int?
    /// `estimatedSectionFooterHeight`.
    package var estimatedFooter: Int?

    /// Creates settings that leave the table's defaults.
    package init() {}

    /// Sets one of `keys` from its value; the problem, unlocated, is the caller's to place.
    mutating func set(_ key: String, _ v: Value) throws(SectionViewProblem) {
        switch key {
        case "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight":
            guard case .int(let n) = v, n >= 1, n <= TableView.maximumRowHeight else {
                throw SectionViewProblem(
                    message: "\(key) must be a whole number of lines from 1 to \(TableView.maximumRowHeight)")
            }
            if key == "estimatedSectionHeaderHeight" { estimatedHeader = n } else { estimatedFooter = n }
        default:
            let h: RowHeight
            do { h = try RowCheck.height(v, key) } catch { throw SectionViewProblem(message: error.message) }
            if key == "sectionHeaderHeight" { header = h } else { footer = h }
        }
    }

    /// Checks that a fixed `sectionHeaderHeight` or `sectionFooterHeight`
    /// can be drawn at `width`, as a row's fixed height is, when a section has
    /// a view it sizes; the error is at the key (`location(key)`).
    func checkDrawable(
        width: Int, sections: [some DocumentSectionTitles], at location: (String) -> SourceLocation?
    ) throws {
        for (key, height, header) in [("sectionHeaderHeight", header, true), ("sectionFooterHeight", footer, false)] {
            guard case .fixed(let lines)? = height,
                sections.contains(where: { (header ? $0.headerView : $0.footerView) != nil }),
                let problem = InputLimits.tallBlockProblem(
                    "a section \(header ? "header" : "footer") view", lines: lines, width: width)
            else { continue }
            throw CellarError(problem, at: location(key))
        }
    }

    /// Applies the settings given to `table`.
    func apply(to table: TableView) {
        if let header { table.sectionHeaderHeight = header }
        if let footer { table.sectionFooterHeight = footer }
        table.estimatedSectionHeaderHeight = estimatedHeader
        table.estimatedSectionFooterHeight = estimatedFooter
    }
}

extension StreamedDataSource {
    /// The section's `headerView`, dequeued and configured, as UITableViewDelegate's viewForHeaderInSection.
    package func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) throws -> HeaderFooterView? {
        try sectionView(tableView, section, header: true)
    }

    /// The section's `footerView`, as UITableViewDelegate's viewForFooterInSection.
    package func tableView(_ tableView: TableView, viewForFooterInSection section: Int) throws -> HeaderFooterView? {
        try sectionView(tableView, section, header: false)
    }

    private func sectionView(_ tableView: TableView, _ s: Int, header: Bool) throws -> HeaderFooterView? {
        guard document.sections.indices.contains(s) else { return nil }
        let titles = document.sections[s]
        guard let spec = header ? titles.headerView : titles.footerView else { return nil }
        do {
            let view = try tableView.dequeueReusableHeaderFooterView(withIdentifier: spec.identifier)
            try view.configure(with: spec.configuration(title: header ? titles.header : titles.footer, section: s))
            return view
        } catch var e as CellarError {
            // Style errors carry their own file:line; an unknown identifier is placed at the section's key.
            if e.location == nil {
                e.location = spec.location
                e.message = "\(header ? "headerView" : "footerView"): \(e.message)"
            }
            throw e
        }
    }
}
