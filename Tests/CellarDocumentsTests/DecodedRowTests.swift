import CellarTestSupport
import Testing

@testable import Cellar
@testable import CellarDocuments

/// Rows decoded ahead for the table (`RowDecoder.decodedRow`): a row a
/// built-in style draws comes parsed, and a cell configured from it is the
/// cell configured from the row's data; any other row comes as its style
/// sees it.
@Suite struct DecodedRowTests {
    static let rows = [
        #"{"text": "Row 1 한글", "secondaryText": "2 🍎", "cell": "value1"}"#,
        #"{"cell": "subtitle", "text": "Item", "secondaryText": "d 가나다", "image": "🍊", "disabled": true}"#,
        #"{"te\u0078t": "escaped key", "accessory": "checkmark", "indentation": 2}"#,
        #"{"cell": "value2", "text": "k", "secondaryText": "v", "selected": true, "height": 2, "editable": false}"#,
        #"{"text": "props", "textProperties": {"bold": true, "color": "tint"}, "accessoryText": "12"}"#,
        #"{"text": "editing", "editingAccessory": "detailButton", "background": {"color": "tint"}, "cell": "default"}"#,
        #"{"cell": "keyValue", "key": "키", "value": "v 🍷"}"#,
        #"{"text": 5, "secondaryText": null, "cell": "subtitle"}"#,
        // A `cell` found before, written escaped: matched as text, not as its bytes.
        #"{"cell": "subtitl\u0065", "text": "escaped cell"}"#,
        #"{"text": "cell last", "cell": "value1"}"#,
    ]

    /// Rows with keys no style reads, kept with `--extra-keys ignore`: passed over as the row's data passes them.
    static let rowsWithExtraKeys = [
        #"{"group": "A", "cell": "value1", "text": "t", "secondaryText": "d"}"#,
        #"{"cell": "subtitle", "notes": {"a": [1, 2, {"b": null}]}, "text": "nested extra", "image": "🍊"}"#,
        #"{"text": "extra last", "cell": "default", "accessory": "checkmark", "zz": [true, "x"]}"#,
        #"{"te\u0078t": "escaped field", "gr\u006fup": "escaped extra", "cell": "value2", "secondaryText": "v"}"#,
    ]

    static func document(
        _ registry: Registry, rows: [String] = rows, options: TableOptions = TableOptions()
    ) throws -> StreamedDocument {
        let body = rows.joined(separator: "\n") + "\n"
        let doc = try StreamedDocument.load(
            DocumentInput(path: "t.jsonl", bytes: Array(body.utf8), format: .jsonl), options: options)
        try doc.validate(against: registry)
        return doc
    }

    @Test func parsedRowsConfigureTheSameCell() throws {
        let registry = try StreamedDifferentialTests.registry()
        #expect(try Self.configureTheSameCell(registry, Self.document(registry)) == Self.rows.count - 1)
        let extra = try Self.document(
            registry, rows: Self.rowsWithExtraKeys, options: TableOptions(extraKeys: .ignore))
        #expect(try Self.configureTheSameCell(registry, extra) == Self.rowsWithExtraKeys.count)
    }

    /// Configures a cell from each decoded row and from the row's data; returns how many rows came parsed.
    static func configureTheSameCell(_ registry: Registry, _ doc: StreamedDocument) throws -> Int {
        var builtins = BuiltinIdentifiers(registry, defaultCell: doc.options.cell)
        var parsedRows = 0
        // One cell configured from every row in turn, as a reused cell is.
        let exchanged = try BuiltinCellStyle(.default).makeCell()
        exchanged.style = BuiltinCellStyle(.default)
        for i in 0..<doc.rowCount {
            let expected = try doc.styleRow(i)
            let got = try doc.decoder.decodedRow(i, builtins: &builtins)
            #expect(got.cell == expected.cell && got.disabled == expected.disabled, "row \(i)")
            let id = expected.cell ?? doc.options.cell
            guard let style = registry.style(for: id) as? BuiltinCellStyle else {
                #expect(got.parsed == nil && got.data == expected.data, "row \(i) of a Lua style")
                continue
            }
            let parsed = try #require(got.parsed, "row \(i) of a built-in style")
            parsedRows += 1
            let configured = try style.makeCell()
            try style.configure(configured, row: expected.data, at: IndexPath(0, i))
            let previous = exchanged.listContentConfiguration
            #expect(BuiltinCellStyle.configure(exchanged, exchanging: parsed))
            #expect(exchanged.listContentConfiguration == configured.listContentConfiguration, "row \(i)")
            #expect(exchanged.accessory == configured.accessory, "row \(i)")
            #expect(exchanged.editingAccessory == configured.editingAccessory, "row \(i)")
            #expect(exchanged.indentationLevel == configured.indentationLevel, "row \(i)")
            // The box now holds what the cell showed before, to be freed with it.
            #expect(parsed.content == previous, "row \(i)")
        }
        return parsedRows
    }

    /// A cell of another style is left alone: the data source decodes the row again for it.
    @Test func aCellOfAnotherStyleIsNotConfiguredFromAParsedRow() throws {
        let registry = try StreamedDifferentialTests.registry()
        let doc = try Self.document(registry)
        var builtins = BuiltinIdentifiers(registry, defaultCell: doc.options.cell)
        let parsed = try #require(try doc.decoder.decodedRow(0, builtins: &builtins).parsed)
        let lua = try #require(registry.style(for: "keyValue"))
        let cell = try lua.makeCell()
        cell.style = lua
        #expect(!BuiltinCellStyle.configure(cell, exchanging: parsed))
        #expect(cell.listContentConfiguration == nil)
    }

    /// Only identifiers the registry draws with a built-in style count, whatever their name.
    @Test func builtinIdentifiersFollowTheRegistry() throws {
        let registry = try StreamedDifferentialTests.registry()
        try registry.register(BuiltinCellStyle(.subtitle), forCellReuseIdentifier: "mySubtitle")
        var ids = BuiltinIdentifiers(registry, defaultCell: "keyValue")
        #expect(ids.contains("value1") && ids.contains("mySubtitle") && ids.contains("value1"))
        #expect(!ids.contains(nil) && !ids.contains("keyValue") && !ids.contains("nothing"))
    }

    /// A row's `cell` is matched as bytes against identifiers decided
    /// before: only the whole name matches, only once `contains` has decided
    /// it, and a name no built-in style draws is known as such.
    @Test func knownIdentifiersMatchWholeNames() throws {
        let registry = try StreamedDifferentialTests.registry()
        var ids = BuiltinIdentifiers(registry, defaultCell: "keyValue")
        func known(_ name: String) -> (id: String, builtin: Bool)? {
            let bytes = Array(name.utf8)
            return bytes.withUnsafeBufferPointer { ids.known($0, 0..<$0.count) }
        }
        #expect(known("value1") == nil)
        let builtin = ids.contains("value1")
        #expect(builtin && known("value1")?.id == "value1" && known("value1")?.builtin == true)
        #expect(known("value") == nil && known("value12") == nil && known("") == nil)
        #expect(known("keyValue") == nil)
        let lua = ids.contains("keyValue")
        #expect(!lua && known("keyValue")?.builtin == false)
    }
}

extension RowDecoder {
    /// `decodedRow` with a box of its own, as the table's thread decodes a row.
    func decodedRow(_ index: Int, builtins: inout BuiltinIdentifiers) throws -> DecodedRow {
        var box: ParsedRowData? = nil
        return try decodedRow(index, builtins: &builtins, measuringLabels: nil, box: &box)
    }
}
