import Testing
@testable import CellarText

@Suite struct WidthTests {
    @Test func asciiAndHangul() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("한글") == 4)
        #expect(DisplayWidth.of("표 보기: 셀") == 11)
        #expect(DisplayWidth.of(String(repeating: "x", count: 1000)) == 1000)
    }

    @Test func eastAsianWideAndFullwidth() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("ＡＢ") == 4)  // fullwidth forms
        #expect(DisplayWidth.of("ｶﾅ") == 2)    // halfwidth katakana
    }

    @Test func ambiguousIsNarrowUnlessAsked() {
        for s in ["±", "°", "α", "Ж", "①", "…"] {
            #expect(DisplayWidth.of(s) == 1, "\(s)")
            #expect(DisplayWidth.of(s, ambiguousWide: true) == 2, "\(s)")
        }
        #expect(DisplayWidth.of("abc", ambiguousWide: true) == 3)
    }

    @Test func zeroWidth() {
        #expect(DisplayWidth.of("e\u{301}") == 1)          // combining acute
        #expect(DisplayWidth.of("a\u{200B}b") == 2)        // zero width space
        #expect(DisplayWidth.of("\u{FE0F}") == 0)
        #expect(DisplayWidth.of("\u{200D}") == 0)
    }

    @Test func emojiClustersAreTwoColumns() {
        let clusters = [
            "😀",                                  // emoji presentation
            "☺\u{FE0F}",                           // text emoji + VS16
            "👩\u{200D}🔬",                         // ZWJ sequence
            "👨\u{200D}👩\u{200D}👧\u{200D}👦",      // family
            "👍\u{1F3FD}",                          // skin tone
            "🇰🇷",                                 // flag
            "#\u{FE0F}\u{20E3}",                   // keycap
            "🏳\u{FE0F}\u{200D}🌈",                 // rainbow flag
        ]
        for c in clusters {
            #expect(DisplayWidth.of(c) == 2, "\(c.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(DisplayWidth.of(Character(c)) == 2)
            #expect(Self.clusters(c).count == 1, "one cluster: \(c)")
        }
        #expect(DisplayWidth.of("☺") == 1)   // text presentation without VS16
        #expect(DisplayWidth.of("🇰🇷🇯🇵") == 4)
    }

    @Test func conjoiningJamoFormOneCluster() {
        let syllable = "\u{1112}\u{1161}\u{11AB}"  // ᄒ ᅡ ᆫ = 한
        #expect(DisplayWidth.of(syllable) == 2)
        #expect(Self.clusters(syllable).count == 1)
        #expect(Self.clusters(syllable + "\u{1100}\u{1173}\u{11AF}").count == 2)
        #expect(DisplayWidth.of(syllable + "\u{1100}\u{1173}\u{11AF}") == 4)
    }

    @Test func segmentationMatchesSwiftForCommonText() {
        let samples = ["héllo wörld", "한국어 텍스트", "👩‍🔬 and 🇰🇷!", "e\u{301}\u{302}x", "\r\nab", "नमस्ते", "क्षि"]
        for s in samples {
            #expect(Self.clusters(s) == s.map { String($0) }, "\(s)")
        }
    }

    @Test func controlsCountZeroAndAreNotSplitFromCRLF() {
        #expect(DisplayWidth.of("a\tb") == 2)
        #expect(Self.clusters("a\r\nb") == ["a", "\r\n", "b"])
    }

    @Test func unicodeVersionIsNamed() {
        #expect(DisplayWidth.unicodeVersion == "17.0.0")
    }

    static func clusters(_ s: String) -> [String] {
        var copy = s
        return copy.withUTF8 { p in
            var scanner = GraphemeScanner(p)
            var out: [String] = []
            while let c = scanner.next() {
                out.append(String(decoding: UnsafeBufferPointer(rebasing: p[c.start..<c.end]), as: UTF8.self))
            }
            return out
        }
    }
}
