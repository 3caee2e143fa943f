import Cellar
import CellarText

/// One section of a table document.
public struct DocumentSection: Sendable {
    /// The section's header title, as tableView(_:titleForHeaderInSection:) returns it.
    public var header: String?
    /// The section's footer title, as tableView(_:titleForFooterInSection:) returns it.
    public var footer: String?
    /// The section's entry in the section index, when the table has no `indexTitles` of its own.
    public var indexTitle: String?
    /// Each row an `.object` with "cell" and its row data (as written).
    public var rows: [Value]
    /// Where each row starts in the file.
    public var rowLocations: [SourceLocation]
    /// Where the section starts in the file.
    public var location: SourceLocation?
    /// The section's `headerView`: a header view instead of the title.
    public var headerView: DocumentSectionView?
    /// The section's `footerView`: a footer view instead of the title.
    public var footerView: DocumentSectionView?
    /// Creates a section from its titles and rows.
    public init(
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

/// A static table as YAML or JSON. These key names are a contract with the documents already written: renaming one breaks them.
public struct TableDocument: Sendable {
    /// The keys a document may have at its top level; any other is an error.
    public static let topLevelKeys = TableSchema.document.map(\.name)
    /// The keys a section may have; any other is an error.
    public static let sectionKeys = TableSchema.section.map(\.name)
    /// Row keys the table itself reads; every other key is row data for the style.
    public static let rowTableKeys = TableSchema.tableRowKeys

    /// The file the document came from ("<table>" when built in memory), as error messages name it.
    public var path: String
    /// Plain, grouped or inset grouped, as UITableView's style.
    public var style: TableStyle = .plain
    /// Whether rows are separated by a line, as UITableView's separatorStyle.
    public var separatorStyle: SeparatorStyle = .singleLine
    /// East Asian Ambiguous characters take two columns (`TableView.ambiguousWide`).
    public var ambiguousWide = false
    /// The document's `rowHeight`: a fixed height for every row or automatic; nil leaves the table's default.
    public var rowHeight: RowHeight?
    var rowHeightLocation: SourceLocation?
    /// Where `sectionHeaderHeight` and the other `DocumentSectionHeights` keys are written, by key.
    var sectionHeightLocations: [String: SourceLocation] = [:]
    /// The document's `estimatedRowHeight`; nil leaves estimates off.
    public var estimatedRowHeight: Int?
    /// The sections, in order.
    public var sections: [DocumentSection] = []
    /// UIKit's selection flags (default: single selection).
    public var selection = DocumentSelection()
    /// The section header/footer heights and estimates.
    public var sectionHeights = DocumentSectionHeights()
    /// The section index for the whole table (e.g. A–Z and #); nil = the
    /// sections' own `indexTitle`s. Titles without a section of their own
    /// jump to the nearest section (see `DocumentRowAnswers`).
    public var indexTitles: [String]?
    /// Top-level keys given from outside; they override the document's.
    public var options = TableOptions()
    /// The document's own reuse identifiers (`register:`), in file order.
    public var registrations: [Registration] = []

    /// Creates a document with the given sections and defaults for everything else.
    public init(path: String = "<table>", sections: [DocumentSection] = []) {
        self.path = path
        self.sections = sections
    }

    /// Reads and parses a file (a regular file of at most `sizeLimit`
    /// bytes); every error names file:line:column.
    public static func load(path: String, sizeLimit: Int = InputFile.defaultSizeLimit) throws -> TableDocument {
        try parse(bytes: try InputFile.read(path, limit: sizeLimit), path: path)
    }

    /// Parses raw bytes with the streamed reader (`StreamedDocument`): a
    /// `.json` path is strict JSON, anything else YAML; every error names
    /// path:line:column.
    public static func parse(bytes: [UInt8], path: String, options: TableOptions = TableOptions()) throws
        -> TableDocument
    {
        let format: InputFormat = isJSONPath(path) ? .json : .yaml
        return try TableDocument(
            StreamedDocument.load(DocumentInput(path: path, bytes: bytes, format: format), options: options))
    }

    /// Parses text as `parse(bytes:path:options:)` does.
    public static func parse(_ text: String, path: String, options: TableOptions = TableOptions()) throws
        -> TableDocument
    {
        try parse(bytes: Array(text.utf8), path: path, options: options)
    }

    static func isJSONPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Refuses bytes that are not YAML text (invalid UTF-8, a character YAML
    /// 1.2 leaves out) at the first one's line and column, as the parser's
    /// own check (`YAMLEvents`) does, so text made of them is safe to decode.
    package static func checkYAMLText(_ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBufferPointer { try YAMLCharacters.check($0, path: path) }
    }

    /// Checks that every fixed row height can be drawn at `width`: a row is
    /// drawn into one canvas of width × height cells, bounded as a viewport is.
    public func checkRowHeights(width: Int) throws {
        if case .fixed(let h)? = options.rowHeight ?? rowHeight {
            try Self.checkRowHeight(h, width: width, at: options.rowHeight == nil ? rowHeightLocation : nil)
        }
        for section in sections {
            for (row, loc) in zip(section.rows, section.rowLocations) {
                if case .int(let h)? = row["height"] { try Self.checkRowHeight(h, width: width, at: loc) }
                if case .int(let h)? = row["template"]?["height"] { try Self.checkRowHeight(h, width: width, at: loc) }
            }
        }
        try sectionHeights.checkDrawable(width: width, sections: sections) { sectionHeightLocations[$0] }
    }

    /// `location` is only worked out for a height that fails (finding it may read the file up to the row).
    package static func checkRowHeight(
        _ height: Int, width: Int, at location: @autoclosure () -> SourceLocation?
    ) throws {
        guard let problem = InputLimits.tallBlockProblem("a row", lines: height, width: width) else { return }
        throw CellarError(problem, at: location())
    }

    /// Checks every row's reuse identifier and keys against a registry (located errors).
    public func validate(against registry: Registry) throws {
        try DocumentSectionView.check(sections, against: registry)
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
                try Self.checkRowKeys(row, id: id, style: style, at: loc)
            }
        }
    }
}
