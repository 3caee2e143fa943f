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

    @Test func theCleanCutIsTheCutAndItsWidth() {
        var compared = 0
        for text in Self.texts {
            for ambiguousWide in [false, true] {
                let total = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
                for mode in [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle, .clipping, .wordWrap] {
                    for width in 1..<total {
                        let expected = TextLayout.truncate(text, width: width, mode: mode, ambiguousWide: ambiguousWide)
                        let got = TextLayout.truncate(
                            clean: text, total: total, width: width, mode: mode, ambiguousWide: ambiguousWide)
                        #expect(got.text == expected, "\(text) \(mode) \(width) \(ambiguousWide)")
                        #expect(
                            got.width == DisplayWidth.of(expected, ambiguousWide: ambiguousWide),
                            "\(text) \(mode) \(width) \(ambiguousWide)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1_000)
    }

    /// `TextLayout.firstLine(ofClean:total:…)`, for a row's label cut as the
    /// general path cuts it: the one line `lines` gives with one line, and
    /// exactly its width, at every width, the text's own included.
    @Test func theCleanFirstLineIsTheOneLineLaidOut() {
        var compared = 0
        for text in Self.texts + ["a note ending in a space ", "word", "🍎", "a\u{3000}b\u{3000}"] {
            for ambiguousWide in [false, true] {
                let total = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
                for mode in LineBreakMode.allCases {
                    for width in 0...(total + 1) {
                        let expected =
                            TextLayout.lines(
                                text, width: width, numberOfLines: 1, mode: mode, ambiguousWide: ambiguousWide
                            ).first ?? ""
                        let got = TextLayout.firstLine(
                            ofClean: text, total: total, width: width, mode: mode, ambiguousWide: ambiguousWide)
                        #expect(got.text == expected, "\(text) \(mode) \(width) \(ambiguousWide)")
                        #expect(
                            got.width == DisplayWidth.of(expected, ambiguousWide: ambiguousWide),
                            "\(text) \(mode) \(width) \(ambiguousWide)")
                        compared += 1
                    }
                }
            }
        }
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
