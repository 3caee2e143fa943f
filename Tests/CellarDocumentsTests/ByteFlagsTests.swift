import Testing

@testable import CellarDocuments

/// The word-at-a-time byte tests (`ByteFlags`) against a byte loop, with
/// every special byte at every place of a word after every kind of byte,
/// and JSON strings written with them read back to the same text.
@Suite struct ByteFlagsTests {
    static let specials: [UInt8] = [
        0x00, 0x09, 0x0A, 0x1F, 0x20, 0x22, 0x23, 0x2C, 0x3A, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D, 0x7E, 0x7F, 0x80, 0xC2,
        0xFF,
    ]
    static let fillers: [UInt8] = [0x00, 0x1F, 0x21, 0x41, 0x7E, 0x7F, 0x80, 0xFF]

    /// The first offset from 0 the flags name, by `firstFlagged` and by a byte loop (a word, then its tail bytes).
    static func compare(_ bytes: [UInt8], _ flags: (UInt64) -> UInt64, _ named: (UInt8) -> Bool) {
        let expected = bytes.firstIndex(where: named) ?? bytes.count
        let got = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            let i = ByteFlags.firstFlagged(base, from: 0, before: buffer.count, words: true, flags)
            return bytes[i...].firstIndex(where: named) ?? bytes.count
        }
        #expect(got == expected, "\(bytes)")
    }

    @Test func everySpecialByteAtEveryPlace() {
        for filler in Self.fillers {
            for special in Self.specials {
                for place in 0..<12 {
                    var bytes = [UInt8](repeating: filler, count: 12)
                    bytes[place] = special
                    Self.compare(bytes, { ByteFlags.equal($0, 0x3A) }, { $0 == 0x3A })
                    Self.compare(bytes, ByteFlags.control, { $0 < 0x20 })
                    Self.compare(bytes, ByteFlags.controlButLineFeed, { $0 < 0x20 && $0 != 0x0A })
                    Self.compare(bytes, ByteFlags.delOrHigh, { $0 >= 0x7F })
                }
            }
        }
    }

    @Test func jsonStringsReadBack() {
        var rng = LoadIndexHostileTests.Seeded(state: 11)
        let pieces = ["a", "한글", "🍎", "\"", "\\", "\n", "\t", "\u{1}", "\u{7F}", "\u{1F}", " ", "abcdefghij", "\u{85}"]
        for _ in 0..<2000 {
            let text = (0..<rng.below(12)).map { _ in rng.pick(pieces) }.joined()
            for words in [true, false] {
                // The least capacity, so the longer strings cross a growth.
                var out = JSONFormBuffer(capacity: 0)
                JSONText.writeString(text, into: &out, words: words)
                #expect(
                    JSONText.decodeString(Array(out.written.dropFirst().dropLast())) == text, "\(text.debugDescription)"
                )
            }
        }
    }

    /// A short text with bytes of its buffer after it (which are read, not written) is
    /// written as the byte loop writes it, whatever those bytes are.
    @Test func shortStringsReadAsOneWord() {
        var rng = LoadIndexHostileTests.Seeded(state: 5)
        let pieces = ["a", "한", "\"", "\\", "\n", "\u{1}", " ", "xy"]
        let after = ["\"", "\\", "\u{0}", "\n", "zzzzzzzz", "한글🍎"]
        for _ in 0..<2000 {
            let text = Array((0..<rng.below(6)).map { _ in rng.pick(pieces) }.joined().utf8)
            let buffer = text + Array((rng.pick(after) + rng.pick(after)).utf8)
            buffer.withUnsafeBufferPointer { all in
                let mine = UnsafeBufferPointer(rebasing: all[0..<text.count])
                var plain = JSONFormBuffer(capacity: 0)
                JSONText.writeString(mine, into: &plain, words: false)
                var worded = JSONFormBuffer(capacity: 0)
                JSONText.writeString(mine, into: &worded, words: true, readable: all.count - text.count)
                #expect(Array(worded.written) == Array(plain.written), "\(text)")
            }
        }
    }
}
