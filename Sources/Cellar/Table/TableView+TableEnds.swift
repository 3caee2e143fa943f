import CellarText

/// A table's own header and footer (UITableView's tableHeaderView and
/// tableFooterView), laid out at the table's width once per layout.
struct TableEnds {
    struct Drawn {
        let node: ViewNode
        let lines: Int
    }
    var header: Drawn?
    var footer: Drawn?
    var headerLines: Int { header?.lines ?? 0 }
    var footerLines: Int { footer?.lines ?? 0 }
}

/// The table header sits above the first section and the table footer below
/// the last, across the table's width (but the section index column). They
/// take content lines as rows do: a viewport's offsets count them
/// (`contentOffset` 0 shows the header's first line), while the height index
/// holds the sections alone, so the content line of index line `n` is
/// `n + headerLines`. A view shows its `content`, else the tree its style
/// lays out, else its `title`; change a view, then set it again (as UIKit
/// asks) for the table to measure it again.
extension TableView {
    /// The views of `l`'s table ends, laid out and measured (kept on the layout).
    func tableEnds(_ l: TableLayout) throws -> TableEnds {
        if let ends = l.ends { return ends }
        let width = max(0, width - l.geometry.indexWidth)
        let ends = TableEnds(
            header: try laidOut(tableHeaderView, width: width, "the table header view"),
            footer: try laidOut(tableFooterView, width: width, "the table footer view"))
        l.ends = ends
        return ends
    }

    private func laidOut(_ view: HeaderFooterView?, width: Int, _ what: String) throws -> TableEnds.Drawn? {
        guard let view else { return nil }
        let node =
            try view.laidOut(width: width, tableStyle: style, ambiguousWide: ambiguousWide, appearance: appearance)
            ?? .label(Label(view.title, numberOfLines: 0, lineBreakMode: .wordWrap))
        let lines = try view.measuredLines(node, width: width, engine: LayoutEngine(ambiguousWide: ambiguousWide))
        guard (0...TableView.maximumRowHeight).contains(lines) else {
            throw CellarError("height for \(what) must be from 0 to \(TableView.maximumRowHeight) (got \(lines))")
        }
        try checkDrawable(what, lines: lines)
        return TableEnds.Drawn(node: node, lines: lines)
    }

    func draw(_ end: TableEnds.Drawn, into canvas: inout Canvas, y: Int) {
        LayoutEngine(ambiguousWide: ambiguousWide).draw(
            end.node, into: &canvas, x: 0, y: y, width: max(0, width - sectionIndexWidth), height: end.lines)
    }

    /// A stream's table header (before the part's first item is the table's first) or footer.
    func stream(_ end: TableEnds.Drawn?, into out: inout StreamOutput) throws {
        guard let end else { return }
        let engine = LayoutEngine(ambiguousWide: ambiguousWide)
        let width = max(0, width - sectionIndexWidth)
        try out.emit(end.lines) { engine.draw(end.node, into: &$0, x: 0, y: $1, width: width, height: end.lines) }
    }

    /// A viewport's table header and footer, where they fall on `canvas`
    /// (content line `offset` at its top; `bodyLines`: the sections' lines).
    func drawTableEnds(_ ends: TableEnds, bodyLines: Int, offset: Int, into canvas: inout Canvas) {
        if let header = ends.header, offset < header.lines { draw(header, into: &canvas, y: -offset) }
        if let footer = ends.footer {
            let y = ends.headerLines + bodyLines - offset
            if y < canvas.height && y + footer.lines > 0 { draw(footer, into: &canvas, y: y) }
        }
    }
}
