import Testing

@testable import CellarDocuments

/// A CSV record is read into the fields array the reader keeps from record
/// to record, written in place: records wider and narrower than the one
/// before give exactly their own fields, and an error is the same wherever
/// in the record it stands.
@Suite struct DelimitedRecordsTests {
    static let records: [(text: String, fields: [String])] = [
        ("a,b,c", ["a", "b", "c"]),
        ("one", ["one"]),
        ("1,2,3,4,5,6,7,8,9,10", ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]),
        (",,", ["", "", ""]),
        ("\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"", ["x, y", "say \"\"hi\"\"", "two\nlines"]),
        ("한글,🍊,end\r", ["한글", "🍊", "end"]),
        ("p,q", ["p", "q"]),
        (String(repeating: "w,", count: 40) + "w", Array(repeating: "w", count: 41)),
        ("last", ["last"]),
    ]

    @Test func eachRecordGetsItsOwnFields() throws {
        let text = Self.records.map(\.text).joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let records = DelimitedRecords(buffer, format: .csv)
            var kept: [DelimitedRecords.Field] = []
            var start = 0
            for (i, expected) in Self.records.enumerated() {
                let next = try records.record(at: start, into: &kept)
                let read = kept.map { String(decoding: buffer[$0.range], as: UTF8.self) }
                #expect(read == expected.fields, "record \(i)")
                // The same record read into an array of its own ends at the same place.
                var own: [DelimitedRecords.Field] = []
                #expect(try records.record(at: start, into: &own) == next, "record \(i)")
                #expect(own.map(\.range) == kept.map(\.range), "record \(i)")
                start = next
            }
            #expect(start == buffer.count)
        }
    }

    /// Where reading the record after `before` fails, the fields array kept from `before` or not.
    static func errorOffset(_ bytes: [UInt8], before: Bool, reuse: Bool) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            let records = DelimitedRecords(buffer, format: .csv)
            var fields: [DelimitedRecords.Field] = []
            var start = 0
            if before {
                guard let next = try? records.record(at: 0, into: &fields) else { return -1 }
                start = next
            }
            if !reuse { fields = [] }
            do {
                _ = try records.record(at: start, into: &fields)
                return nil
            } catch {
                return (error as? ByteError)?.offset ?? -2
            }
        }
    }

    @Test func anErrorIsTheSameAfterAWideOrNarrowRecord() {
        let bad = ["a,b\"c", "\"open", "\"q\"x,y", "a,b,c,d,e,f,g,\u{0}"]
        for before in ["", "1,2,3,4,5,6,7,8,9,10\n", "1\n"] {
            for line in bad {
                let bytes = Array((before + line + "\n").utf8)
                let kept = Self.errorOffset(bytes, before: !before.isEmpty, reuse: true)
                let own = Self.errorOffset(bytes, before: !before.isEmpty, reuse: false)
                #expect((kept ?? -1) >= 0 && kept == own, "\(before)\(line)")
            }
        }
    }
}
