import CellarTestSupport
import Testing

@testable import Cellar
@testable import CellarText

/// Rows written as plain lines (`RowRenderer.drawPlainLines`) are the bytes
/// the same rows drawn through cells give: random tables of every built-in
/// style, accessory, selection, height, separator and table style, rendered
/// once to a plain-text writer and once to the same writer calling itself
/// not plain (which the stream draws in cells).
@Suite struct PlainRowLinesTests {
    /// Plain text that counts the plain lines it writes.
    final class PlainLinesWriter: CanvasWriter {
        let inner: PlainWriter
        let plain: Bool
        var plainLines = 0
        var lines = 0
        init(_ sink: ByteSink, plain: Bool) {
            inner = PlainWriter(sink: sink)
            self.plain = plain
        }
        var writesPlainText: Bool { plain }
        func write(_ canvas: Canvas, lines: Range<Int>) throws {
            plainLines += lines.filter { canvas.plainLine($0) != nil }.count
            self.lines += lines.count
            try inner.write(canvas, lines: lines)
        }
        func flush() throws { try inner.flush() }
    }

    static let texts = [
        "Apple", "당류 (Sugar)", "🍎 emoji 🐰", "a very long text that needs truncating somewhere in the row",
        "x", "설정 테이블 셀 한글 긴 문장입니다", "±°αЖ ① ambiguous Ω…", "ends in spaces   ", "e\u{301}clair",
        "❤\u{FE0F} heart", "zero\u{200B}width", "🇰🇷 flag", "👍🏽 thumbs", "tab\tand\u{1B}[31m escape", "",
    ]
    static let accessories = ["none", "disclosureIndicator", "checkmark", "detailButton", "detailDisclosureButton"]

    /// A random table and the renders to compare.
    static func render(seed: UInt64, plain: Bool) throws -> (text: [UInt8], plainLines: Int, lines: Int) {
        var rng = SplitMix(seed: seed)
        let styles = ["default", "subtitle", "value1", "value2"]
        let sectionCount = 1 + rng.next(3)
        var sections: [[Value]] = []
        for _ in 0..<sectionCount {
            sections.append(
                (0..<(1 + rng.next(40))).map { _ in
                    var extra: [String: Value] = [:]
                    if rng.next(3) == 0 { extra["image"] = .string(["🍎", "★", "①", "IMG", "✈\u{FE0F}"][rng.next(5)]) }
                    if rng.next(2) == 0 { extra["accessory"] = .string(accessories[rng.next(accessories.count)]) }
                    if rng.next(12) == 0 { extra["accessoryText"] = .string("12") }
                    if rng.next(10) == 0 { extra["indentation"] = .int(rng.next(3)) }
                    return row(
                        styles[rng.next(4)], texts[rng.next(texts.count)],
                        rng.next(4) == 0 ? nil : texts[rng.next(texts.count)], extra)
                })
        }
        let ds = ArrayDataSource(sections)
        // Titles of every kind, short and wrapping over lines (sections are plain lines too).
        func title(_ name: String) -> String? {
            switch rng.next(4) {
            case 0: return nil
            case 1: return name
            default: return name + " " + texts[rng.next(texts.count)] + (rng.next(3) == 0 ? " " + texts[3] : "")
            }
        }
        ds.headers = sections.indices.map { title("Section \($0)") }
        ds.footers = sections.indices.map { title("Footer \($0)") }
        if rng.next(4) == 0 { ds.indexTitles = sections.indices.map { "\($0)" } }
        let tall = rng.next(3) == 0
        ds.heights = { ip in tall && ip.row % 3 == 0 ? .fixed(1 + ip.row % 4) : nil }
        let t = ds.makeTable(style: [.plain, .grouped, .insetGrouped][rng.next(3)], width: 12 + rng.next(70))
        t.separatorStyle = rng.next(3) == 0 ? .none : .singleLine
        t.separatorInset = rng.next(4) == 0 ? 4 : 1
        t.ambiguousWide = rng.next(6) == 0
        t.allowsMultipleSelection = true
        t.streamThreadMinimumRows = rng.next(2) == 0 ? 0 : Int.max
        for _ in 0..<rng.next(4) {
            let s = rng.next(sectionCount)
            t.selectRow(at: IndexPath(s, rng.next(sections[s].count)))
        }
        if rng.next(3) == 0 { try t.highlightRow(at: IndexPath(0, rng.next(sections[0].count))) }
        let sink = MemorySink()
        let writer = PlainLinesWriter(sink, plain: plain)
        try t.render(to: writer)
        return (sink.bytes, writer.plainLines, writer.lines)
    }

    @Test func plainLinesAreTheBytesOfTheCells() throws {
        var (taken, all) = (0, 0)
        for seed in 0..<300 as Range<UInt64> {
            let lines = try Self.render(seed: seed, plain: true)
            let cells = try Self.render(seed: seed, plain: false)
            #expect(cells.plainLines == 0)
            #expect(
                lines.text == cells.text,
                "seed \(seed):\n\(String(decoding: lines.text, as: UTF8.self))\n---\n\(String(decoding: cells.text, as: UTF8.self))"
            )
            taken += lines.plainLines
            all += lines.lines
        }
        // The comparison is not vacuous (rows with index titles, box
        // sides, ambiguous-wide settings or joined clusters take cells).
        #expect(taken > all / 8, "\(taken) of \(all) lines")
    }

    /// A grouped or plain table's section ends with titles as documents
    /// hold them (Hangul, a second line) are plain lines, as its rows are.
    @Test func commonSectionEndsArePlainLines() throws {
        for style in [TableStyle.plain, .grouped] {
            let sections = (0..<30).map { s in (0..<3).map { row("default", "Row \(s).\($0)", nil) } }
            let ds = ArrayDataSource(sections)
            ds.headers = sections.indices.map {
                "Section \($0) 헤더" + ($0 % 5 == 0 ? " that wraps onto a second line" : "")
            }
            ds.footers = sections.indices.map { $0 % 2 == 0 ? "\($0) 푸터" : nil }
            let t = ds.makeTable(style: style, width: 40)
            t.separatorStyle = .singleLine
            let sink = MemorySink()
            let writer = PlainLinesWriter(sink, plain: true)
            try t.render(to: writer)
            let text = String(decoding: sink.bytes, as: UTF8.self)
            #expect(writer.plainLines == writer.lines, "\(style)")
            let rule = String(repeating: "─", count: 40)
            #expect(text.contains(style == .plain ? " Section 1 헤더 ──" : " Section 1 헤더\n" + rule))
        }
    }

    /// The shared parts are taken at their known widths, unmeasured: each is what
    /// measuring it makes, and none needs cells.
    @Test func theSharedPartsAreTheirMeasure() {
        let shared = RowRenderer.PlainParts.shared
        let measured = RowRenderer.PlainParts(measured: true)
        #expect(shared.glyphs.count == AccessoryType.allCases.count)
        for (type, (known, measure)) in zip(AccessoryType.allCases, zip(shared.glyphs, measured.glyphs)) {
            #expect(known != nil && known == measure, "\(type)")
        }
        #expect(shared.selectedMark != nil && shared.selectedMark == measured.selectedMark)
        #expect(shared.highlightedMark != nil && shared.highlightedMark == measured.highlightedMark)
        #expect(shared.rule != nil && shared.rule == measured.rule)
        #expect(shared.footerMark != nil && shared.footerMark == measured.footerMark)
    }

    /// A document's common rows (the four styles, images, accessories,
    /// Hangul and emoji, VS16's too, a selected and a taller row) are all plain lines.
    @Test func commonRowsAreAllPlainLines() throws {
        let (lines, plainLines, text) = try Self.renderCommonRows(200, secondThread: false)
        #expect(lines > 400)
        #expect(plainLines == lines)
        #expect(text.contains("▌"))
    }

    /// So are they batch after batch when a second thread writes the batches
    /// (the canvases it hands back keep taking plain lines).
    @Test func commonRowsAreAllPlainLinesThroughTheBackgroundWriter() throws {
        let (lines, plainLines, _) = try Self.renderCommonRows(2_000, secondThread: true)
        #expect(lines > 3 * StreamBatcher.batch)
        #expect(plainLines == lines)
    }

    static func renderCommonRows(_ count: Int, secondThread: Bool) throws -> (Int, Int, String) {
        let styles = ["default", "subtitle", "value1", "value2"]
        let ds = ArrayDataSource([
            (0..<count).map { i in
                row(
                    styles[i % 4], "Row \(i) 한글", "\(i) 🍎",
                    ["accessory": .string(Self.accessories[i % 5]), "image": .string(["★", "", "✈\u{FE0F}"][i % 3])])
            }
        ])
        ds.heights = { ip in ip.row == 7 ? .fixed(3) : nil }
        let t = ds.makeTable(width: 60)
        t.separatorStyle = .singleLine
        t.selectRow(at: IndexPath(0, 5))
        t.streamThreadMinimumRows = secondThread ? 0 : Int.max
        let sink = MemorySink()
        let writer = PlainLinesWriter(sink, plain: true)
        try t.render(to: writer)
        return (writer.lines, writer.plainLines, String(decoding: sink.bytes, as: UTF8.self))
    }
}
