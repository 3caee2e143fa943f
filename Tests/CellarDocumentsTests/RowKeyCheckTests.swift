import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarDocuments

/// The byte-level check of a JSON table's row keys (`RowKeyCheck`) gives
/// what decoding every row and checking it gives: on every example and
/// golden table written as JSON, and on each with a key misspelt, an
/// escaped key and a misspelt detail key.
@Suite struct RowKeyCheckTests {
    static func outcome(_ body: String, _ registry: Registry, quick: Bool) -> String? {
        let input = DocumentInput(path: "t.json", bytes: Array(body.utf8), format: .json)
        guard let doc = try? StreamedDocument.load(input) else { return "load" }
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
        for t in try StreamedDifferentialTests.tables() {
            let path = t.name.hasSuffix(".json") ? "t.json" : "t.yaml"
            guard let doc = try? TableDocument.parse(t.text, path: path) else { continue }
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
            }
        }
        #expect(compared >= 150)
        #expect(refused >= 12)
    }
}
