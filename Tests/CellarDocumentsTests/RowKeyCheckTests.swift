import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarDocuments

/// The check of row keys through the key sets the scan recorded (`RowKeySets`)
/// gives what decoding every row and checking it gives: on every example and
/// golden table written as JSON, and on each with a key misspelt, an
/// escaped key and a misspelt detail key.
@Suite struct RowKeyCheckTests {
    static func outcome(_ body: String, _ registry: Registry, quick: Bool) -> String? {
        let input = DocumentInput(path: "t.json", bytes: Array(body.utf8), format: .json)
        guard let doc = try? StreamedDocument.load(input) else { return "load" }
        return outcome(doc, registry, quick: quick)
    }

    static func outcome(_ doc: StreamedDocument, _ registry: Registry, quick: Bool) -> String? {
        do {
            try doc.checkRowKeys(against: registry, quick: quick)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theQuickCheckAgreesWithTheSimpleOne() throws {
        let registry = try StreamedDifferentialTests.registry()
        var compared = 0
        var refused = 0
        var settledBySets = 0
        for t in try StreamedDifferentialTests.tables() {
            let path = t.name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? DocumentSnapshot.parse(t.text, path: path) else { continue }
            let body = DocumentWriting.jsonDocument(doc)
            let variants = [
                body,
                body.replacingOccurrences(of: "\"text\":", with: "\"texte\":"),
                body.replacingOccurrences(of: "\"text\":", with: "\"te\\u0078t\":"),
                body.replacingOccurrences(of: "\"secondaryText\":", with: "\"secondaryTxt\":"),
                body.replacingOccurrences(of: "\"cell\": \"", with: "\"cell\": \"\\u0073"),
            ]
            for v in variants {
                let simple = Self.outcome(v, registry, quick: false)
                #expect(Self.outcome(v, registry, quick: true) == simple, "\(t.name)")
                if simple != nil && simple != "load" { refused += 1 }
                compared += 1
                // The key sets alone settle a table only when every row passes.
                let input = DocumentInput(path: "t.json", bytes: Array(v.utf8), format: .json)
                if let doc = try? StreamedDocument.load(input),
                    doc.found.rowKeySets.allPass(registry, rows: doc.rowCount)
                {
                    // Rows the scan did not record (as a reader of another format would add) leave the sets unsure.
                    #expect(!doc.found.rowKeySets.allPass(registry, rows: doc.rowCount + 1))
                    #expect(simple == nil, "\(t.name)")
                    settledBySets += 1
                }
            }
        }
        #expect(compared >= 150)
        #expect(refused >= 12)
        #expect(settledBySets >= 20)
    }

    static func rows(_ rows: [String]) -> String {
        "{\"sections\": [{\"rows\": [" + rows.joined(separator: ",\n") + "]}]}"
    }

    /// A row the quick row check leaves to the full one (here for its
    /// `height`) has its keys recorded as decoded: its misspelt key is found.
    @Test func aRowDecodedAtLoadHasItsKeysChecked() throws {
        let registry = Registry()
        let good = (0..<5).map { "{\"cell\": \"subtitle\", \"text\": \"row \($0)\"}" }
        let body = Self.rows(good + ["{\"cell\": \"subtitle\", \"height\": 2, \"texte\": \"x\"}"] + good)
        let input = DocumentInput(path: "t.json", bytes: Array(body.utf8), format: .json)
        let doc = try StreamedDocument.load(input)
        #expect(!doc.found.rowKeySets.allPass(registry, rows: doc.rowCount))
        let message = try #require(Self.outcome(doc, registry, quick: true))
        #expect(message.hasPrefix("t.json:6:35:") && message.contains("'texte'"), "\(message)")
        #expect(message == Self.outcome(doc, registry, quick: false))
    }

    /// More key names than the sets have bits: the rows are checked one by one, and the error is the same.
    @Test func tooManyKeyNamesFallBackToEveryRow() throws {
        let registry = Registry()
        var rows = (0..<70).map { "{\"cell\": \"custom\", \"k\($0)\": 1}" }
        rows.append("{\"cell\": \"subtitle\", \"txt\": \"x\"}")
        let input = DocumentInput(path: "t.json", bytes: Array(Self.rows(rows).utf8), format: .json)
        let doc = try StreamedDocument.load(input)
        #expect(!doc.found.rowKeySets.complete)
        let message = try #require(Self.outcome(doc, registry, quick: true))
        #expect(message.contains("'txt'"), "\(message)")
        #expect(message == Self.outcome(doc, registry, quick: false))
    }

    /// JSON Lines rows record their key sets as JSON tables' do, the key that
    /// `--section-by` reads passing with them; a misspelt key on the last row
    /// leaves the sets unsure, and every row is checked.
    @Test func jsonLinesRowsAreSettledByTheirKeySets() throws {
        let registry = Registry()
        var lines = (0..<20).map { "{\"group\": \"g\($0 / 5)\", \"cell\": \"subtitle\", \"text\": \"row \($0)\"}" }
        func load(_ lines: [String]) throws -> StreamedDocument {
            let input = DocumentInput(path: "t.jsonl", bytes: Array(lines.joined(separator: "\n").utf8), format: .jsonl)
            return try StreamedDocument.load(input, options: TableOptions(sectionBy: "group"))
        }
        let doc = try load(lines)
        #expect(doc.found.rowKeySets.allPass(registry, rows: doc.rowCount, extra: ["group"]))
        #expect(!doc.found.rowKeySets.allPass(registry, rows: doc.rowCount))
        #expect(Self.outcome(doc, registry, quick: true) == nil)
        lines.append("{\"group\": \"g9\", \"cell\": \"subtitle\", \"txt\": \"x\"}")
        let bad = try load(lines)
        #expect(!bad.found.rowKeySets.allPass(registry, rows: bad.rowCount, extra: ["group"]))
        let message = try #require(Self.outcome(bad, registry, quick: true))
        #expect(message.hasPrefix("t.jsonl:21:37:") && message.contains("'txt'"), "\(message)")
        #expect(message == Self.outcome(bad, registry, quick: false))
    }

    /// A built-in registered under the document's own identifier (UIKit's
    /// `register(_:forCellReuseIdentifier:)`) is settled by its rows' key sets
    /// when the quick check found their values fit the built-ins; a value it
    /// refuses, or a key it does not read, is found as decoding every row finds it.
    @Test func aBuiltinUnderTheDocumentsOwnIdentifierIsSettledByItsKeySets() throws {
        func load(_ rows: [String], style: String) throws -> StreamedDocument {
            let body =
                "{\"register\": {\"FoodCell\": \"\(style)\"}, \"sections\": [{\"rows\": ["
                + rows.joined(separator: ",\n") + "]}]}"
            return try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(body.utf8), format: .json))
        }
        let good = (0..<6).map {
            #"{"cell": "FoodCell", "text": "row \#($0)", "secondaryText": "d", "accessory": "checkmark", "#
                + #""background": {"color": "tint"}, "textProperties": {"bold": true}}"#
        }
        let doc = try load(good, style: "subtitle")
        let registry = try doc.registry(over: Registry())
        #expect(doc.found.rowKeySets.allPass(registry, rows: doc.rowCount) == Accelerators.enabled)
        #expect(Self.outcome(doc, registry, quick: true) == nil)
        #expect(Self.outcome(doc, registry, quick: false) == nil)
        let refused = [
            #"{"cell": "FoodCell", "text": "x", "accessory": "chevron"}"#,
            #"{"cell": "FoodCell", "text": "x", "textProperties": {"bolt": true}}"#,
            #"{"cell": "FoodCell", "text": ["x"]}"#, #"{"cell": "FoodCell", "indentation": 10001}"#,
        ]
        for row in refused {
            let bad = try load(good + [row] + good, style: "subtitle")
            #expect(!bad.found.rowKeySets.allPass(registry, rows: bad.rowCount), "\(row)")
            let message = try #require(Self.outcome(bad, registry, quick: true), "\(row)")
            #expect(message.hasPrefix("t.json:7:1:"), "\(message)")
            #expect(message == Self.outcome(bad, registry, quick: false))
        }
        // `default` does not draw the detail: the rows are decoded, and the first is refused as the simple check refuses it.
        let asDefault = try load(good, style: "default")
        let defaultRegistry = try asDefault.registry(over: Registry())
        #expect(!asDefault.found.rowKeySets.allPass(defaultRegistry, rows: asDefault.rowCount))
        let message = try #require(Self.outcome(asDefault, defaultRegistry, quick: true))
        #expect(message.contains("no detail text") && message == Self.outcome(asDefault, defaultRegistry, quick: false))
    }
}
