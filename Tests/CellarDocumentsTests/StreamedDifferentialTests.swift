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
        var compared = 0, streamedForms = 0
        for (name, text) in try Self.tables() {
            let path = name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? TableDocument.parse(text, path: path),
                  (try? doc.validate(against: registry)) != nil else { continue }
            let expected: [String]
            do { expected = try Self.draw(DocumentDataSource(document: doc).makeTableView(registry: registry), width: 44) } catch {
                continue  // a table that fails to draw eagerly is no comparison
            }
            var forms: [(InputFormat, String)] = [(.json, DocumentWriting.jsonDocument(doc))]
            if let lines = DocumentWriting.jsonLines(doc) { forms.append((.jsonl, lines)) }
            if let csv = DocumentWriting.csv(doc) { forms.append((.csv, csv)) }
            // Rows-only formats carry no table keys: give them as options.
            let options = TableOptions(style: doc.style, rowHeight: doc.rowHeight, estimatedRowHeight: doc.estimatedRowHeight)
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

    /// JSON that the strict checker refuses is refused by the streamed
    /// reader with the same message at the same line and column.
    @Test func strictJSONErrorsMatchTheEagerReader() throws {
        let bad = [
            "", "  ", "[]", "{\"sections\": [],}", "{\"sections\": [] // c\n}", "{'sections': []}",
            "{\"sections\": [{\"rows\": [{\"text\": \"a\nb\"}]}]}", "{\"sections\": [{\"rows\": [{\"text\": \"a\\qb\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"text\": \"\\uD800x\"}]}]}", "{\"sections\": [{\"rows\": [{\"text\": \"\\uDC00\"}]}]}",
            "{\"sections\": [{\"rows\": [{\"n\": 01}]}]}", "{\"sections\": [{\"rows\": [{\"n\": 1.}]}]}",
            "{\"sections\": [{\"rows\": [{\"n\": 1e}]}]}", "{\"sections\": [{\"rows\": [{\"n\": -}]}]}",
            "{\"sections\": [{\"rows\": [{\"n\": tru}]}]}", "{\"sections\": [{\"rows\": [{\"n\": nulls}]}]}",
            "{\"sections\": [{\"rows\": [{\"text\": \"abc}]}]}", "{\"sections\": [] } x", "{\"sections\" []}",
            "{\"sections\": [{\"rows\": [{\"text\": \"a\"} {\"text\": \"b\"}]}]}", "{\"sections\": [{\"rows\": [{\"t\": 1,]}]}]}",
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
        for text in bad {
            let eager = message { try TableDocument.parse(text, path: "t.json") }
            let streamed = message {
                try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
            }
            #expect(eager != "ok")
            #expect(streamed == eager, "\(text.prefix(60))")
        }
    }

    func message(_ body: () throws -> Any) -> String {
        do { _ = try body(); return "ok" } catch { return "\(error)" }
    }
}
