import Cellar
import CellarText

@testable import CellarDocuments

/// One section of a table document, its rows decoded and kept.
struct DocumentSection: Sendable {
    /// The section's header title, as tableView(_:titleForHeaderInSection:) returns it.
    var header: String?
    /// The section's footer title, as tableView(_:titleForFooterInSection:) returns it.
    var footer: String?
    /// The section's entry in the section index, when the table has no `indexTitles` of its own.
    var indexTitle: String?
    /// Each row an `.object` with "cell" and its row data (as written).
    var rows: [Value]
    /// Where each row starts in the file.
    var rowLocations: [SourceLocation]
    /// Where the section starts in the file.
    var location: SourceLocation?
    /// The section's `headerView`: a header view instead of the title.
    var headerView: DocumentSectionView?
    /// The section's `footerView`: a footer view instead of the title.
    var footerView: DocumentSectionView?
    /// Creates a section from its titles and rows.
    init(
        header: String? = nil, footer: String? = nil, indexTitle: String? = nil,
        rows: [Value] = [], rowLocations: [SourceLocation] = [], location: SourceLocation? = nil
    ) {
        self.header = header
        self.footer = footer
        self.indexTitle = indexTitle
        self.rows = rows
        self.rowLocations = rowLocations
        self.location = location
    }
}

/// A table document read whole, every row decoded and kept with its place:
/// the streamed reader's result (`StreamedDocument`, what the CLI and golden
/// cases read) laid out as plain values, so a test can look at each row or
/// write the table out in another format (`DocumentWriting`).
struct DocumentSnapshot {
    /// The file the document came from ("<table>" when built in memory), as error messages name it.
    var path: String
    /// Plain, grouped or inset grouped, as UITableView's style.
    var style: TableStyle = .plain
    /// Whether rows are separated by a line, as UITableView's separatorStyle.
    var separatorStyle: SeparatorStyle = .singleLine
    /// East Asian Ambiguous characters take two columns (`TableView.ambiguousWide`).
    var ambiguousWide = false
    /// The document's `rowHeight`: a fixed height for every row or automatic; nil leaves the table's default.
    var rowHeight: RowHeight?
    var rowHeightLocation: SourceLocation?
    /// Where `sectionHeaderHeight` and the other `DocumentSectionHeights` keys are written, by key.
    var sectionHeightLocations: [String: SourceLocation] = [:]
    /// The document's `estimatedRowHeight`; nil leaves estimates off.
    var estimatedRowHeight: Int?
    /// The sections, in order.
    var sections: [DocumentSection] = []
    /// UIKit's selection flags (default: single selection).
    var selection = DocumentSelection()
    /// The section header/footer heights and estimates.
    var sectionHeights = DocumentSectionHeights()
    /// The section index for the whole table (e.g. A–Z and #); nil = the
    /// sections' own `indexTitle`s. Titles without a section of their own
    /// jump to the nearest section (see `StreamedDataSource`).
    var indexTitles: [String]?
    /// Top-level keys given from outside; they override the document's.
    var options = TableOptions()
    /// The document's own reuse identifiers (`register:`), in file order.
    var registrations: [TableDocument.Registration] = []
    /// Each registration's place, by its offset, located when the snapshot is taken.
    var registrationLocations: [Int: SourceLocation] = [:]
    /// Each section view's place, by its offset, located when the snapshot is taken.
    var viewLocations: [Int: SourceLocation] = [:]

    /// Creates a document with the given sections and defaults for everything else.
    init(path: String = "<table>", sections: [DocumentSection] = []) {
        self.path = path
        self.sections = sections
    }

    /// Reads and parses a file (a regular file of at most `sizeLimit`
    /// bytes); every error names file:line:column.
    static func load(path: String, sizeLimit: Int = InputFile.defaultSizeLimit) throws -> DocumentSnapshot {
        try parse(bytes: try InputFile.read(path, limit: sizeLimit), path: path)
    }

    /// Parses raw bytes with the streamed reader (`StreamedDocument`): a
    /// `.json` path is strict JSON, anything else YAML; every error names
    /// path:line:column.
    static func parse(bytes: [UInt8], path: String, options: TableOptions = TableOptions()) throws
        -> DocumentSnapshot
    {
        let format: InputFormat = isJSONPath(path) ? .json : .yaml
        return try DocumentSnapshot(
            StreamedDocument.load(DocumentInput(path: path, bytes: bytes, format: format), options: options))
    }

    /// Parses text as `parse(bytes:path:options:)` does.
    static func parse(_ text: String, path: String, options: TableOptions = TableOptions()) throws
        -> DocumentSnapshot
    {
        try parse(bytes: Array(text.utf8), path: path, options: options)
    }

    static func isJSONPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Checks that every fixed row height can be drawn at `width`: a row is
    /// drawn into one canvas of width × height cells, bounded as a viewport is.
    func checkRowHeights(width: Int) throws {
        if case .fixed(let h)? = options.rowHeight ?? rowHeight {
            try TableDocument.checkRowHeight(h, width: width, at: options.rowHeight == nil ? rowHeightLocation : nil)
        }
        for section in sections {
            for (row, loc) in zip(section.rows, section.rowLocations) {
                if case .int(let h)? = row["height"] { try TableDocument.checkRowHeight(h, width: width, at: loc) }
                if case .int(let h)? = row["template"]?["height"] {
                    try TableDocument.checkRowHeight(h, width: width, at: loc)
                }
            }
        }
        try sectionHeights.checkDrawable(width: width, sections: viewSections) { sectionHeightLocations[$0] }
    }

    /// Checks every row's reuse identifier and keys against a registry (located errors).
    func validate(against registry: Registry) throws {
        try DocumentSectionView.check(viewSections, against: registry) { viewLocations[$0] }
        for section in sections {
            for (row, loc) in zip(section.rows, section.rowLocations) {
                let id = row["cell"]?.stringValue ?? "default"
                guard let style = registry.style(for: id) else {
                    let msg = Registry.unknownIdentifierMessage(id)
                    if let near = Suggest.closest(id, among: registry.identifiers) {
                        throw CellarError("\(msg) (did you mean '\(near)'?)", at: loc)
                    }
                    throw CellarError(msg, at: loc)
                }
                try TableDocument.checkRowKeys(row, id: id, style: style, at: { _ in loc })
            }
        }
    }

    /// `base` with the document's own identifiers added (`register:`).
    func registry(over base: Registry) throws -> Registry {
        try TableDocument.registry(registrations, over: base) {
            registrationLocations[$0] ?? SourceLocation(file: path, line: 1)
        }
    }
}

extension DocumentSnapshot {
    /// The sections' views, as the streamed document's checks read them.
    var viewSections: [StreamedDocument.Section] {
        sections.map { StreamedDocument.Section(headerView: $0.headerView, footerView: $0.footerView, firstRow: 0) }
    }
}

extension DocumentSnapshot {
    /// A table read by the streamed reader (the one the CLI and golden cases
    /// read with), every row decoded and kept, so the rows can be edited in
    /// place: `height` as a number of lines or "automatic", `cell` filled in
    /// from `--cell`.
    init(_ s: StreamedDocument) throws {
        self.init(path: s.path)
        style = s.style
        separatorStyle = s.separatorStyle
        ambiguousWide = s.ambiguousWide
        rowHeight = s.rowHeight
        estimatedRowHeight = s.estimatedRowHeight
        sectionHeights = s.sectionHeights
        selection = s.selection
        indexTitles = s.indexTitles
        registrations = s.registrations
        for r in s.registrations { registrationLocations[r.offset] = s.location(ofOffset: r.offset) }
        options = s.options
        let rowLocations = s.locations(of: Array(s.found.rowOffsets))
        let sectionLocations = s.locations(of: s.sections.map(\.offset))
        rowHeightLocation = s.rowHeightOffset.flatMap { s.locations(of: [$0]).first }
        sectionHeightLocations = s.sectionHeightOffsets.mapValues(s.location(ofOffset:))
        for (i, section) in s.sections.enumerated() {
            var d = DocumentSection(
                header: section.header, footer: section.footer, indexTitle: section.indexTitle,
                location: sectionLocations[i])
            d.headerView = section.headerView
            d.footerView = section.footerView
            for view in [section.headerView, section.footerView].compactMap({ $0 }) {
                viewLocations[view.offset] = s.location(ofOffset: view.offset)
            }
            for r in section.firstRow..<(section.firstRow + section.rowCount) {
                guard case .object(var o) = try s.row(r) else { continue }
                switch s.found.declaredHeights[r] {
                case .fixed(let n)?: o["height"] = .int(n)
                case .automatic?: o["height"] = .string("automatic")
                case nil: break
                }
                if o["cell"] == nil && s.options.cell != "default" { o["cell"] = .string(s.options.cell) }
                d.rows.append(.object(o))
                d.rowLocations.append(rowLocations[r])
            }
            sections.append(d)
        }
    }
}

extension StreamedDocument {
    /// The locations of ascending `offsets`, in one pass over the bytes (a YAML document's one by one).
    func locations(of offsets: [Int]) -> [SourceLocation] {
        if yamlSource != nil { return offsets.map(location(ofOffset:)) }
        return bytes.withUnsafeBufferPointer { bytes in
            var out: [SourceLocation] = []
            var (line, column, i) = (1, 1, 0)
            for offset in offsets {
                while i < min(offset, bytes.count) {
                    if bytes[i] == 0x0A {
                        (line, column) = (line + 1, 1)
                    } else if bytes[i] & 0xC0 != 0x80 {
                        column += 1
                    }
                    i += 1
                }
                out.append(SourceLocation(file: path, line: line, column: column))
            }
            return out
        }
    }
}
