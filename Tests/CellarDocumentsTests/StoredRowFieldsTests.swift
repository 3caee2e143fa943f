import CellarTestSupport
import Testing

@testable import Cellar
@testable import CellarDocuments

/// A stored row read field by field (`StoredRowFields`, what a Lua style's
/// row table is filled from) is the data `styleRow` builds, in every
/// format, and its table keys are `styleRow`'s.
@Suite struct StoredRowFieldsTests {
    /// Collects fields as a `Value` object: the later of a key written twice wins.
    struct Collected: RowFieldSink {
        var fields: [String: Value] = [:]
        var order: [String] = []
        var texts = 0

        mutating func field(_ key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) throws {
            let k = String(decoding: key, as: UTF8.self)
            order.append(k)
            fields[k] = .string(String(decoding: text, as: UTF8.self))
            texts += 1
        }

        mutating func field(_ key: UnsafeBufferPointer<UInt8>, value: Value) throws {
            let k = String(decoding: key, as: UTF8.self)
            order.append(k)
            fields[k] = value
        }
    }

    static let jsonRows = [
        #"{"cell": "keyValue", "key": "키 0", "value": "Value 0 🍷"}"#,
        #"{"key": "k", "cell": "keyValue", "disabled": true, "height": 2, "value": "v"}"#,
        #"{"k\u0065y": "escaped key", "value": "tab\there \"quoted\" \u00e9 \ud83c\udf4e"}"#,
        #"{"value": 1, "key": "value first"}"#,
        #"{"key": 5, "value": 2.5, "expanded": false, "extra": null, "list": [1, "a", {"b": true}]}"#,
        #"{"nested": {"deep": {"text": "x"}}, "selected": true, "selectionStyle": "none"}"#,
        #"{}"#,
        #"{"cell": "keyValue"}"#,
    ]

    static func document(_ body: String, _ format: InputFormat) throws -> StreamedDocument {
        let registry = try StreamedDifferentialTests.registry()
        // Rows of the default style hold keys it does not read: fields the data source hands over as they are.
        let doc = try StreamedDocument.load(
            DocumentInput(path: "t", bytes: Array(body.utf8), format: format), options: TableOptions(extraKeys: .ignore)
        )
        try doc.validate(against: registry)
        return doc
    }

    /// Every row: the fields read are `styleRow`'s data, from the members
    /// noted as its keys were read and found again alike, and the keys read
    /// beside are its `cell` and `disabled`. One members buffer serves every
    /// row, as a data source's does.
    static func checkEveryRow(_ doc: StreamedDocument, _ label: String) throws -> (rows: Int, texts: Int) {
        var texts = 0
        var members: [JSONBytes.RowMember] = []
        for i in 0..<doc.rowCount {
            let expected = try doc.styleRow(i)
            let keys = try #require(try doc.cellKeys(i, members: &members), "\(label) row \(i)")
            #expect(keys.cell == expected.cell && keys.disabled == expected.disabled, "\(label) row \(i)")
            for fields in [
                StoredRowFields(document: doc, index: i, members: members), StoredRowFields(document: doc, index: i),
            ] {
                var sink = Collected()
                try fields.readFields(into: &sink)
                #expect(Value.object(sink.fields) == expected.data, "\(label) row \(i)")
                #expect(try fields.value() == expected.data, "\(label) row \(i)")
                texts += sink.texts
            }
        }
        return (doc.rowCount, texts / 2)
    }

    @Test func jsonLinesRowsReadAsTheirStyleRows() throws {
        let doc = try Self.document(Self.jsonRows.joined(separator: "\n") + "\n", .jsonl)
        let (rows, texts) = try Self.checkEveryRow(doc, "jsonl")
        #expect(rows == Self.jsonRows.count)
        // Text comes as bytes, other values decoded.
        #expect(texts == 7)
    }

    @Test func jsonDocumentRowsReadAsTheirStyleRows() throws {
        // A JSON document's rows name their style (its default cell is `default`).
        let rows = Self.jsonRows.map { row in
            if row.contains("\"cell\"") { return row }
            return row == "{}" ? #"{"cell": "keyValue"}"# : #"{"cell": "keyValue", "# + row.dropFirst()
        }
        let body = #"{"sections": [{"header": "H", "rows": ["# + rows.joined(separator: ",\n") + "]}]}"
        let doc = try Self.document(body, .json)
        _ = try Self.checkEveryRow(doc, "json")
    }

    @Test func delimitedRowsReadAsTheirStyleRows() throws {
        let csv = #"""
            cell,key,value,disabled,height
            keyValue,키 0,Value 0 🍷,true,2
            keyValue,"a, b","say ""hi""",,
            ,,only value,false,
            keyValue,"multi
            line",v,,

            """#
        let doc = try Self.document(csv, .csv)
        #expect(try Self.checkEveryRow(doc, "csv").rows == 4)
        let tsv = "key\tvalue\tcell\nk\tv\tkeyValue\n\tx\t\n"
        #expect(try Self.checkEveryRow(try Self.document(tsv, .tsv), "tsv").rows == 2)
    }

    /// Fields come in the order written (a row table is filled in place when the keys repeat).
    @Test func fieldsComeInTheOrderWritten() throws {
        let doc = try Self.document(Self.jsonRows[3] + "\n" + Self.jsonRows[0] + "\n", .jsonl)
        var sink = Collected()
        try StoredRowFields(document: doc, index: 0).readFields(into: &sink)
        try StoredRowFields(document: doc, index: 1).readFields(into: &sink)
        #expect(sink.order == ["value", "key", "key", "value"])
    }

    /// Generated rows (escaped keys and text, Hangul and emoji, numbers,
    /// nested values, the table's keys, odd spacing) read field by field as
    /// their style rows, in JSON Lines and in a JSON document.
    @Test func generatedRowsReadAsTheirStyleRows() throws {
        var rng = LoadIndexHostileTests.Seeded(state: 0x5EED)
        let keys = [#""key""#, #""value""#, #""v\u0061lue2""#, #""키""#, #""a b""#, #""\u00e9t\u00e9""#, #""expanded""#]
        let texts = [
            #""plain""#, #""한글 🍎""#, #""say \"hi\"""#, #""tab\tline\nend""#, #""\u00e9 \ud83c\udf4e""#,
            #""back\\slash\/""#, #""""#,
        ]
        let others = ["0", "-7", "2.5e3", "true", "false", "null", #"[1, "a", {"b": true}]"#, #"{"x": {"y": "z"}}"#]
        var rows: [String] = []
        for _ in 0..<300 {
            var members = [#""cell": "keyValue""#]
            for key in keys.shuffled(using: &rng).prefix(Int.random(in: 0...keys.count, using: &rng)) {
                let pool = Bool.random(using: &rng) ? texts : others
                members.append(
                    key + ":" + String(repeating: " ", count: Int.random(in: 0...2, using: &rng))
                        + pool[Int.random(in: 0..<pool.count, using: &rng)])
            }
            if Bool.random(using: &rng) {
                members.append(#""disabled": "# + (Bool.random(using: &rng) ? "true" : "false"))
            }
            if Bool.random(using: &rng) { members.append(#""height": 2"#) }
            rows.append(
                "{" + members.shuffled(using: &rng).joined(separator: Bool.random(using: &rng) ? ", " : ",") + "}")
        }
        let jsonl = try Self.document(rows.joined(separator: "\n") + "\n", .jsonl)
        #expect(try Self.checkEveryRow(jsonl, "generated jsonl").rows == rows.count)
        let body = #"{"sections": [{"rows": ["# + rows.joined(separator: ",\n") + "]}]}"
        #expect(try Self.checkEveryRow(try Self.document(body, .json), "generated json").rows == rows.count)
    }

    /// A value that is not an object has no fields: its row is decoded whole.
    @Test func aValueThatIsNotAnObjectHasNoTableKeys() throws {
        for text in [#""plain text""#, "[1, 2]", "7"] {
            let bytes = Array(text.utf8)
            let keys = try bytes.withUnsafeBufferPointer { buffer in
                var j = JSONBytes(buffer, at: 0)
                var members: [JSONBytes.RowMember] = []
                return try j.cellKeys(members: &members)
            }
            #expect(keys == nil, "\(text)")
        }
    }
}
