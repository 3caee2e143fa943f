import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarDocuments

/// YAML documents streamed through their JSON form (`YAMLToJSON`): every
/// refusal is located, and a file read in pieces says what its bytes say.
/// (That YAML and the other formats draw the same tables is
/// `StreamedDifferentialTests`.)
@Suite struct StreamedYAMLTests {
    static func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch { return "\(error)" }
    }

    static func streamed(_ text: String) -> String {
        message {
            let doc = try StreamedDocument.load(DocumentInput(path: "t.yaml", bytes: Array(text.utf8), format: .yaml))
            try doc.validate(against: Registry())
            _ = try doc.registry(over: Registry())
        }
    }

    static let bad = [
        "", "# only a comment\n", "---\n", "[]", "- a\n- b\n", "sections: []\n---\nsections: []\n",
        "sections: [\n", "sections:\n\t- rows: []\n", "sections: [{rows: [{text: 'a}]}]",
        "a: b: c\n", "sections: []\nsections: []\n",
        "sections:\n  - rows:\n      - {text: a, text: b, detail: c, detail: d}\n",
        "sections:\n  - rows:\n      - &r {text: a}\n      - *s\n",
        "sections:\n  - rows:\n      - {text: *nowhere}\n",
        "sections:\n  - header: &h Fruit\n    rows: [{text: a}]\n  - rows: [{text: [b}]\n",
        "sections:\n  - rows:\n      - {[a]: b}\n", "sections:\n  - rows:\n      - {? {a: 1} : b}\n",
        "styl: plain\nsections: []\n", "style: fancy\nsections: []\n", "style: [plain]\nsections: []\n",
        "rowHeight: tall\nsections: []\n", "rowHeight: -2\nsections: []\n", "rowHeight: 100000\nsections: []\n",
        "estimatedRowHeight: 0\nsections: []\n", "estimatedRowHeight: x\nsections: []\n",
        "estimatedRowHeight: 3.0\nsections: []\n", "estimatedRowHeight: 2.5\nsections: []\n",
        "ambiguousWide: yes please\nsections: []\n", "ambiguousWide: 'true'\nsections: []\n",
        "allowsSelection: yes please\nsections: []\n", "style: plain\n", "sections: {}\n",
        "sections: [{rows: {}}]\n", "sections: [{rowz: []}]\n", "sections: [7]\n", "sections: [{rows: [7]}]\n",
        "sections: [{header: [a], rows: []}]\n", "sections: [{footer: {a: b}, rows: []}]\n",
        "sections:\n  - rows:\n      - {cell: ''}\n", "sections:\n  - rows:\n      - {cell: [a]}\n",
        "sections:\n  - rows:\n      - {selected: 1}\n", "sections:\n  - rows:\n      - {selected: 'true'}\n",
        "sections:\n  - rows:\n      - {text: a, height: -1}\n",
        "sections:\n  - rows:\n      - {text: a, height: lots}\n",
        "sections:\n  - rows:\n      - {text: a, height: .inf}\n", "rowHeight: .nan\nsections: []\n",
        "sections:\n  - rows:\n      - {text: a, height: 2.5}\n", "rowHeight: 1e400\nsections: []\n",
        "sections:\n  - rows:\n      - {text: a, height: '5'}\n", "rowHeight: ~\nsections: []\n",
        "sections:\n  - rows:\n      - {text: a, height: {a: 1}}\n", "rowHeight: 0x7FFFFFFFFFFFFFFFF\nsections: []\n",
        "sections:\n  - rows:\n      - {text: a, height: 1e20}\n", "rowHeight: -.inf\nsections: []\n",
        "sections:\n  - rows:\n      - {text: a, secondaryText: b}\n",
        "sections:\n  - rows:\n      - cell: subtitle\n        accessory: chevron\n",
        "sections:\n  - rows:\n      - cell: subtitle\n        indentation: 99999999\n",
        "sections:\n  - rows:\n      - cell: fancyCell\n        text: a\n",
        "sections:\n  - rows:\n      - {text: a, selected: true}\n      - {text: b, selected: true}\n",
        "indexTitles: [A, B]\nsections: [{indexTitle: Q, rows: []}]\n",
        "indexTitles: [A, A]\nsections: []\n", "indexTitles: [A, '']\nsections: []\n", "indexTitles: a\nsections: []\n",
        "register: [a]\nsections: []\n", "register: {myCell: subtitel}\nsections: []\n",
        "register: {myCell: ''}\nsections: []\n", "register: {'': subtitle}\nsections: []\n",
        "register:\n  one: subtitle\n  two: nothing\nsections: []\n",
        "sections:\n  - rows:\n      - {text: a, movable: sometimes}\n",
        "sections:\n  - rows:\n      - {text: a, editingStyle: remove}\n",
        "sections:\n  - rows:\n      - {text: a, template: New}\n",
        "sections:\n  - rows:\n      - {text: \"a\\x01b\", detail: \"\\t\"}\n      - {text: b, cell: nope}\n",
        "sections:\n  - rows:\n      - text: 가나다\n        cell: subtitl\n",
        String(repeating: "[", count: 1100), String(repeating: "- ", count: 1100) + "a\n",
        "\u{FEFF}sections:\n  - rows: [{text: a, cell: x}]\n", "sections: [{rows: [{text: a}]}]\n... \n",
        "%YAML 1.1\n---\nsections: [{rows: [{cell: x}]}]\n", "sections: [{rows: [{text: a\u{07}}]}]\n",
    ]

    /// Each refusal names the file, line and column (the messages were the
    /// node-tree reader's while it read documents; golden cases and the
    /// strict JSON tests pin many of them).
    @Test func everyRefusalIsLocated() {
        // Two near misses are read: a whole number written `3.0`, and a document end marker.
        let read = ["estimatedRowHeight: 3.0\nsections: []\n", "sections: [{rows: [{text: a}]}]\n... \n"]
        for text in Self.bad {
            let got = Self.streamed(text)
            if read.contains(text) {
                #expect(got == "no error", "\(text)")
                continue
            }
            let parts = got.split(separator: ":", maxSplits: 3)
            #expect(
                parts.count == 4 && parts[0] == "t.yaml" && Int(parts[1]) != nil && Int(parts[2]) != nil,
                "\(text.prefix(70)): \(got)")
        }
    }

    /// A YAML file is read in pieces (`load(yamlFile:)`), not held: it reads
    /// and refuses exactly what the same bytes in memory do, a character split
    /// between two pieces included, its JSON form held or spooled to disk.
    @Test(arguments: [0, JSONFormSpool.minimumSize])
    func filesReadInPiecesMatchTheBytes(spoolFrom: Int) throws {
        let dir = try ScratchDirectory()
        let path = dir.path + "/t.yaml"
        let filler = "# " + String(repeating: "x", count: (1 << 16) - 4) + "\n"
        let long = filler + "sections:\n  - header: 한글 🍎\n    rows: [{text: 가나다, cell: subtitle}]\n"
        let invalid =
            Array(filler.utf8) + Array("sections: [{rows: [{text: a".utf8) + [0xE2, 0x82] + Array("}]}]\n".utf8)
        var texts = Self.bad.map { Array($0.utf8) } + [Array(long.utf8), invalid]
        // Every split of a three-byte character across the pieces' boundary.
        for shift in 0..<3 {
            texts.append(
                Array(String(repeating: "#", count: (1 << 16) - 2 - shift).utf8) + Array("\n가\nsections: []\n".utf8))
        }
        for bytes in texts {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let fromFile = Self.message {
                let doc = try StreamedDocument.load(yamlFile: path, spoolFrom: spoolFrom)
                try doc.validate(against: Registry())
                _ = try doc.registry(over: Registry())
            }
            let fromBytes = Self.message {
                let doc = try StreamedDocument.load(DocumentInput(path: path, bytes: bytes, format: .yaml))
                try doc.validate(against: Registry())
                _ = try doc.registry(over: Registry())
            }
            #expect(fromFile == fromBytes, "\(String(decoding: bytes.prefix(60), as: UTF8.self))")
        }
        try Data(long.utf8).write(to: URL(fileURLWithPath: path))
        let table = StreamedDataSource(document: try StreamedDocument.load(yamlFile: path, spoolFrom: spoolFrom))
            .makeTableView(registry: Registry())
        table.width = 30
        #expect(try table.renderText().contains("가나다"))
    }

    @Test func invalidUTF8IsLocated() {
        let bytes = Array("sections:\n  - rows: [{text: a".utf8) + [0xFF] + Array("}]\n".utf8)
        let got = Self.message {
            _ = try StreamedDocument.load(DocumentInput(path: "t.yaml", bytes: bytes, format: .yaml))
        }
        #expect(got == "t.yaml:2:20: invalid UTF-8")
    }

    /// Nesting deeper than the JSON form can be read back is refused by the events.
    @Test func nestingIsBoundedByTheJSONForm() {
        let deep =
            "sections:\n  - rows:\n      - data: " + String(repeating: "[", count: 600)
            + String(repeating: "]", count: 600)
        #expect(
            Self.streamed(deep)
                == "t.yaml:3:\(15 + YAMLEvents.maximumNesting - 5): nested more than \(YAMLEvents.maximumNesting) levels deep"
        )
    }
}
