import Cellar

/// A table document's top-level keys given from outside (the CLI's flags):
/// each one set overrides the document's own.
public struct TableOptions: Sendable, Equatable {
    /// The reuse identifier of rows that name no `cell` (else `default`).
    public var defaultCell: String?
    /// Consecutive rows with the same value under this key form a section
    /// headed by that value (rows without sections only: JSON Lines, CSV, TSV).
    public var sectionBy: String?
    /// A section index from the first letters of the section headers.
    public var indexTitles = false
    /// The table's style, as UITableView.Style (else the document's `style`).
    public var style: TableStyle?
    /// Every row's height, as UITableView's rowHeight (else the document's `rowHeight`).
    public var rowHeight: RowHeight?
    /// The rows' estimated height, as UITableView's estimatedRowHeight (else the document's).
    public var estimatedRowHeight: Int?
    /// What a JSON Lines, CSV or TSV key that nothing reads is (`ExtraKeys`).
    public var extraKeys = ExtraKeys.error

    /// Creates options with each given key overriding the document's own; nil leaves it to the document.
    public init(
        defaultCell: String? = nil, sectionBy: String? = nil, indexTitles: Bool = false,
        style: TableStyle? = nil, rowHeight: RowHeight? = nil, estimatedRowHeight: Int? = nil,
        extraKeys: ExtraKeys = .error
    ) {
        self.extraKeys = extraKeys
        self.defaultCell = defaultCell
        self.sectionBy = sectionBy
        self.indexTitles = indexTitles
        self.style = style
        self.rowHeight = rowHeight
        self.estimatedRowHeight = estimatedRowHeight
    }

    var cell: String { defaultCell ?? "default" }

    /// The header's first letter, upper-cased, for the first section of each run with it.
    static func indexTitles(headers: [String?], existing: [String?]) -> [String?] {
        var previous: String?
        return zip(headers, existing).map { header, own in
            if let own {
                previous = own
                return own
            }
            guard let first = header?.first else { return nil }
            let title = String(first).uppercased()
            if title == previous { return nil }
            previous = title
            return title
        }
    }
}
