import Cellar
import Testing

@testable import CellarDocuments

/// The load's scan passes text eight bytes at a time and checks its UTF-8
/// on the way instead of in a pass of its own: a byte it must stop at, at
/// every place of a word and at the end of the file, gives the same
/// located error (or the same text) as before, and invalid UTF-8 anywhere
/// still wins over an earlier error of another kind.
@Suite struct ScanFastPathTests {
    func message(_ bytes: [UInt8], _ format: InputFormat) -> String {
        do {
            let doc = try StreamedDocument.load(
                DocumentInput(path: "t.\(format.rawValue)", bytes: bytes, format: format), options: TableOptions())
            return ((try? doc.row(0))?["text"]?.stringValue).map { "ok " + $0 } ?? "ok"
        } catch { return "\(error)" }
    }

    /// Each byte, at each place in a row's text: (bytes, the message with `COLUMN` for the byte's column, or nil when it is text).
    static let pieces: [([UInt8], String?)] = [
        ([0x01], "malformed JSON: control character inside a string (escape it)"),
        ([0x1F], "malformed JSON: control character inside a string (escape it)"),
        ([0x0A], "malformed JSON: line break inside a string"),
        ([0xFF], "invalid UTF-8"), ([0x80], "invalid UTF-8"), ([0xC3, 0x28], "invalid UTF-8"),
        ([0xED, 0xBF, 0xBF], "invalid UTF-8"),
        (Array(#"\x"#.utf8), #"malformed JSON: invalid escape '\x'"#),
        ([0x7F], nil), (Array("한".utf8), nil), (Array("🍎".utf8), nil), (Array(#"\""#.utf8), nil),
    ]

    @Test func jsonTextStopsAtEveryPlace() {
        for format in [InputFormat.jsonl, .json] {
            let open = format == .json ? #"{"sections": [{"rows": [{"text": ""# : #"{"text": ""#
            let close = format == .json ? #""}]}]}"# : #""}"#
            for before in 0...17 {
                for (piece, expected) in Self.pieces {
                    for after in [0, 1, 9] {
                        let text = String(repeating: "a", count: before)
                        let bytes =
                            Array((open + text).utf8) + piece + Array(String(repeating: "b", count: after).utf8)
                            + Array(close.utf8)
                        let column = open.count + before + 1
                        let want: String
                        if let expected {
                            want = "t.\(format.rawValue):1:\(column): \(expected)"
                        } else {
                            let decoded = piece == Array(#"\""#.utf8) ? "\"" : String(decoding: piece, as: UTF8.self)
                            want = "ok " + text + decoded + String(repeating: "b", count: after)
                        }
                        #expect(message(bytes, format) == want, "\(format) \(before) \(piece) \(after)")
                    }
                }
            }
        }
    }

    /// A string cut off by the end of the file, at every length, and the last byte of the file invalid.
    @Test func jsonTextAtTheEndOfTheFile() {
        for length in 0...17 {
            let text = Array(#"{"text": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(message(text, .jsonl) == "t.jsonl:1:10: malformed JSON: unterminated string", "\(length)")
            #expect(message(text + [0xE4], .jsonl) == "t.jsonl:1:\(11 + length): invalid UTF-8", "\(length)")
            #expect(message(text + [0xE4, 0xB8], .jsonl) == "t.jsonl:1:\(11 + length): invalid UTF-8", "\(length)")
        }
    }

    /// The UTF-8 is as if checked first: an invalid byte after a syntax error, or outside any string, is the error.
    @Test func invalidUTF8WinsOverEarlierErrors() {
        let cases: [([UInt8], InputFormat, String)] = [
            (
                Array("{\"text\": 1,}\n{\"text\": \"".utf8) + [0xFF] + Array("\"}".utf8), .jsonl,
                "t.jsonl:2:11: invalid UTF-8"
            ),
            (Array("{\"text\": \"a\"} ".utf8) + [0xC3], .jsonl, "t.jsonl:1:15: invalid UTF-8"),
            (Array("{\"te".utf8) + [0xFF] + Array("xt\": \"a\"}".utf8), .jsonl, "t.jsonl:1:5: invalid UTF-8"),
            (
                Array("{\"text\": [1, 2,]}\n{\"x\": \"".utf8) + [0x80] + Array("\"}".utf8), .jsonl,
                "t.jsonl:2:8: invalid UTF-8"
            ),
            (Array("text\n\"a\nb\n".utf8) + [0xFE], .csv, "t.csv:4:1: invalid UTF-8"),
            (Array("te".utf8) + [0xFF] + Array("xt\na\n".utf8), .csv, "t.csv:1:3: invalid UTF-8"),
        ]
        for (bytes, format, expected) in cases {
            #expect(message(bytes, format) == expected, "\(bytes)")
        }
    }

    /// CSV and TSV fields, quoted and not, with each byte at each place.
    @Test func delimitedFieldsStopAtEveryPlace() {
        let pieces: [([UInt8], String?, String?)] = [
            // (piece, unquoted CSV message, quoted CSV message); nil: the field reads as text.
            ([0x00], "a NUL byte (U+0000) is not text", "a NUL byte (U+0000) is not text"),
            ([0xFF], "invalid UTF-8", "invalid UTF-8"), ([0xC3, 0x28], "invalid UTF-8", "invalid UTF-8"),
            (
                [0x22], "a quote inside an unquoted field (quote the whole field and double the quote: \"\")",
                nil
            ),
            (
                [0x0D],
                "a line ends in a lone CR (an old Mac line end): save the file with LF or CR LF line ends, or quote the field",
                nil
            ),
            ([0x01], nil, nil), ([0x0B], nil, nil), ([0x0C], nil, nil), (Array("한".utf8), nil, nil),
            (Array("🍎".utf8), nil, nil),
        ]
        for before in 0...17 {
            for (piece, unquoted, quoted) in pieces {
                let text = Array(String(repeating: "a", count: before).utf8)
                let plain = Array("text,x\n".utf8) + text + piece + Array("b,1\n".utf8)
                let want =
                    unquoted.map { "t.csv:2:\(before + 1): \($0)" } ?? "ok "
                    + String(decoding: text + piece + [0x62], as: UTF8.self)
                // A quote first makes the field a quoted one.
                if before > 0 || piece != [0x22] {
                    #expect(message(plain, .csv) == want, "unquoted \(before) \(piece)")
                }
                if piece != [0x22] {
                    let tsv = Array("text\tx\n".utf8) + text + piece + Array("b\t1\n".utf8)
                    #expect(message(tsv, .tsv) == want.replacingOccurrences("t.csv", "t.tsv"), "tsv \(before) \(piece)")
                }
                let inQuotes =
                    Array("text,x\n\"".utf8) + text + (piece == [0x22] ? [0x22, 0x22] : piece) + Array("b\",1\n".utf8)
                let quotedWant =
                    quoted.map { "t.csv:2:\(before + 2): \($0)" }
                    ?? "ok " + String(decoding: text + piece + [0x62], as: UTF8.self)
                #expect(message(inQuotes, .csv) == quotedWant, "quoted \(before) \(piece)")
            }
        }
    }

    /// One quick check reads every section of a table: a row's nested value
    /// (a background, a swipe action) met in one section is not decoded again
    /// in the next, so a table of short sections stays on the quick path.
    @Test func theQuickCheckSpansSections() throws {
        let row = #"{"text": "a", "background": {"color": "tint"}, "trailingSwipeActions": [{"title": "Delete"}]}"#
        let section = #"{"header": "H", "rows": [\#(row), \#(row)]}"#
        let json = #"{"sections": [\#(Array(repeating: section, count: 5).joined(separator: ", "))]}"#
        for format in [InputFormat.json, .yaml] {
            let doc = try StreamedDocument.load(
                DocumentInput(path: "t.\(format.rawValue)", bytes: Array(json.utf8), format: format),
                options: TableOptions())
            #expect(doc.rowCount == 10 && doc.sections.count == 5)
            #expect(doc.quickCheckDecodedValues == (Accelerators.enabled ? 2 : 0), "\(format)")
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ a: String, _ b: String) -> String { replacing(a, with: b) }
}
