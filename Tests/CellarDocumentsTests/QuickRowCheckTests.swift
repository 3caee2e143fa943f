import Cellar
import Testing

@testable import CellarDocuments

/// The quick check (bytes, no allocation) never passes a row the full check
/// (decoded value) refuses, and reads the same attributes from the rows it passes.
@Suite struct QuickRowCheckTests {
    static let rows = [
        #"{}"#, #"{"text": "a"}"#, #"{"text": "a", "secondaryText": "b"}"#, #"{"text": "a", "secondaryText": null}"#,
        #"{"cell": "subtitle", "text": "a", "secondaryText": "b"}"#,
        #"{"cell": "value1", "text": 5, "secondaryText": true}"#,
        #"{"cell": "default", "secondaryText": "b"}"#, #"{"cell": "", "text": "a"}"#, #"{"cell": 5}"#,
        #"{"cell": "sub\u0074itle"}"#,
        #"{"cell": "keyValue", "key": "k", "value": {"deep": [1, 2]}}"#, #"{"cell": "subtitle", "text": {"a": 1}}"#,
        #"{"cell": "keyValue", "text": {"a": 1}}"#, #"{"selected": true, "highlighted": false, "text": "a"}"#,
        #"{"selected": "true"}"#, #"{"selected": fals}"#, #"{"selected": t}"#, #"{"editable": falsey}"#,
        #"{"selected": false, "highlighted": true}"#, #"{"disabled": 1}"#, #"{"height": 3}"#, #"{"height": -1}"#,
        #"{"height": 0}"#, #"{"height": 10000}"#, #"{"height": 10001}"#, #"{"height": 02}"#, #"{"height": -0}"#,
        #"{"height": 2.0}"#, #"{"height": 2e0}"#, #"{"height": 2.00}"#, #"{"height": 2.5}"#, #"{"height": 2.0e0}"#,
        #"{"height": -2.0}"#, #"{"height": 0.0}"#, #"{"height": 10000.0}"#, #"{"height": 10001.0}"#,
        #"{"height": 123456.0}"#, #"{"height": 2.}"#, #"{"indentation": 2.50}"#, #"{"indentation": 10001.0}"#,
        #"{"height": "2"}"#, #"{"height": "automatic"}"#,
        #"{"height": "autom\u0061tic"}"#, #"{"height": "auto"}"#, #"{"height": null}"#, #"{"height": 123456}"#,
        #"{"accessory": "checkmark"}"#, #"{"accessory": "chevron"}"#, #"{"cell": "keyValue", "accessory": "chevron"}"#,
        #"{"indentation": 99999999}"#, #"{"textProperties": {"numberOfLines": -1}}"#, #"{"text": "a", "text": "b"}"#,
        #"{"x": 1, "y": 2, "x": 3}"#, #"{"text": "a",}"#, #"{"text": "a" "b"}"#, #"{"t\u0065xt": "a", "text": "b"}"#,
        #"{"image": [1]}"#, #"{"cell": "keyValue", "image": [1]}"#, #"{"team": "Apps", "text": "a"}"#, #"{"team": 5}"#,
        #"{"cell": "subtitle", "cell": "value1"}"#, #"{"text": "a", "texts": "b", "Text": "c", "cellx": 1}"#,
        #"{"ce": 1, "tex": "a", "c": 2, "": 3}"#, #"{"cell": "keyValue", "key": "k", "value": "v", "key": "w"}"#,
        // Every kind of key the schema declares, with values the full check takes and refuses.
        #"{"accessory": "detailDisclosureButton", "editingAccessory": "none"}"#, #"{"accessory": "checkm\u0061rk"}"#,
        #"{"accessory": null}"#, #"{"accessory": 3}"#, #"{"cell": "keyValue", "accessory": [1]}"#,
        #"{"indentation": 3}"#, #"{"indentation": 10000}"#, #"{"indentation": 10001}"#, #"{"indentation": -1}"#,
        #"{"indentation": 2.0}"#, #"{"indentation": "2"}"#, #"{"cell": "keyValue", "indentation": "deep"}"#,
        #"{"textProperties": {"bold": true, "numberOfLines": 2}}"#, #"{"textProperties": {"bolt": true}}"#,
        #"{"secondaryTextProperties": {"color": "success"}}"#, #"{"cell": "keyValue", "textProperties": 5}"#,
        #"{"editable": true, "selectable": false, "deselectAfterSelect": true}"#, #"{"editable": "yes"}"#,
        #"{"editingStyle": "insert", "selectionStyle": "none"}"#, #"{"editingStyle": "remove"}"#,
        #"{"selectionStyle": 1}"#, #"{"movable": "withinSection"}"#, #"{"movable": "never"}"#,
        #"{"background": {"color": "red"}}"#, #"{"background": {"colour": "red"}}"#,
        #"{"trailingSwipeActions": [{"title": "Delete", "style": "destructive"}]}"#,
        #"{"leadingSwipeActions": [{"style": "destructive"}]}"#, #"{"template": {"cell": "subtitle", "text": "a"}}"#,
        #"{"template": {"cell": "default", "secondaryText": "b"}}"#, #"{"template": 3}"#,
        #"{"cell": "keyValue", "accessory": "chevron", "indentation": "x", "textProperties": 1, "editable": true}"#,
    ]

    @Test(arguments: [
        TableOptions(), TableOptions(defaultCell: "subtitle"), TableOptions(defaultCell: "keyValue", sectionBy: "team"),
    ])
    func quickPassesOnlyWhatTheFullCheckPasses(options: TableOptions) throws {
        var passed = 0
        for text in Self.rows {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                var quick = QuickRowCheck(options: options, keySets: RowKeySets())
                var j = JSONBytes(buffer)
                var row = QuickRowCheck.Row()
                let q = quick.check(&j, depth: 0, into: &row) ? row : nil
                var full = JSONBytes(buffer)
                let value = try? full.value()
                let checked = value.flatMap { try? RowCheck.check($0, defaultCell: options.cell) }
                guard let q else { return }
                passed += 1
                #expect(j.pos == bytes.count, "\(text)")
                #expect(checked != nil, "quick passed what the full check refuses: \(text)")
                #expect(checked?.identifier == quick.identifierName(q), "\(text)")
                #expect(checked?.selected == q.selected && checked?.highlighted == q.highlighted, "\(text)")
                #expect(checked?.height == q.height, "\(text)")
                #expect(checked?.editing == q.editing, "\(text)")
                // The key set recorded is the row's keys, under its identifier.
                let sets = try #require(quick.keySets)
                let entry = try #require(sets.entries.first)
                #expect(sets.entries.count == 1 && sets.identifiers[entry.identifier] == quick.identifierName(q))
                let recorded = Set(
                    sets.names.indices.filter { entry.keys & (1 << UInt64($0)) != 0 }.map { sets.names[$0] })
                guard case .object(let o)? = value else { return }
                #expect(recorded == Set(o.keys), "\(text)")
            }
        }
        #expect(passed >= 10)
    }

    /// Rows with any key of the schema, written as the full check takes them,
    /// stay on the quick path: no key sends a common row to the full check.
    @Test func everySchemaKeyIsSettledQuickly() throws {
        let rows = [
            #"{"cell": "subtitle", "text": "a", "secondaryText": "b", "image": "🍊", "accessory": "checkmark"}"#,
            #"{"cell": "value2", "accessoryText": "3", "editingAccessory": "detailButton", "indentation": 2}"#,
            #"{"cell": "default", "textProperties": {"bold": true}, "secondaryTextProperties": {"dim": true}}"#,
            #"{"cell": "value1", "selected": true, "highlighted": false, "disabled": true, "height": 2}"#,
            #"{"editable": true, "editingStyle": "insert", "movable": "withinSection", "selectionStyle": "none"}"#,
            #"{"deselectAfterSelect": true, "selectable": false, "background": {"color": "tint"}}"#,
            #"{"leadingSwipeActions": [{"title": "Pin"}], "trailingSwipeActions": [{"title": "Delete"}]}"#,
            #"{"template": {"cell": "subtitle", "text": "new"}}"#,
            // Whole numbers as Python's `json` and YAML's JSON form write them.
            #"{"cell": "value1", "height": 2.0, "indentation": 1.00}"#,
        ]
        var covered = Set<String>()
        for text in rows {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                var quick = QuickRowCheck(options: TableOptions())
                var j = JSONBytes(buffer)
                var row = QuickRowCheck.Row()
                #expect(quick.check(&j, depth: 0, into: &row), "\(text)")
                var full = JSONBytes(buffer)
                guard case .object(let o) = try full.value() else { return }
                covered.formUnion(o.keys)
            }
        }
        #expect(covered == Set(TableSchema.row.map(\.name)))
    }

    /// A text only some built-ins draw settles a row of those styles, or of a style of the document's own (whose
    /// key set keeps the styles that fit it); a row of another built-in goes to the full check, which refuses it.
    @Test func aTextSomeBuiltinsDrawFitsThoseStyles() throws {
        let drawers = TableSchema.rowKey("secondaryText")?.readBy ?? []
        #expect(QuickRowCheck.kind(of: "secondaryText").fit == RowKeySets.BuiltinFit(drawers))
        for kind in BuiltinCellStyle.Kind.allCases {
            #expect(RowKeySets.BuiltinFit([kind]).fits(kind))
            #expect(RowKeySets.BuiltinFit(drawers).fits(kind) == drawers.contains(kind), "\(kind)")
            #expect(!RowKeySets.BuiltinFit.none.fits(kind) && RowKeySets.BuiltinFit.every.fits(kind))
        }
        for cell in BuiltinCellStyle.Kind.allCases.map(\.rawValue) + ["FoodCell"] {
            let text = #"{"cell": "\#(cell)", "text": "a", "secondaryText": "b"}"#
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var quick = QuickRowCheck(options: TableOptions())
                var j = JSONBytes(buffer)
                var row = QuickRowCheck.Row()
                let settled = quick.check(&j, depth: 0, into: &row)
                let drawn = BuiltinCellStyle.Kind(rawValue: cell).map(drawers.contains) ?? true
                #expect(settled == drawn, "\(cell)")
                if settled { #expect(row.fit == RowKeySets.BuiltinFit(drawers), "\(cell)") }
            }
        }
    }

    /// What one check reads of a row (nil: the full check decides), and where it stops.
    static func quickRead(_ quick: inout QuickRowCheck, _ text: String) -> String {
        // Padded, so the row's keys are compared by words with the gaps the rows before left (`RowShape`).
        let bytes = Array(text.utf8) + [UInt8](repeating: 0x20, count: 40)
        return bytes.withUnsafeBufferPointer { buffer in
            var j = JSONBytes(buffer)
            var row = QuickRowCheck.Row()
            guard quick.check(&j, depth: 0, into: &row) else { return "nil" }
            return "\(quick.identifierName(row)) \(row.selected) \(row.highlighted) \(j.pos)"
        }
    }

    /// A row is read the same after any other row (whose key gaps and nested
    /// values the check keeps) as by a check of its own: same answer, same stop.
    @Test func aRowReadsTheSameAfterAnyOther() {
        let rows =
            Self.rows + [
                #"{"text":"a","secondaryText":"b"}"#, #"{ "text" : "a" , "secondaryText" : "b" }"#,
                #"{"text":  "a", "secondaryText":"b"}"#, #"{"text": "a", "secondaryText": "b", "text": "c"}"#,
                #"{"text": "a", "secondaryText": "b", "secondaryText": "c"}"#, #"{"text": "a", "secondaryText": "b",}"#,
                #"{"text": "a", "team": "b", "team": "c"}"#, #"{"cell": "subtitle", "text": "a", "image": [1]}"#,
                #"{"text": "a", "secondaryText": "b" , "image": "c"}"#, #"{"text": "a", "secondaryText": 1}"#,
                #"{"cell": "subtitles", "text": "a"}"#, #"{"cell": "subtitle\"", "text": "a"}"#,
                #"{"cell": "subtitl", "text": "a"}"#, #"{"cell": "value1", "cell": "value1"}"#,
                // Mappings and lists met before (`RecentValues`): the same bytes under another key that
                // refuses them, and bytes that begin as a value met before but go on.
                #"{"textProperties": {"bold": true}}"#, #"{"background": {"bold": true}}"#,
                #"{"secondaryTextProperties": {"bold": true}}"#, #"{"textProperties": {"bold": true, "bolt": 1}}"#,
                #"{"textProperties": {"bold": true}, "secondaryTextProperties": {"bold": 1}}"#,
                #"{"trailingSwipeActions": [{"title": "Delete"}]}"#, #"{"leadingSwipeActions": [{"title": "Delete"}]}"#,
                #"{"trailingSwipeActions": [{"title": "Delete"}, 5]}"#, #"{"background": {"color": "tint"}}"#,
            ]
        for options in [TableOptions(), TableOptions(defaultCell: "keyValue", sectionBy: "team")] {
            for first in rows {
                for second in rows {
                    var fresh = QuickRowCheck(options: options, keySets: RowKeySets())
                    var carried = QuickRowCheck(options: options, keySets: RowKeySets())
                    _ = Self.quickRead(&carried, first)
                    #expect(
                        Self.quickRead(&carried, second) == Self.quickRead(&fresh, second), "\(first) then \(second)")
                }
            }
        }
    }

    /// Each known name (every row key of the schema) is found by its slot;
    /// a name that differs only past the slot's first byte, or in length, is not known.
    @Test func everyKnownNameIsFound() {
        #expect(QuickRowCheck.names == TableSchema.row.map(\.name))
        let quick = QuickRowCheck(options: TableOptions())
        for (i, n) in QuickRowCheck.names.enumerated() {
            for (text, known) in [
                (n, true), (n + "s", false), (String(n.dropLast()), false),
                (n.prefix(1).uppercased() + n.dropFirst(), false), ("x" + n.dropFirst(), false),
            ] {
                // Alone (compared byte by byte at the buffer's end) and followed by more bytes (compared by words).
                for padding in ["", "\": \"" + String(repeating: "x", count: 30)] {
                    let bytes = Array((text + padding).utf8)
                    let found = bytes.withUnsafeBufferPointer { quick.name($0, 0..<text.utf8.count) }
                    #expect(found == (known ? i : -1), "\(text)")
                }
            }
        }
    }

    /// A CSV `height` field the quick check reads is read as the full check reads it; any other it leaves.
    @Test func aCSVHeightIsReadAsTheFullCheckReadsIt() throws {
        let fields = [
            "0", "2", "\"2\"", "02", "00000", "10000", "10001", "99999", "123456", "-1", "+2", "2.0", " 2", "2 ",
            "automatic", "\"automatic\"", "Automatic", "auto", "x", "\"\"\"2\"", "2.00", "2.5", "2.", "-2.0", "2.0e0",
            "10001.0", ".0",
        ]
        var passed = 0
        for field in fields {
            let bytes = Array("text,height\na,\(field)\n".utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let records = DelimitedRecords(buffer, format: .csv)
                var cells: [DelimitedRecords.Field] = []
                let start = try #require(records.nextRecordStart(from: 0))
                let next = try records.record(at: start, into: &cells)
                let recordStart = try #require(records.nextRecordStart(from: next))
                _ = try records.record(at: recordStart, into: &cells)
                var quick = QuickRowCheck(options: TableOptions())
                let kinds = quick.kinds(of: ["text", "height"])
                let full = try? RowCheck.check(records.row(cells, columns: ["text", "height"]), defaultCell: "default")
                guard let q = quick.check(cells, kinds: kinds, records) else { return }
                passed += 1
                #expect(full != nil, "quick passed what the full check refuses: \(field)")
                #expect(q.height == full?.height, "\(field)")
            }
        }
        #expect(passed == 10)
    }

    /// A CSV record's fields of every key kind: what the quick check passes
    /// the full check passes, with the same editing mark, and a record of
    /// plain values of every kind a field can spell is passed.
    @Test func csvFieldsOfEveryKindAreReadAsTheFullCheckReadsThem() throws {
        let columns = ["cell", "text", "accessory", "editingAccessory", "editingStyle", "selectionStyle", "selectable"]
        let records = [
            "subtitle,a,checkmark,none,delete,default,true", "subtitle,a,chevron,,,,",
            "keyValue,a,chevron,,,,", "default,a,,detailButton,remove,,", "value1,a,,,,none,yes",
            #"value2,a,"check""mark",,,,"#, ",a,disclosureIndicator,,insert,,false",
        ]
        var passed = 0
        for record in records {
            let bytes = Array((columns.joined(separator: ",") + "\n" + record + "\n").utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let delimited = DelimitedRecords(buffer, format: .csv)
                var cells: [DelimitedRecords.Field] = []
                let next = try delimited.record(at: try #require(delimited.nextRecordStart(from: 0)), into: &cells)
                _ = try delimited.record(at: try #require(delimited.nextRecordStart(from: next)), into: &cells)
                var quick = QuickRowCheck(options: TableOptions())
                let kinds = quick.kinds(of: columns)
                let full = try? RowCheck.check(delimited.row(cells, columns: columns), defaultCell: "default")
                guard let q = quick.check(cells, kinds: kinds, delimited) else { return }
                passed += 1
                #expect(full != nil, "quick passed what the full check refuses: \(record)")
                #expect(q.editing == full?.editing, "\(record)")
            }
        }
        #expect(passed == 3)
    }
}

extension QuickRowCheck {
    /// The reuse identifier of a row that passed.
    func identifierName(_ row: Row) -> String {
        row.identifier >= 0 ? identifiers.name(row.identifier) : defaultCell
    }
}
