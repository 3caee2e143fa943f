import CellarText
import Testing

@testable import CellarDocuments

/// The word-at-a-time scanner against a byte-by-byte reference built on
/// the standard library's UTF-8 decoder: each special byte at every place
/// of an 8-byte word (and of the 16 bytes the UTF-8 check passes at once),
/// after text of every width, and at the end of the bytes.
@Suite struct WordScannerTests {
    /// The length of the valid UTF-8 sequence at `i`, or 0, by the standard library.
    static func referenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var it = bytes[i...].makeIterator()
        switch parser.parseScalar(from: &it) {
        case .valid(let s): return s.count
        default: return 0
        }
    }

    static func referenceFirstInvalid(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let n = referenceLength(bytes, at: i)
            if n == 0 { return i }
            i += n
        }
        return nil
    }

    static func referenceRun(_ bytes: [UInt8], from start: Int, _ a: UInt8, _ b: UInt8, below: UInt8) -> Int {
        var i = start
        while i < bytes.count {
            let c = bytes[i]
            if c == a || c == b || c < below { return i }
            let n = referenceLength(bytes, at: i)
            if n == 0 { return i }
            i += n
        }
        return bytes.count
    }

    /// Bytes a scan stops at, and bytes next to them that it must pass.
    static let stops: [[UInt8]] = [
        [0x22], [0x5C], [0x00], [0x0A], [0x1F], [0x2C], [0x09],  // quote, backslash, controls, comma, tab
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1], [0xF5], [0xFF],  // never valid
        // Overlong, a surrogate, past U+10FFFF, cut short.
        [0xE0, 0x9F, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE4, 0x28],
    ]
    static let passes: [[UInt8]] = [
        [0x20], [0x21], [0x23], [0x5B], [0x5D], [0x7F], [0x0B], [0x0D],
        Array("é".utf8), Array("한".utf8), Array("🍎".utf8), [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
        // Runs of three-byte scalars (`threeByteRun`): U+1100, kana, CJK, Hangul, U+D7FF, and leads it leaves to
        // the byte loop (U+0800, U+2028, U+E000).
        Array("ᄀア中가한".utf8), [0xED, 0x9F, 0xBF], Array("\u{800}\u{2028}\u{E000}한".utf8),
    ]

    @Test func runStopsWhereTheReferenceDoes() {
        let sets: [(UInt8, UInt8, UInt8)] = [
            (0x22, 0x5C, 0x20), (0x2C, 0x22, 0x0B), (0x09, 0x09, 0x0B), (0x22, 0x22, 1),
        ]
        for (a, b, below) in sets {
            for length in 0...20 {
                for fill in Self.passes {
                    let prefix = (0..<length).flatMap { _ in fill }
                    for piece in Self.stops + Self.passes {
                        // The piece at the end, and followed by more text (so word reads reach past it).
                        for suffix in [[], Array("abcdefghijklmnopq".utf8)] {
                            let bytes = prefix + piece + suffix
                            let got = bytes.withUnsafeBufferPointer {
                                WordScanner($0).run(from: 0, to: a, b, below: below)
                            }
                            let expected = Self.referenceRun(bytes, from: 0, a, b, below: below)
                            #expect(got == expected, "\(bytes) stops \(a) \(b) below \(below)")
                        }
                    }
                }
            }
        }
    }

    /// `find` stops at the first of its two bytes only, at every place of a word, passing anything else, and
    /// never at or past its end (one that is not found before the end gives the end, both ways).
    @Test func findStopsAtTheFirstOfItsTwoBytesBeforeItsEnd() {
        for (a, b) in [(UInt8(0x22), UInt8(0x5C)), (0x2C, 0x2C), (0x00, 0xFF)] {
            for length in 0...11 {
                for fill in Self.passes + Self.stops where !fill.contains(a) && !fill.contains(b) {
                    let prefix = (0..<length).flatMap { _ in fill }
                    for piece in Self.stops + Self.passes {
                        for suffix in [[], Array("abcdefghijklmnopq".utf8), [a, b, 0x80]] {
                            let bytes = prefix + piece + suffix
                            for end in [bytes.count, prefix.count + piece.count, bytes.count + 3] {
                                for words in [true, false] {
                                    let got = bytes.withUnsafeBufferPointer {
                                        WordScanner($0, words: words).find(from: 0, before: end, a, b)
                                    }
                                    let limit = min(end, bytes.count)
                                    let expected = bytes[..<limit].firstIndex { $0 == a || $0 == b } ?? limit
                                    #expect(got == expected, "\(bytes) finds \(a) \(b) before \(end)")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func firstInvalidUTF8AgreesWithTheStandardLibrary() {
        for length in 0...40 {
            for piece in Self.stops + Self.passes {
                for ascii in [UInt8(ascii: "a"), 0x7F] {
                    let bytes = [UInt8](repeating: ascii, count: length) + piece + [UInt8](repeating: ascii, count: 9)
                    let got = bytes.withUnsafeBufferPointer { WordScanner($0).firstInvalidUTF8() }
                    #expect(got == Self.referenceFirstInvalid(bytes), "\(bytes)")
                    let cut = Array(bytes.prefix(length + piece.count - 1))
                    let gotCut = cut.withUnsafeBufferPointer { WordScanner($0).firstInvalidUTF8() }
                    #expect(gotCut == Self.referenceFirstInvalid(cut), "\(cut)")
                }
            }
        }
        for bytes in Self.randomBytes(seed: 0x9E37_79B9_7F4A_7C15, count: 20000) {
            let got = bytes.withUnsafeBufferPointer { WordScanner($0).firstInvalidUTF8() }
            #expect(got == Self.referenceFirstInvalid(bytes), "\(bytes)")
        }
    }

    /// Random bytes (up to 63), mostly the high ones UTF-8 is made of.
    static func randomBytes(seed: UInt64, count: Int) -> [[UInt8]] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 58)
            let bytes: [UInt8] = (0..<length).map { k in
                let r = UInt8(truncatingIfNeeded: state >> UInt64((k % 7) * 8))
                return k % 3 == 0 ? r : (r | 0x80) & (k % 2 == 0 ? 0xBF : 0xFF)
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return bytes
        }
    }

    /// `asciiIfValid` (a string's check before it is copied unchecked): nil
    /// exactly where the reference finds invalid UTF-8, else whether every
    /// byte is ASCII; each piece at every place of the words it reads, the
    /// last of them read where the bytes end, and cut short at the end.
    @Test func asciiIfValidAgreesWithTheStandardLibrary() {
        func expected(_ bytes: [UInt8]) -> Bool? {
            Self.referenceFirstInvalid(bytes) == nil ? bytes.allSatisfy { $0 < 0x80 } : nil
        }
        for before in 0...17 {
            for after in 0...9 {
                for piece in Self.stops + Self.passes + [[]] {
                    let bytes =
                        [UInt8](repeating: UInt8(ascii: "a"), count: before) + piece
                        + [UInt8](repeating: UInt8(ascii: "z"), count: after)
                    let got = bytes.withUnsafeBufferPointer { WordScanner($0).asciiIfValid() }
                    #expect(got == expected(bytes), "\(bytes)")
                    let cut = Array(bytes.prefix(before + max(0, piece.count - 1)))
                    let gotCut = cut.withUnsafeBufferPointer { WordScanner($0).asciiIfValid() }
                    #expect(gotCut == expected(cut), "\(cut)")
                }
            }
        }
        for bytes in Self.randomBytes(seed: 0x2545_F491_4F6C_DD1D, count: 20000) {
            let got = bytes.withUnsafeBufferPointer { WordScanner($0).asciiIfValid() }
            #expect(got == expected(bytes), "\(bytes)")
        }
    }
}

/// Text a scan has checked is copied into a `String` without checking it
/// again: the same string as the standard library's checking decoder makes,
/// down to what its ASCII flag steers (the count of characters, the UTF-16
/// view), for short strings (stored inline) and long ones, at every offset.
@Suite struct CheckedTextStringTests {
    /// Bytes that changed after their check (a file rewritten in place while
    /// mapped) are never a `String` of invalid UTF-8: only ASCII skips the check.
    @Test func textThatIsNoLongerValidIsRepairedNotTrusted() {
        let cases: [[UInt8]] = [
            [0xEA, 0xB0], Array("Row 12 ".utf8) + [0xFF], [0xC3] + Array("abcdefghijklmnop".utf8),
            Array("0123456789abcdef".utf8) + [0xF0, 0x9F, 0x8D],
            [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80],
        ]
        for bytes in cases {
            bytes.withUnsafeBufferPointer { buffer in
                for words in [true, false] {
                    let got = WordScanner(buffer, words: words).string(0..<bytes.count)
                    #expect(got == String(decoding: bytes, as: UTF8.self), "\(bytes)")
                    #expect(got.unicodeScalars.contains("\u{FFFD}"), "\(bytes)")
                }
            }
        }
    }

    @Test func checkedTextMakesTheSameStringAsDecoding() {
        let pieces = ["a", "Row 12 ", "한", "🍎", "é", "e\u{301}", "🇰🇷", "\u{7F}", "~"]
        var texts: [String] = [""]
        for length in 1...40 {
            for (k, piece) in pieces.enumerated() {
                // A run of one piece, or ASCII with one other piece at the end or in the middle.
                texts.append(String(repeating: piece, count: length))
                let ascii = String(repeating: "x", count: length)
                texts.append(ascii + pieces[(k + 2) % pieces.count])
                texts.append(String(ascii.prefix(length / 2)) + piece + String(ascii.dropFirst(length / 2)))
            }
        }
        for text in texts {
            for offset in [0, 3] {
                let bytes = [UInt8](repeating: 0x20, count: offset) + Array(text.utf8) + Array(" tail".utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    let range = offset..<(offset + text.utf8.count)
                    for words in [true, false] {
                        let got = WordScanner(buffer, words: words).string(range)
                        #expect(got == text && got.count == text.count, "\(text)")
                        #expect(got.utf16.count == text.utf16.count, "\(text)")
                        #expect(got.utf16.elementsEqual(text.utf16) && got.utf8.elementsEqual(text.utf8), "\(text)")
                    }
                }
            }
        }
    }
}

extension CheckedTextStringTests {
    /// `measuredString` (a label's text): the string `string` makes, with its plain columns exactly where
    /// the text is valid UTF-8 and `PlainLines.plainColumns` measures it (words on; off, none), over texts
    /// of every plain piece and of pieces that stop it, and random bytes mostly invalid.
    @Test func aMeasuredStringIsTheStringAndItsPlainColumns() {
        let pieces = [
            "a", "Row 12 ", "한", "가나다", "漢字", "🍎", "✈\u{FE0F}", "é", "e\u{301}", "🇰🇷", "\u{7F}", "\t", "±", "\u{200B}",
        ]
        var rng = MixedRandom(state: 0x5DEE_CE66)
        var inputs: [[UInt8]] = WordScannerTests.randomBytes(seed: 0x27BB_2EE6_87B0_B0FD, count: 20000)
        for _ in 0..<20000 {
            inputs.append(Array((0..<rng.below(8)).map { _ in pieces[rng.below(pieces.count)] }.joined().utf8))
        }
        // Plain text around each piece that stops a scan, and bytes that decode to a plain scalar's bits but are
        // not UTF-8 (a lead past 0xF4, overlong forms of 🍎 and 한, a Hangul lead before a byte that continues none).
        let notUTF8: [[UInt8]] = [
            [0xF8, 0x9F, 0x8D, 0x8E], [0xF0, 0x80, 0x9F, 0x8D, 0x8E], [0xE0, 0x80, 0xA1], [0xED, 0x95, 0x9C],
            [0xEA, 0xB0, 0x20], [0xEA, 0x30, 0x80], [0xC1, 0xA1],
        ]
        for piece in WordScannerTests.stops + WordScannerTests.passes + notUTF8 {
            for before in ["", "Row 12 한글 ", "가"] {
                inputs.append(Array(before.utf8) + piece + Array(" x".utf8))
                inputs.append(Array(before.utf8) + piece)
            }
        }
        var measured = 0
        for bytes in inputs {
            let padded = [0x20] + bytes + Array(" tail".utf8)
            padded.withUnsafeBufferPointer { buffer in
                let range = 1..<(1 + bytes.count)
                let valid = String(validating: bytes, as: UTF8.self)
                for words in [true, false] {
                    let got = WordScanner(buffer, words: words).measuredString(range)
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(got.text == text && got.text.utf16.count == text.utf16.count, "\(bytes)")
                    let plain = valid.flatMap { Array($0.utf8).withUnsafeBufferPointer { PlainLines.plainColumns($0) } }
                    let columns = words ? plain : nil
                    #expect(got.columns == columns, "\(bytes) \(words)")
                    if got.columns != nil { measured += 1 }
                }
            }
        }
        #expect(measured > 5000)
    }

    struct MixedRandom {
        var state: UInt64
        mutating func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }
}

/// A string of a row the load has checked is passed without checking it
/// again (`JSONBytes.string(checked: true)`): the same token, and the same place
/// after it, as the checking `string()` gives, escapes and all.
@Suite struct CheckedStringTests {
    @Test func checkedStringsAreTheStringsTokens() throws {
        let texts = [
            #""""#, #""a""#, #""Row 12 한글""#, #""detail 84 가나다 and more than eight""#, #""🍎""#,
            #""a\"b""#, #""\\""#, #""x\\\"y""#, #""\u0041\u00e9 \uD83C\uDF4E""#, #""tab\tnew\nline\/""#,
            #""\"""#, #""ends in an escaped backslash \\""#, #""quote at 8: 1234567\"9""#,
        ]
        for text in texts {
            for padding in 0..<9 {
                // Text after the string, so word reads reach past its closing quote.
                let bytes = Array((String(repeating: " ", count: padding) + text + ", \"next\": 1}").utf8)
                try bytes.withUnsafeBufferPointer { buffer in
                    var checking = JSONBytes(buffer, at: padding)
                    var checked = JSONBytes(buffer, at: padding)
                    let expected = try checking.string()
                    let got = try checked.string(checked: true)
                    #expect(got.range == expected.range && got.escaped == expected.escaped, "\(text)")
                    #expect(checked.pos == checking.pos, "\(text)")
                    #expect(checked.decode(got) == checking.decode(expected), "\(text)")
                }
            }
        }
    }

    @Test func anUnterminatedStringFails() {
        let bytes = Array(#"  "no end \" here"#.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var j = JSONBytes(buffer, at: 2)
            #expect(throws: ByteError.self) { try j.string(checked: true) }
        }
    }
}
