import Cellar
import CellarTestSupport
import Foundation
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// Which parser a YAML load takes (`StreamedDocument.yamlParsedBy`): the
/// subset scanner for tables written as `Scripts/bench cli` writes them and
/// for the block-style examples, from a file or from bytes; libyaml, from
/// the document's start, for anything outside the subset however late it
/// comes, with the same table or the same error as libyaml alone gives.
@Suite struct YAMLSubsetPathTests {
    /// Rows as the benchmark writes them: flow mappings of double-quoted scalars.
    static func benchShaped(rows: Int) -> String {
        var text = "sections:\n  - rows:\n"
        for i in 0..<rows {
            text +=
                i % 2 == 0
                ? "      - {\"cell\": \"value1\", \"text\": \"Row \(i) 한글\", \"secondaryText\": \"\(i % 997) 🍎\"}\n"
                : "      - {\"cell\": \"subtitle\", \"text\": \"Item \(i)\", \"secondaryText\": \"detail 가나다\", \"image\": \"🍊\"}\n"
        }
        return text
    }

    static func fromBytes(_ text: String) throws -> StreamedDocument {
        try StreamedDocument.load(DocumentInput(path: "t.yaml", bytes: Array(text.utf8), format: .yaml))
    }

    /// The document loaded from a file in `dir` (kept while the document is asked for locations).
    static func fromFile(_ text: String, in dir: ScratchDirectory? = nil) throws -> StreamedDocument {
        let dir = try dir ?? ScratchDirectory()
        return try StreamedDocument.load(yamlFile: try dir.write("t.yaml", text))
    }

    static func drawn(_ doc: StreamedDocument) throws -> [String] {
        try StreamedDifferentialTests.draw(
            StreamedDataSource(document: doc).makeTableView(registry: Registry()), width: 40)
    }

    @Test func benchShapedRowsAreScanned() throws {
        let text = Self.benchShaped(rows: 3000)
        for doc in [try Self.fromBytes(text), try Self.fromFile(text)] {
            #expect(doc.yamlParsedBy == .subset)
            #expect(doc.rowCount == 3000)
        }
        let json = YAMLDifferential.json(Array(text.utf8), subsetFirst: false)
        #expect(YAMLDifferential.json(Array(text.utf8), subsetFirst: true) == json)
    }

    @Test func theBlockStyleExamplesAreScanned() throws {
        let examples = CellarCLI.packageRoot + "/Examples"
        let names = try FileManager.default.contentsOfDirectory(atPath: examples).filter { $0.hasSuffix(".yaml") }
        #expect(names.count > 10)
        for name in names.sorted() {
            let doc = try StreamedDocument.load(yamlFile: examples + "/" + name)
            #expect(doc.yamlParsedBy == .subset, "\(name)")
        }
    }

    /// An anchor, a block scalar or a tag late in a long document: the
    /// scanner steps aside at its line, libyaml converts the whole document
    /// again, and the load gives libyaml's table (or refusal).
    @Test(
        arguments: [
            ("      - {text: &a late}\n", "anchors and aliases (&name, *name) are not supported: write the value out"),
            ("      - text: |\n          a block scalar\n", nil),
            ("      - {text: !!str 12}\n", nil),
            ("      - {text: \"an \\q escape\"}\n", "found unknown escape character"),
            ("      - {text: a\tb}\n", nil),
        ] as [(String, String?)])
    func stepsAsideLate(tail: String, error: String?) throws {
        let text = Self.benchShaped(rows: 2000) + tail
        #expect(YAMLDifferential.lineSteppedAside(Array(text.utf8)) == 2003)
        let loads: [(String) throws -> StreamedDocument] = [{ try Self.fromBytes($0) }, { try Self.fromFile($0) }]
        for load in loads {
            let outcome: String
            do {
                let doc = try load(text)
                outcome = "\(doc.yamlParsedBy.map { "\($0)" } ?? "-"): \(doc.rowCount) rows"
            } catch { outcome = "\(error)" }
            if let error {
                #expect(outcome.contains("t.yaml:2003:") && outcome.contains(error), "\(outcome)")
            } else {
                #expect(outcome == "libyaml: 2001 rows")
            }
        }
    }

    @Test func refusalsAreLibyamlsWherever() throws {
        // A duplicate key is refused on the JSON form's writer; the scanner's events are
        // libyaml's, yet the refusal is worded again on libyaml's.
        let text = "sections:\n  - rows:\n      - {text: a, text: b}\n"
        #expect(YAMLDifferential.isInSubset(Array(text.utf8)))
        #expect(StreamedYAMLTests.streamed(text) == StreamedYAMLTests.eager(text))
        #expect(StreamedYAMLTests.streamed(text).contains("duplicate key 'text'"))
    }

    @Test func theSameTableEitherWay() throws {
        let text =
            "style: grouped\nsections:\n  - header: 과일 🍎\n    rows:\n      - text: \"Apple\\tpie\"\n"
            + "        cell: subtitle\n        secondaryText: 'it''s red'\n      - {text: Pear, cell: value1}\n"
        let subset = try Self.fromBytes(text)
        #expect(subset.yamlParsedBy == .subset)
        // Carriage returns are line breaks the scanner leaves to libyaml.
        let libyaml = try Self.fromBytes(text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(libyaml.yamlParsedBy == .libyaml)
        #expect(try Self.drawn(subset) == Self.drawn(libyaml))
    }
}

/// A row's line and column in a document the subset scanner converted are
/// found on its events again, and are where libyaml's events put them.
@Suite struct YAMLSubsetLocationTests {
    static func libyamlLocation(_ text: String, _ offset: Int) -> Cellar.SourceLocation {
        Array(text.utf8).withUnsafeBufferPointer {
            YAMLToJSON.location(ofOutput: offset, in: .bytes($0), path: "t.yaml", parser: .libyaml)
        }
    }

    @Test func rowsAreLocatedWhereLibyamlLocatesThem() throws {
        let examples = CellarCLI.packageRoot + "/Examples"
        var texts = [YAMLSubsetPathTests.benchShaped(rows: 300)]
        for name in try FileManager.default.contentsOfDirectory(atPath: examples).sorted() where name.hasSuffix(".yaml")
        {
            texts.append(try String(contentsOfFile: examples + "/" + name, encoding: .utf8))
        }
        let dir = try ScratchDirectory()
        for text in texts {
            for doc in [try YAMLSubsetPathTests.fromBytes(text), try YAMLSubsetPathTests.fromFile(text, in: dir)] {
                #expect(doc.yamlParsedBy == .subset)
                for row in stride(from: 0, to: doc.rowCount, by: max(1, doc.rowCount / 20)) {
                    let want = Self.libyamlLocation(text, doc.rowOffsets[row])
                    let got = doc.location(ofRow: row)
                    #expect(
                        got?.line == want.line && got?.column == want.column,
                        "\(text.prefix(40)) row \(row) got \(String(describing: got)) want \(want)")
                }
            }
        }
    }

    @Test func aBadRowLateInABigTableIsLocated() throws {
        let text = YAMLSubsetPathTests.benchShaped(rows: 5000) + "      - {\"cell\": \"nope\", \"text\": \"x\"}\n"
        let dir = try ScratchDirectory()
        let doc = try YAMLSubsetPathTests.fromFile(text, in: dir)
        #expect(doc.yamlParsedBy == .subset)
        #expect(throws: (any Error).self) { try doc.validate(against: Registry()) }
        do { try doc.validate(against: Registry()) } catch { #expect("\(error)".contains("t.yaml:5003:9"), "\(error)") }
    }
}
