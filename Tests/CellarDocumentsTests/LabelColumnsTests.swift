import CellarText
import Testing

@testable import Cellar
@testable import CellarDocuments

/// A JSON row's labels read for a built-in style carry their plain columns (`MeasuredLabels.Known`), found in
/// the pass that checks their UTF-8: exactly `PlainLines.plainColumns` of the text where it was written with no
/// escape, none where it was; the same fields and the same place after the row as with the accelerators off.
@Suite struct LabelColumnsTests {
    static let pieces = [
        "a", "Row 12 ", "한", "가나다", "漢字", "🍎", "✈\u{FE0F}", "é", "e\u{301}", "🇰🇷", "\u{7F}", "±", "\u{200B}",
        "\"", "\\", "\n", "\t", "/", "",
    ]

    @Test func labelsCarryTheirPlainColumnsWhereWrittenWithNoEscape() throws {
        let registry = try StreamedDifferentialTests.registry()
        var rng = CheckedTextStringTests.MixedRandom(state: 0xC0FF_EE00)
        var noted = 0
        for _ in 0..<4000 {
            let texts = (0..<2).map { _ in
                (0..<rng.below(6)).map { _ in Self.pieces[rng.below(Self.pieces.count)] }.joined()
            }
            let escapeAll = rng.below(4) == 0
            let json =
                #"{"cell": "value1", "text": "# + DocumentWriting.quoted(texts[0], escapeAll: escapeAll)
                + #", "secondaryText": "#
                + DocumentWriting.quoted(texts[1], escapeAll: false) + #", "accessory": "none"}"# + "\n"
            try Array(json.utf8).withUnsafeBufferPointer { buffer in
                var reads: [(row: JSONBytes.BuiltinRow, end: Int)] = []
                for accelerated in [false, true] {
                    var builtins = BuiltinIdentifiers(registry, defaultCell: "default")
                    var j = JSONBytes(buffer, at: 0, accelerated: accelerated)
                    var row = JSONBytes.BuiltinRow()
                    let drawn = try j.builtinRow(&builtins, into: &row)
                    #expect(drawn)
                    reads.append((row, j.pos))
                }
                let (plain, fast) = (reads[0], reads[1])
                #expect(plain.row.fields == fast.row.fields && plain.end == fast.end, "\(json)")
                #expect(fast.row.fields.text == .string(texts[0]) && fast.row.fields.secondaryText == .string(texts[1]))
                // Asked of the strings read: a long string's identity is its storage.
                func read(_ v: Value?) -> String { if case .string(let s) = v { s } else { "" } }
                let fastTexts = [read(fast.row.fields.text), read(fast.row.fields.secondaryText)]
                let plainTexts = [read(plain.row.fields.text), read(plain.row.fields.secondaryText)]
                for (k, text) in texts.enumerated() {
                    let escaped = DocumentWriting.quoted(text, escapeAll: k == 0 && escapeAll).contains("\\")
                    let expected =
                        escaped ? nil : Array(text.utf8).withUnsafeBufferPointer { PlainLines.plainColumns($0) }
                    #expect(fast.row.known.plainColumns(of: fastTexts[k]) == expected, "\(json) \(k)")
                    #expect(plain.row.known.plainColumns(of: plainTexts[k]) == nil)
                    if expected != nil { noted += 1 }
                }
            }
        }
        #expect(noted > 2000)
    }
}
