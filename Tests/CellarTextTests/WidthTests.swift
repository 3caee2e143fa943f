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

    /// The layout engine and a title's line count take a clean text of at most
    /// `width` UTF-8 bytes as fitting `width` columns without measuring it: no clean character
    /// may be wider than its encoding, at either ambiguous width.
    @Test func noCleanCharacterIsWiderThanItsUTF8Bytes() {
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let s = String(Character(scalar))
            guard Sanitizer.isClean(s) else { continue }
            let bytes = s.utf8.count
            let narrow = DisplayWidth.of(s)
            let wide = DisplayWidth.of(s, ambiguousWide: true)
            if narrow > bytes || wide > bytes {
                Issue.record(
                    "U+\(String(v, radix: 16, uppercase: true)) is \(max(narrow, wide)) columns in \(bytes) bytes")
                return
            }
        }
        for s in ["👩‍🔬", "🇰🇷", "1️⃣", "👍🏽", "각", "\u{1100}\u{1161}\u{11A8}", "é", "☺️"] {
            #expect(DisplayWidth.of(s, ambiguousWide: true) <= s.utf8.count, "\(s)")
        }
    }

    @Test func eastAsianWideAndFullwidth() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("ＡＢ") == 4)  // fullwidth forms
        #expect(DisplayWidth.of("ｶﾅ") == 2)  // halfwidth katakana
    }

    @Test func ambiguousIsNarrowUnlessAsked() {
        for s in ["±", "°", "α", "Ж", "①", "…"] {
            #expect(DisplayWidth.of(s) == 1, "\(s)")
            #expect(DisplayWidth.of(s, ambiguousWide: true) == 2, "\(s)")
        }
        #expect(DisplayWidth.of("abc", ambiguousWide: true) == 3)
    }

    @Test func zeroWidth() {
        #expect(DisplayWidth.of("e\u{301}") == 1)  // combining acute
        #expect(DisplayWidth.of("a\u{200B}b") == 2)  // zero width space
        #expect(DisplayWidth.of("\u{FE0F}") == 0)
        #expect(DisplayWidth.of("\u{200D}") == 0)
    }

    @Test func emojiClustersAreTwoColumns() {
        let clusters = [
            "😀",  // emoji presentation
            "☺\u{FE0F}",  // text emoji + VS16
            "👩\u{200D}🔬",  // ZWJ sequence
            "👨\u{200D}👩\u{200D}👧\u{200D}👦",  // family
            "👍\u{1F3FD}",  // skin tone
            "🇰🇷",  // flag
            "#\u{FE0F}\u{20E3}",  // keycap
            "🏳\u{FE0F}\u{200D}🌈",  // rainbow flag
        ]
        for c in clusters {
            #expect(DisplayWidth.of(c) == 2, "\(c.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(DisplayWidth.of(Character(c)) == 2)
            #expect(Self.clusters(c).count == 1, "one cluster: \(c)")
        }
        #expect(DisplayWidth.of("☺") == 1)  // text presentation without VS16
        #expect(DisplayWidth.of("🇰🇷🇯🇵") == 4)
    }

    @Test func conjoiningJamoFormOneCluster() {
        let syllable = "\u{1112}\u{1161}\u{11AB}"  // ᄒ ᅡ ᆫ = 한
        #expect(DisplayWidth.of(syllable) == 2)
        #expect(Self.clusters(syllable).count == 1)
        #expect(Self.clusters(syllable + "\u{1100}\u{1173}\u{11AF}").count == 2)
        #expect(DisplayWidth.of(syllable + "\u{1100}\u{1173}\u{11AF}") == 4)
    }

    /// ofClean: the width when nothing needs sanitising, else nil; a bad
    /// byte is found wherever it sits (short text, word, overlapping tail).
    @Test func widthOfCleanTextAndNilForTextToSanitise() {
        for n in [0, 1, 7, 8, 9, 15, 16, 17, 23] {
            let ascii = String(repeating: "a", count: n)
            #expect(DisplayWidth.ofClean(ascii) == n)
            for k in 0..<n {
                for bad in ["\u{1B}", "\t", "\n", "\u{7F}", "\u{0}", "\u{9B}", "\u{202E}", "\u{2028}"] {
                    var chars = Array(ascii)
                    chars[k] = Character(bad)
                    let text = String(chars)
                    #expect(DisplayWidth.ofClean(text) == nil, "\(n) \(k) \(bad.unicodeScalars.first?.value ?? 0)")
                    #expect(!Sanitizer.isClean(text))
                }
            }
        }
        for text in ["한글 셀", "Row 12 🍎", "e\u{301}", "👩\u{200D}🔬 ok", "~}|{ 0123456789 ~"] {
            #expect(DisplayWidth.ofClean(text) == DisplayWidth.of(text), "\(text)")
        }
    }

    /// Runs of precomposed syllables take a fast path; a trailing jamo or a
    /// mark after the last one (or in the middle) must still join it.
    @Test func hangulSyllableRunsAndWhatJoinsThem() {
        let cases: [(String, Int)] = [
            ("한글", 4), ("한글a", 5), ("a한글", 5), ("테이블 셀", 9),
            ("가\u{11A8}", 2), ("각\u{11A8}", 2), ("한글\u{11A8}", 4), ("한\u{11A8}글", 4),
            ("한\u{302}", 2), ("한글\u{302}x", 5), ("글\u{1161}", 2), ("한😀", 4), ("한漢", 4),
        ]
        for (text, width) in cases {
            #expect(DisplayWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(Self.clusters(text) == text.map { String($0) }, "\(text)")
        }
    }

    @Test func segmentationMatchesSwiftForCommonText() {
        let samples = ["héllo wörld", "한국어 텍스트", "👩‍🔬 and 🇰🇷!", "e\u{301}\u{302}x", "\r\nab", "नमस्ते", "क्षि"]
        for s in samples {
            #expect(Self.clusters(s) == s.map { String($0) }, "\(s)")
        }
    }

    /// The fast paths for ZWJ sequences and base + mark pairs against the
    /// segmentation scanner's cluster widths, for the shapes they take and
    /// the ones they hand back.
    @Test func emojiSequencesAndMarkedBasesMeasureAsTheScannerDoes() {
        let zwj = "\u{200D}"
        let samples = [
            "👩\(zwj)🔬", "👨\(zwj)👩\(zwj)👧\(zwj)👦", "👩\(zwj)🔬a", "a👩\(zwj)🔬b", "👩\(zwj)🔬한글",
            "👩\(zwj)🔬👩\(zwj)🔬", "👩\(zwj)🔬\u{FE0F}", "👩\(zwj)🔬🏽", "👩\(zwj)🔬\(zwj)", "👩\(zwj)",
            "👩\(zwj)a", "👩\(zwj)한", "❤\(zwj)🔥", "❤\u{FE0F}\(zwj)🔥", "👩🏽\(zwj)🔬", "👩\(zwj)\(zwj)🔬",
            "🇰🇷👩\(zwj)🔬", "👩\(zwj)🔬\u{301}", "e\u{301}👩\(zwj)🔬", "✔\(zwj)✔", "👩\(zwj)🔬\(zwj)x",
            "❤\u{FE0F}", "✔\u{FE0F}x", "😀\u{FE0F}", "漢\u{FE0F}", "a\u{FE0F}", "👍🏽", "👍🏽👍", "a🏽", "漢🏽",
            "e\u{301}", "漢\u{301}한", "a\u{93E}", "漢\u{93E}", "x\u{20DD}", "❤\u{FE0F}\u{FE0F}", "👍🏽\u{FE0F}",
            // A VS16 after a cluster of no width widens the base before it, an ASCII one too (as wcwidth does).
            "7\u{200B}\u{FE0F}", "a7\u{200B}\u{FE0F}", "Row 7\u{200B}\u{E0020}\u{FE0F}", "#\u{2060}\u{FE0F}",
            "✈\u{200B}\u{FE0F}", "7\t\u{FE0F}", "한7\u{200B}\u{FE0F}x", "7\u{200B}\u{FE0F}7\u{200B}\u{FE0F}",
        ]
        for s in samples {
            let scanned = Array(s.utf8).withUnsafeBufferPointer { p in
                var scanner = GraphemeScanner(p)
                var total = 0
                while let c = scanner.next() { total += c.width }
                return total
            }
            #expect(DisplayWidth.of(s) == scanned, "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(Self.clusters(s) == s.map { String($0) }, "\(s)")
        }
        #expect(DisplayWidth.of("👨\(zwj)👩\(zwj)👧\(zwj)👦 ok") == 5)
    }

    @Test func controlsCountZeroAndAreNotSplitFromCRLF() {
        #expect(DisplayWidth.of("a\tb") == 2)
        #expect(Self.clusters("a\r\nb") == ["a", "\r\n", "b"])
    }

    /// The 8-bytes-at-a-time ASCII paths against a byte-by-byte count, with
    /// controls and DEL at every position of strings of every short length.
    @Test func asciiFastPathsCountExactlyThePrintableBytes() {
        var state: UInt64 = 7
        for length in 0..<40 {
            for _ in 0..<200 {
                var bytes: [UInt8] = []
                for _ in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let r = UInt8(truncatingIfNeeded: state >> 33)
                    // Mostly printable, sometimes a control, DEL or CR LF.
                    bytes.append(r % 8 == 0 ? [0x00, 0x09, 0x1B, 0x1F, 0x7F, 0x0D][Int(r >> 3) % 6] : 0x20 + r % 0x5F)
                }
                let expected = bytes.filter { $0 >= 0x20 && $0 != 0x7F }.count
                let got = bytes.withUnsafeBufferPointer { DisplayWidth.of(utf8: $0) }
                #expect(got == expected, "\(bytes)")
                // The same bytes after a non-ASCII prefix (tail loads overlap it).
                let mixed = Array("한".utf8) + bytes
                #expect(mixed.withUnsafeBufferPointer { DisplayWidth.of(utf8: $0) } == expected + 2, "\(bytes)")
            }
        }
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
