import Cellar
import CellarTestSupport
import CellarText
import Testing

@testable import CellarDocuments

@Suite struct DocumentTests {
    @Test func readsTheIssueShape() throws {
        let yaml = """
            style: insetGrouped
            rowHeight: automatic
            estimatedRowHeight: 2
            separatorStyle: singleLine
            sections:
              - header: Fruits
                footer: 3 kinds
                indexTitle: F
                rows:
                  - cell: subtitle
                    text: Apple
                    secondaryText: Red and crisp
                    image: "🍎"
                    accessory: disclosureIndicator
                    selected: true
                    height: 3
                    calories: 52
                  - cell: value1
                    text: Calories
                    secondaryText: "52"
            """
        let doc = try DocumentSnapshot.parse(yaml, path: "f.yaml")
        #expect(doc.style == .insetGrouped)
        #expect(doc.rowHeight == .automatic)
        #expect(doc.estimatedRowHeight == 2)
        #expect(doc.separatorStyle == .singleLine)
        #expect(doc.sections.count == 1)
        let s = doc.sections[0]
        #expect(s.header == "Fruits" && s.footer == "3 kinds" && s.indexTitle == "F")
        #expect(s.rows[0]["calories"] == .int(52))
        #expect(s.rows[1]["secondaryText"] == .string("52"))
        #expect(s.rowLocations[0] == SourceLocation(file: "f.yaml", line: 10, column: 9))
        let ds = StreamedDataSource(document: try streamedDocument(yaml, path: "f.yaml"))
        // Table keys are not row data; everything else is.
        #expect(ds.rowValue(at: IndexPath(0, 0))?["selected"] == nil)
        #expect(ds.rowValue(at: IndexPath(0, 0))?["calories"] == .int(52))
        let t = ds.makeTableView(registry: Registry())
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
        #expect(t.style == .insetGrouped)
    }

    @Test func jsonIsReadToo() throws {
        let json =
            #"{"style": "grouped", "sections": [{"header": "A", "rows": [{"cell": "value1", "text": "x", "secondaryText": "1"}]}]}"#
        let doc = try DocumentSnapshot.parse(json, path: "t.json")
        #expect(doc.style == .grouped)
        #expect(doc.sections[0].rows[0]["text"] == .string("x"))
    }

    @Test func unknownKeysSuggestTheRightOne() {
        #expect { try DocumentSnapshot.parse("sections: []\nheader_title: x\n", path: "a.yaml") } throws: {
            "\($0)" == "a.yaml:2:1: unknown key 'header_title' — did you mean 'header'?"
                || "\($0)".hasPrefix("a.yaml:2:1: unknown key 'header_title'")
        }
        #expect { try DocumentSnapshot.parse("sections:\n  - header_title: x\n", path: "a.yaml") } throws: {
            "\($0)" == "a.yaml:2:5: unknown section key 'header_title' — did you mean 'header'?"
        }
        #expect { try DocumentSnapshot.parse("styl: plain\nsections: []\n", path: "a.yaml") } throws: {
            "\($0)" == "a.yaml:1:1: unknown key 'styl' — did you mean 'style'?"
        }
        #expect { try DocumentSnapshot.parse("style: insetgroupd\nsections: []\n", path: "a.yaml") } throws: {
            "\($0)" == "a.yaml:1:8: style: unknown value 'insetgroupd' — did you mean 'insetGrouped'?"
        }
    }

    @Test(arguments: [
        (
            "rows: []\n",
            "a.yaml:1:1: unknown key 'rows': it is a section's key; a table lists its sections under 'sections' (sections: [{rows: …}])"
        ),
        (
            "header: A\nsections: []\n",
            "a.yaml:1:1: unknown key 'header': it is a section's key; a table lists its sections under 'sections' (sections: [{header: …}])"
        ),
        (
            "text: hi\n",
            "a.yaml:1:1: unknown key 'text': it is a row's key; rows are listed under a section's 'rows' (sections: [{rows: [{text: …}]}]), or one to a line in a JSON Lines file"
        ),
        (
            "sections:\n  - cell: value1\n",
            "a.yaml:2:5: unknown section key 'cell': it is a row's key; rows are listed under a section's 'rows' (sections: [{rows: [{cell: …}]}])"
        ),
    ])
    func aKeyOfALowerLevelSaysWhereItBelongs(yaml: String, message: String) {
        #expect { try DocumentSnapshot.parse(yaml, path: "a.yaml") } throws: { "\($0)" == message }
    }

    /// YAML 1.1's merge key is a plain key in YAML 1.2: where it is unknown, the message says so.
    @Test(arguments: [
        ("<<: {style: plain}\nsections: []\n", "a.yaml:1:1: unknown key '<<'"),
        ("sections:\n  - <<: {header: A}\n    rows: []\n", "a.yaml:2:5: unknown section key '<<'"),
        (
            "sections:\n  - rows:\n      - &d {cell: value1, text: a}\n      - {<<: *d, text: b}\n",
            "a.yaml:4:10: style 'default' does not read row key '<<'"
        ),
    ])
    func aMergeKeyIsNamedAsYAML11s(yaml: String, message: String) {
        let note =
            " ('<<' merges mappings in YAML 1.1 only; YAML 1.2 has no merge key: write the keys out, or give the whole mapping as an alias, `*name`)"
        #expect {
            let doc = try StreamedDocument.load(DocumentInput(path: "a.yaml", bytes: Array(yaml.utf8), format: .yaml))
            try doc.validate(against: Registry())
        } throws: {
            "\($0)" == message + note
        }
    }

    @Test func ambiguousWideIsATableOption() throws {
        let yaml =
            "ambiguousWide: true\nseparatorStyle: none\nsections:\n  - rows:\n      - {text: '±°', accessory: checkmark}\n"
        let doc = try DocumentSnapshot.parse(yaml, path: "a.yaml")
        #expect(doc.ambiguousWide)
        #expect(try DocumentSnapshot.parse("sections: []\n", path: "a.yaml").ambiguousWide == false)
        let t = StreamedDataSource(document: try streamedDocument(yaml, path: "a.yaml")).makeTableView(
            registry: Registry())
        t.width = 12
        #expect(t.ambiguousWide)
        // ±° takes four columns: the checkmark sits where it would after "abcd".
        #expect(lines(try t.renderText()) == [" ±°     ✓"])
        t.ambiguousWide = false
        #expect(lines(try t.renderText()) == [" ±°       ✓"])
        // JSON too, with the same key.
        #expect(
            try DocumentSnapshot.parse(#"{"ambiguousWide": false, "sections": []}"#, path: "a.json").ambiguousWide
                == false
        )
    }

    @Test func ambiguousWideIsCheckedWithLocations() {
        #expect { try DocumentSnapshot.parse("ambiguousWid: true\nsections: []\n", path: "a.yaml") } throws: {
            "\($0)" == "a.yaml:1:1: unknown key 'ambiguousWid' — did you mean 'ambiguousWide'?"
        }
        #expect { try DocumentSnapshot.parse("ambiguous_wide: true\nsections: []\n", path: "a.yaml") } throws: {
            "\($0)" == "a.yaml:1:1: unknown key 'ambiguous_wide' — did you mean 'ambiguousWide'?"
        }
        #expect { try DocumentSnapshot.parse("sections: []\nambiguousWide: yes please\n", path: "a.yaml") } throws: {
            "\($0)" == "a.yaml:2:16: ambiguousWide must be true or false (got 'yes please')"
        }
        #expect { try DocumentSnapshot.parse("sections: []\nambiguousWide: 'true'\n", path: "a.yaml") } throws: {
            "\($0)"
                == "a.yaml:2:16: ambiguousWide must be true or false (got 'true'), text in quotes: write it without them"
        }
    }

    @Test func builtInRowKeysAreCheckedWithLocations() {
        let yaml = "sections:\n  - rows:\n      - cell: default\n        accessory: disclosure\n"
        #expect { try DocumentSnapshot.parse(yaml, path: "r.yaml") } throws: {
            "\($0)" == "r.yaml:4:20: accessory: unknown value 'disclosure' — did you mean 'disclosureIndicator'?"
        }
        let props = "sections:\n  - rows:\n      - cell: subtitle\n        textProperties: {numberOfLines: -1}\n"
        #expect { try DocumentSnapshot.parse(props, path: "r.yaml") } throws: {
            "\($0)".hasPrefix("r.yaml:4:41: textProperties.numberOfLines: must be")
        }
    }

    @Test func malformedYAMLIsLocated() {
        #expect { try DocumentSnapshot.parse("sections:\n  - rows: [\n", path: "m.yaml") } throws: {
            "\($0)".hasPrefix("m.yaml:2:11:") && "\($0)".contains("malformed")
        }
        #expect { try DocumentSnapshot.parse("{\"sections\": [}", path: "m.json") } throws: {
            "\($0)".hasPrefix("m.json:1:")
        }
        #expect { try DocumentSnapshot.parse("", path: "e.yaml") } throws: {
            "\($0)" == "e.yaml:1:1: the document is empty"
        }
        #expect { try DocumentSnapshot.parse("style: plain\n", path: "e.yaml") } throws: {
            "\($0)" == "e.yaml:1:1: a table document needs 'sections'"
        }
    }

    /// A count written as a whole float (`2.0`, as Python's json writes a float) is that count, in JSON and YAML,
    /// for the table's estimates as for a row's height; `2.5` is no count.
    @Test func wholeFloatsAreCounts() throws {
        for key in ["estimatedRowHeight", "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight", "rowHeight"] {
            for path in ["w.json", "w.yaml"] {
                let whole = "{\"\(key)\": 2.0, \"sections\": [{\"rows\": [{\"height\": 1.0}]}]}"
                #expect(throws: Never.self, "\(key) in \(path)") { try DocumentSnapshot.parse(whole, path: path) }
                let half = whole.replacingOccurrences(of: "2.0", with: "2.5")
                #expect(throws: CellarError.self, "\(key) in \(path)") { try DocumentSnapshot.parse(half, path: path) }
            }
        }
    }

    @Test func jsonFilesMustBeStrictJSON() throws {
        func message(_ text: String, _ path: String = "s.json") -> String {
            do {
                _ = try DocumentSnapshot.parse(text, path: path)
                return "ok"
            } catch { return "\(error)" }
        }
        let trailing = "{\"sections\": [\n  {\"rows\": [{\"text\": \"a\"},]}\n]}"
        #expect(message(trailing) == "s.json:2:26: malformed JSON: trailing comma before ']'")
        // The same text is fine YAML in a .yaml file.
        #expect(message(trailing, "s.yaml") == "ok")
        #expect(message("{\"sections\": [], }") == "s.json:1:16: malformed JSON: trailing comma before '}'")
        // A list or object the file ends in is named at its bracket, what there is to close.
        let open = "{\"sections\": [{\"rows\": [{\"text\": \"a\"}"
        #expect(message(open) == "s.json:1:24: malformed JSON: the list '[' is not closed before the file ends")
        #expect(message(open + ",\n") == "s.json:1:24: malformed JSON: the list '[' is not closed before the file ends")
        #expect(message(open + "]}") == "s.json:1:14: malformed JSON: the list '[' is not closed before the file ends")
        #expect(
            message(open + "]}]") == "s.json:1:1: malformed JSON: the object '{' is not closed before the file ends")
        #expect(
            message("{\"sections\": [], ")
                == "s.json:1:1: malformed JSON: the object '{' is not closed before the file ends")
        #expect(
            message("sections:\n  - rows: []\n") == "s.json:1:1: malformed JSON: expected a value, found 'sections'")
        #expect(
            message("{sections: []}") == "s.json:1:2: malformed JSON: expected a key in double quotes, found 'sections'"
        )
        #expect(
            message("{\"sections\": ['a']}")
                == "s.json:1:15: malformed JSON: expected a value, found \"'\" (JSON strings use double quotes)")
        #expect(
            message("{\"sections\": [] # note\n}")
                == "s.json:1:17: malformed JSON: expected ',' or '}', found '#' (JSON has no comments)")
        #expect(
            message("{\"sections\": [ // rows\n]}")
                == "s.json:1:16: malformed JSON: expected a value, found '//' (JSON has no comments)")
        #expect(
            message("{/* a table */ \"sections\": []}")
                == "s.json:1:2: malformed JSON: expected a key in double quotes, found '/*' (JSON has no comments)")
        #expect(message("{\"sections\": [/]}") == "s.json:1:15: malformed JSON: expected a value, found '/'")
        #expect(message("{\"sections\": []}\n{}") == "s.json:2:1: malformed JSON: unexpected '{' after the JSON value")
        #expect(
            message("{\"sections\": [{\"header\": \"한글\", \"rows\": [{\"height\": 01}]}]}")
                == "s.json:1:52: malformed JSON: numbers do not start with 0")
        #expect(
            message("{\"sections\": [{\"header\": \"a\\q\"}]}") == "s.json:1:28: malformed JSON: invalid escape '\\q'")
        #expect(message("{\"sections\": [{\"header\": \"a") == "s.json:1:26: malformed JSON: unterminated string")
        #expect(message("{\"sections\": tru}") == "s.json:1:14: malformed JSON: expected a value, found 'tru'")
        #expect(
            message(String(repeating: "[", count: 10_000))
                == "s.json:1:513: malformed JSON: nested more than 512 levels deep")
        #expect(message("  ") == "s.json:1:3: malformed JSON: the document is empty")
        // Strict JSON with every kind of value still reads.
        let good =
            #"{"style": "grouped", "rowHeight": 2, "sections": [{"header": "A\u00e9\/", "rows": [{"cell": "value1", "text": "x", "secondaryText": "1", "n": -1.5e+3, "b": true, "z": null, "l": []}]}]}"#
        let doc = try DocumentSnapshot.parse(good, path: "G.JSON")
        #expect(doc.sections.first?.header == "Aé/")
        #expect(doc.rowHeight == .fixed(2))
    }

    @Test func invalidUTF8IsLocated() {
        var bytes = Array("sections:\n  - header: ab".utf8)
        bytes.append(0xFF)
        #expect { try DocumentSnapshot.parse(bytes: bytes, path: "u.yaml") } throws: {
            "\($0)" == "u.yaml:2:15: invalid UTF-8"
        }
    }

    @Test func unknownIdentifierIsLocatedWithASuggestion() throws {
        let doc = try DocumentSnapshot.parse(
            "sections:\n  - rows:\n      - cell: subtitel\n        text: a\n", path: "i.yaml")
        #expect { try doc.validate(against: Registry()) } throws: {
            "\($0)" == "i.yaml:3:9: \(Registry.unknownIdentifierMessage("subtitel")) (did you mean 'subtitle'?)"
        }
    }

    @Test func missingFileIsAnError() {
        #expect { try DocumentSnapshot.load(path: "/nonexistent/x.yaml") } throws: {
            "\($0)".hasPrefix("/nonexistent/x.yaml: cannot open")
        }
    }

    @Test func theExamplesParse() throws {
        let dir = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        for name in [
            "foods.yaml", "settings.yaml", "contacts.yaml", "cell-configuration.yaml", "thousand.yaml",
            "row-heights.yaml", "fruits.json",
        ] {
            let doc = try StreamedDocument.load(DocumentInput.read("/\(dir)/Examples/\(name)"))
            try doc.validate(against: Registry())
            let t = StreamedDataSource(document: doc).makeTableView(registry: Registry())
            t.width = 50
            #expect(try !t.renderText().isEmpty)
        }
    }
}

@Suite struct UpdateTests {
    func table() throws -> (TableView, StreamedDataSource) {
        let doc = try streamedDocument(
            "separatorStyle: none\nsections:\n  - rows: [{text: a}, {text: b}, {text: c}, {text: d}]\n", path: "u.yaml")
        let ds = StreamedDataSource(document: doc)
        let t = ds.makeTableView(registry: Registry())
        t.width = 10
        return (t, ds)
    }

    @Test func countsThatDisagreeUseUIKitsMessage() throws {
        let (t, ds) = try table()
        _ = try t.renderText()
        try ds.remove(at: IndexPath(0, 0))
        #expect(
            throws: CellarError(
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
            )
        ) {
            try t.insertRows(at: [IndexPath(0, 0)])
        }
    }

    @Test func deleteInsertMoveKeepSelectionOnItsRow() throws {
        let (t, ds) = try table()
        _ = try t.renderText()
        t.selectRow(at: IndexPath(0, 2))  // c
        try ds.remove(at: IndexPath(0, 0))
        try t.deleteRows(at: [IndexPath(0, 0)])
        #expect(lines(try t.renderText()) == [" b", "▌c", " d"])
        try ds.insert(
            .object(["cell": .string("default"), "text": .string("z")]), at: IndexPath(0, 3), checkedAgainst: t.registry
        )
        try t.insertRows(at: [IndexPath(0, 3)])
        try ds.move(from: IndexPath(0, 1), to: IndexPath(0, 0))
        try t.moveRow(at: IndexPath(0, 1), to: IndexPath(0, 0))
        #expect(lines(try t.renderText()) == ["▌c", " b", " d", " z"])
    }

    /// Edits locate a row only for an error (locating reads the bytes up to it); an added row is in no file.
    @Test func editsLocateOnlyForAnError() throws {
        let (t, ds) = try table()
        _ = try t.renderText()
        for i in 0..<20 {
            try ds.insert(.object(["text": .string("n\(i)")]), at: IndexPath(0, 2), checkedAgainst: t.registry)
            try t.insertRows(at: [IndexPath(0, 2)])
        }
        ds.setRowValue(.object(["text": .string("B")]), at: IndexPath(0, 1))
        #expect(lines(try t.renderText()).prefix(3) == [" a", " B", " n19"])
        #expect(ds.document.locationsLookedUp == 0)
        #expect(ds.rowLocation(IndexPath(0, 2)) == nil)
        #expect(ds.document.locationsLookedUp == 0)
        #expect(ds.rowLocation(IndexPath(0, 22)) == SourceLocation(file: "u.yaml", line: 3, column: 34))  // c
        #expect(ds.document.locationsLookedUp == 1)
    }

    /// A row added after the load is checked as a stored row is, before it is added: its data, its style, the keys
    /// that style reads (with UIKit's names suggested), and a ⊕ row's template the same way when it is tapped.
    @Test func anAddedRowIsCheckedAsAStoredRowIs() throws {
        let (t, ds) = try table()
        let refused: [(Value, String)] = [
            (.object(["text": .string("x"), "accessory": .string("nope")]), "accessory: unknown value 'nope'"),
            (.object(["txt": .string("x")]), "style 'default' does not read row key 'txt' — did you mean 'text'?"),
            (
                .object(["cell": .string("subtitle"), "detailTextLabel": .string("x")]),
                "style 'subtitle' does not read row key 'detailTextLabel' — did you mean 'secondaryText'?"
            ),
            (.object(["cell": .string("subtitel")]), "(did you mean 'subtitle'?)"),
            (.object(["text": .string("x"), "height": .int(-1)]), "height must not be negative (got -1)"),
            (
                .object(["editingStyle": .string("insert"), "template": .object(["txt": .string("x")])]),
                "does not read row key 'txt'"
            ),
        ]
        for (row, message) in refused {
            do {
                try ds.insert(row, at: IndexPath(0, 0), checkedAgainst: t.registry)
                Issue.record("\(row) was added")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
        #expect(ds.tableView(t, numberOfRowsInSection: 0) == 4)
    }

    /// `selected` and `highlighted` on an added row are its state once the table has it, as on a loaded row.
    @Test func anAddedRowsStateIsApplied() throws {
        let (t, ds) = try table()
        _ = try t.renderText()
        let rows: [Value] = [
            .object(["text": .string("x"), "selected": .bool(true)]),
            .object(["text": .string("y"), "highlighted": .bool(true)]),
        ]
        for (k, row) in rows.enumerated() {
            try ds.insert(row, at: IndexPath(0, k), checkedAgainst: t.registry)
            try t.insertRows(at: [IndexPath(0, k)])
            ds.mark(added: row, at: IndexPath(0, k), in: t)
        }
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
        #expect(t.highlighted == [IndexPath(0, 1)])
    }

    @Test func commitDeleteThroughTheDataSource() throws {
        let (t, ds) = try table()
        _ = try t.renderText()
        try ds.tableView(t, commit: .delete, forRowAt: IndexPath(0, 1))
        #expect(lines(try t.renderText()) == [" a", " c", " d"])
        #expect(throws: CellarError.self) { try t.deleteRows(at: [IndexPath(0, 9)]) }
    }
}

@Suite struct ActionTests {
    @Test func willSelectMayRedirectOrCancel() throws {
        let ds = ArrayDataSource([[row("default", "a"), row("default", "b"), row("default", "c")]])
        let t = ds.makeTable(width: 10)
        ds.willSelect = { ip in ip.row == 0 ? IndexPath(0, 2) : (ip.row == 1 ? nil : ip) }
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 2)])
        try t.userSelectRow(at: IndexPath(0, 1))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 2)])
        #expect(ds.events == ["select [0, 2]"])
        // Programmatic selection does not call the delegate.
        t.selectRow(at: IndexPath(0, 1))
        #expect(ds.events == ["select [0, 2]"])
        #expect(throws: CellarError("index path [0, 7] is out of range: section 0 has 3 rows")) {
            try t.userSelectRow(at: IndexPath(0, 7))
        }
    }

    @Test func onlyDetailButtonsTrackTaps() throws {
        let ds = ArrayDataSource([
            [
                row("default", "a", nil, ["accessory": .string("disclosureIndicator")]),
                row("default", "b", nil, ["accessory": .string("detailButton")]),
            ]
        ])
        let t = ds.makeTable(width: 10)
        #expect(try t.tapAccessory(at: IndexPath(0, 0)) == false)
        #expect(try t.tapAccessory(at: IndexPath(0, 1)) == true)
        #expect(ds.events == ["accessory [0, 1]"])
    }

    @Test func customStateReachesTheStyle() throws {
        final class StateStyle: CellStyle {
            let reuseIdentifier = "state"
            func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
            func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {}
            func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
                .label(Label(state.custom["mood"]?.stringValue ?? "none"))
            }
        }
        let registry = Registry()
        try registry.register(StateStyle(), forCellReuseIdentifier: "state")
        let ds = ArrayDataSource([[row("state", "")]])
        let t = ds.makeTable(width: 10, registry: registry)
        #expect(lines(try t.renderText()) == [" none"])
        try t.setCustomState("mood", .string("happy"), at: IndexPath(0, 0))
        #expect(lines(try t.renderText()) == [" happy"])
        try t.setCustomState("mood", .null, at: IndexPath(0, 0))
        #expect(lines(try t.renderText()) == [" none"])
    }
}
