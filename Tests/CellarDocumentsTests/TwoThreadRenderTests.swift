import Cellar
import CellarLua
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// A whole-table render on two threads (rows decoded ahead by
/// `RowPrefetch`, bytes made by `BackgroundCanvasWriter`) gives the bytes
/// and the statistics of the render on one: for every example and golden
/// case table in every streamed form, plain and ANSI, with the threads
/// forced on for tables of any size; and for a long generated table of
/// built-in and Lua rows at the default thresholds.
@Suite struct TwoThreadRenderTests {
    /// The whole table's bytes through `writer`, with the statistics and rows decoded.
    static func render(
        _ table: TableView, _ source: StreamedDataSource, threads: Bool, ansi: Bool
    ) throws -> ([UInt8], RenderStatistics, Int) {
        table.streamThreadMinimumRows = threads ? 0 : Int.max
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
        for t in try StreamedDifferentialTests.tables() {
            let path = t.name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? TableDocument.parse(t.text, path: path),
                (try? doc.validate(against: registry)) != nil
            else { continue }
            for (format, body) in StreamedDifferentialTests.forms(doc) {
                for ansi in [false, true] {
                    let (one, oneSource) = try StreamedDifferentialTests.streamed(doc, format, body, registry: registry)
                    let (two, twoSource) = try StreamedDifferentialTests.streamed(doc, format, body, registry: registry)
                    one.width = 44
                    two.width = 44
                    guard let expected = try? Self.render(one, oneSource, threads: false, ansi: ansi) else { continue }
                    let got = try Self.render(two, twoSource, threads: true, ansi: ansi)
                    #expect(got.0 == expected.0, "\(t.name) as \(format.rawValue)\(ansi ? ", ANSI" : "")")
                    #expect(got.1 == expected.1, "\(t.name)'s statistics as \(format.rawValue)")
                    #expect(got.2 == expected.2, "\(t.name)'s rows decoded as \(format.rawValue)")
                    if twoSource.prefetch != nil { prefetched += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared >= 100)
        // The prefetch really ran (it is dropped only when the table reads out of order).
        #expect(prefetched >= 50)
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
        let (two, twoSource) = try table()
        let sink = MemorySink()
        try two.render(to: ANSIWriter(sink: sink))
        #expect(twoSource.prefetch != nil)
        #expect(sink.bytes == expected.0)
        #expect(two.statistics == expected.1)
        #expect(twoSource.rowsDecoded == expected.2)
    }
}
