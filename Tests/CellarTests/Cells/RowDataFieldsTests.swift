import Testing

@testable import Cellar

/// `RowDataFields` scans a row's entries; the lookups are the simple path it must agree with.
@Suite struct RowDataFieldsTests {
    /// Every name `RowData.parse` reads is found by the scan (a name missing
    /// from its switch would read as absent).
    @Test func scanFindsEveryKey() {
        for (i, key) in RowData.keys.enumerated() {
            let row: [String: Value] = [key: .int(i), "unrelated": .string(key)]
            let scanned = RowDataFields(scanning: row)
            #expect(scanned == RowDataFields(lookingUp: row), "\(key)")
            #expect(scanned != RowDataFields(scanning: [:]), "\(key) not found by the scan")
        }
    }

    /// Each field is its own: set alone, it reads back under its name only, and two fields
    /// that differ in it alone are unequal (so the comparisons above see every field).
    @Test func eachFieldIsReadAndComparedAlone() {
        for field in RowDataFields.Field.allCases {
            var one = RowDataFields()
            one.set(field, to: .string("x"))
            for other in RowDataFields.Field.allCases {
                #expect((one[other] != nil) == (other == field), "\(field) read as \(other)")
            }
            var two = one
            two.set(field, to: .string("y"))
            #expect(one != two, "\(field) is not compared")
            #expect(RowDataFields(scanning: [field.rawValue: .string("x")]) == one, "\(field)")
        }
    }

    /// Rows of every size, with known and unknown keys, give the same fields both ways.
    @Test func scanMatchesLookupsOnMixedRows() {
        let names = RowData.keys + ["title", "detail", "Text", "text ", "accessoryType", "identifier"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for trial in 0..<500 {
            var row: [String: Value] = [:]
            for _ in 0..<next(names.count + 1) { row[names[next(names.count)]] = .int(next(1000)) }
            #expect(RowDataFields(scanning: row) == RowDataFields(lookingUp: row), "trial \(trial): \(row)")
            #expect(RowDataFields.read(row) == RowDataFields(lookingUp: row), "trial \(trial): \(row)")
        }
    }

    /// A row wider than the name list takes the lookups and still reads its fields.
    @Test func wideRowReadsItsFields() {
        var row: [String: Value] = ["text": .string("A"), "secondaryText": .string("B")]
        for i in 0..<20 { row["extra\(i)"] = .int(i) }
        let fields = RowDataFields.read(row)
        #expect(fields.text == .string("A"))
        #expect(fields.secondaryText == .string("B"))
        #expect(fields.image == nil)
    }

    /// A key's bytes name its field, and only its: every field by its own
    /// name, and nothing for a name of the same length that differs (the
    /// length alone picks the candidate).
    @Test func keyBytesNameTheirField() {
        func field(_ name: String) -> RowDataFields.Field? {
            var name = name
            return name.withUTF8 { RowDataFields.field(named: $0) }
        }
        for f in RowDataFields.Field.allCases { #expect(field(f.rawValue) == f, "\(f)") }
        #expect(RowDataFields.Field.allCases.map(\.rawValue) == RowData.keys)
        for near in [
            "Text", "texts", "imagE", "accessorY", "indentatio_", "secondaryTexT", "accessoryTexx",
            "textproperties", "editingaccessory", "secondaryTextPropertieS", "", "cell", "selected",
        ] {
            #expect(field(near) == nil, "\(near)")
        }
    }

    /// An accessory read as its type parses as its name does, equals the
    /// name, is set only for the two accessory fields and a name, and the
    /// last of a type and a value set for a field wins.
    @Test func accessoryTypeReadFromBytesActsAsItsName() throws {
        func typed(_ field: RowDataFields.Field, _ name: String, into f: inout RowDataFields) -> Bool {
            var name = name
            return name.withUTF8 { f.set(field, toTypeNamed: $0) }
        }
        for t in AccessoryType.allCases {
            var typedFields = RowDataFields()
            #expect(typed(.accessory, t.rawValue, into: &typedFields))
            #expect(typed(.editingAccessory, t.rawValue, into: &typedFields))
            var named = RowDataFields()
            named.set(.accessory, to: .string(t.rawValue))
            named.set(.editingAccessory, to: .string(t.rawValue))
            #expect(typedFields == named)
            #expect(typedFields.accessory == nil && typedFields.accessoryType == t)
            let data = try RowData.parse(typedFields)
            #expect(data.accessory == .type(t) && data.editingAccessory == .type(t))
        }
        var f = RowDataFields()
        #expect(!typed(.text, "checkmark", into: &f) && f.text == nil)
        #expect(!typed(.accessory, "checkMark", into: &f) && f.accessoryType == nil)
        #expect(typed(.accessory, "checkmark", into: &f))
        f.set(.accessory, to: .int(7))
        #expect(throws: RowDataError.self) { try RowData.parse(f) }
        #expect(typed(.accessory, "checkmark", into: &f))
        #expect(try RowData.parse(f).accessory == .type(.checkmark))
        #expect(f != RowDataFields())
    }
}
