import Cellar
import CellarGolden
import CellarLua
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// Every example and every golden case's table, read from its own text (as
/// golden cases and the CLI read it) and from that table written out as
/// JSON, and as JSON Lines and CSV where the table has that shape, draws byte for byte the same: whole,
/// in a viewport and while editing; and every golden case's steps, played
/// on each form, give the case's frames. The JSON form carries every
/// top-level key the document has (selection flags, `indexTitles`), so a
/// key one reader knows and the other does not fails here.
@Suite struct StreamedDifferentialTests {
    static let root = CellarCLI.packageRoot

    /// A table to compare: its name, its YAML or JSON text, and the golden case it comes from (if any).
    struct Table {
        var name: String
        var text: String
        var scenario: GoldenCase?
    }

    static func tables() throws -> [Table] {
        var out: [Table] = []
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: root + "/Examples").sorted()
        where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
            let text = try String(contentsOfFile: root + "/Examples/" + name, encoding: .utf8)
            out.append(Table(name: "Examples/" + name, text: text))
        }
        let cases = fm.enumerator(atPath: root + "/Styles/cases")?.compactMap { $0 as? String } ?? []
        for file in cases.sorted() where file.hasSuffix(".case.yaml") {
            let path = root + "/Styles/cases/" + file
            guard let scenario = try? GoldenCaseParser.load(path: path, name: file) else { continue }
            switch scenario.table {
            case .inline(let text, _), .text(let text, _): out.append(Table(name: file, text: text, scenario: scenario))
            case .file(let table, _):
                let resolved = table.hasPrefix("/") ? table : (path as NSString).deletingLastPathComponent + "/" + table
                if let text = try? String(contentsOfFile: resolved, encoding: .utf8) {
                    out.append(Table(name: file, text: text, scenario: scenario))
                }
            case .swift:
                continue  // no document: the rows are a Swift test's
            }
        }
        return out
    }

    /// Every table of `tables()` that parses and checks against `registry`, with its name.
    static func checkedTables(against registry: Registry) throws -> [(name: String, doc: DocumentSnapshot)] {
        try tables().compactMap { t in
            let path = t.name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? DocumentSnapshot.parse(t.text, path: path),
                (try? doc.validate(against: registry)) != nil
            else { return nil }
            return (t.name, doc)
        }
    }

    static func registry() throws -> Registry {
        let registry = Registry()
        _ = try StyleLoader.load(directories: [root + "/Styles"], into: registry)
        return registry
    }

    /// The full table, a viewport, and the full table while editing, as plain text.
    static func draw(_ table: TableView, width: Int) throws -> [String] {
        table.width = width
        let full = try table.renderText()
        table.viewportHeight = 9
        table.contentOffset = 4
        let viewport = try table.renderText()
        table.viewportHeight = nil
        table.contentOffset = 0
        table.setEditing(true)
        return [full, viewport, try table.renderText()]
    }

    /// The document written as JSON, and as JSON Lines and CSV when its shape allows.
    static func forms(_ doc: DocumentSnapshot) -> [(InputFormat, String)] {
        var forms: [(InputFormat, String)] = [(.json, DocumentWriting.jsonDocument(doc))]
        // Rows-only formats carry no table keys: a table-wide index has no place there.
        guard doc.indexTitles == nil else { return forms }
        if let lines = DocumentWriting.jsonLines(doc) { forms.append((.jsonl, lines)) }
        if let csv = DocumentWriting.csv(doc) { forms.append((.csv, csv)) }
        return forms
    }

    /// The streamed table of one form; the table keys a rows-only form cannot carry are set as the CLI's flags
    /// and the document's settings would be.
    static func streamed(_ doc: DocumentSnapshot, _ format: InputFormat, _ body: String, registry: Registry) throws
        -> (TableView, StreamedDataSource)
    {
        let options = TableOptions(
            style: doc.style, rowHeight: doc.rowHeight, estimatedRowHeight: doc.estimatedRowHeight)
        let input = DocumentInput(path: "t." + format.rawValue, bytes: Array(body.utf8), format: format)
        let isDocument = format == .json || format == .yaml
        let streamed = try StreamedDocument.load(input, options: isDocument ? TableOptions() : options)
        try streamed.validate(against: registry)
        let source = StreamedDataSource(document: streamed)
        let table = source.makeTableView(registry: registry)
        if !isDocument {
            table.separatorStyle = doc.separatorStyle
            table.ambiguousWide = doc.ambiguousWide
            doc.selection.apply(to: table)
        }
        return (table, source)
    }

    @Test func streamedFormatsDrawWhatTheEagerReaderDraws() throws {
        let registry = try Self.registry()
        var compared = 0
        var streamedForms = 0
        var playedCases = 0
        for t in try Self.tables() {
            let path = t.name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? DocumentSnapshot.parse(t.text, path: path),
                (try? doc.validate(against: registry)) != nil
            else { continue }
            let expected: [String]
            do {
                let own: InputFormat = path == "t.yaml" ? .yaml : .json
                expected = try Self.draw(Self.streamed(doc, own, t.text, registry: registry).0, width: 44)
            } catch {
                continue  // a table that fails to draw from its own text is no comparison
            }
            let played = t.scenario.flatMap { try? GoldenScenario.play($0, registry: registry) }
            for (format, body) in Self.forms(doc) {
                let (table, _) = try Self.streamed(doc, format, body, registry: registry)
                #expect(try Self.draw(table, width: 44) == expected, "\(t.name) as \(format.rawValue)")
                streamedForms += 1
                guard let scenario = t.scenario, let played else { continue }
                let (stepTable, source) = try Self.streamed(doc, format, body, registry: registry)
                let got = try GoldenScenario.play(scenario, table: stepTable, source: source)
                #expect(got == played, "\(t.name)'s steps as \(format.rawValue)")
                playedCases += 1
            }
            compared += 1
        }
        #expect(compared >= 30)
        #expect(streamedForms >= compared)
        #expect(playedCases >= 50)
    }

    /// Strict JSON (RFC 8259), as `.json` tables have been read all along:
    /// what is refused, with its message at its line and column (these
    /// messages were those of the checker that ran before the eager reader read the
    /// JSON; the streamed reader now reads every JSON table).
    @Test func strictJSONErrorsKeepTheirMessages() throws {
        let bad = [
            "", "  ", "[]", "{\"sections\": [],}", "{\"sections\": [] // c\n}", "{'sections': []}",
            "{\"sections\": [{\"rows\": [{\"text\": \"a\nb\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"text\": \"a\\qb\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"text\": \"\\uD800x\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"text\": \"\\uDC00\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"n\": 01}]}]}", "{\"sections\": [{\"rows\": [{\"n\": 1.}]}]}",
            "{\"sections\": [{\"rows\": [{\"n\": 1e}]}]}", "{\"sections\": [{\"rows\": [{\"n\": -}]}]}",
            "{\"sections\": [{\"rows\": [{\"n\": tru}]}]}", "{\"sections\": [{\"rows\": [{\"n\": nulls}]}]}",
            "{\"sections\": [{\"rows\": [{\"text\": \"abc}]}]}", "{\"sections\": [] } x", "{\"sections\" []}",
            "{\"sections\": [{\"rows\": [{\"text\": \"a\"} {\"text\": \"b\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"t\": 1,]}]}]}",
            "{\"sections\": [{\"rows\": [{\"cell\": \"default\", \"height\": -1}]}]}",
            "{\"sections\": [{\"rows\": [{\"cell\": \"subtitle\", \"accessory\": \"chevron\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"text\": \"a\", \"secondaryText\": \"b\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"cell\": \"subtitle\", \"indentation\": 99999999}]}]}",
            "{\"sections\": [{\"header\": [], \"rows\": []}]}", "{\"style\": \"fancy\", \"sections\": []}",
            "{\"styl\": \"plain\", \"sections\": []}", "{\"sections\": [{\"rowz\": []}]}", "{\"style\": \"plain\"}",
            "{\"sections\": {}}", "{\"sections\": [{\"rows\": {}}]}", "{\"sections\": [{\"rows\": [7]}]}",
            "{\"rowHeight\": \"tall\", \"sections\": []}", "{\"ambiguousWide\": \"yes\", \"sections\": []}",
            "{\"sections\": [{\"rows\": [{\"selected\": 1}]}]}", "{\"sections\": [{\"rows\": [{\"cell\": \"\"}]}]}",
            String(repeating: "[", count: 600),
        ]
        let expected = [
            "t.json:1:1: malformed JSON: the document is empty",
            "t.json:1:3: malformed JSON: the document is empty",
            "t.json:1:1: a table document must be a mapping of keys to values, not a list: rows go under a section "
                + "(sections: [{rows: […]}]), or one to a line in a JSON Lines file",
            "t.json:1:16: malformed JSON: trailing comma before '}'",
            "t.json:1:17: malformed JSON: expected ',' or '}', found '//' (JSON has no comments)",
            "t.json:1:2: malformed JSON: expected a key in double quotes, found \"'\" (JSON strings use double quotes)",
            "t.json:1:36: malformed JSON: line break inside a string",
            "t.json:1:36: malformed JSON: invalid escape '\\q'",
            "t.json:1:35: malformed JSON: lone surrogate \\uD800 (a high surrogate must be followed by a low one \\uDC00–\\uDFFF)",
            "t.json:1:35: malformed JSON: lone surrogate \\uDC00 (a low surrogate must follow a high one \\uD800–\\uDBFF)",
            "t.json:1:31: malformed JSON: numbers do not start with 0",
            "t.json:1:33: malformed JSON: expected a digit after '.', found '}'",
            "t.json:1:33: malformed JSON: expected a digit in the exponent, found '}'",
            "t.json:1:32: malformed JSON: expected a digit, found '}'",
            "t.json:1:31: malformed JSON: expected a value, found 'tru'",
            "t.json:1:31: malformed JSON: expected a value, found 'nulls'",
            "t.json:1:34: malformed JSON: unterminated string",
            "t.json:1:19: malformed JSON: unexpected 'x' after the JSON value",
            "t.json:1:13: malformed JSON: expected ':' after the key, found '['",
            "t.json:1:39: malformed JSON: expected ',' or ']', found '{'",
            "t.json:1:33: malformed JSON: expected a key in double quotes, found ']'",
            "t.json:1:55: height must not be negative (got -1)",
            "t.json:1:59: accessory: unknown value 'chevron' (expected one of: none, disclosureIndicator, checkmark, detailButton, detailDisclosureButton)",
            "t.json:1:39: style 'default' has no detail text (UIKit's detailTextLabel is nil); use subtitle, value1 or value2, or drop secondaryText",
            "t.json:1:61: indentation: must be a whole number from 0 to 10000 (got '99999999')",
            "t.json:1:26: header must be text",
            "t.json:1:11: style: unknown value 'fancy' (expected one of: plain, grouped, insetGrouped)",
            "t.json:1:2: unknown key 'styl' — did you mean 'style'?",
            "t.json:1:16: unknown section key 'rowz' — did you mean 'rows'?",
            "t.json:1:1: a table document needs 'sections'",
            "t.json:1:14: sections must be a list",
            "t.json:1:24: rows must be a list",
            "t.json:1:25: a row must be a mapping of keys to values",
            "t.json:1:15: rowHeight must be 'automatic' or a whole number of lines ≥ 0 (got 'tall')",
            "t.json:1:19: ambiguousWide must be true or false (got 'yes'), which Cellar reads as text, as YAML 1.2 does",
            "t.json:1:38: selected must be true or false (got '1')",
            "t.json:1:34: cell must name a reuse identifier",
            "t.json:1:513: malformed JSON: nested more than 512 levels deep",
        ]
        #expect(bad.count == expected.count)
        for (text, want) in zip(bad, expected) {
            let eager = message { try DocumentSnapshot.parse(text, path: "t.json") }
            let streamed = message {
                try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
            }
            #expect(eager == want, "\(text.prefix(60))")
            #expect(streamed == want, "\(text.prefix(60))")
        }
    }

    func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "ok"
        } catch { return "\(error)" }
    }
}
