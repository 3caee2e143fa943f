import Testing

@testable import CellarTerminal

@Suite struct KeyDecoderTests {
    /// Feeds `bytes` in the given pieces and returns every key decoded.
    private func decode(_ bytes: [UInt8], splitAt cuts: [Int]) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            keys += decoder.feed(bytes[start..<cut])
            start = cut
        }
        return keys + decoder.flushPending()
    }

    private let sample: [UInt8] = Array(
        "j\u{1B}[B\u{1B}[6~\u{1B}[<0;12;5M\u{1B}OH한\r\u{1B}[O\u{1B}[<65;1;1M\u{1B}[Iq".utf8)
    private let expected: [Key] = [
        .character("j"), .down, .pageDown, .mouse(MouseEvent(kind: .press(button: 0), x: 11, y: 4)), .home,
        .character("한"), .enter, .focusOut, .mouse(MouseEvent(kind: .wheelDown, x: 0, y: 0)), .focusIn,
        .character("q"),
    ]

    @Test func wholeStream() {
        #expect(decode(sample, splitAt: []) == expected)
    }

    @Test func everySingleSplitGivesTheSameKeys() {
        for cut in 0...sample.count {
            #expect(decode(sample, splitAt: [cut]) == expected, "split at byte \(cut)")
        }
    }

    @Test func byteByByte() {
        #expect(decode(sample, splitAt: Array(0...sample.count)) == expected)
    }

    @Test func loneEscapeWaitsThenIsEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test func escapeSplitFromItsSequenceIsStillTheSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[A".utf8)) == [.up])
    }

    @Test func controlKeysAndReleases() {
        #expect(decode([0x03, 0x1A, 0x09, 0x7F], splitAt: []) == [.control("c"), .control("z"), .tab, .backspace])
        #expect(
            decode(Array("\u{1B}[<0;3;4m".utf8), splitAt: [5]) == [
                .mouse(MouseEvent(kind: .release(button: 0), x: 2, y: 3))
            ])
    }

    @Test func invalidUTF8AndC1ControlsAreNoText() {
        #expect(decode([0xFF, 0xC2, 0x9B, 0x61], splitAt: []) == [.unknown, .unknown, .character("a")])
    }

    @Test func endlessSequenceIsDroppedNotKeptForever() {
        var decoder = KeyDecoder()
        _ = decoder.feed(Array("\u{1B}[".utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: 100))
        #expect(!decoder.hasPending)
    }
}
