import CellarTestSupport
import Foundation
import Testing

@testable import Cellar
@testable import CellarDocuments

#if canImport(Glibc)
    import Glibc
#endif

/// What a document can do to the reader: files that are not files, sizes,
/// aliases, nesting and numbers. Each is one located error, at once.
@Suite struct DocumentInputTests {
    func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch { return "\(error)" }
    }

    @Test func onlyRegularFilesAreRead() throws {
        #expect(
            message { try DocumentSnapshot.load(path: "/dev/zero") }
                == "/dev/zero: not a regular file (a character device); only regular files are read")
        let dir = try ScratchDirectory()
        let fifo = dir.path + "/t.yaml"
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opening a FIFO without a writer would block: the reader must not wait.
        #expect(
            message { try DocumentSnapshot.load(path: fifo) }.hasSuffix(
                "not a regular file (a FIFO); only regular files are read"))
        #expect(message { try DocumentSnapshot.load(path: dir.path) }.contains("not a regular file (a directory)"))
    }

    /// A file of no known extension is read as its first bytes suggest; where that reading finds no table, the
    /// message says the format was guessed. Named by extension or flag, it does not.
    @Test func aGuessedFormatIsNamedWhenItReadsNoTable() throws {
        let dir = try ScratchDirectory()
        try dir.write("rows", "text\nApple\n")
        try dir.write("rows.yaml", "text\nApple\n")
        func load(_ name: String, _ format: InputFormat? = nil) -> String {
            message { try StreamedDocument.load(DocumentInput.read(dir.path + "/" + name, format: format)) }
        }
        let notATable = "1:1: a table document must be a mapping of keys to values"
        #expect(
            load("rows") == dir.path + "/rows:" + notATable
                + " (read as YAML, as its first bytes suggest: name its format with --input-format)")
        #expect(load("rows.yaml") == dir.path + "/rows.yaml:" + notATable)
        #expect(load("rows", .yaml) == dir.path + "/rows:" + notATable)
        #expect(
            message { try StreamedDocument.load(DocumentInput.read(dir.path + "/rows", format: .csv)) } == "no error")
    }

    @Test func filesLargerThanTheLimitAreRefusedAndTheLimitCanBeRaised() throws {
        let dir = try ScratchDirectory()
        let text = "sections:\n  - rows:\n      - text: " + String(repeating: "x", count: 2000) + "\n"
        try dir.write("big.yaml", text)
        #expect(
            message { try DocumentSnapshot.load(path: dir.path + "/big.yaml", sizeLimit: 1024) }
                == dir.path + "/big.yaml: larger than the 1 KiB file size limit (raise it with --max-file-size)")
        #expect(try DocumentSnapshot.load(path: dir.path + "/big.yaml", sizeLimit: text.utf8.count).sections.count == 1)
        #expect(InputFile.parseSize("64M") == 64 << 20 && InputFile.parseSize("2g") == 2 << 30)
        #expect(
            InputFile.parseSize("1000") == 1000 && InputFile.parseSize("0") == nil && InputFile.parseSize("x") == nil)
        #expect(InputFile.parseSize("99999999999G") == nil)
    }

    @Test func aliasesExpandWithinABound() throws {
        // Ten levels of ten aliases: 10^10 strings once expanded.
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<10 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "sections:\n  - rows:\n      - {text: hi, bomb: *a9}\n"
        // The alias that crosses the bound: level i's node holds 1 + 10 × level i − 1's nodes.
        let limit = YAMLAliases.allowance + text.utf8.count
        var (nodes, appended, line, alias) = (11, 0, 2, 0)
        outer: for level in 1..<10 {
            for k in 0..<10 {
                appended += nodes
                if appended > limit {
                    (line, alias) = (level + 1, k)
                    break outer
                }
            }
            nodes = 1 + 10 * nodes
        }
        let column = "a1: &a1 [".count + 1 + alias * "*a0, ".count
        #expect(
            message { try DocumentSnapshot.parse(text, path: "t.yaml") }
                == "t.yaml:\(line):\(column): aliases expand to more than \(limit) nodes (\(YAMLAliases.allowance) and one per "
                + "byte of the text)")
        let inRow = "sections:\n  - rows:\n      - text: &t hi\n      - text: *t\n"
        let doc = try DocumentSnapshot.parse(inRow, path: "t.yaml")
        #expect(doc.sections[0].rows.map { $0["text"] } == [.string("hi"), .string("hi")])
        // As PyYAML writes rows that share one list (`yaml.dump`, block style).
        let shared = """
            sections:
            - rows:
              - text: Row 0
                trailingSwipeActions: &id001
                - style: destructive
                  title: Delete
              - text: Row 1
                trailingSwipeActions: *id001

            """
        let rows = try DocumentSnapshot.parse(shared, path: "t.yaml").sections[0].rows
        let actions = Value.array([.object(["style": .string("destructive"), "title": .string("Delete")])])
        #expect(rows.map { $0["trailingSwipeActions"] } == [actions, actions])
    }

    @Test func deepNestingIsSaidInCellarsWords() {
        let text =
            "a: " + String(repeating: "[", count: 1100) + String(repeating: "]", count: 1100) + "\nsections: []\n"
        let m = message { try DocumentSnapshot.parse(text, path: "t.yaml") }
        // The root mapping is the first level, the 500th bracket the 501st.
        #expect(m == "t.yaml:1:503: nested more than \(YAMLEvents.maximumNesting) levels deep")
    }

    @Test func indentationAndLineCountsAreBoundedAtTheirEdges() throws {
        func doc(_ row: String) -> String { "sections:\n  - rows:\n      - {text: a, \(row)}\n" }
        #expect(throws: Never.self) { try DocumentSnapshot.parse(doc("indentation: 10000"), path: "t.yaml") }
        #expect(
            message { try DocumentSnapshot.parse(doc("indentation: 10001"), path: "t.yaml") }
                == "t.yaml:3:32: indentation: must be a whole number from 0 to 10000 (got '10001')")
        #expect(
            message { try DocumentSnapshot.parse(doc("indentation: 9223372036854775807"), path: "t.yaml") }
                == "t.yaml:3:32: indentation: must be a whole number from 0 to 10000 (got '9223372036854775807')")
        #expect(
            message {
                try DocumentSnapshot.parse(doc("textProperties: {numberOfLines: 9223372036854775807}"), path: "t.yaml")
            }
            .hasSuffix(
                "textProperties.numberOfLines: must be a whole number from 0 to 10000, 0 for no limit (got "
                    + "'9223372036854775807')"))
        // The largest indentation still renders (everything pushed out of a narrow row).
        let source = StreamedDataSource(document: try streamedDocument(doc("indentation: 10000")))
        let table = source.makeTableView(registry: Registry())
        table.width = 10_000
        table.viewportHeight = 1
        #expect(try table.renderText().count > 0)
    }

    @Test func surrogatePairsDecodeAndRawC1AndDELAreRead() throws {
        let json = "{\"sections\": [{\"rows\": [{\"text\": \"\\ud83c\\udf4e a\u{7F}b\u{85}c\u{9F}\", \"x\": 1}]}]}"
        let doc = try DocumentSnapshot.parse(json, path: "t.json")
        #expect(doc.sections[0].rows[0]["text"] == .string("🍎 a\u{7F}b\u{85}c\u{9F}"))
        // Padding keeps later columns: an error after the pair is still where it is written.
        let bad = "{\"sections\": [{\"rows\": [{\"text\": \"\\ud83c\\udf4e\", \"height\": -1}]}]}"
        #expect(
            message { try DocumentSnapshot.parse(bad, path: "t.json") }.hasPrefix(
                "t.json:1:60: height must not be negative"))
        // Unicode line separators stay in the text (YAML would fold them).
        let separators = "{\"sections\": [{\"rows\": [{\"text\": \"a\u{2028}b\u{FEFF}\"}]}]}"
        #expect(
            try DocumentSnapshot.parse(separators, path: "t.json").sections[0].rows[0]["text"]
                == .string("a\u{2028}b\u{FEFF}"))
    }

    @Test func aLoneSurrogateIsAnErrorAtItsEscape() {
        func m(_ s: String) -> String {
            message {
                try DocumentSnapshot.parse("{\"sections\": [{\"rows\": [{\"text\": \"ab\(s)\"}]}]}", path: "t.json")
            }
        }
        #expect(
            m("\\ud83c")
                == "t.json:1:37: malformed JSON: lone surrogate \\uD83C (a high surrogate must be followed by a low one \\uDC00–\\uDFFF)"
        )
        #expect(
            m("\\ud83c\\u0041")
                == "t.json:1:37: malformed JSON: lone surrogate \\uD83C (a high surrogate must be followed by a low one \\uDC00–\\uDFFF)"
        )
        #expect(
            m("\\udf4e")
                == "t.json:1:37: malformed JSON: lone surrogate \\uDF4E (a low surrogate must follow a high one \\uD800–\\uDBFF)"
        )
    }
}
