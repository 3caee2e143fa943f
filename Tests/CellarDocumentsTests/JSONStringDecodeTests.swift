import Foundation
import Testing

@testable import CellarDocuments

/// JSON strings with escapes (as `json.dumps` writes any text outside
/// ASCII) decode to the text Foundation's reader gives, checked or not,
/// and a broken `\u` escape is refused where its first non-digit stands.
@Suite struct JSONStringDecodeTests {
    static let strings = [
        #"plain"#, #"Row 0 \ud55c\uae00"#, #"\ud83c\udf4a"#, #"a\u00e9b\u00E9c"#, #"\u0041\u007f\u0080\u07FF\u0800"#,
        #"\uffff\uFFFD\u2028"#, #"\uD83D\uDE00 \udbff\udfff end"#, #"tab\there\nnew\r\b\f\/\\\""#,
        #"\"quoted\" and \\ back"#, #"\u0000\u001f"#, #"emoji 🍊 raw, \ud83c\udf4e escaped"#,
        #"long run before the escape, well past one word \u00e9"#, #"\u00e9"#, #"x\\u0041"#,
    ]

    @Test func escapesDecodeAsFoundationReadsThem() throws {
        for s in Self.strings {
            let json = "\"" + s + "\""
            let expected = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String)
            let bytes = Array(json.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for accelerated in [true, false] {
                    var j = JSONBytes(buffer, accelerated: accelerated)
                    let checked = try? j.string()
                    #expect(checked.map { j.decode($0) } == expected, "\(s)")
                    var c = JSONBytes(buffer, accelerated: accelerated)
                    let token = try? c.string(checked: true)
                    #expect(token.map { c.decode($0) } == expected, "\(s)")
                }
            }
        }
    }

    @Test func aBrokenEscapeIsRefusedAtItsFirstNonDigit() {
        for (s, offset) in [
            (#"ab\u12G4"#, 7), (#"\u"#, 3), (#"\u00"#, 5), (#"\uD83C"#, 1), (#"\uDF4A"#, 1), (#"x\uD83C\u0041"#, 2),
        ] {
            let bytes = Array(("\"" + s + "\"").utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var j = JSONBytes(buffer)
                do {
                    _ = try j.string()
                    Issue.record("accepted \(s)")
                } catch {
                    #expect((error as? ByteError)?.offset == offset, "\(s): \(error)")
                }
            }
        }
    }
}
