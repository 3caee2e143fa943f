import Cellar
import CellarDocuments
import CellarText

/// A Swift data source over plain arrays, counting calls.
public final class ArrayDataSource: TableViewDataSource, TableViewDelegate {
    /// Rows per section.
    public var sections: [[Value]]
    /// Header titles by section (nil or missing: none).
    public var headers: [String?] = []
    /// Footer titles by section.
    public var footers: [String?] = []
    /// The section index, as sectionIndexTitles(for:) returns it.
    public var indexTitles: [String]?
    /// Per-row heights, as heightForRowAt answers them.
    public var heights: ((IndexPath) -> RowHeight?)?
    /// How many times the table asked for a cell.
    public var cellForRowCalls = 0
    /// A willSelectRowAt answer: redirect or refuse a selection.
    public var willSelect: ((IndexPath) -> IndexPath?)?
    /// Delegate calls received, as text ("select [0, 1]").
    public var events: [String] = []

    /// A data source over these rows.
    public init(_ sections: [[Value]]) { self.sections = sections }

    /// The number of sections, as UITableViewDataSource asks.
    public func numberOfSections(in tableView: TableView) -> Int { sections.count }
    /// The number of rows in a section.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    /// A dequeued cell configured with the row's data.
    public func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        cellForRowCalls += 1
        let row = sections[ip.section][ip.row]
        let cell = try tableView.dequeueReusableCell(withIdentifier: row["cell"]?.stringValue ?? "default", for: ip)
        try cell.configure(with: row, at: ip)
        return cell
    }
    /// The header title of a section.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < headers.count ? headers[section] : nil
    }
    /// The footer title of a section.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section < footers.count ? footers[section] : nil
    }
    /// The section index titles.
    public func sectionIndexTitles(for tableView: TableView) -> [String]? { indexTitles }
    /// The row's height from `heights`, else nil.
    public func tableView(_ tableView: TableView, heightForRowAt ip: IndexPath) -> RowHeight? { heights?(ip) }
    /// Asks `willSelect`, else selects the row itself.
    public func tableView(_ tableView: TableView, willSelectRowAt ip: IndexPath) -> IndexPath? {
        if let willSelect { return willSelect(ip) }
        return ip
    }
    /// Records the selection in `events`.
    public func tableView(_ tableView: TableView, didSelectRowAt ip: IndexPath) throws { events.append("select \(ip)") }
    /// Records the deselection in `events`.
    public func tableView(_ tableView: TableView, didDeselectRowAt ip: IndexPath) throws {
        events.append("deselect \(ip)")
    }
    /// Trailing swipe actions by row, as trailingSwipeActionsConfigurationForRowAt answers them.
    public var trailingSwipeActions: ((IndexPath) -> SwipeActionsConfiguration?)?
    /// The row's configuration from `trailingSwipeActions`, else nil (the table's default).
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt ip: IndexPath)
        -> SwipeActionsConfiguration?
    {
        trailingSwipeActions?(ip)
    }
    /// Records the accessory tap in `events`.
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith ip: IndexPath) throws {
        events.append("accessory \(ip)")
    }

    /// A table using this object as data source and delegate.
    public func makeTable(
        style: TableStyle = .plain, width: Int = 40, height: Int? = nil,
        registry: Registry = Registry()
    ) -> TableView {
        let t = TableView(style: style, registry: registry)
        t.dataSource = self
        t.delegate = self
        t.width = width
        t.viewportHeight = height
        t.separatorStyle = .none
        return t
    }
}

/// Row data for a built-in style: `cell`, `text`, an optional detail and extra keys.
public func row(_ cell: String, _ text: String, _ detail: String? = nil, _ extra: [String: Value] = [:]) -> Value {
    var o: [String: Value] = ["cell": .string(cell), "text": .string(text)]
    if let detail { o["secondaryText"] = .string(detail) }
    for (k, v) in extra { o[k] = v }
    return .object(o)
}

/// The lines of a rendered text, without the final empty one.
public func lines(_ text: String) -> [String] {
    var l = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if l.last == "" { l.removeLast() }
    return l
}

/// Renders a YAML document at a width and viewport; returns the text and the table.
public func render(
    _ yaml: String, width: Int = 40, height: Int? = nil, offset: Int = 0,
    registry: Registry = Registry()
) throws -> (String, TableView) {
    let doc = try streamedDocument(yaml)
    try doc.validate(against: registry)
    let ds = StreamedDataSource(document: doc)
    let t = ds.makeTableView(registry: registry)
    t.width = width
    t.viewportHeight = height
    t.contentOffset = offset
    return (try t.renderText(), t)
}

/// A table document read from `text` as the CLI reads a file (`StreamedDocument`), in the format
/// `path`'s name says (YAML when it says none); errors are located in `path`.
package func streamedDocument(
    _ text: String, path: String = "t.yaml", options: TableOptions = TableOptions()
) throws -> StreamedDocument {
    let input = DocumentInput(path: path, bytes: Array(text.utf8), format: InputFormat.from(path: path) ?? .yaml)
    return try StreamedDocument.load(input, options: options)
}

/// The column where `needle` starts; `wide`: measured as an ambiguous-wide table draws.
public func column(of needle: String, in line: String, wide: Bool = false) -> Int? {
    var rest = Substring(line)
    while !rest.isEmpty {
        if rest.hasPrefix(needle) { return DisplayWidth.of(line[..<rest.startIndex], ambiguousWide: wide) }
        rest = rest.dropFirst()
    }
    return nil
}
