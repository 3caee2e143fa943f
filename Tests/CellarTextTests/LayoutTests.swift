import Testing

@testable import CellarText

@Suite struct LayoutTests {
    @Test func wordWrapAtSpaces() {
        #expect(TextLayout.lines("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextLayout.lines("short", width: 10) == ["short"])
        #expect(TextLayout.lines("a  b", width: 1) == ["a", "b"])
    }

    /// The count a table takes for every section title is the count of the lines it draws.
    @Test func lineCountIsTheNumberOfLines() {
        let texts = [
            "", "short", "the quick brown fox", "한글 제목 헤더", "emoji 👩‍👩‍👧 here", "two\nparagraphs",
            "tab\tand\u{1B}[31m escape", "exactly10!", "ａｍｂｉｇｕｏｕｓ ±±", "\r\n",
            "trailing tab\t", "a\n\nb\nc d e f g", "  spaces  around  ", "x\r\ny\rz\n",
        ]
        for text in texts {
            for width in [0, 1, 2, 3, 9, 10, 11, 40] {
                for mode in LineBreakMode.allCases {
                    for wide in [false, true] {
                        for most in [0, 1, 2, 3] {
                            let lines = TextLayout.lines(
                                text, width: width, numberOfLines: most, mode: mode, ambiguousWide: wide)
                            let count = TextLayout.lineCount(
                                text, width: width, numberOfLines: most, mode: mode, ambiguousWide: wide)
                            #expect(count == lines.count, "\(text.debugDescription) at \(width), \(most) lines")
                        }
                    }
                }
            }
        }
    }

    @Test func koreanBreaksAtSpacesLikeLatin() {
        #expect(TextLayout.lines("안녕하세요 세계", width: 12) == ["안녕하세요", "세계"])
    }

    @Test func cjkBreaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        #expect(TextLayout.lines("漢字表示テスト", width: 6) == ["漢字表", "示テス", "ト"])
        // "。" may not start a line: the break moves back one character.
        #expect(TextLayout.lines("漢字表。字", width: 6) == ["漢字", "表。字"])
    }

    @Test func longWordFallsBackToGraphemeBoundaries() {
        #expect(TextLayout.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        // Emoji clusters are never split; a flag stays whole.
        let lines = TextLayout.lines("🇰🇷🇯🇵👩‍🔬", width: 3)
        #expect(lines == ["🇰🇷", "🇯🇵", "👩‍🔬"])
        for line in lines { #expect(DisplayWidth.of(line) <= 3) }
    }

    @Test func charWrap() {
        #expect(TextLayout.lines("hello world", width: 4, mode: .charWrap) == ["hell", "o wo", "rld"])
        #expect(TextLayout.lines("한글한글", width: 5, mode: .charWrap) == ["한글", "한글"])
    }

    @Test func trailingSpacesLeaveTheLineBeforeAZeroWidthCluster() {
        // Found by fuzz-text: at width 1 the space and word joiner after an
        // over-wide Ж (ambiguous, two columns) stayed on its line, three columns.
        let text = "\u{00B1} \u{03B1} \u{0416} \u{2060}"
        let lines = TextLayout.lines(text, width: 1, mode: .charWrap, ambiguousWide: true)
        #expect(lines.last == "\u{0416}")
        for line in lines { #expect(DisplayWidth.of(line, ambiguousWide: true) <= 2, "\(line.debugDescription)") }
        for mode in [LineBreakMode.wordWrap, .charWrap] {
            #expect(TextLayout.lines("abc \u{2060}", width: 3, mode: mode) == ["abc"], "\(mode)")
        }
    }

    @Test func paragraphsAndTabs() {
        #expect(TextLayout.lines("a\nb\r\nc", width: 5) == ["a", "b", "c"])
        #expect(TextLayout.lines("a\tb", width: 10) == ["a   b"])
        #expect(TextLayout.lines("x\n\ny", width: 5) == ["x", "", "y"])
        // A tab's spaces at an end stay, as typed spaces do, in a line that fits.
        #expect(TextLayout.lines("ab\t", width: 10, numberOfLines: 1) == TextLayout.lines("ab  ", width: 10))
        #expect(TextLayout.lines("ab\t", width: 10) == ["ab  "])
        #expect(TextLayout.naturalWidth("a\tb\r\nc\u{1B}") == 5)
    }

    @Test func aSpaceCarryingAMarkIsAWordNotASpace() {
        // Tabs become spaces; the mark joins the last of them into a visible
        // cluster, which must wrap like a word (found by fuzz-text: the line
        // was all 25 columns at width 13).
        let tabs = "\t\t\t\t\t\t\u{05A0}"
        for mode in LineBreakMode.allCases {
            for line in TextLayout.lines(tabs, width: 13, numberOfLines: 1, mode: mode) {
                #expect(DisplayWidth.of(line) <= 13, "\(mode): \(line.debugDescription)")
            }
        }
        #expect(TextLayout.lines(String(repeating: " ", count: 23) + " \u{0301}x", width: 10) == [" \u{0301}x"])
    }

    @Test func numberOfLinesEndsWithEllipsis() {
        let text = "the quick brown fox jumps over the lazy dog"
        #expect(TextLayout.lines(text, width: 10, numberOfLines: 2) == ["the quick", "brown fox…"])
        #expect(TextLayout.lines(text, width: 10, numberOfLines: 1) == ["the quick…"])
        #expect(TextLayout.lines("one\ntwo\nthree", width: 10, numberOfLines: 2) == ["one", "two…"])
        #expect(TextLayout.lines(text, width: 10, numberOfLines: 0).count == 5)
        #expect(TextLayout.lines(text, width: 10, numberOfLines: 1, mode: .clipping) == ["the quick "])
        #expect(TextLayout.lines(text, width: 10, numberOfLines: 1, mode: .truncatingHead) == ["…lazy dog"])
    }

    @Test func truncationModes() {
        let s = "abcdefghij"
        #expect(TextLayout.truncate(s, width: 5, mode: .truncatingTail) == "abcd…")
        #expect(TextLayout.truncate(s, width: 5, mode: .truncatingHead) == "…ghij")
        #expect(TextLayout.truncate(s, width: 5, mode: .truncatingMiddle) == "ab…ij")
        #expect(TextLayout.truncate(s, width: 5, mode: .clipping) == "abcde")
        #expect(TextLayout.truncate(s, width: 20) == s)
        #expect(TextLayout.truncate(s, width: 0) == "")
    }

    @Test func truncationNeverSplitsWideCharacters() {
        #expect(TextLayout.truncate("한글한글", width: 4, mode: .truncatingTail) == "한…")
        #expect(TextLayout.truncate("한글한글", width: 5, mode: .truncatingTail) == "한글…")
        #expect(TextLayout.truncate("한글한글", width: 3, mode: .clipping) == "한")
        #expect(TextLayout.truncate("👩‍🔬👩‍🔬", width: 3, mode: .truncatingHead) == "…👩‍🔬")
        #expect(TextLayout.truncate("abc", width: 2, mode: .truncatingTail, ambiguousWide: true) == "…")
    }

    @Test func transforms() {
        #expect(TextTransform.uppercase.apply("Hello wörld") == "HELLO WÖRLD")
        #expect(TextTransform.lowercase.apply("Hello") == "hello")
        #expect(TextTransform.capitalized.apply("hello  wORLD 한글") == "Hello  World 한글")
        #expect(TextTransform.none.apply("aB") == "aB")
    }

    @Test func alignment() {
        #expect(TextLayout.align("abc", width: 9, alignment: .leading) == (0, "abc"))
        #expect(TextLayout.align("abc", width: 9, alignment: .center) == (3, "abc"))
        #expect(TextLayout.align("abc", width: 9, alignment: .trailing) == (6, "abc"))
        #expect(TextLayout.align("한글", width: 5, alignment: .trailing) == (1, "한글"))
        // Too wide: clipped at a cluster boundary, never half a character.
        #expect(TextLayout.align("한글", width: 3, alignment: .trailing) == (1, "한"))
        #expect(TextLayout.pad("한", width: 5, alignment: .center) == " 한  ")
        #expect(DisplayWidth.of(TextLayout.pad("한글x", width: 4, alignment: .trailing)) == 4)
        // A leading mark joins the padding's last space (found by fuzz-text:
        // U+0BC7 padded to 38 columns took 39).
        for alignment in TextAlignment.allCases {
            #expect(DisplayWidth.of(TextLayout.pad("\u{0BC7}", width: 38, alignment: alignment)) == 38, "\(alignment)")
        }
    }

    /// Lines of many paragraphs are gathered in linear time: room is made for
    /// the first paragraph only, later ones grow the array geometrically
    /// (reserving the exact count for each copied it each time).
    @Test func laterParagraphsLeaveTheLinesToGrowGeometrically() {
        var lines = StringLines()
        lines.reserve(1)
        while lines.count < max(2, lines.strings.capacity) { lines.append("line") }
        let capacity = lines.strings.capacity
        lines.reserve(1)
        #expect(lines.strings.capacity == capacity)
        #expect(TextLayout.lines(String(repeating: "a\n", count: 3), width: 5) == ["a", "a", "a", ""])
    }
}
