import Cellar
import CellarTestSupport
import Testing

@testable import CellarDocuments

#if canImport(Glibc)
    import Glibc
#endif

/// JSON Lines, CSV and TSV are as strict as YAML and JSON: a key nothing
/// reads (not the row's style, the table or `--section-by`) is a located
/// error with a suggestion, unless `--extra-keys ignore` says such keys are expected.
@Suite struct ExtraKeysTests {
    func check(_ text: String, _ format: InputFormat, _ options: TableOptions = TableOptions()) -> String {
        do {
            let doc = try StreamedDocument.load(
                DocumentInput(path: "t.\(format.rawValue)", bytes: Array(text.utf8), format: format), options: options)
            try doc.validate(against: Registry())
            return "ok"
        } catch { return "\(error)" }
    }

    @Test func aJSONLinesKeyNothingReadsIsAnError() {
        let rows = #"{"cell": "subtitle", "text": "a"}"# + "\n" + #"{"cell":"subtitle","txt":"Apple"}"# + "\n"
        #expect(
            check(rows, .jsonl) == "t.jsonl:2:20: style 'subtitle' does not read row key 'txt' — did you mean 'text'?")
        #expect(check(rows, .jsonl, TableOptions(extraKeys: .ignore)) == "ok")
        // UIKit's name suggests the key.
        #expect(
            check(#"{"cell": "value1", "detailTextLabel": "b"}"#, .jsonl)
                == "t.jsonl:1:20: style 'value1' does not read row key 'detailTextLabel' — did you mean 'secondaryText'?"
        )
        // UITableViewCell(style:reuseIdentifier:) names the built-in style `style`.
        #expect(
            check(#"{"style": "value1", "text": "b"}"#, .jsonl)
                == "t.jsonl:1:2: style 'default' does not read row key 'style' — did you mean 'cell'?")
        // A section's and the document's keys too.
        #expect(
            TableSchema.unknownKey("titleForHeaderInSection", inSection: true)
                == "unknown section key 'titleForHeaderInSection' — did you mean 'header'?")
    }

    @Test func aKeyAFlagReadsPasses() {
        let rows = #"{"team": "Apps", "text": "a"}"# + "\n" + #"{"team": "Web", "text": "b"}"# + "\n"
        #expect(check(rows, .jsonl).hasPrefix("t.jsonl:1:2: style 'default' does not read row key 'team'"))
        // A key that is no misspelling is data: the message names the flags that read it or let it pass.
        #expect(
            check(#"{"aisle": "Fruit", "text": "a"}"#, .jsonl)
                == "t.jsonl:1:2: style 'default' does not read row key 'aisle' (it reads: text, secondaryText, image, "
                + "accessory, accessoryText, editingAccessory, indentation, textProperties, secondaryTextProperties); group the rows by a column with "
                + "--section-by, or let columns pass with --extra-keys ignore")
        #expect(
            check("aisle,text\nFruit,a\n", .csv).hasSuffix(
                "group the rows by a column with --section-by, or let columns pass with --extra-keys ignore"))
        // A document's rows have no such flags.
        #expect(!check(#"{"sections": [{"rows": [{"aisle": "Fruit"}]}]}"#, .json).contains("--section-by"))
        #expect(check(rows, .jsonl, TableOptions(sectionBy: "team", indexTitles: true)) == "ok")
        #expect(check("team,text\nApps,a\n", .csv, TableOptions(sectionBy: "team")) == "ok")
    }

    /// A column is checked once, at its name in the header, against every style its rows name.
    @Test func aColumnNoStyleReadsIsAnErrorAtTheHeader() {
        #expect(
            check("cell,text,txt\nsubtitle,a,\nsubtitle,b,c\n", .csv)
                == "t.csv:1:11: style 'subtitle' does not read row key 'txt' — did you mean 'text'?")
        #expect(
            check("cell\ttext\tdetailTextLabel\nsubtitle\ta\tb\nvalue1\tc\td\n", .tsv)
                == "t.tsv:1:11: none of the styles 'subtitle', 'value1' does read row key 'detailTextLabel' — did you mean 'secondaryText'?"
        )
        #expect(check("cell,text,txt\nsubtitle,a,b\n", .csv, TableOptions(extraKeys: .ignore)) == "ok")
        // Every such column is named, on a line of its own; past twenty, a count.
        func errors(_ text: String) -> [String] {
            do {
                try StreamedDocument.load(DocumentInput(path: "t.csv", bytes: Array(text.utf8), format: .csv))
                    .validate(against: Registry())
                return []
            } catch let e as CellarError { return ([e] + e.also).map(\.description) } catch { return ["\(error)"] }
        }
        #expect(
            errors("cell,txt,imge\nsubtitle,Apple,x\n") == [
                "t.csv:1:6: style 'subtitle' does not read row key 'txt' — did you mean 'text'?",
                "t.csv:1:10: style 'subtitle' does not read row key 'imge' — did you mean 'image'?",
            ])
        let wide = errors(
            (0..<25).map { "txt\($0)" }.joined(separator: ",") + "\n" + String(repeating: ",", count: 24) + "\n")
        #expect(wide.count == 21 && wide.last == "t.csv:1:1: and 5 more columns nothing reads", "\(wide)")
        // A column one of the rows' styles reads passes, though another row's style does not read it.
        #expect(check("cell,text,secondaryText\ndefault,a,\nsubtitle,b,c\n", .csv) == "ok")
    }

    /// Rows piped in are checked as they arrive.
    @Test func pipedRowsAreCheckedAsTheyArrive() throws {
        let good = String(repeating: #"{"cell": "subtitle", "text": "a"}"# + "\n", count: 3000)
        #expect(
            try piped(.jsonl, good + #"{"cell": "subtitle", "txt": "b"}"# + "\n")
                == "rows.jsonl:3001:22: style 'subtitle' does not read row key 'txt' — did you mean 'text'?")
        #expect(
            try piped(.csv, "cell,text,txt\n" + String(repeating: "subtitle,a,\n", count: 3000))
                == "rows.csv:1:11: style 'subtitle' does not read row key 'txt' — did you mean 'text'?")
    }

    /// The error rows of `format` piped in end with, or "" when none.
    func piped(_ format: InputFormat, _ text: String) throws -> String {
        let dir = try ScratchDirectory()
        let name = "rows.\(format.rawValue)"
        let path = try dir.write(name, text)
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        // The pipe closes it: closing it here too could close another test's file opened meanwhile.
        let pipe = try PipedRows(format: format, fd: fd, path: name, sizeLimit: 1 << 30)
        let source = StreamedDataSource(pipe: pipe)
        let table = source.makeTableView(registry: Registry())
        table.width = 20
        do {
            while source.mayGrow { _ = try source.tableView(table, rowCountOfLastSectionAfter: pipe.document.rowCount) }
        } catch { return "\(error)" }
        return ""
    }
}
