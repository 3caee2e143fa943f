import CellarTestSupport
import Testing

@testable import Cellar

/// tableHeaderView above the first section and tableFooterView below the
/// last, in whole-table renders and viewports, counted in the content's lines.
@Suite struct TableEndsTests {
    func table(height: Int? = nil) -> (ModelSource, TableView) {
        let ds = ModelSource([["a", "b"], ["c"]])
        let t = ds.makeTable(width: 16, height: height)
        t.tableHeaderView = HeaderFooterView(title: "Header that wraps")
        t.tableFooterView = HeaderFooterView(content: .label(Label("— end —")))
        return (ds, t)
    }

    @Test func aWholeTableDrawsThemAroundTheSections() throws {
        let (ds, t) = table()
        #expect(try drawn(t) == ["Header that", "wraps", " a", " b", " c", "— end —"])
        t.tableHeaderView = nil
        #expect(try drawn(t) == [" a", " b", " c", "— end —"])
        ds.sections = []
        t.reloadData()
        #expect(try drawn(t) == ["— end —"])
    }

    @Test func aViewportScrollsThroughThem() throws {
        let (ds, t) = table(height: 3)
        #expect(t.contentHeight == 6)
        #expect(try drawn(t) == ["Header that", "wraps", " a"])
        try t.scroll(toOffset: 1)
        #expect(try drawn(t) == ["wraps", " a", " b"])
        try t.scroll(toOffset: 100)
        #expect(t.contentOffset == 3)
        #expect(try drawn(t) == [" b", " c", "— end —"])
        // Rows' lines are content lines: the header's come first.
        #expect(try t.lineRangeForRow(at: IndexPath(1, 0)) == 4..<5)
        #expect(try t.indexPathForRow(atLine: 2) == IndexPath(0, 0))
        #expect(try t.indexPathForRow(atLine: 1) == nil)
        try t.scrollToRow(at: IndexPath(0, 1), at: .top)
        #expect(t.contentOffset == 3)
        try t.scrollToRow(at: IndexPath(0, 0), at: .bottom)
        #expect(t.contentOffset == 0)
        withExtendedLifetime(ds) {}
    }

    @Test func sectionTitlesAndAPlainTablesPinnedHeaderStayBelowIt() throws {
        let ds = ArrayDataSource([(0..<4).map { row("default", "r\($0)") }])
        ds.headers = ["TITLE"]
        let t = ds.makeTable(width: 16, height: 4)
        t.tableHeaderView = HeaderFooterView(title: "Top")
        let first = lines(try t.renderText()).map(\.trimmingTrailingSpaces)
        #expect(first == ["Top", " TITLE ─────────", " r0", " r1"])
        try t.scroll(toOffset: 3)
        // As far as the content goes (2), past the table header: the section's title is pinned over r0.
        #expect(t.contentOffset == 2)
        let scrolled = lines(try t.renderText()).map(\.trimmingTrailingSpaces)
        #expect(scrolled == [" TITLE ─────────", " r1", " r2", " r3"])
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
