import Cellar
import CellarLua
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// A whole-table render on more threads (rows decoded ahead by
/// `RowPrefetch`, drawn and written by `StreamDrawThread`) gives the bytes
/// and the statistics of the render on one: for every example and golden
/// case table in every streamed form, plain and ANSI, with the threads
/// forced on for tables of any size; for a long generated table of
/// built-in and Lua rows at the default thresholds; for a Lua style that
/// keeps state across rows; and a style that fails mid-table fails alike.
@Suite struct TwoThreadRenderTests {
    /// The whole table's bytes through `writer`, with the statistics and rows decoded.
    static func render(
        _ table: TableView, _ source: StreamedDataSource, threads: Bool, ansi: Bool, drawsApart: Bool? = nil
    ) throws -> ([UInt8], RenderStatistics, Int) {
        table.streamThreadMinimumRows = threads ? 0 : Int.max
        table.streamDrawsApart = drawsApart
        source.threadMinimumRows = threads ? 0 : Int.max
        let sink = MemorySink()
        let writer: CanvasWriter = ansi ? ANSIWriter(sink: sink) : PlainWriter(sink: sink)
        try table.render(to: writer)
        return (sink.bytes, table.statistics, source.rowsDecoded)
    }

    @Test func everyTableDrawsTheSameOnTwoThreads() throws {
        let registry = try StreamedDifferentialTests.registry()
        var compared = 0
        var prefetched = 0
        var drawnApart = 0
        var writtenApart = 0
        for t in try StreamedDifferentialTests.checkedTables(against: registry) {
            let doc = t.doc
            for (format, body) in StreamedDifferentialTests.forms(doc) {
                // The second thread draws and writes (`true`) or only writes (`false`).
                for (ansi, drawsApart) in [(false, true), (true, true), (false, false), (true, false)] {
                    let (one, oneSource) = try StreamedDifferentialTests.streamed(doc, format, body, registry: registry)
                    let (two, twoSource) = try StreamedDifferentialTests.streamed(doc, format, body, registry: registry)
                    one.width = 44
                    two.width = 44
                    guard let expected = try? Self.render(one, oneSource, threads: false, ansi: ansi) else { continue }
                    let got = try Self.render(two, twoSource, threads: true, ansi: ansi, drawsApart: drawsApart)
                    let form = "\(format.rawValue)\(ansi ? ", ANSI" : "")\(drawsApart ? "" : ", written apart")"
                    #expect(got.0 == expected.0, "\(t.name) as \(form)")
                    #expect(got.1 == expected.1, "\(t.name)'s statistics as \(form)")
                    #expect(got.2 == expected.2, "\(t.name)'s rows decoded as \(form)")
                    if twoSource.prefetch != nil { prefetched += 1 }
                    if two.streamDrewOnSecondThread { drawnApart += 1 }
                    if !drawsApart && two.streamWroteOnSecondThread { writtenApart += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared >= 100)
        // The prefetch really ran (it is dropped only when the table reads out of order).
        #expect(prefetched >= 50)
        // The drawing thread really ran (not while editing, nor for rows arriving from a pipe).
        #expect(drawnApart >= 100)
        #expect(writtenApart >= 100)
    }

    /// 20,000 rows of built-in and Lua styles (Hangul, emoji, a selected
    /// row, a section per 5,000 rows) at the default thresholds: the
    /// threads start by themselves and change nothing.
    @Test func aLongTableDrawsTheSameOnTwoThreads() throws {
        let registry = try StreamedDifferentialTests.registry()
        var lines: [String] = []
        for i in 0..<20_000 {
            let group = "\"group\": \"g\(i / 5_000)\""
            switch i % 3 {
            case 0:
                lines.append(
                    "{\"cell\": \"value1\", \"text\": \"Row \(i) 한글\", \"secondaryText\": \"\(i % 97) 🍎\", \(group)}")
            case 1:
                lines.append(
                    "{\"cell\": \"keyValue\", \"key\": \"키 \(i % 50)\", \"value\": \"Value \(i) 🍷\", \(group)}")
            default:
                lines.append("{\"cell\": \"subtitle\", \"text\": \"Item \(i)\", \"secondaryText\": \"d\", \(group)}")
            }
        }
        let body = lines.joined(separator: "\n") + "\n"
        func table() throws -> (TableView, StreamedDataSource) {
            let input = DocumentInput(path: "t.jsonl", bytes: Array(body.utf8), format: .jsonl)
            let doc = try StreamedDocument.load(input, options: TableOptions(sectionBy: "group"))
            try doc.validate(against: registry)
            let source = StreamedDataSource(document: doc)
            let t = source.makeTableView(registry: registry)
            t.width = 60
            t.selectRow(at: IndexPath(1, 17))
            return (t, source)
        }
        let (one, oneSource) = try table()
        let expected = try Self.render(one, oneSource, threads: false, ansi: true)
        // Left to decide (the first row is built-in: written apart), and drawn apart.
        for drawsApart in [nil, true] {
            let (two, twoSource) = try table()
            two.streamDrawsApart = drawsApart
            let sink = MemorySink()
            try two.render(to: ANSIWriter(sink: sink))
            #expect(twoSource.prefetch != nil)
            #expect(two.streamWroteOnSecondThread)
            #expect(two.streamDrewOnSecondThread == (drawsApart == true))
            #expect(sink.bytes == expected.0)
            #expect(two.statistics == expected.1)
            #expect(twoSource.rowsDecoded == expected.2)
        }
    }

    /// Left to decide, the second thread draws the rows when the first one
    /// has a custom (Lua) style; built-in rows are drawn here and only
    /// written there, whatever else the registry holds.
    @Test func theSecondThreadDrawsRowsOfCustomStyles() throws {
        let registry = try StreamedDifferentialTests.registry()
        let builtin = "{\"cell\": \"value1\", \"text\": \"Row\"}"
        let custom = "{\"cell\": \"keyValue\", \"key\": \"k\", \"value\": \"v\"}"
        for (row, drawsApart) in [(builtin, false), (custom, true)] {
            let (table, _) = try Self.jsonlTable(Array(repeating: row, count: 300), registry: registry)
            table.streamThreadMinimumRows = 0
            _ = try table.renderText()
            #expect(table.streamWroteOnSecondThread)
            #expect(table.streamDrewOnSecondThread == drawsApart, "\(row)")
        }
    }

    /// A style whose rows show state kept across rows (an upvalue and a
    /// field of the reused cell) and that fails at row `failAt`, if given.
    static func statefulStyle(failAt: Int? = nil) -> String {
        let failure = failAt.map { "if row.n == \($0) then error(\"no row \" .. row.n) end" } ?? ""
        return """
            local calls = 0
            return {
              identifier = "tally",
              configure = function(cell, row)
                \(failure)
                calls = calls + 1
                cell.seen = (cell.seen or 0) + 1
                cell.n = row.n
              end,
              layout = function(config, ctx)
                return ui.hstack {
                  ui.label { text = "#" .. config.n .. " 한", width = 8 },
                  ui.label { text = calls .. "/" .. config.seen .. " 🍷", lines = 0, line_break = "wordWrap" },
                }
              end,
            }
            """
    }

    /// A long table of the stateful style, as JSON Lines, with its registry.
    static func statefulTable(rows: Int, failAt: Int? = nil, in dir: ScratchDirectory) throws -> (
        TableView, StreamedDataSource
    ) {
        try dir.write("Styles/tally.lua", statefulStyle(failAt: failAt))
        let registry = Registry()
        _ = try StyleLoader.load(directories: [dir.styles], into: registry)
        return try jsonlTable((0..<rows).map { "{\"cell\": \"tally\", \"n\": \($0)}" }, registry: registry)
    }

    /// A table 30 columns wide of JSON Lines `rows`, checked against `registry`.
    static func jsonlTable(_ rows: [String], registry: Registry) throws -> (TableView, StreamedDataSource) {
        let body = rows.joined(separator: "\n") + "\n"
        let input = DocumentInput(path: "t.jsonl", bytes: Array(body.utf8), format: .jsonl)
        // Some rows carry a section key the tests read only with `--section-by`.
        let doc = try StreamedDocument.load(input, options: TableOptions(extraKeys: .ignore))
        try doc.validate(against: registry)
        let source = StreamedDataSource(document: doc)
        let table = source.makeTableView(registry: registry)
        table.width = 30
        return (table, source)
    }

    /// The reuse history is the one-thread render's: a style's state across
    /// rows (in an upvalue, in the reused cell's fields) draws the same.
    @Test func aStyleKeepingStateAcrossRowsDrawsTheSame() throws {
        let dir = try ScratchDirectory.withStyles()
        let (one, oneSource) = try Self.statefulTable(rows: 12_000, in: dir)
        let expected = try Self.render(one, oneSource, threads: false, ansi: true)
        let (two, twoSource) = try Self.statefulTable(rows: 12_000, in: dir)
        let got = try Self.render(two, twoSource, threads: true, ansi: true)
        #expect(two.streamDrewOnSecondThread)
        let gotLines = String(decoding: got.0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = String(decoding: expected.0, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let differs = zip(gotLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differs == nil && gotLines.count == expectedLines.count, "first different line: \(differs ?? -1)")
        #expect(got.1 == expected.1)
        #expect(gotLines.contains { $0.contains("12000/12000 🍷") })
    }

    /// A style that fails mid-table fails the render with the same message
    /// (its file, the row) with the drawing thread on, and ends that thread.
    @Test func aStyleFailingMidTableFailsTheSameOnTwoThreads() throws {
        let dir = try ScratchDirectory.withStyles()
        func failure(threads: Bool) throws -> String {
            let (t, source) = try Self.statefulTable(rows: 12_000, failAt: 9_000, in: dir)
            do {
                _ = try Self.render(t, source, threads: threads, ansi: false)
            } catch {
                #expect(t.streamDrewOnSecondThread == threads)
                return "\(error)"
            }
            Issue.record("the render did not fail")
            return ""
        }
        let one = try failure(threads: false)
        #expect(one.contains("tally.lua") && one.contains("no row 9000"), "\(one)")
        let two = try failure(threads: true)
        #expect(two == one, "\(two)")
    }
}
