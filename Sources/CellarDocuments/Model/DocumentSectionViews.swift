import Cellar
import CellarText

/// A section's `headerView` or `footerView`: its `view` identifier and the
/// data its style gets (the other keys), e.g. `{view: dateHeader, date: 오늘}`.
package struct DocumentSectionView: Sendable, Equatable {
    package var identifier: String
    package var data: [String: Value]
    /// Where its mapping starts in the document's bytes: located only for an
    /// error (locating reads the bytes up to it, too much for every section).
    package var offset: Int

    /// The problem, unlocated, is the caller's to place.
    static func parse(_ v: Value, key: String, at offset: Int) throws(ValueProblem) -> DocumentSectionView {
        guard case .object(var data) = v else {
            throw ValueProblem(
                message:
                    "\(key) must be a mapping naming its view and the view's data, e.g. {view: dateHeader, title: Today}"
            )
        }
        guard case .string(let id)? = data.removeValue(forKey: "view"), !id.isEmpty else {
            throw ValueProblem(
                message:
                    "\(key) needs 'view': the identifier of a header/footer view (a Lua style with kind = \"header_footer\")"
            )
        }
        return DocumentSectionView(identifier: id, data: data, offset: offset)
    }

    /// Its own keys, the section's `title` (unless it has one) and index.
    func configuration(title: String?, section: Int) -> Value {
        var d = data
        if d["title"] == nil, let title { d["title"] = .string(title) }
        d["section"] = .int(section)
        return .object(d)
    }
}

extension DocumentSectionView {
    /// A misspelt view identifier fails before any output, located (by `locate`), with a suggestion.
    static func check(
        _ sections: [StreamedDocument.Section], against registry: Registry, locate: (Int) -> SourceLocation?
    ) throws {
        for section in sections {
            for (key, spec) in [("headerView", section.headerView), ("footerView", section.footerView)] {
                guard let spec else { continue }
                let registration = registry.headerFooterRegistration(for: spec.identifier)
                if registration.registered {
                    try checkDataKeys(spec, key: key, style: registration.style, locate: locate)
                    continue
                }
                throw CellarError(
                    "\(key): "
                        + Registry.unknownHeaderFooterMessage(spec.identifier, among: registry.headerFooterIdentifiers),
                    at: locate(spec.offset))
            }
        }
    }

    private static func checkDataKeys(
        _ spec: DocumentSectionView, key: String, style: CellStyle?, locate: (Int) -> SourceLocation?
    ) throws {
        guard let keys = style?.rowKeys else { return }
        let known = keys + ["title"]
        let unread = spec.data.keys.filter { !known.contains($0) }.sorted()
        guard !unread.isEmpty else { return }
        let each = unread.map { k in
            "\(key): view '\(Sanitizer.excerpt(spec.identifier))' does not read '\(Sanitizer.excerpt(k))'"
                + (Suggest.closest(k, among: known).map { " — did you mean '\($0)'?" }
                    ?? " (it reads: \(known.joined(separator: ", ")))")
        }
        throw CellarError(each.joined(separator: "; "), at: locate(spec.offset))
    }
}

/// UITableView's sectionHeaderHeight, sectionFooterHeight and their estimates.
package struct DocumentSectionHeights: Sendable, Equatable {
    package var header: RowHeight?
    package var footer: RowHeight?
    package var estimatedHeader: Int?
    package var estimatedFooter: Int?

    package init() {}

    /// The problem, unlocated, is the caller's to place.
    mutating func set(_ key: String, _ v: Value) throws(ValueProblem) {
        switch key {
        case "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight":
            guard let n = v.intValue, n >= 1, n <= TableView.maximumRowHeight else {
                throw ValueProblem(
                    message: "\(key) must be a whole number of lines from 1 to \(TableView.maximumRowHeight)")
            }
            if key == "estimatedSectionHeaderHeight" { estimatedHeader = n } else { estimatedFooter = n }
        default:
            let h = try RowCheck.height(v, key)
            if key == "sectionHeaderHeight" { header = h } else { footer = h }
        }
    }

    /// A fixed section view height must be drawable at `width`, as a row's; the error is at the key.
    func checkDrawable(
        width: Int, sections: [StreamedDocument.Section], at location: (String) -> SourceLocation?
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

    func apply(to table: TableView) {
        if let header { table.sectionHeaderHeight = header }
        if let footer { table.sectionFooterHeight = footer }
        table.estimatedSectionHeaderHeight = estimatedHeader
        table.estimatedSectionFooterHeight = estimatedFooter
    }
}

extension StreamedDataSource {
    package func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) throws -> HeaderFooterView? {
        try sectionView(tableView, section, header: true)
    }

    package func tableView(_ tableView: TableView, viewForFooterInSection section: Int) throws -> HeaderFooterView? {
        try sectionView(tableView, section, header: false)
    }

    package var hasSectionViews: Bool { document.sectionsHaveViews }

    private func sectionView(_ tableView: TableView, _ s: Int, header: Bool) throws -> HeaderFooterView? {
        guard document.sections.indices.contains(s) else { return nil }
        let titles = document.sections[s]
        guard let spec = header ? titles.headerView : titles.footerView else { return nil }
        do {
            let view = try tableView.dequeueReusableHeaderFooterView(withIdentifier: spec.identifier)
            try view.configure(with: spec.configuration(title: header ? titles.header : titles.footer, section: s))
            return view
        } catch var e as CellarError {
            // Style errors carry their own file:line; an unknown identifier is placed at the key.
            if e.location == nil {
                e.location = document.location(ofOffset: spec.offset)
                e.message = "\(header ? "headerView" : "footerView"): \(e.message)"
            }
            throw e
        }
    }
}
