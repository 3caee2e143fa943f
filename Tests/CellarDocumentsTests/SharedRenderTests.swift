import Cellar
import CellarLua
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// A whole-table render shared by two tables over the same rows
/// (`TableView.renderStream(sharedWith:…)`: runs of items drawn in turn by
/// each, with its own styles, joined in table order) gives the bytes
/// of the render by one table: for every example and golden case table in
/// every streamed form, plain and ANSI; the statistics add up to the same
/// rows; the first error in table order is the one thrown; and
/// `canShareRender` refuses what the parts cannot draw alike.
@Suite struct SharedRenderTests {
    /// Two tables over one loaded document, each with its own registry (its
    /// own Lua state), set up as `StreamedDifferentialTests.streamed` sets one up.
    static func pair(
        _ doc: DocumentSnapshot, _ format: InputFormat, _ body: String, width: Int
    ) throws -> (first: TableView, partner: TableView, source: StreamedDataSource) {
        let (first, source) = try StreamedDifferentialTests.streamed(
            doc, format, body, registry: try StreamedDifferentialTests.registry())
        let registry = try source.document.registry(over: try StreamedDifferentialTests.registry())
        let partner = LoadedTable(source).makePartnerTableView(registry: registry)
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

    /// The shared render's bytes, its runs `runItems` items long.
    static func shared(_ first: TableView, _ partner: TableView, ansi: Bool, runItems: Int) throws -> [UInt8] {
        let out = MemorySink()
        try first.renderStream(sharedWith: partner, into: out, runItems: runItems) { s in
            ansi ? ANSIWriter(sink: s) as CanvasWriter : PlainWriter(sink: s)
        }
        return out.bytes
    }

    @Test func everyTableDrawsTheSameInTwoParts() throws {
        let registry = try StreamedDifferentialTests.registry()
        var compared = 0
        for t in try StreamedDifferentialTests.checkedTables(against: registry) {
            let doc = t.doc
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
                    // Runs of one to five items: every cut between items, rows and sections.
                    let runItems = compared % 5 + 1
                    let form = "\(format.rawValue)\(ansi ? ", ANSI" : ""), runs of \(runItems)"
                    #expect(
                        try Self.shared(first, partner, ansi: ansi, runItems: runItems) == sink.bytes,
                        "\(t.name) as \(form)")
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
        let partner = LoadedTable(source).makePartnerTableView(registry: try registry())
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

    /// A failure is thrown with the one-table render's message once every
    /// line before the failing row is written, whichever way the table is
    /// drawn: on one thread, with a second drawing, or shared in runs
    /// (of 1,000 items: the top, then rows 0–998 (run 0, this table's),
    /// rows 999–1998 (run 1, the partner's), …).
    @Test func theFirstFailureInTableOrderIsThrownAfterTheRowsBeforeIt() throws {
        let dir = try ScratchDirectory.withStyles()
        // Row 300 is in run 0, row 4,500 in run 4 (this table's), row 9,000 in run 9 (the partner's).
        for failAt in [300, 4_500, 9_000] {
            let style = Self.failingStyle(failAt: failAt, independent: true)
            let (one, first, partner) = try Self.luaPair(style, id: "failing", rows: 12_000, in: dir)
            let (apart, _, _) = try Self.luaPair(style, id: "failing", rows: 12_000, in: dir)
            one.streamThreadMinimumRows = .max
            apart.streamThreadMinimumRows = 0
            var outputs: [String] = []
            for path in 0..<3 {
                let out = MemorySink()
                do {
                    switch path {
                    case 0: try one.render(to: PlainWriter(sink: out))
                    case 1: try apart.render(to: PlainWriter(sink: out))
                    default:
                        try first.renderStream(sharedWith: partner, into: out, runItems: 1_000) {
                            PlainWriter(sink: $0)
                        }
                    }
                    Issue.record("path \(path) did not fail at \(failAt)")
                } catch {
                    #expect("\(error)".contains("failing.lua") && "\(error)".contains("no row \(failAt)"), "\(error)")
                }
                outputs.append(out.string)
            }
            #expect(apart.streamDrewOnSecondThread && !one.streamDrewOnSecondThread)
            #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0], "failing at \(failAt)")
            let rows = outputs[0].split(separator: "\n").filter { $0.hasSuffix(" 한글") }
            #expect(rows.count == failAt, "failing at \(failAt)")
            #expect(rows.last?.hasSuffix("#\(failAt - 1) 한글") == true)
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
            let got = try Self.shared(first, partner, ansi: false, runItems: 3_000)
            #expect(String(decoding: got, as: UTF8.self) == expected)
            let sum = first.statistics + partner.statistics
            #expect(sum.rowsConfigured == 12_000 && sum.perIdentifier["failing"]?.created == 2)
        }
    }

    /// A viewport, editing, a table footer view, a section index, rows still arriving, a short
    /// table or one of built-in rows alone is drawn by one table.
    @Test func whatOnlyOneTableCanDraw() throws {
        let registry = try StreamedDifferentialTests.registry()
        let rows = (0..<12_000).map { "{\"cell\": \"value1\", \"text\": \"Row \($0)\", \"g\": \"G\($0 / 1_000)\"}" }
        func table() throws -> TableView { try TwoThreadRenderTests.jsonlTable(rows, registry: registry).0 }
        #expect(try table().tableAllowsSharedRender())
        // Built-in rows alone keep both cores busy in one table; a custom style's rows are shared.
        #expect(try !table().canShareRender(identifiers: ["value1", "subtitle"]))
        #expect(try table().canShareRender(identifiers: ["value1", "keyValue"]) == WorkerThread.hasSecondCore)
        let viewport = try table()
        viewport.viewportHeight = 10
        let editing = try table()
        editing.setEditing(true)
        let short = try TwoThreadRenderTests.jsonlTable(Array(rows.prefix(9_999)), registry: registry).0
        let footed = try table()
        footed.tableFooterView = HeaderFooterView(title: "end")
        for t in [viewport, editing, short, footed] { #expect(try !t.tableAllowsSharedRender()) }
        let body = rows.joined(separator: "\n") + "\n"
        let input = DocumentInput(path: "t.jsonl", bytes: Array(body.utf8), format: .jsonl)
        let doc = try StreamedDocument.load(input, options: TableOptions(sectionBy: "g", indexTitles: true))
        let indexed = StreamedDataSource(document: doc).makeTableView(registry: registry)
        #expect(try !indexed.tableAllowsSharedRender())
    }
}
