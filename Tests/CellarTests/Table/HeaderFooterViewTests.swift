import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// A table whose sections have header (and, if asked, footer) views:
/// `rows` one-line rows per section, each header a registered view.
final class SectionViewSource: TableViewDataSource, TableViewDelegateHeaderFooterViews {
    let sections: Int
    let rows: Int
    var headerID: String? = "dateHeader"
    var footerID: String?
    var footerContent: ViewNode?
    var headerHeights: [Int: RowHeight] = [:]
    var viewCalls = 0
    var hasSectionViews = true
    init(sections: Int, rows: Int) {
        self.sections = sections
        self.rows = rows
    }
    func numberOfSections(in tableView: TableView) -> Int { sections }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: ip)
        try cell.configure(with: .object(["text": .string("row \(ip.section).\(ip.row)")]), at: ip)
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Title \(section)" }
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) throws -> HeaderFooterView? {
        viewCalls += 1
        guard let headerID else { return nil }
        let v = try tableView.dequeueReusableHeaderFooterView(withIdentifier: headerID)
        try v.configure(with: .object(["title": .string("Day \(section)"), "detail": .string("\(rows) items")]))
        return v
    }
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) throws -> HeaderFooterView? {
        guard let footerID else { return nil }
        let v = try tableView.dequeueReusableHeaderFooterView(withIdentifier: footerID)
        v.title = "end of \(section)"
        v.content = footerContent
        return v
    }
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> RowHeight? {
        headerHeights[section]
    }

    func makeTable(style: TableStyle = .plain, width: Int = 30, height: Int? = nil) throws -> TableView {
        let t = TableView(style: style, registry: Registry())
        try t.register(ValueOneHeader(), forHeaderFooterViewReuseIdentifier: "dateHeader")
        try t.register(nil, forHeaderFooterViewReuseIdentifier: "plainFooter")
        t.dataSource = self
        t.delegate = self
        t.width = width
        t.viewportHeight = height
        t.separatorStyle = .none
        return t
    }
}

/// The built-in value1 style as a header: title left, detail right.
final class ValueOneHeader: CellStyle {
    let reuseIdentifier = "valueOneHeader"
    var prepared = 0
    func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
    func prepareForReuse(_ cell: Cell) throws { prepared += 1 }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        cell.contentConfiguration = ListContentConfiguration(
            text: row["title"]?.stringValue, secondaryText: row["detail"]?.stringValue)
    }
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        BuiltinCellStyle.layout(
            .value1, cell.listContentConfiguration ?? ListContentConfiguration(), width: context.width)
    }
}

@Suite struct HeaderFooterViewTests {
    func lines(_ s: String) -> [String] { s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func aHeaderViewReplacesTheTitle() throws {
        let ds = SectionViewSource(sections: 2, rows: 1)
        let t = try ds.makeTable()
        let out = try t.renderText()
        #expect(out.contains("Day 0"))
        #expect(out.contains("1 items"))
        #expect(!out.contains("Title 0"))
    }

    @Test func withoutAViewTheTitleShowsAsBefore() throws {
        let ds = SectionViewSource(sections: 2, rows: 1)
        ds.headerID = nil
        let withViews = try ds.makeTable().renderText()
        let plain = ArrayDataSource([[row("default", "row 0.0")], [row("default", "row 1.0")]])
        plain.headers = ["Title 0", "Title 1"]
        #expect(withViews == (try plain.makeTable(width: 30).renderText()))
    }

    /// A delegate that says it has no views this time is not asked for any,
    /// and the table draws and measures titles as one without views does.
    @Test func aDelegateWithoutViewsThisTimeIsNotAsked() throws {
        let ds = SectionViewSource(sections: 40, rows: 1)
        ds.hasSectionViews = false
        let t = try ds.makeTable(height: 6)
        try t.scroll(toOffset: 30)
        let out = try t.renderText()
        #expect(ds.viewCalls == 0)
        #expect(out.contains("Title 15") && !out.contains("Day"))
        ds.headerID = nil
        ds.hasSectionViews = true
        let asked = try ds.makeTable(height: 6)
        try asked.scroll(toOffset: 30)
        #expect(try asked.renderText() == out)
        #expect(ds.viewCalls >= 40)
    }

    @Test func aPlainViewShowsItsTitleAsTitlesShowOrItsContent() throws {
        let ds = SectionViewSource(sections: 1, rows: 1)
        ds.footerID = "plainFooter"
        let t = try ds.makeTable()
        #expect(lines(try t.renderText()).contains(" └ end of 0"))
        ds.footerContent = .label(Label("custom ✓"))
        t.reloadData()
        let out = lines(try t.renderText())
        #expect(out.contains(" custom ✓"))
        #expect(!out.contains(" └ end of 0"))
    }

    @Test func unregisteredIdentifiersAreErrorsThatSuggest() throws {
        let ds = SectionViewSource(sections: 1, rows: 1)
        ds.headerID = "dateHeadr"
        let t = try ds.makeTable()
        #expect {
            try t.renderText()
        } throws: { e in
            let m = (e as? CellarError)?.message ?? ""
            return m.contains("identifier dateHeadr") && m.contains("did you mean 'dateHeader'")
        }
    }

    @Test func fixedHeightsApplyToViewsAndCheckTheirRange() throws {
        let ds = SectionViewSource(sections: 2, rows: 1)
        ds.headerHeights = [0: .fixed(3)]
        let t = try ds.makeTable(height: 10)
        let out = lines(try t.renderText())
        #expect(out[0].contains("Day 0"))
        #expect(out[3] == " row 0.0")
        #expect(out[4].contains("Day 1"))
        ds.headerHeights = [1: .fixed(-1)]
        t.reloadData()
        #expect(throws: CellarError.self) { try t.renderText() }
    }

    @Test func viewsAreReusedByIdentifierAsTheyScroll() throws {
        let ds = SectionViewSource(sections: 40, rows: 2)
        ds.footerID = "plainFooter"
        let t = try ds.makeTable(height: 6)
        t.estimatedSectionHeaderHeight = 1
        t.estimatedSectionFooterHeight = 1
        var most: [String: Int] = [:]
        for offset in 0..<100 {
            try t.scroll(toOffset: offset)
            _ = try t.renderText()
            for id in ["dateHeader", "plainFooter"] {
                let shown = t.pool.visibleHeaderFooters.values.filter { $0.reuseIdentifier == id }.count
                most[id] = max(most[id] ?? 0, shown)
            }
        }
        // Views leaving go back to their queue before those coming in are
        // dequeued: at most one more is ever made than show at once (the
        // pinned header included), however far the table scrolls.
        let headers = t.statistics.perHeaderFooterIdentifier["dateHeader"] ?? .init()
        let footers = t.statistics.perHeaderFooterIdentifier["plainFooter"] ?? .init()
        #expect((most["dateHeader"] ?? 0) >= 2)
        #expect(headers.created <= (most["dateHeader"] ?? 0) + 1)
        #expect(footers.created <= (most["plainFooter"] ?? 0) + 1)
        #expect(headers.reused >= 20)
        #expect(footers.reused >= 20)
        #expect(t.statistics.lines.contains("views_created[dateHeader]: \(headers.created)"))
    }

    @Test func estimatesAreCorrectedWhenDrawn() throws {
        let ds = SectionViewSource(sections: 50, rows: 1)
        ds.headerHeights = Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, RowHeight.fixed(2)) })
        let t = try ds.makeTable(height: 4)
        t.estimatedSectionHeaderHeight = 1
        #expect(t.contentHeight == 100)
        // Only the sections on screen were asked for views.
        _ = try t.renderText()
        #expect(ds.viewCalls <= 3)
        #expect(t.contentHeight > 100)
        #expect(t.contentHeight < 150)
    }

    @Test func withoutEstimatesEveryViewIsMeasuredUpFront() throws {
        let ds = SectionViewSource(sections: 50, rows: 1)
        ds.headerHeights = Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, RowHeight.fixed(2)) })
        let t = try ds.makeTable(height: 4)
        #expect(t.contentHeight == 150)
        #expect(t.statistics.perHeaderFooterIdentifier["dateHeader"]?.created == 1)
    }

    @Test func aPlainTablePinsTheHeaderViewWhileScrolling() throws {
        let ds = SectionViewSource(sections: 2, rows: 10)
        let t = try ds.makeTable(height: 4)
        try t.scroll(toOffset: 3)
        let out = lines(try t.renderText())
        #expect(out[0].contains("Day 0"))
        #expect(out[1] == " row 0.3")
        let viewsBefore = t.statistics.perHeaderFooterIdentifier["dateHeader"] ?? .init()
        try t.scroll(toOffset: 4)
        _ = try t.renderText()
        // The pinned view stays on screen: nothing is dequeued for it again.
        #expect(t.statistics.perHeaderFooterIdentifier["dateHeader"] == viewsBefore)
    }

    @Test func prepareForReuseRunsBeforeAQueuedViewIsHandedOut() throws {
        let registry = Registry()
        let style = ValueOneHeader()
        try registry.register(style, forHeaderFooterViewReuseIdentifier: "h")
        let t = TableView(registry: registry)
        let v = try t.dequeueReusableHeaderFooterView(withIdentifier: "h")
        t.pool.enqueue(v)
        let again = try t.dequeueReusableHeaderFooterView(withIdentifier: "h")
        #expect(again === v)
        #expect(style.prepared == 1)
        #expect(throws: CellarError.self) { try registry.register(nil, forHeaderFooterViewReuseIdentifier: "h") }
    }
}
