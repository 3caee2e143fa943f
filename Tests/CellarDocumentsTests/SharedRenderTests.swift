import Cellar
import CellarLua
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// A whole-table render shared by two tables over the same rows
/// (`TableView.renderStream(sharedWith:…)`: each half drawn with its own
/// styles, the second half's lines joined after the first's) gives the bytes
/// of the render by one table: for every example and golden case table in
/// every streamed form, plain and ANSI; the statistics add up to the same
/// rows; the first error in table order is the one thrown; and
/// `canShareRender` refuses what the parts cannot draw alike.
@Suite struct SharedRenderTests {
    /// Two tables over one loaded document, each with its own registry (its
    /// own Lua state), set up as `StreamedDifferentialTests.streamed` sets one up.
    static func pair(
        _ doc: TableDocument, _ format: InputFormat, _ body: String, width: Int
    ) throws -> (first: TableView, partner: TableView, source: StreamedDataSource) {
        let (first, source) = try StreamedDifferentialTests.streamed(
            doc, format, body, registry: try StreamedDifferentialTests.registry())
        let registry = try source.document.registry(over: try StreamedDifferentialTests.registry())
        let partner = LoadedTable.streamed(source).makePartnerTableView(registry: registry)
        for t in [first, partner] {
            t.width = width
            if format != .json && format != .yaml {
                t.separatorStyle = doc.separatorStyle
                t.ambiguousWide = doc.ambiguousWide
                doc.selection.apply(to: t)
            }
        }
        return (first, partner, source)
    }

    /// The shared render's bytes: the first table's, then the partner's.
    static func shared(_ first: TableView, _ partner: TableView, ansi: Bool) throws -> [UInt8] {
        let out = MemorySink()
        let spill = MemorySink()
        let writer = { (s: ByteSink) -> CanvasWriter in ansi ? ANSIWriter(sink: s) : PlainWriter(sink: s) }
        try first.renderStream(sharedWith: partner, to: writer(out), partnerWriter: writer(spill)) {
            try spill.bytes.withUnsafeBufferPointer { try out.write($0) }
        }
        return out.bytes
    }

    @Test func everyTableDrawsTheSameInTwoParts() throws {
        let registry = try StreamedDifferentialTests.registry()
        var compared = 0
        for t in try StreamedDifferentialTests.tables() {
            let path = t.name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? TableDocument.parse(t.text, path: path),
                (try? doc.validate(against: registry)) != nil
            else { continue }
            for (format, body) in StreamedDifferentialTests.forms(doc) {
                for ansi in [false, true] {
                    let (one, _) = try StreamedDifferentialTests.streamed(doc, format, body, registry: registry)
                    one.width = 44
                    let sink = MemorySink()
                    guard (try? one.render(to: ansi ? ANSIWriter(sink: sink) : PlainWriter(sink: sink))) != nil
                    else { continue }
                    let (first, partner, _) = try Self.pair(doc, format, body, width: 44)
                    first.streamThreadMinimumRows = 0
                    // A table whose section index or editing controls need the whole table is drawn by one.
                    guard try first.tableAllowsSharedRender() else { continue }
                    let form = "\(format.rawValue)\(ansi ? ", ANSI" : "")"
                    #expect(try Self.shared(first, partner, ansi: ansi) == sink.bytes, "\(t.name) as \(form)")
                    let (a, b) = (one.statistics, first.statistics + partner.statistics)
                    #expect(a.rowsConfigured == b.rowsConfigured, "\(t.name)'s rows configured as \(form)")
                    #expect(a.heightsMeasured == b.heightsMeasured, "\(t.name)'s heights measured as \(form)")
                    #expect(
                        a.cellsCreated + a.cellsReused == b.cellsCreated + b.cellsReused,
                        "\(t.name)'s cells dequeued as \(form)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 100)
    }

    /// Long JSON Lines rows of `style` (its file text), `n` rows, each `{"cell": id, "n": i}`.
    static func luaPair(_ style: String, id: String, rows n: Int, in dir: ScratchDirectory) throws -> (
        one: TableView, first: TableView, partner: TableView
    ) {
        try dir.write("Styles/\(id).lua", style)
        func registry() throws -> Registry {
            let r = Registry()
            _ = try StyleLoader.load(directories: [dir.styles], into: r)
            return r
        }
        let rows = (0..<n).map { "{\"cell\": \"\(id)\", \"n\": \($0)}" }
        let (one, _) = try TwoThreadRenderTests.jsonlTable(rows, registry: try registry())
        let (first, source) = try TwoThreadRenderTests.jsonlTable(rows, registry: try registry())
        let partner = LoadedTable.streamed(source).makePartnerTableView(registry: try registry())
        partner.width = first.width
        return (one, first, partner)
    }

    /// A style that fails on row `failAt`, and says so only when `independent`.
    static func failingStyle(failAt: Int, independent: Bool) -> String {
        """
        return {
          identifier = "failing",
          independent_rows = \(independent),
          configure = function(cell, row)
            if row.n == \(failAt) then error("no row " .. row.n) end
            cell.n = row.n
          end,
          layout = function(config, ctx) return ui.label { text = "#" .. config.n .. " 한글" } end,
        }
        """
    }

    /// A failure in the second half is thrown after the first half and the
    /// second's lines before it are joined; one in the first half is thrown
    /// with nothing joined. Either way the message is the one-table render's.
    @Test func theFirstFailureInTableOrderIsThrown() throws {
        let dir = try ScratchDirectory.withStyles()
        for failAt in [300, 9_000] {
            let (one, first, partner) = try Self.luaPair(
                Self.failingStyle(failAt: failAt, independent: true), id: "failing", rows: 12_000, in: dir)
            var expected = ""
            do { _ = try one.renderText() } catch { expected = "\(error)" }
            #expect(expected.contains("failing.lua") && expected.contains("no row \(failAt)"), "\(expected)")
            var joined = false
            let out = MemorySink()
            do {
                let spill = MemorySink()
                try first.renderStream(
                    sharedWith: partner, to: PlainWriter(sink: out), partnerWriter: PlainWriter(sink: spill)
                ) {
                    joined = true
                    try spill.bytes.withUnsafeBufferPointer { try out.write($0) }
                }
                Issue.record("the shared render did not fail")
            } catch {
                #expect("\(error)" == expected)
            }
            #expect(joined == (failAt >= 6_000), "failing at \(failAt)")
            if failAt >= 6_000 {
                // The first half whole, then the second half's rows up to a batch before the failure.
                let text = String(decoding: out.bytes, as: UTF8.self)
                #expect(text.contains("#5999 한글") && text.contains("#6000 한글") && !text.contains("#\(failAt) "))
            }
        }
    }

    /// What one table draws for 12,000 Lua rows, two tables draw alike, and
    /// `canShareRender` says yes only when the style declares `independent_rows`.
    @Test func aLuaStyleSharesOnlyWhenItSaysItsRowsAreIndependent() throws {
        let dir = try ScratchDirectory.withStyles()
        for independent in [true, false] {
            let style = Self.failingStyle(failAt: -1, independent: independent)
            let (one, first, partner) = try Self.luaPair(style, id: "failing", rows: 12_000, in: dir)
            #expect(try first.canShareRender(identifiers: ["failing"]) == (independent && WorkerThread.hasSecondCore))
            let expected = try one.renderText()
            #expect(String(decoding: try Self.shared(first, partner, ansi: false), as: UTF8.self) == expected)
            let sum = first.statistics + partner.statistics
            #expect(sum.rowsConfigured == 12_000 && sum.perIdentifier["failing"]?.created == 2)
        }
    }

    /// A viewport, editing, a section index, rows still arriving or a short
    /// table is drawn by one table.
    @Test func whatOnlyOneTableCanDraw() throws {
        let registry = try StreamedDifferentialTests.registry()
        let rows = (0..<12_000).map { "{\"cell\": \"value1\", \"text\": \"Row \($0)\", \"g\": \"G\($0 / 1_000)\"}" }
        func table() throws -> TableView { try TwoThreadRenderTests.jsonlTable(rows, registry: registry).0 }
        #expect(try table().tableAllowsSharedRender())
        let viewport = try table()
        viewport.viewportHeight = 10
        let editing = try table()
        editing.setEditing(true)
        let short = try TwoThreadRenderTests.jsonlTable(Array(rows.prefix(9_999)), registry: registry).0
        for t in [viewport, editing, short] { #expect(try !t.tableAllowsSharedRender()) }
        let body = rows.joined(separator: "\n") + "\n"
        let input = DocumentInput(path: "t.jsonl", bytes: Array(body.utf8), format: .jsonl)
        let doc = try StreamedDocument.load(input, options: TableOptions(sectionBy: "g", indexTitles: true))
        let indexed = StreamedDataSource(document: doc).makeTableView(registry: registry)
        #expect(try !indexed.tableAllowsSharedRender())
    }
}
