import Cellar
import CellarTestSupport
import CellarText
import Testing

@testable import CellarDocuments

/// JSON Lines, CSV and TSV: what they read, and one located line for what they refuse.
@Suite struct StreamedFormatTests {
    func load(_ text: String, _ format: InputFormat, _ options: TableOptions = TableOptions()) throws
        -> StreamedDocument
    {
        try load(Array(text.utf8), format, options)
    }

    func load(_ bytes: [UInt8], _ format: InputFormat, _ options: TableOptions = TableOptions()) throws
        -> StreamedDocument
    {
        try StreamedDocument.load(
            DocumentInput(path: "t.\(format.rawValue)", bytes: bytes, format: format), options: options)
    }

    func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "ok"
        } catch { return "\(error)" }
    }

    func text(_ doc: StreamedDocument, width: Int = 30) throws -> String {
        let table = StreamedDataSource(document: doc).makeTableView(registry: Registry())
        table.width = width
        return try table.renderText()
    }

    @Test func jsonLinesAreOneRowPerLine() throws {
        let doc = try load(
            "{\"text\": \"a\"}\n\n  {\"cell\": \"value1\", \"text\": \"b\", \"secondaryText\": \"2\"}\r\n{\"text\": \"c\"}",
            .jsonl)
        #expect(doc.rowCount == 3 && doc.sections.count == 1)
        #expect(try doc.row(1)["secondaryText"] == .string("2"))
        #expect(try text(doc, width: 12) == " a\n ───────────\n b        2\n ───────────\n c\n")
    }

    @Test func jsonLinesErrorsAreLocated() {
        #expect(
            message { try load("{\"text\": \"a\"}\n[1]\n", .jsonl) }
                == "t.jsonl:2:1: malformed JSON: expected an object (JSON Lines: one object per line, one row each), found '['"
        )
        #expect(
            message { try load("{\"text\": \"a\"} {\"text\": \"b\"}\n", .jsonl) }
                == "t.jsonl:1:15: malformed JSON: unexpected '{' after the row (JSON Lines: one object per line)")
        #expect(
            message { try load("{\"text\": \"a\"}\n{\"cell\": \"value1\", \"accessory\": \"chevron\"}\n", .jsonl) }
                .hasPrefix("t.jsonl:2:33: accessory: unknown value 'chevron'"))
        #expect(
            message { try load("{\"text\": \"a\", \"text\": \"b\"}\n", .jsonl) } == "t.jsonl:1:15: duplicate key 'text'"
        )
    }

    @Test func csvFollowsRFC4180() throws {
        let csv = "cell,text,secondaryText\r\nvalue1,\"a, quoted\",\"say \"\"hi\"\"\"\r\n,\"two\nlines\",\r\n\r\n"
        let doc = try load(csv, .csv)
        #expect(doc.rowCount == 2)
        #expect(
            try doc.row(0)
                == .object([
                    "cell": .string("value1"), "text": .string("a, quoted"), "secondaryText": .string("say \"hi\""),
                ]))
        // An empty field leaves its key out.
        #expect(try doc.row(1) == .object(["text": .string("two\nlines")]))
    }

    @Test func csvTableColumnsReadFlagsAndNumbers() throws {
        let doc = try load("text,selected,height\na,true,2\nb,false,\n", .csv)
        #expect(doc.found.selectedRows == [0])
        #expect(doc.found.declaredHeights[0] == .fixed(2) && doc.found.declaredHeights[1] == nil)
        #expect(
            message { try load("text,selected\na,yes\n", .csv) }
                == "t.csv:2:3: selected must be true or false (got 'yes'), which Cellar reads as text, as YAML 1.2 does"
        )
        #expect(message { try load("text,height\na,-3\n", .csv) } == "t.csv:2:3: height must not be negative (got -3)")
    }

    /// A built-in style's count is a whole number in a cell too, for the check and for the row drawn.
    @Test func csvIndentationIsAWholeNumber() throws {
        for format in [InputFormat.csv, .tsv] {
            let separator = format == .csv ? "," : "\t"
            let text =
                ["cell", "text", "indentation"].joined(separator: separator) + "\n"
                + ["subtitle", "a", "2"].joined(separator: separator) + "\n"
                + ["value1", "b", ""].joined(separator: separator) + "\n"
            let doc = try load(text, format)
            #expect(
                try doc.row(0) == .object(["cell": .string("subtitle"), "text": .string("a"), "indentation": .int(2)]))
            let drawn = try self.text(doc)
            #expect(drawn.hasPrefix("     a"), "\(drawn)")
            let bad =
                ["text", "indentation"].joined(separator: separator) + "\n" + ["a", "two"].joined(separator: separator)
            #expect(
                message { try load(bad + "\n", format) }
                    == "t.\(format.rawValue):2:3: indentation: must be a whole number from 0 to 10000 (got 'two')")
        }
    }

    @Test func csvErrorsAreLocated() {
        #expect(message { try load("text,detail\n\"open,x\n", .csv) } == "t.csv:2:1: unterminated quoted field")
        #expect(message { try load("text\nab\"c\n", .csv) }.hasPrefix("t.csv:2:3: a quote inside an unquoted field"))
        #expect(
            message { try load("text\n\"a\"b\n", .csv) }
                == "t.csv:2:4: expected ',' or a line break after a quoted field, found 'b'")
        #expect(
            message { try load("text,secondaryText\na\n", .csv) }
                == "t.csv:2:1: this record has 1 field; the header has 2")
        #expect(message { try load("text,,x\n", .csv) } == "t.csv:1:6: a column of the header has no name")
        #expect(message { try load("text,text\n", .csv) } == "t.csv:1:6: duplicate column 'text' in the header")
        // A header of one column written for another separator says which, and what to do.
        #expect(
            message { try load("\u{FEFF}cell;text\nsubtitle;Apple\n", .tsv) }
                == "t.tsv:1:1: the header is one column, 'cell;text', with 2 names separated by ';' where a TSV "
                + "separates them by tabs: save it with tabs (a spreadsheet whose numbers take decimal commas writes ';')"
        )
        #expect(
            message { try load("cell\ttext\n", .csv) }
                == "t.csv:1:1: the header is one column, 'cell    text', with 2 names separated by tabs where a CSV "
                + "separates them by commas: name the file .tsv or pass --input-format tsv")
        #expect(
            message { try load("cell,text\n", .tsv) }
                == "t.tsv:1:1: the header is one column, 'cell,text', with 2 names separated by commas where a TSV "
                + "separates them by tabs: name the file .csv or pass --input-format csv")
        #expect(message { try load("text\nA;B\n", .csv) } == "ok")
        // Lines ending in a lone CR would read as one header and no rows: refused at the first CR. One in a
        // later field would be a line end to a spreadsheet: refused too, not kept as the field's text.
        let lone =
            "a line ends in a lone CR (an old Mac line end): save the file with LF or CR LF line ends, or quote the field"
        #expect(message { try load("text,accessory\rApples,checkmark\r", .csv) } == "t.csv:1:15: " + lone)
        #expect(message { try load("text\taccessory\rApples\tcheckmark\r", .tsv) } == "t.tsv:1:15: " + lone)
        #expect(message { try load("text,secondaryText\r\nApple,Red\rx\r\n", .csv) } == "t.csv:2:10: " + lone)
        #expect(message { try load("text\r\nApple\rx", .tsv) } == "t.tsv:2:6: " + lone)
        // A CR inside a quoted field, CR LF line ends, a CR ending the file and other controls are no lone line ends.
        #expect(message { try load("\"a\rb\",text\r\nx,\"y\rz\"\r\n", .csv) } == "ok")
        #expect(message { try load("text\r\nApple\r", .csv) } == "ok")
        #expect(message { try load("text\nA\u{0B}p\u{0C}ple\n", .csv) } == "ok")
        #expect(message { try load("", .csv) } == "t.csv:1:1: the file is empty (a header line must name the columns)")
        #expect(
            message { try load("text,secondaryText\na,b\n", .csv) }.hasPrefix(
                "t.csv:2:3: style 'default' has no detail text"))
    }

    @Test func csvFromASpreadsheet() throws {
        // A byte order mark before the header is not part of the first column's name.
        let doc = try load(
            [0xEF, 0xBB, 0xBF] + Array("text,team\r\na,x\r\n".utf8), .csv, TableOptions(sectionBy: "team"))
        #expect(doc.columns == ["text", "team"] && doc.sections.map(\.header) == ["x"])
        #expect(
            message { try load("text,team\na,x\n", .csv, TableOptions(sectionBy: "teem")) }
                == "t.csv:1:1: --section-by: unknown column 'teem' — did you mean 'team'?")
    }

    /// A byte order mark (Windows editors and spreadsheets write one) may start a file of any format:
    /// it reads as the same file without it, and is no column of an error's location. Elsewhere it is named.
    @Test func aByteOrderMarkMayStartAnyFormat() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let files: [(InputFormat, String)] = [
            (
                .json,
                #"{"sections": [{"header": "헤더", "rows": [{"cell": "value1", "text": "a", "secondaryText": "1"}]}]}"#
            ),
            (.jsonl, "{\"cell\": \"value1\", \"text\": \"a\", \"secondaryText\": \"1\"}\n{\"text\": \"b\"}\n"),
            (.csv, "cell,text,secondaryText\nvalue1,a,1\n"), (.tsv, "cell\ttext\tsecondaryText\nvalue1\ta\t1\n"),
            (.yaml, "sections:\n  - header: 헤더\n    rows:\n      - {cell: value1, text: a, secondaryText: 1}\n"),
        ]
        for (format, file) in files {
            let plain = try text(load(file, format))
            #expect(plain.contains(" a "), "\(format)")
            #expect(try text(load(mark + Array(file.utf8), format)) == plain, "\(format)")
        }
        for (format, file) in [
            (InputFormat.json, #"{"rows": []}"#), (.jsonl, #"{"txt": "a"}"#), (.yaml, "  rows: []\n"),
        ] {
            #expect(message { try load(mark + Array(file.utf8), format) } == message { try load(file, format) })
        }
        #expect(
            message { try load(Array("{\"text\": \"a\"}\n".utf8) + mark + Array("{\"text\": \"b\"}\n".utf8), .jsonl) }
                == "t.jsonl:2:1: malformed JSON: expected an object (JSON Lines: one object per line, one row each), "
                + "found a byte order mark (U+FEFF), which may only start the file")
    }

    /// A TSV field that starts with a quote is quoted, as spreadsheets (and Python's `csv`) write one holding a
    /// tab, a line break or a quote; any other quote is text, and so is a field with text after its closing quote.
    @Test func tsvReadsQuotedFieldsAsSpreadsheetsWriteThem() throws {
        let file =
            "text\tsecondaryText\n\"a\tb\"\t\"He said \"\"hi\"\"\"\n\"two\nlines\"\t\"x\"\r\n"
            + "\"a\" b\t5\" \"tall\"\n\"\"\t\"\"\"\"\n"
        let doc = try load(file, .tsv, TableOptions(defaultCell: "subtitle"))
        func texts(_ row: Int) throws -> [String?] {
            guard case .object(let o) = try doc.row(row) else { return [] }
            return [o["text"]?.stringValue, o["secondaryText"]?.stringValue]
        }
        #expect(doc.rowCount == 4)
        #expect(try texts(0) == ["a\tb", "He said \"hi\""])
        #expect(try texts(1) == ["two\nlines", "x"])
        #expect(try texts(2) == ["\"a\" b", "5\" \"tall\""])
        #expect(try texts(3) == [nil, "\""])
        #expect(
            message { try load("text\tx\na\t\"b\nc\t1\n", .tsv) }
                == "t.tsv:2:3: unterminated quoted field (a field that starts with a quote is quoted, as spreadsheets "
                + "write one holding a tab or a line break: end it with a quote, or quote the whole field and double "
                + "its quotes)")
        #expect(message { try load("text\tx\na\n", .tsv) } == "t.tsv:2:1: this record has 1 field; the header has 2")
    }

    /// Each hostile input is refused with one line naming where.
    @Test func hostileInputsGiveOneLocatedLine() {
        let deep = "{\"text\": " + String(repeating: "[", count: 100_000) + "\n"
        let cases: [(String, [UInt8], InputFormat, String)] = [
            (
                "unterminated", Array("{\"text\": \"abc\n".utf8), .jsonl,
                "t.jsonl:1:14: malformed JSON: line break inside a string"
            ),
            (
                "unterminated at end", Array("{\"text\": \"abc".utf8), .jsonl,
                "t.jsonl:1:10: malformed JSON: unterminated string"
            ),
            (
                "huge number",
                Array("{\"cell\": \"subtitle\", \"indentation\": 1\(String(repeating: "0", count: 400))}".utf8), .jsonl,
                "t.jsonl:1:37: indentation: must be a whole number from 0 to 10000 (got '1"
                    + String(repeating: "0", count: 62) + "…')"
            ),
            ("deep", Array(deep.utf8), .jsonl, "t.jsonl:1:521: malformed JSON: nested more than 512 levels deep"),
            (
                "NUL in JSON", [UInt8]("{\"text\": \"a".utf8) + [0] + Array("\"}".utf8), .jsonl,
                "t.jsonl:1:12: malformed JSON: control character inside a string (escape it)"
            ),
            ("NUL in CSV", Array("text\na".utf8) + [0, 0x0A], .csv, "t.csv:2:2: a NUL byte (U+0000) is not text"),
            ("invalid UTF-8", Array("text\nok\nab".utf8) + [0xC3, 0x28], .csv, "t.csv:3:3: invalid UTF-8"),
            (
                "overlong", Array("{\"text\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8), .jsonl,
                "t.jsonl:1:11: invalid UTF-8"
            ),
            (
                "surrogate", Array("{\"text\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8), .json,
                "t.json:1:11: invalid UTF-8"
            ),
        ]
        for (name, bytes, format, expected) in cases {
            let got = message { try load(bytes, format) }
            #expect(got == expected, "\(name)")
            #expect(!got.contains("\n"), "\(name)")
        }
    }

    @Test func optionsOverrideTheDocument() throws {
        let json =
            #"{"style": "grouped", "rowHeight": 1, "sections": [{"header": "Fruit", "rows": [{"text": "a"}, {"text": "b", "secondaryText": "x"}]}]}"#
        let options = TableOptions(
            defaultCell: "subtitle", indexTitles: true, style: .plain, rowHeight: .fixed(2), estimatedRowHeight: 3)
        let doc = try load(json, .json, options)
        #expect(doc.sections[0].indexTitle == "F")
        let table = StreamedDataSource(document: doc).makeTableView(registry: Registry())
        #expect(table.style == .plain && table.rowHeight == .fixed(2) && table.estimatedRowHeight == 3)
        // Without --cell the second row is a default row with detail text: refused.
        #expect(message { try load(json, .json) }.hasPrefix("t.json:1:109: style 'default' has no detail text"))
        // The same options apply to a YAML document read whole.
        let yaml = try streamedDocument(
            "style: grouped\nsections:\n  - header: Fruit\n    rows:\n      - {text: a, secondaryText: x}\n",
            path: "t.yaml", options: options)
        #expect(yaml.sections[0].indexTitle == "F" && Set(yaml.found.identifiers.keys) == ["subtitle"])
        #expect(StreamedDataSource(document: yaml).makeTableView(registry: Registry()).style == .plain)
    }

    @Test func sectionByGroupsConsecutiveRows() throws {
        let lines = [
            "{\"k\": \"Apples\", \"text\": \"1\"}", "{\"k\": \"Apples\", \"text\": \"2\"}",
            "{\"k\": \"Avocados\", \"text\": \"3\"}",
            "{\"k\": \"Bananas\", \"text\": \"4\"}", "{\"k\": \"Apples\", \"text\": \"5\"}",
        ].joined(separator: "\n")
        let doc = try load(lines, .jsonl, TableOptions(sectionBy: "k", indexTitles: true))
        #expect(doc.sections.map(\.header) == ["Apples", "Avocados", "Bananas", "Apples"])
        #expect(doc.sections.map(\.rowCount) == [2, 1, 1, 1])
        #expect(doc.sections.map(\.indexTitle) == ["A", nil, "B", "A"])
        let source = StreamedDataSource(document: doc)
        #expect(source.document.indexPath(3) == IndexPath(2, 0) && source.document.indexPath(4) == IndexPath(3, 0))
        #expect(
            message { try load("{\"sections\": []}", .json, TableOptions(sectionBy: "k")) }.hasPrefix(
                "--section-by applies to rows without sections"))
    }

    /// A key the rows' built-in style also reads (`text`, `image`, `cell`…) groups rows as any other
    /// key does, in JSON Lines and CSV alike.
    @Test func sectionByAKeyTheStyleAlsoReads() throws {
        let cases: [(key: String, values: [String])] = [
            ("text", ["a", "a", "b"]), ("secondaryText", ["a", "a", "b"]), ("image", ["🍎", "🍎", "🍊"]),
            ("accessoryText", ["a", "a", "b"]), ("cell", ["value1", "value1", "subtitle"]),
            ("accessory", ["checkmark", "checkmark", "none"]),
        ]
        for (key, values) in cases {
            let jsonl = values.map { "{\"\(key)\": \"\($0)\"}" }.joined(separator: "\n")
            let csv = ([key] + values).joined(separator: "\n") + "\n"
            for (format, body) in [(InputFormat.jsonl, jsonl), (.csv, csv)] {
                let doc = try load(body, format, TableOptions(defaultCell: "subtitle", sectionBy: key))
                #expect(doc.sections.map(\.rowCount) == [2, 1], "--section-by \(key) in \(format)")
                #expect(doc.sections.map(\.header) == [values[0], values[2]], "--section-by \(key) in \(format)")
            }
        }
    }

    /// A CSV separated by `;`, as a spreadsheet whose numbers take decimal commas saves one: said by Excel's
    /// `sep=;` line, or by a header of names separated by `;` with no comma.
    @Test func csvSeparatedBySemicolons() throws {
        func strings(_ o: [String: String]) -> Value { .object(o.mapValues(Value.string)) }
        let rows = "value1;Äpfel;1,50 €\nsubtitle;\"Birnen; reif\";\"2,00 \"\"€\"\"\"\n"
        for file in ["\u{FEFF}cell;text;secondaryText\r\n" + rows, "sep=;\r\ncell;text;secondaryText\n" + rows] {
            let doc = try load(file, .csv)
            #expect(doc.rowCount == 2)
            #expect(try doc.row(0) == strings(["cell": "value1", "text": "Äpfel", "secondaryText": "1,50 €"]))
            #expect(
                try doc.row(1) == strings(["cell": "subtitle", "text": "Birnen; reif", "secondaryText": "2,00 \"€\""]))
        }
        #expect(
            try load("sep=|\ntext|secondaryText\na,b|c\n", .csv, TableOptions(defaultCell: "subtitle")).row(0)
                == strings(["text": "a,b", "secondaryText": "c"]))
        // Lines are counted from the file's first, `sep=` included; the quote's message names the separator.
        #expect(
            message { try load("sep=;\ntext;secondaryText\na\n", .csv) }
                == "t.csv:3:1: this record has 1 field; the header has 2")
        #expect(
            message { try load("text;x\n\"a\"b;c\n", .csv) }
                == "t.csv:2:4: expected ';' or a line break after a quoted field, found 'b'")
        // A comma in the header keeps it comma-separated; `sep=` names a CSV's separator only.
        #expect(try load("text,x;y\na,b\n", .csv).row(0) == strings(["text": "a", "x;y": "b"]))
        #expect(message { try load("sep=;\ntext\n", .tsv) }.hasPrefix("t.tsv:1:1: the header is one column"))
    }

    @Test func sniffsStandardInput() {
        for mark in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            #expect(InputFormat.sniff(mark + Array("{\"sections\": []}\n".utf8)) == .json)
            #expect(InputFormat.sniff(mark + Array("{\"text\": \"a\"}\n{\"text\": \"b\"}\n".utf8)) == .jsonl)
            // One object alone is one row when it starts with a row's key, with or without its line break.
            for one in ["{\"text\": \"a\"}\n", " { \"cell\": \"subtitle\", \"text\": \"a\"}", "{\"te\\u0078t\": 1}"] {
                #expect(InputFormat.sniff(mark + Array(one.utf8)) == .jsonl, "\(one)")
            }
            for one in ["{\"style\": \"plain\", \"sections\": []}", "{}\n", "{\"txt\": 1}\n", "{\"text\" 1"] {
                #expect(InputFormat.sniff(mark + Array(one.utf8)) == .json, "\(one)")
            }
            #expect(InputFormat.sniff(mark + Array("text,secondaryText\na,b\n".utf8)) == .csv)
            #expect(InputFormat.sniff(mark + Array("text;secondaryText\na;b\n".utf8)) == .csv)
            #expect(InputFormat.sniff(mark + Array("sep=;\ntext;x\n".utf8)) == .csv)
            #expect(InputFormat.sniff(mark + Array("text\tsecondaryText\n".utf8)) == .tsv)
            #expect(InputFormat.sniff(mark + Array("sections:\n  - rows: []\n".utf8)) == .yaml)
            // A comment, directive or document start first: YAML, whatever the line holds.
            for first in ["# Fruits, vegetables and nuts", "#", "#\tx, y", "%YAML 1.2", "--- # a, b"] {
                #expect(InputFormat.sniff(mark + Array("\(first)\nsections:\n  - rows: []\n".utf8)) == .yaml)
            }
            // A CSV header may name a column `#`.
            #expect(InputFormat.sniff(mark + Array("#,text\n1,a\n".utf8)) == .csv)
        }
        #expect(InputFormat.from(path: "a/b.NDJSON") == .jsonl && InputFormat.from(path: "x.yml") == .yaml)
    }
}

@Suite struct StreamedExampleTests {
    @Test(arguments: ["deploys.jsonl", "pantry.csv"])
    func theRowExamplesRender(name: String) throws {
        let input = try DocumentInput.read(CellarCLI.packageRoot + "/Examples/" + name, sizeLimit: 1 << 20)
        let doc = try StreamedDocument.load(
            input, options: TableOptions(sectionBy: name.hasSuffix(".csv") ? "aisle" : "service"))
        #expect(doc.sections.count == 3 && doc.rowCount >= 5)
        try doc.validate(against: Registry())
        let table = StreamedDataSource(document: doc).makeTableView(registry: Registry())
        table.width = 50
        let text = try table.renderText()
        #expect(text.contains(name.hasSuffix(".csv") ? "Oats \"rolled\"" : "검색 색인 재구축 중"))
    }
}
