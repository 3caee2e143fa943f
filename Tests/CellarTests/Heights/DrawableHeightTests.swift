import CellarTestSupport
import Testing

@testable import Cellar

/// A style that answers a fixed height for every row, as a Lua `height` hook can.
final class FixedHeightStyle: CellStyle {
    let reuseIdentifier = "tall"
    let lines: Int
    init(lines: Int) { self.lines = lines }
    func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {}
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        .label(Label("tall"))
    }
    func height(for cell: Cell, width: Int) throws -> Int? { lines }
}

/// A style whose content is `lines` lines tall, measured (no height of its own).
final class TallContentStyle: CellStyle {
    let reuseIdentifier = "tallContent"
    let lines: Int
    init(lines: Int) { self.lines = lines }
    func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {}
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        .padding(Insets(top: lines - 1), .label(Label("x")))
    }
}

/// Rows and section views are each drawn into one canvas of their full
/// height, so a height from outside (the delegate, a style, the table's
/// section heights) is bounded by width × lines as a viewport is: 10,000
/// lines at 10,000 columns would otherwise take a 100-million-cell canvas.
@Suite struct DrawableHeightTests {
    static let limitText =
        "10000 lines tall cannot be drawn 10000 columns wide: "
        + "width × height is at most 4000000 cells (at most 400 lines here)"

    @Test func aDelegateRowHeightTooTallForTheWidthIsAnError() throws {
        let ds = ArrayDataSource([[row("default", "a")]])
        ds.heights = { _ in .fixed(10_000) }
        let t = ds.makeTable(width: 10_000)
        #expect(throws: CellarError("row [0, 0] " + Self.limitText)) { try t.renderText() }
        t.width = 400
        #expect(lines(try t.renderText()).count == 10_000)
    }

    @Test func aStyleHeightTooTallForTheWidthIsAnError() throws {
        let registry = Registry()
        try registry.register(FixedHeightStyle(lines: 10_000), forCellReuseIdentifier: "tall")
        let ds = ArrayDataSource([[row("tall", "a")]])
        let t = ds.makeTable(width: 10_000, registry: registry)
        #expect(throws: CellarError("row [0, 0] (style 'tall') " + Self.limitText)) { try t.renderText() }
    }

    @Test func aSectionViewHeightTooTallForTheWidthIsAnError() throws {
        let ds = SectionViewSource(sections: 1, rows: 1)
        let t = try ds.makeTable(width: 10_000)
        t.sectionHeaderHeight = .fixed(10_000)
        #expect(throws: CellarError("the header of section 0 ('dateHeader') " + Self.limitText)) { try t.renderText() }
        t.sectionHeaderHeight = .fixed(3)
        #expect(lines(try t.renderText()).count == 4)
    }

    /// A measured height is clipped where a declared one is refused: at the
    /// cells a canvas may hold (and at `maximumRowHeight` lines), streamed or in a viewport.
    @Test func aMeasuredRowIsClippedToTheCellsACanvasHolds() throws {
        let registry = Registry()
        try registry.register(TallContentStyle(lines: 5_000), forCellReuseIdentifier: "tallContent")
        let ds = ArrayDataSource([[row("tallContent", "a"), row("default", "b")]])
        let t = ds.makeTable(width: 1_000, registry: registry)
        t.separatorStyle = .none
        // 4,000,000 cells / 1,000 columns: 4,000 lines of the row, then "b".
        let out = lines(try t.renderText())
        #expect(out.count == 4_001 && out.last == " b")
        #expect(try t.lineRangeForRow(at: IndexPath(row: 1, section: 0)).lowerBound == 4_000)
        t.width = 800
        #expect(lines(try t.renderText()).count == 5_001)
    }

    /// A row cut at that limit says so on its last line, streamed (where a built-in row is otherwise written as
    /// plain lines) and in a viewport; a row under the limit is not, though a height declared for it cuts it.
    @Test func aRowCutAtTheLimitSaysHowManyLinesWereNotDrawn() throws {
        let detail = (1...4_100).map(String.init).joined(separator: "\n")
        let unlimited: [String: Value] = ["secondaryTextProperties": .object(["numberOfLines": .int(0)])]
        let ds = ArrayDataSource([[row("subtitle", "title", detail, unlimited), row("default", "b")]])
        #expect(RowContent.leastLineLimit == RowContent.lineLimit(tableWidth: InputLimits.width.upperBound))
        let t = ds.makeTable(width: 1_000)
        t.separatorStyle = .none
        // 4,101 lines of content in a row of 4,000 (4,000,000 cells / 1,000 columns): 3,999 drawn, then the mark.
        let mark = " … 102 more lines not drawn: a row is at most 4000 lines tall at this width"
        var out = lines(try t.renderText())
        #expect(out.count == 4_001 && out[3_997] == " 3997" && out[3_998] == " 3998")
        #expect(out[3_999] == mark && out.last == " b")
        // A row of the limit that fits a stream's batch of lines (800 at 5,000 columns) is marked alike.
        t.width = 5_000
        out = lines(try t.renderText())
        #expect(
            out.count == 801
                && out[799] == " … 3302 more lines not drawn: a row is at most 800 lines tall at this width")
        t.width = 1_000
        t.viewportHeight = 3
        t.contentOffset = 3_998
        out = lines(try t.renderText())
        #expect(out == [" 3998", mark, " b"])
        // Under the limit (a narrower table holds more lines), or cut by a declared height, nothing is marked.
        t.viewportHeight = nil
        t.width = 900
        #expect(!(try t.renderText()).contains("not drawn"))
        ds.heights = { _ in .fixed(3_999) }
        t.width = 1_000
        #expect(!(try t.renderText()).contains("not drawn"))
    }
}
