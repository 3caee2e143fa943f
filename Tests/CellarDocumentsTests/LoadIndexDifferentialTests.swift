import Cellar
import CellarGolden
import CellarTestSupport
import Foundation
import Testing

@testable import CellarDocuments

/// Every example's and golden case's table, in each form the streamed
/// reader takes it (its JSON, and JSON Lines and CSV where it has that
/// shape, those also with `--section-by` and `--index-titles`; a YAML
/// table also as its YAML, through its kept JSON form), loads from
/// a warm load index into the same document as its scan gives, and draws
/// the same frames: whole, in a viewport, while editing, and through the
/// golden case's steps.
@Suite struct LoadIndexDifferentialTests {
    typealias S = LoadIndexSupport

    @Test func everyTableDrawsTheSameFromItsIndex() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let registry = try StreamedDifferentialTests.registry()
        var compared = 0
        var played = 0
        var yaml = 0
        for (n, t) in try StreamedDifferentialTests.tables().enumerated() {
            let path = t.name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? DocumentSnapshot.parse(t.text, path: path),
                (try? doc.validate(against: registry)) != nil
            else { continue }
            if !t.name.hasSuffix(".json") {
                let file = try S.write(dir, "\(n).yaml", t.text)
                if let scanned = try? S.loadYAML(file, nil) {
                    let cold = try S.loadYAML(file, cache)
                    let warm = try S.loadYAML(file, cache)
                    #expect(cold.loadIndexUse == .written && warm.loadIndexUse == .read, "\(t.name)")
                    #expect(S.state(warm) == S.state(scanned), "\(t.name)")
                    #expect(try draw(warm, doc, registry) == draw(scanned, doc, registry), "\(t.name)")
                    yaml += 1
                }
            }
            for (format, body) in StreamedDifferentialTests.forms(doc) {
                let file = try S.write(dir, "\(n).\(format.rawValue)", body)
                // A rows-only form carries no table keys: they are given as the CLI's flags would give them.
                let rowsOnly = format != .json
                var base = TableOptions()
                if rowsOnly {
                    base = TableOptions(
                        style: doc.style, rowHeight: doc.rowHeight, estimatedRowHeight: doc.estimatedRowHeight)
                }
                var sectioned = base
                if rowsOnly, case .object(let o)? = doc.sections.first?.rows.first, let key = o.keys.min() {
                    sectioned.sectionBy = key
                    sectioned.indexTitles = true
                }
                for options in sectioned == base ? [base] : [base, sectioned] {
                    let what = "\(t.name) as \(format.rawValue) \(options.sectionBy ?? "")"
                    guard let scanned = try? S.load(file, nil, options: options) else { continue }
                    let cold = try S.load(file, cache, options: options)
                    let warm = try S.load(file, cache, options: options)
                    #expect(cold.loadIndexUse == .written, "\(what)")
                    #expect(warm.loadIndexUse == .read, "\(what)")
                    #expect(S.state(warm) == S.state(scanned), "\(what)")
                    let expected = try draw(scanned, doc, registry)
                    #expect(try draw(warm, doc, registry) == expected, "\(what)")
                    compared += 1
                    guard let scenario = t.scenario, options.sectionBy == nil,
                        let want = try? play(scenario, scanned, doc, registry)
                    else { continue }
                    #expect(try play(scenario, S.load(file, cache, options: options), doc, registry) == want, "\(what)")
                    played += 1
                }
            }
        }
        #expect(compared >= 100)
        #expect(played >= 50)
        #expect(yaml >= 50)
    }

    /// A streamed document's table, with the table keys a rows-only form cannot carry set as the differential test sets them.
    func table(_ streamed: StreamedDocument, _ doc: DocumentSnapshot, _ registry: Registry) throws
        -> (TableView, StreamedDataSource)
    {
        try streamed.validate(against: registry)
        let source = StreamedDataSource(document: streamed)
        let table = source.makeTableView(registry: registry)
        if !streamed.isTableDocument {
            table.separatorStyle = doc.separatorStyle
            table.ambiguousWide = doc.ambiguousWide
            doc.selection.apply(to: table)
        }
        return (table, source)
    }

    func draw(_ streamed: StreamedDocument, _ doc: DocumentSnapshot, _ registry: Registry) throws -> [String] {
        try StreamedDifferentialTests.draw(table(streamed, doc, registry).0, width: 44)
    }

    func play(_ scenario: GoldenCase, _ streamed: StreamedDocument, _ doc: DocumentSnapshot, _ registry: Registry)
        throws
        -> String
    {
        let (table, source) = try table(streamed, doc, registry)
        return try GoldenScenario.play(scenario, table: table, source: source)
    }
}
