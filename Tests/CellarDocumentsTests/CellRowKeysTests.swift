import Cellar
import CellarText
import Testing

@testable import CellarDocuments

/// A stored row with editing keys hands its cell the keys a cell takes
/// (`CellRowKeys.names`) read alone: its data and its other
/// editing keys are passed over, in every format, and the cell shows them.
@Suite struct CellRowKeysTests {
    static let json = """
        {"sections": [{"rows": [
        {"text": "a", "selectable": false, "selectionStyle": "none", "movable": false},
        {"text": "b", "editingStyle": "insert", "template": {"text": "new"}, "background": {"color": "#102030"}},
        {"text": "c", "deselectAfterSelect": true}
        ]}]}
        """

    static let csv = """
        text,selectable,selectionStyle,movable,editingStyle
        a,false,none,false,
        b,,,,insert
        c,true,,,

        """

    static func load(_ text: String, _ format: InputFormat) throws -> StreamedDocument {
        try StreamedDocument.load(
            DocumentInput(path: "t.\(format.rawValue)", bytes: Array(text.utf8), format: format))
    }

    /// Rows of `doc` decoded ahead from its first, its editing rows' cell keys with them.
    static func prefetch(_ doc: StreamedDocument) throws -> RowPrefetch {
        try #require(
            RowPrefetch(
                doc.decoder, from: 0, builtins: BuiltinIdentifiers(Registry(), defaultCell: "default"),
                editingRows: doc.found.editingRows, ambiguousWide: false))
    }

    @Test func onlyTheCellsKeysAreRead() throws {
        let keys = CellRowKeys.names
        let background = Value.object(["color": .string("#102030")])
        let j = try Self.load(Self.json, .json)
        #expect(try j.values(0, of: keys) == [.string("none"), nil, nil])
        #expect(try j.values(1, of: keys) == [nil, .string("insert"), background])
        #expect(try j.values(2, of: keys) == [nil, nil, nil])
        let c = try Self.load(Self.csv, .csv)
        #expect(try c.values(0, of: keys) == [.string("none"), nil, nil])
        #expect(try c.values(1, of: keys) == [nil, .string("insert"), nil])
        #expect(try c.values(2, of: keys) == [nil, nil, nil])
        // A row added since: read from its value.
        let added = CellRowKeys(row: .object(["selectionStyle": .string("none"), "editingStyle": .string("delete")]))
        #expect(added.selectionStyle == SelectionStyle.none && added.editingStyle == .delete && added.background == nil)
    }

    /// Rows decoded ahead carry them, read in the built-in row's one walk
    /// (JSON, and CSV with accelerators on), or by a second read for a row
    /// no built-in style draws.
    @Test(arguments: [InputFormat.json, .csv])
    func rowsDecodedAheadCarryThem(_ format: InputFormat) throws {
        let doc = try Self.load(format == .json ? Self.json : Self.csv, format)
        let prefetch = try Self.prefetch(doc)
        defer { prefetch.stop() }
        let a = try #require(prefetch.take(0))
        #expect(a.cellKeysRead && a.cellKeys?.selectionStyle == SelectionStyle.none && a.cellKeys?.editingStyle == nil)
        let b = try #require(prefetch.take(1))
        #expect(b.cellKeysRead && b.cellKeys?.editingStyle == .insert)
        #expect((b.cellKeys?.background != nil) == (format == .json))
        // An editing key the cell does not take (deselectAfterSelect, selectable): read, nothing for the cell.
        let c = try #require(prefetch.take(2))
        #expect(c.cellKeysRead && c.cellKeys == nil)
        // The decoder's one walk reads them, no second read.
        var ids = BuiltinIdentifiers(Registry(), defaultCell: "default")
        let walked = try doc.decoder.decodedRow(0, builtins: &ids)
        #expect(walked.cellKeysRead && walked.cellKeys?.selectionStyle == SelectionStyle.none)
        let none = try doc.decoder.decodedRow(2, builtins: &ids)
        #expect(none.cellKeysRead && none.cellKeys == nil)
    }

    /// A row no built-in style draws (a Lua style's) has its keys read apart, ahead.
    @Test func rowsOfOtherStylesHaveThemReadApart() throws {
        let text = "{\"sections\": [{\"rows\": [{\"cell\": \"mine\", \"text\": \"a\", \"selectionStyle\": \"none\"}]}]}"
        let doc = try Self.load(text, .json)
        let prefetch = try Self.prefetch(doc)
        defer { prefetch.stop() }
        let a = try #require(prefetch.take(0))
        #expect(a.parsed == nil && a.cellKeysRead && a.cellKeys?.selectionStyle == SelectionStyle.none)
    }

    @Test func theCellTakesThem() throws {
        let doc = try Self.load(Self.json, .json)
        let source = StreamedDataSource(document: doc)
        let table = source.makeTableView(registry: Registry())
        let a = try source.tableView(table, cellForRowAt: IndexPath(0, 0))
        #expect(a.selectionStyle == SelectionStyle.none)
        let b = try source.tableView(table, cellForRowAt: IndexPath(0, 1))
        #expect(b.editingStyle == .insert)
        #expect(b.backgroundConfiguration != nil)
        let c = try source.tableView(table, cellForRowAt: IndexPath(0, 2))
        #expect(c.selectionStyle != SelectionStyle.none && c.editingStyle == nil && c.backgroundConfiguration == nil)
    }

    /// Rows with equal cell-key values share one `CellRowKeys` (accelerators on); other
    /// values, and every row with the accelerators off, get their own, with their values.
    @Test func equalValuesShareTheirKeys() {
        let background: Value = .object(["color": .string("tint")])
        let rows: [[Value?]] = [
            [nil, nil, background], [.string("none"), nil, nil], [nil, nil, background],
            [nil, nil, .object(["color": .string("tint")])], [.string("blue"), .string("insert"), nil],
            [nil, nil, .object(["color": .string("red")])], [.string("gray"), nil, nil], [nil, .string("delete"), nil],
            [nil, nil, background], [.string("none"), nil, nil],
        ]
        for enabled in [true, false] {
            var recent = RecentCellRowKeys(enabled: enabled)
            var made: [CellRowKeys] = []
            for values in rows {
                let keys = recent.keys(
                    CellKeyValues(selectionStyle: values[0], editingStyle: values[1], background: values[2]))
                let fresh = CellRowKeys(values)
                #expect(keys.selectionStyle == fresh.selectionStyle && keys.editingStyle == fresh.editingStyle)
                #expect(keys.background == fresh.background)
                made.append(keys)
            }
            #expect((made[0] === made[2]) == enabled && (made[2] === made[3]) == enabled)
            #expect(made[0] !== made[1] && made[0] !== made[5] && made[4] !== made[6])
            // Past the capacity, a row's keys are made again or found, never another row's.
            #expect(made[9].selectionStyle == SelectionStyle.none && made[8].background == made[0].background)
        }
    }

    /// A row's cell-key values are held by name, in `CellRowKeys.names`' order.
    @Test func valuesAreHeldInNamesOrder() {
        let background: Value = .object(["color": .string("tint")])
        var values = CellKeyValues()
        let inOrder: [Value?] = [.string("none"), nil, background, .string("extra")]
        // Past the last name: dropped.
        for (k, value) in inOrder.enumerated() { values.set(k, value) }
        #expect(values == CellKeyValues(selectionStyle: .string("none"), background: background))
        values.set(1, .string("delete"))
        #expect(values.editingStyle == .string("delete") && values.selectionStyle == .string("none"))
        let keys = CellRowKeys([nil, .string("delete")])
        #expect(keys.editingStyle == .delete && keys.selectionStyle == nil && keys.background == nil)
    }
}
