import Cellar
import CellarTestSupport
import CellarText
import Testing

@testable import CellarDocuments

/// `register:` (a document's own reuse identifiers) and the row-key check.
@Suite struct DocumentRegistrationTests {
    static let seeds = """
        register: {basicStyleCell: default, myCellType: subtitle}
        sections:
          - rows:
              - {cell: basicStyleCell, text: Apple}
              - {cell: myCellType, text: Pear, secondaryText: green}
        """

    @Test func registeredIdentifiersDrawTheirStyles() throws {
        let doc = try streamedDocument(Self.seeds, path: "r.yaml")
        #expect(doc.registrations.map(\.identifier) == ["basicStyleCell", "myCellType"])
        let base = Registry()
        let registry = try doc.registry(over: base)
        #expect(base.style(for: "basicStyleCell") == nil, "the shared registry is left alone")
        try doc.validate(against: registry)
        let t = StreamedDataSource(document: doc).makeTableView(registry: registry)
        t.width = 20
        t.separatorStyle = .none
        #expect(lines(try t.renderText()) == [" Apple", " Pear", " green"])
        #expect(t.statistics.perIdentifier["myCellType"]?.created == 1)
    }

    @Test func withoutRegisterTheIdentifiersAreUnknown() throws {
        let doc = try streamedDocument(
            Self.seeds.replacingOccurrences(
                of: "register: {basicStyleCell: default, myCellType: subtitle}\n", with: ""), path: "r.yaml")
        #expect(throws: CellarError.self) { try doc.validate(against: Registry()) }
    }

    @Test func anUnknownRegisteredStyleIsLocatedWithASuggestion() throws {
        let doc = try streamedDocument("register: {myCellType: subtitel}\nsections: []\n", path: "r.yaml")
        #expect { try doc.registry(over: Registry()) } throws: {
            "\($0)" == "r.yaml:1:12: register: myCellType: no style 'subtitel' (did you mean 'subtitle'?)"
        }
        let taken = try streamedDocument("register: {value1: subtitle}\nsections: []\n", path: "r.yaml")
        #expect { try taken.registry(over: Registry()) } throws: {
            "\($0)".hasPrefix("r.yaml:1:12: reuse identifier 'value1' is already registered")
        }
        #expect { try streamedDocument("register: [a]\nsections: []\n", path: "r.yaml") } throws: {
            "\($0)".contains("register must be a mapping")
        }
    }

    /// `{cell: subtitle, txt: Apple}` drew a blank row: now a located error with a suggestion.
    @Test func aRowKeyNoStyleReadsIsAnError() throws {
        let doc = try streamedDocument(
            "sections:\n  - rows:\n      - {cell: subtitle, txt: Apple, selectd: true}\n", path: "k.yaml")
        // Each key on a line of its own, as the CLI prints them.
        #expect { try doc.validate(against: Registry()) } throws: {
            guard let e = $0 as? CellarError else { return false }
            return ([e] + e.also).map(\.description) == [
                "k.yaml:3:26: style 'subtitle' does not read row key 'txt' — did you mean 'text'?",
                "k.yaml:3:38: style 'subtitle' does not read row key 'selectd' — did you mean 'selected'?",
            ]
        }
        let ok = try streamedDocument(
            "sections:\n  - rows:\n      - {cell: subtitle, text: Apple, selected: true, height: 2}\n", path: "k.yaml")
        try ok.validate(against: Registry())
    }

    /// Rows of a built-in under a document's identifier are checked as the built-in's own.
    @Test func registeredBuiltinRowsAreChecked() throws {
        let doc = try streamedDocument(
            "register: {basicStyleCell: default}\nsections:\n  - rows:\n      - {cell: basicStyleCell, text: A, accessory: chekmark}\n",
            path: "k.yaml")
        #expect { try doc.validate(against: try doc.registry(over: Registry())) } throws: {
            "\($0)".hasPrefix("k.yaml:4:9: accessory: unknown value 'chekmark' — did you mean 'checkmark'?")
        }
    }

    /// A JSON table document (streamed) registers identifiers and checks row keys as YAML does.
    @Test func jsonDocumentsRegisterAndCheckRowKeys() throws {
        func load(_ json: String) throws -> LoadedTable {
            try LoadedTable.load(DocumentInput(path: "r.json", bytes: Array(json.utf8), format: .json))
        }
        let table = try load(
            #"{"register": {"myCellType": "subtitle"}, "sections": [{"rows": [{"cell": "myCellType", "text": "Pear", "secondaryText": "green"}]}]}"#
        )
        let registry = try table.registry(over: Registry())
        try table.validate(against: registry)
        let t = table.makeTableView(registry: registry)
        t.width = 20
        #expect(lines(try t.renderText()) == [" Pear", " green"])
        #expect(throws: CellarError.self) { try table.validate(against: Registry()) }
        let typo = try load(#"{"sections": [{"rows": [{"cell": "subtitle", "txt": "Apple"}]}]}"#)
        #expect { try typo.validate(against: Registry()) } throws: {
            "\($0)" == "r.json:1:46: style 'subtitle' does not read row key 'txt' — did you mean 'text'?"
        }
        #expect { try load(#"{"register": ["a"], "sections": []}"#) } throws: {
            "\($0)".hasPrefix("r.json:1:14: register must be a mapping")
        }
    }

    /// JSON Lines and CSV rows keep fields no style reads only when told to (`--extra-keys ignore`).
    @Test func rowsOnlyFormatsKeepTheirOtherFieldsWhenTold() throws {
        let input = DocumentInput(
            path: "r.jsonl", bytes: Array(#"{"text": "Ann", "team": "Apps"}"#.utf8), format: .jsonl)
        #expect { try LoadedTable.load(input).validate(against: Registry()) } throws: {
            "\($0)" == "r.jsonl:1:17: style 'default' does not read row key 'team' — did you mean 'text'?"
        }
        try LoadedTable.load(input, options: TableOptions(extraKeys: .ignore)).validate(against: Registry())
    }
}
