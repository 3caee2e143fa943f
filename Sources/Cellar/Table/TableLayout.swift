import CellarText

/// What a table knows about its sections at one width: counts, titles and
/// their wrapped lines, geometry, and (for viewports) the height index.
/// Items run section by section: a section top (gap, header, box top), the
/// rows, a section bottom (box bottom, footer).
final class TableLayout {
    let sectionCount: Int
    // Read per row from one thread; they change only as a growing data source's rows arrive
    // (`growLastSection`): the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private(set) var rowCounts: [Int]
    /// Item index of each section's top item; one more entry = item count.
    @exclusivity(unchecked) private(set) var sectionStarts: [Int]
    /// Section titles as the data source gave them: wrapped when drawn
    /// (`headerLines(_:)`), their lines counted now for the heights.
    private let headers: [String?]
    private let footers: [String?]
    private let headerLineCounts: [Int]
    private let footerLineCounts: [Int]
    let indexTitles: [String]
    let geometry: Geometry
    var index: HeightIndex?
    /// The delegate gives header/footer views: section items are measured
    /// (or estimated) as rows are, not known from their titles.
    var usesSectionViews = false
    /// The table header and footer views laid out at this layout's width (`TableView.tableEnds`).
    var ends: TableEnds?
    /// Columns a section title or header/footer view is laid out in.
    let titleWidth: Int
    /// Columns a plain table's title marks take from the title (see `titleLines`).
    private let titleMarkWidth: Int

    var itemCount: Int { sectionStarts[sectionCount] }

    struct Geometry {
        var width: Int
        /// Columns left of the section index column.
        var tableWidth: Int
        var indexWidth: Int
        /// The row region: where rows draw (inside the box for insetGrouped).
        var rowX: Int
        var rowWidth: Int
        var boxed: Bool
        var ruled: Bool
        var sectionGap: Bool
        /// Ambiguous-width characters take two columns (titles were wrapped so).
        var ambiguousWide: Bool
    }

    init(
        sectionCount: Int, rowCounts: [Int], headers: [String?], footers: [String?],
        indexTitles: [String], style: TableStyle, width: Int, ambiguousWide: Bool
    ) {
        self.sectionCount = sectionCount
        self.rowCounts = rowCounts
        var starts = [Int]()
        var next = 0
        starts.reserveCapacity(sectionCount + 1)
        for n in rowCounts {
            starts.append(next)
            next += n + 2
        }
        starts.append(next)
        sectionStarts = starts
        self.indexTitles = indexTitles
        let widest = indexTitles.lazy.map { DisplayWidth.of(Sanitizer.sanitize($0), ambiguousWide: ambiguousWide) }
        let indexWidth = indexTitles.isEmpty ? 0 : min(widest.max() ?? 0, Self.indexTitleLimit(width: width)) + 1
        let tableWidth = max(0, width - indexWidth)
        let boxed = style == .insetGrouped
        geometry = Geometry(
            width: width, tableWidth: tableWidth, indexWidth: indexWidth,
            rowX: boxed ? 2 : 0, rowWidth: boxed ? max(0, tableWidth - 4) : tableWidth,
            boxed: boxed, ruled: style == .grouped, sectionGap: style != .plain,
            ambiguousWide: ambiguousWide)
        let titleX = boxed ? 2 : 1
        titleWidth = max(1, tableWidth - titleX - 1)
        // Plain titles keep room for their marks (see SectionChrome.drawTitle):
        // " ─" after a header's last line, "└ " before a footer.
        titleMarkWidth = style == .plain ? Self.plainTitleMarkWidth : 0
        let wrapWidth = max(1, titleWidth - titleMarkWidth)
        func count(_ t: String?) -> Int {
            guard let t, !t.isEmpty else { return 0 }
            return TextLayout.lineCount(t, width: wrapWidth, ambiguousWide: ambiguousWide)
        }
        self.headers = headers
        self.footers = footers
        headerLineCounts = headers.map(count)
        footerLineCounts = footers.map(count)
    }

    /// A section's header title as the table draws it.
    func headerLines(_ s: Int) -> [String] { headerLineCounts[s] == 0 ? [] : titleLines(headers[s]) }
    /// A section's footer title as the table draws it.
    func footerLines(_ s: Int) -> [String] { footerLineCounts[s] == 0 ? [] : titleLines(footers[s]) }

    /// A section title wrapped as the table draws it (a header/footer view's title too).
    func titleLines(_ t: String?) -> [String] {
        guard let t, !t.isEmpty else { return [] }
        return TextLayout.lines(
            t, width: max(1, titleWidth - titleMarkWidth), numberOfLines: 0, mode: .wordWrap,
            ambiguousWide: geometry.ambiguousWide)
    }

    /// Columns a section index title is drawn in at most: UIKit's titles are
    /// a letter or two, and a longer one is cut with `…` so that the rows keep
    /// two thirds of the table.
    static func indexTitleLimit(width: Int) -> Int { max(1, width / 3) }

    /// Columns a plain table's header rule or footer mark takes beside the title.
    static let plainTitleMarkWidth = 2

    enum Item: Equatable {
        case top(Int)
        case row(IndexPath)
        case bottom(Int)

        /// A section's top (its header) or bottom (its footer) item's section; nil for a row.
        var sectionEnd: (section: Int, header: Bool)? {
            switch self {
            case .top(let s): return (s, true)
            case .bottom(let s): return (s, false)
            case .row: return nil
            }
        }
    }

    func item(for ip: IndexPath) -> Int { item(section: ip.section, row: ip.row) }
    /// `item(for:)` on a section and row, for loops over every row (no index path made).
    func item(section: Int, row: Int) -> Int { sectionStarts[section] + 1 + row }

    func section(ofItem i: Int) -> Int {
        var lo = 0
        var hi = sectionCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionStarts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func describe(_ i: Int) -> Item {
        let s = section(ofItem: i)
        let local = i - sectionStarts[s]
        if local == 0 { return .top(s) }
        if local == rowCounts[s] + 1 { return .bottom(s) }
        return .row(IndexPath(s, local - 1))
    }

    /// Lines of a section's top item: gap, header title, box top or rule.
    func topHeight(_ s: Int) -> Int { headerLineCounts[s] + topChrome(s) }

    /// Lines of a section's bottom item: box bottom or rule, footer title.
    func bottomHeight(_ s: Int) -> Int { footerLineCounts[s] + bottomChrome(s) }

    /// Lines of a section's top item besides its header: the gap before it, the box top or rule.
    func topChrome(_ s: Int) -> Int {
        var h = 0
        if geometry.sectionGap && s > 0 { h += 1 }
        if (geometry.boxed || geometry.ruled) && rowCounts[s] > 0 { h += 1 }
        return h
    }

    /// Lines of a section's bottom item besides its footer: the box bottom or rule.
    func bottomChrome(_ s: Int) -> Int { (geometry.boxed || geometry.ruled) && rowCounts[s] > 0 ? 1 : 0 }

    /// Lines a row's separator adds under it: single-line separators go
    /// under every row but a section's last.
    @inline(__always)
    /// The last section now has `count` rows (a growing data source's rows
    /// arrived while the table streams); no height index is built then.
    func growLastSection(to count: Int) {
        guard sectionCount > 0 else { return }
        rowCounts[sectionCount - 1] = count
        sectionStarts[sectionCount] = sectionStarts[sectionCount - 1] + count + 2
    }

    func separatorLines(_ ip: IndexPath, singleLine: Bool) -> Int {
        separatorLines(section: ip.section, row: ip.row, singleLine: singleLine)
    }
    /// `separatorLines(_:singleLine:)` on a section and row.
    func separatorLines(section: Int, row: Int, singleLine: Bool) -> Int {
        singleLine && row < rowCounts[section] - 1 ? 1 : 0
    }
}
