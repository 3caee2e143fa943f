import Cellar
import CellarGolden
import CellarLua
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// Every example and every golden case's table, read eagerly (YAML, as
/// before) and streamed (written out as JSON, and as JSON Lines and CSV
/// where the table has that shape), draws byte for byte the same.
@Suite struct StreamedDifferentialTests {
    static let root = CellarCLI.packageRoot

    /// (name, YAML or JSON text, path) of every table to compare.
    static func tables() throws -> [(String, String)] {
        var out: [(String, String)] = []
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: root + "/Examples").sorted()
        where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
            out.append(("Examples/" + name, try String(contentsOfFile: root + "/Examples/" + name, encoding: .utf8)))
        }
        let cases = fm.enumerator(atPath: root + "/Styles/cases")?.compactMap { $0 as? String } ?? []
        for file in cases.sorted() where file.hasSuffix(".case.yaml") {
            let path = root + "/Styles/cases/" + file
            guard let scenario = try? GoldenCaseParser.load(path: path, name: file) else { continue }
            switch scenario.table {
            case .inline(let text, _): out.append((file, text))
            case .file(let table, _):
                let resolved = table.hasPrefix("/") ? table : (path as NSString).deletingLastPathComponent + "/" + table
                if let text = try? String(contentsOfFile: resolved, encoding: .utf8) { out.append((file, text)) }
            }
        }
        return out
    }

    static func registry() throws -> Registry {
        let registry = Registry()
        _ = try StyleLoader.load(directories: [root + "/Styles"], into: registry)
        return registry
    }

    /// The full table and a viewport, as plain text.
    static func draw(_ table: TableView, width: Int) throws -> [String] {
        table.width = width
        let full = try table.renderText()
        table.viewportHeight = 9
        table.contentOffset = 4
        return [full, try table.renderText()]
    }

    @Test func streamedFormatsDrawWhatTheEagerReaderDraws() throws {
        let registry = try Self.registry()
        var compared = 0
        var streamedForms = 0
        for (name, text) in try Self.tables() {
            let path = name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? TableDocument.parse(text, path: path),
                (try? doc.validate(against: registry)) != nil
            else { continue }
            let expected: [String]
            do {
                expected = try Self.draw(DocumentDataSource(document: doc).makeTableView(registry: registry), width: 44)
            } catch {
                continue  // a table that fails to draw eagerly is no comparison
            }
            var forms: [(InputFormat, String)] = [(.json, DocumentWriting.jsonDocument(doc))]
            if let lines = DocumentWriting.jsonLines(doc) { forms.append((.jsonl, lines)) }
            if let csv = DocumentWriting.csv(doc) { forms.append((.csv, csv)) }
            // Rows-only formats carry no table keys: give them as options.
            let options = TableOptions(
                style: doc.style, rowHeight: doc.rowHeight, estimatedRowHeight: doc.estimatedRowHeight)
            for (format, body) in forms {
                let input = DocumentInput(path: "t." + format.rawValue, bytes: Array(body.utf8), format: format)
                let streamed = try StreamedDocument.load(input, options: format == .json ? TableOptions() : options)
                try streamed.validate(against: registry)
                let table = StreamedDataSource(document: streamed).makeTableView(registry: registry)
                table.separatorStyle = doc.separatorStyle
                table.ambiguousWide = doc.ambiguousWide
                let got = try Self.draw(table, width: 44)
                #expect(got == expected, "\(name) as \(format.rawValue)")
                streamedForms += 1
            }
            compared += 1
        }
        #expect(compared >= 30)
        #expect(streamedForms >= compared + 10)
    }

    /// Strict JSON (RFC 8259), as `.json` tables have been read all along:
    /// what is refused, with its message at its line and column (these
    /// messages were those of the checker that ran before Yams read the
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
            "t.json:1:1: a table document must be a mapping of keys to values",
            "t.json:1:16: malformed JSON: trailing comma before '}'",
            "t.json:1:17: malformed JSON: expected ',' or '}', found '/'",
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
            "t.json:1:61: indentation: must be a whole number from 0 to 10000",
            "t.json:1:26: header must be text",
            "t.json:1:11: style: unknown value 'fancy' (expected one of: plain, grouped, insetGrouped)",
            "t.json:1:2: unknown key 'styl' — did you mean 'style'?",
            "t.json:1:16: unknown section key 'rowz' — did you mean 'rows'?",
            "t.json:1:1: a table document needs 'sections'",
            "t.json:1:14: sections must be a list",
            "t.json:1:24: rows must be a list",
            "t.json:1:25: a row must be a mapping of keys to values",
            "t.json:1:15: rowHeight must be 'automatic' or a whole number of lines ≥ 0 (got 'tall')",
            "t.json:1:19: ambiguousWide must be true or false (got 'yes')",
            "t.json:1:38: selected must be true or false",
            "t.json:1:34: cell must name a reuse identifier",
            "t.json:1:513: malformed JSON: nested more than 512 levels deep",
        ]
        #expect(bad.count == expected.count)
        for (text, want) in zip(bad, expected) {
            let eager = message { try TableDocument.parse(text, path: "t.json") }
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
