import Testing

@testable import CellarText

/// `TextLayout.truncate(clean:total:…)`, for a label measured once: the
/// text `truncate` gives, and exactly the width `DisplayWidth` measures of
/// it, for every mode, width and ambiguous setting, over text with wide,
/// ambiguous, zero-width and combining clusters and spaces at the cuts.
@Suite struct CleanTruncationTests {
    static let texts = [
        "abcdefghij", "행 12 아주 긴 한글 제목이 들어갑니다", "a  b  c  d  e  f", "±°αЖ① ambiguous ±°",
        "e\u{301}e\u{301}e\u{301} combining", "👨‍👩‍👧 family 👍🏽 ok ✈️", "  spaces  at  both  ends  ",
        "中文字符和English混合的一行", "x\u{200B}y\u{2060}z zero width",
    ]

    /// For each text, ambiguous setting, mode and width `widths` gives:
    /// `clean` (given the text's width) gives the text `plain` gives, and
    /// exactly the width `DisplayWidth` measures of it. Returns the cases.
    static func expectCleanMatches(
        texts: [String], modes: [LineBreakMode], widths: (_ total: Int) -> [Int],
        plain: (String, Int, LineBreakMode, Bool) -> String,
        clean: (String, _ total: Int, Int, LineBreakMode, Bool) -> (text: String, width: Int),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var compared = 0
        for text in texts {
            for ambiguousWide in [false, true] {
                let total = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
                for mode in modes {
                    for width in widths(total) {
                        let expected = plain(text, width, mode, ambiguousWide)
                        let got = clean(text, total, width, mode, ambiguousWide)
                        let what = "\(text) \(mode) \(width) \(ambiguousWide)"
                        #expect(got.text == expected, "\(what)", sourceLocation: sourceLocation)
                        #expect(
                            got.width == DisplayWidth.of(expected, ambiguousWide: ambiguousWide), "\(what)",
                            sourceLocation: sourceLocation)
                        compared += 1
                    }
                }
            }
        }
        return compared
    }

    @Test func theCleanCutIsTheCutAndItsWidth() {
        let compared = Self.expectCleanMatches(
            texts: Self.texts, modes: [.truncatingTail, .truncatingHead, .truncatingMiddle, .clipping, .wordWrap],
            widths: { Array(1..<$0) },
            plain: { TextLayout.truncate($0, width: $1, mode: $2, ambiguousWide: $3) },
            clean: { TextLayout.truncate(clean: $0, total: $1, width: $2, mode: $3, ambiguousWide: $4) })
        #expect(compared > 1_000)
    }

    /// After a cut's `…` comes text the cut did not choose: a lone mark or skin tone measured against the scalar
    /// before it, across clusters of no width (U+200B, U+2028). The cut is as wide as what it gives, and no wider
    /// than asked, for texts composed at random of such pieces.
    @Test func aCutIsAsWideAsWhatItGives() {
        var rng = MixedStrings.SplitMix64(state: 2026)
        let pieces = [
            "a", "漢字", "🍎", " ", "-", "\u{2028}", "\u{600}", "\u{D4E}", "\u{FE0F}", "\u{1F3FB}", "\u{301}",
            "\u{200D}", "\u{93F}", "\u{1161}", "\u{11A8}", "\u{1F1F0}", "\u{200B}", "e\u{301}", "क्ष", "±",
        ]
        var compared = 0
        for _ in 0..<3000 {
            let text = (0..<(1 + rng.below(9))).map { _ in rng.pick(pieces) }.joined()
            guard Sanitizer.isClean(text) else { continue }
            for ambiguousWide in [false, true] {
                let total = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
                for mode in [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle] {
                    for width in 1..<max(total, 1) {
                        let got = TextLayout.truncate(
                            clean: text, total: total, width: width, mode: mode, ambiguousWide: ambiguousWide)
                        let measured = DisplayWidth.of(got.text, ambiguousWide: ambiguousWide)
                        let what = "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(mode) \(width)"
                        #expect(got.width == measured, "\(what)")
                        #expect(got.width <= width, "\(what)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 50_000)
    }

    /// `TextLayout.firstLine(ofClean:total:…)`, for a row's label cut as the
    /// general path cuts it: the one line `lines` gives with one line, and
    /// exactly its width, at every width, the text's own included.
    @Test func theCleanFirstLineIsTheOneLineLaidOut() {
        let compared = Self.expectCleanMatches(
            texts: Self.texts + ["a note ending in a space ", "word", "🍎", "a\u{3000}b\u{3000}"],
            modes: LineBreakMode.allCases, widths: { Array(0...($0 + 1)) },
            plain: { TextLayout.lines($0, width: $1, numberOfLines: 1, mode: $2, ambiguousWide: $3).first ?? "" },
            clean: { TextLayout.firstLine(ofClean: $0, total: $1, width: $2, mode: $3, ambiguousWide: $4) })
        #expect(compared > 2_000)
    }

    /// A plain text cut at its clusters, with "…", is plain and as wide as
    /// the cut says (`BuiltinDirectLayout.place` passes a piece's plainness on).
    @Test func aPlainTextCutIsPlain() {
        var cut = 0
        for text in Self.texts + ["Row 12 한글 detail 가나다", "🍊 fruit ✈️ travel 🍎"] {
            guard Array(text.utf8).withUnsafeBufferPointer({ PlainLines.plainColumns($0) }) != nil else { continue }
            let total = DisplayWidth.of(text)
            for mode in [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle, .clipping] {
                for width in 1..<total {
                    let got = TextLayout.truncate(
                        clean: text, total: total, width: width, mode: mode, ambiguousWide: false)
                    let columns = Array(got.text.utf8).withUnsafeBufferPointer { PlainLines.plainColumns($0) }
                    #expect(columns == got.width, "\(text) \(mode) \(width)")
                    cut += 1
                }
            }
        }
        #expect(cut > 200)
    }
}
