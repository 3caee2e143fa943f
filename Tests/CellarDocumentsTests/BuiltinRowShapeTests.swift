import Testing

@testable import Cellar
@testable import CellarDocuments

/// A built-in row's keys found by the gaps the rows before left
/// (`RowShape`, accelerators on) against every key read (accelerators off):
/// the same fields, cell, disabled flag, answer and end, row after row,
/// over rows whose gaps share bytes with the ones before but differ (other
/// keys, keys extending a field's name, spacing, escapes, two shapes in turn),
/// and mappings met before (`RecentValues`) against each decoded afresh.
@Suite struct BuiltinRowShapeTests {
    static let rows = [
        #"{"cell": "value1", "text": "Row 1 한글", "secondaryText": "2 🍎", "accessory": "checkmark"}"#,
        #"{"cell": "default", "text": "Row 2", "image": "🍊", "accessory": "none"}"#,
        #"{"cell": "value1", "text": "Row 3", "secondaryText": "3", "accessory": "detailButton"}"#,
        #"{"cell": "subtitle", "text": "Row 4", "secondaryText": "4", "accessory": "checkmark", "height": 2}"#,
        #"{"cell": "value2", "text": "Row 5", "image": "x", "accessory": "none", "selected": true}"#,
        #"{"cell": "value1", "text": "Row 6", "textProperties": {"bold": true}, "accessory": "none"}"#,
        #"{"cell": "value1", "text":  "two spaces", "secondaryText":"none", "accessory": "none"}"#,
        #"{"cell": "value1",  "text": "spaced gap", "secondaryText": "s", "accessory": "checkmark"}"#,
        #"{ "cell": "value1", "text": "spaced brace", "accessoryText": "12", "accessory": "none"}"#,
        #"{"cell": "value1", "te\u0078t": "escaped", "secondaryText": "e", "accessory": "none"}"#,
        #"{"cell": "value1", "text": "d", "disabled": true, "accessory": "none"}"#,
        #"{"cell": "value1", "text": "d", "disabled": false, "accessory": "none"}"#,
        #"{"text": "no cell", "cell": "subtitle", "indentation": 3}"#,
        #"{"cell": "keyValue", "key": "k", "value": "v"}"#,
        #"{"cell": "value1", "text": "unknown key", "other": 1}"#,
        #"{"cell": "value1", "text": 5, "secondaryText": null, "accessory": "none"}"#,
        #"{"cell": "value1", "text": "twice", "accessory": "checkmark", "accessory": 7}"#,
        #"{"cell": "value1", "text": "twice", "accessory": 7, "editingAccessory": "none", "accessory": "checkmark"}"#,
        #"{"cell": "value1", "text": "escaped", "accessory": "check\u006dark", "editingAccessory": "checkMark"}"#,
        // Optional keys coming and going at one member and another (`RowShape`'s retired gaps).
        #"{"cell": "value1", "text": "a", "accessory": "none", "selectable": false}"#,
        #"{"cell": "value1", "text": "b", "accessory": "none", "trailingSwipeActions": [{"title": "Delete"}]}"#,
        #"{"cell": "value1", "text": "c", "accessory": "none", "selectionStyle": "none"}"#,
        #"{"cell": "value1", "text": "d", "accessory": "none", "selectable": false, "selectionStyle": "gray"}"#,
        #"{"cell": "value1", "text": "e", "selectionStyle": "none", "accessory": "checkmark"}"#,
        #"{"cell": "value1", "text": "f", "accessory": "none", "selectable": false}"#,
        #"{"cell": "value1", "text": "g", "accessory": "none", "selectable": 7}"#,
        #"{"cell": "value1", "text": "h", "trailingSwipeActions": [{"title": "Delete"}, {"title": "More"}], "extra": [1]}"#,
        #"{"cell": "value1", "text": "i", "accessory": "none", "trailingSwipeActions": [{"title": "Delete"}]}"#,
        #"{"cell": "value1", "text": "j", "extra": [{"title": "Delete"}], "trailingSwipeActions": [{"title": "Delete"}]}"#,
        // Mappings and lists met again (`RecentValues`): the same bytes under another key, and
        // bytes that begin as a value met before but go on.
        #"{"cell": "value1", "text": "p", "textProperties": {"bold": true}, "background": {"color": "tint"}}"#,
        #"{"cell": "value1", "text": "p", "secondaryTextProperties": {"bold": true}, "background": {"color": "red"}}"#,
        #"{"cell": "value1", "text": "p", "textProperties": {"bold": true, "numberOfLines": 2}}"#,
        #"{"cell": "value1", "text": "p", "textProperties": {"bold": true}, "background": {"color": "tint"}}"#,
        #"{"cell": "value1", "text": "p", "textProperties": {"bold": false}, "background": {"color": "tint"}}"#,
        #"{"cell": "value1", "text": "p", "image": ["x"], "background": {"color": "tint", "selectedColor": "red"}}"#,
        #"{"cell": "value1", "text": "last", "secondaryText": "row", "accessory": "checkmark"}"#,
        #"{}"#,
    ]

    struct Read: Equatable {
        var answer: Bool
        var fields: RowDataFields
        var cell: String?
        var disabled: Bool
        var cellKeys: CellKeyValues?
        var end: Int
    }

    static func read(accelerated: Bool, _ registry: Registry) throws -> [Read] {
        // Each row twice, in turn with the ones around it, then all again.
        let order = rows.indices.flatMap { [$0, ($0 + 3) % rows.count, $0] } + Array(rows.indices)
        let text = order.map { rows[$0] }.joined(separator: "\n") + "\n"
        var builtins = BuiltinIdentifiers(registry, defaultCell: "default")
        return try Array(text.utf8).withUnsafeBufferPointer { buffer in
            var reads: [Read] = []
            var start = 0
            while start < buffer.count {
                var j = JSONBytes(buffer, at: start, accelerated: accelerated)
                var row = JSONBytes.BuiltinRow()
                let answer = try j.builtinRow(&builtins, into: &row)
                reads.append(
                    Read(
                        answer: answer, fields: row.fields, cell: row.cell, disabled: row.disabled,
                        cellKeys: row.cellKeyValues, end: j.pos))
                start = (buffer[start...].firstIndex(of: 0x0A) ?? buffer.count) + 1
            }
            return reads
        }
    }

    @Test func keysFoundByGapsAreTheKeysRead() throws {
        let registry = try StreamedDifferentialTests.registry()
        let plain = try Self.read(accelerated: false, registry)
        let shaped = try Self.read(accelerated: true, registry)
        #expect(plain.count == shaped.count)
        for (i, (p, s)) in zip(plain, shaped).enumerated() {
            #expect(p == s, "row \(i)")
        }
        // The rows read as they say (not two paths agreeing on nothing).
        #expect(plain[0].answer && plain[0].fields.text == .string("Row 1 한글") && plain[0].cell == "value1")
        #expect(plain.contains { $0.disabled } && plain.contains { !$0.answer })
        #expect(plain.contains { $0.fields.secondaryTextProperties == .object(["bold": .bool(true)]) })
        #expect(plain.contains { $0.cellKeys?.background == .object(["color": .string("red")]) })
    }
}
