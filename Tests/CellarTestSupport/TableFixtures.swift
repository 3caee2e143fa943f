import Cellar
import CellarDocuments
import CellarText

/// A Swift data source over plain arrays, counting calls.
public final class ArrayDataSource: TableViewDataSource, TableViewDelegate {
    public var sections: [[Value]]
    public var headers: [String?] = []
    public var footers: [String?] = []
    public var indexTitles: [String]?
    public var heights: ((IndexPath) -> RowHeight?)?
    public var cellForRowCalls = 0
    public var willSelect: ((IndexPath) -> IndexPath?)?
    public var events: [String] = []

    public init(_ sections: [[Value]]) { self.sections = sections }

    public func numberOfSections(in tableView: TableView) -> Int { sections.count }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    public func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        cellForRowCalls += 1
        let row = sections[ip.section][ip.row]
        let cell = try tableView.dequeueReusableCell(withIdentifier: row["cell"]?.stringValue ?? "default", for: ip)
        try cell.configure(with: row, at: ip)
        return cell
    }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        section < headers.count ? headers[section] : nil
    }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section < footers.count ? footers[section] : nil
    }
    public func sectionIndexTitles(for tableView: TableView) -> [String]? { indexTitles }
    public func tableView(_ tableView: TableView, heightForRowAt ip: IndexPath) -> RowHeight? { heights?(ip) }
    public func tableView(_ tableView: TableView, willSelectRowAt ip: IndexPath) -> IndexPath? {
        if let willSelect { return willSelect(ip) }
        return ip
    }
    public func tableView(_ tableView: TableView, didSelectRowAt ip: IndexPath) throws { events.append("select \(ip)") }
    public func tableView(_ tableView: TableView, didDeselectRowAt ip: IndexPath) throws {
        events.append("deselect \(ip)")
    }
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith ip: IndexPath) throws {
        events.append("accessory \(ip)")
    }

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

public func row(_ cell: String, _ text: String, _ detail: String? = nil, _ extra: [String: Value] = [:]) -> Value {
    var o: [String: Value] = ["cell": .string(cell), "text": .string(text)]
    if let detail { o["secondaryText"] = .string(detail) }
    for (k, v) in extra { o[k] = v }
    return .object(o)
}

public func lines(_ text: String) -> [String] {
    var l = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if l.last == "" { l.removeLast() }
    return l
}

public func render(
    _ yaml: String, width: Int = 40, height: Int? = nil, offset: Int = 0,
    registry: Registry = Registry()
) throws -> (String, TableView) {
    let doc = try TableDocument.parse(yaml, path: "t.yaml")
    try doc.validate(against: registry)
    let ds = DocumentDataSource(document: doc)
    let t = ds.makeTableView(registry: registry)
    t.width = width
    t.viewportHeight = height
    t.contentOffset = offset
    return (try t.renderText(), t)
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
