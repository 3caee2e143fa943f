import Testing

@testable import CellarText

/// Breaking and cutting text with runs of printable ASCII taken whole must
/// give what reading them a cluster at a time gives, wherever the runs meet
/// spaces, ideographs that break anywhere, punctuation that does not break
/// from them, and marks, selectors and joiners that join their last byte.
@Suite struct ASCIIRunTests {
    static let pieces = [
        "word", "a", "longerwordthanmostlines", "x.y", "(", ")", "-", "!?", "#$%&*+/<=>@[\\]^_`{|}~'\",;:",
        " ", "  ", "\u{3000}", "漢字", "。", "「", "」", "한글", "🍎", "👍🏽", "👨‍👩‍👧", "e\u{301}", "a\u{FE0F}", "\u{200D}",
        "\u{2060}", "ａ", "±", "#\u{FE0F}\u{20E3}", "1\u{FE0F}", "*\u{20E3}", "9",
    ]

    /// No printable ASCII character breaks anywhere: a line may break inside an ASCII word only at a space.
    @Test func noASCIICharacterBreaksAnywhere() {
        for b in UInt32(0x21)...0x7E {
            #expect(!propertyTable.lookup(b).breaksAnywhere, "\(b)")
        }
    }

    /// Printable ASCII is broken a line at a time (`GreedyLines.take(ascii:)`): its lines, and
    /// where text cut off by `maxLines` resumes, are those of the cluster-at-a-time loop, with
    /// leading, trailing and repeated spaces and words longer than the line.
    @Test func printableASCIIParagraphsBreakAsClustersDo() {
        var rng = MixedStrings.SplitMix64(state: 2027)
        let letters = Array("abcdefghij.,;:!?()-'\"~#0123456789".utf8)
        for _ in 0..<20000 {
            var bytes: [UInt8] = []
            for _ in 0..<rng.below(12) {
                if rng.below(3) == 0 {
                    bytes += [UInt8](repeating: 0x20, count: 1 + rng.below(4))
                } else {
                    for _ in 0..<(1 + rng.below(rng.below(4) == 0 ? 30 : 8)) { bytes.append(rng.pick(letters)) }
                }
            }
            let width = 1 + rng.below(rng.below(2) == 0 ? 6 : 40)
            let maxLines = rng.below(3) == 0 ? 1 + rng.below(3) : Int.max
            bytes.withUnsafeBufferPointer { p in
                Self.expectSameLines(p, width: width, words: true, maxLines: maxLines, ambiguousWide: false)
            }
        }
    }

    /// A text found wider than the width by its first bytes of ASCII (`TextLayout.fits`) is
    /// wider by its measure too, wherever marks, joiners and wide characters follow the ASCII.
    @Test func fitsDecidesAsTheMeasureDoes() {
        var rng = MixedStrings.SplitMix64(state: 2028)
        var decidedByASCII = 0
        for _ in 0..<20000 {
            let s = Self.mixedText(&rng)
            guard Sanitizer.isClean(s) else { continue }
            let width = rng.below(30)
            let wide = rng.below(5) == 0
            let measured = DisplayWidth.of(s, ambiguousWide: wide) <= width
            let fast = TextLayout.fits(s, width: width, ambiguousWide: wide, asciiRuns: true)
            let plain = TextLayout.fits(s, width: width, ambiguousWide: wide, asciiRuns: false)
            #expect(fast == measured && plain == measured, "\(s.debugDescription) at \(width)")
            if s.utf8.count > width, s.utf8.prefix(width + 1).allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                decidedByASCII += 1
            }
        }
        #expect(decidedByASCII > 1000)
    }

    /// `holdsOneVisibleCluster` (two printable ASCII bytes found first, else the scanner) counts as the scanner
    /// counts, and is true wherever the one-line wrap at one column leaves nothing over: the direct layout
    /// leaves such text to the general path.
    @Test func oneVisibleClusterIsCountedAsTheScannerCounts() {
        var rng = MixedStrings.SplitMix64(state: 2029)
        let ends = ["a\u{1F3FB}", "한\u{1F3FB}", "\u{E0020}", "x", " ", "\u{A0}"]
        var (one, whole) = (0, 0)
        for _ in 0..<20000 {
            var s = ""
            for _ in 0..<(1 + rng.below(3)) { s += rng.below(2) == 0 ? rng.pick(ends) : rng.pick(Self.pieces) }
            guard Sanitizer.isClean(s) else { continue }
            let holds = TextLayout.holdsOneVisibleCluster(s)
            let (visible, kept) = withUTF8Bytes(s) { p in
                var scanner = GraphemeScanner(p)
                var visible = 0
                while let c = scanner.next() { visible += c.width > 0 && !c.isSpace ? 1 : 0 }
                return (visible, TextLayout.wrap(p, width: 1, words: true, maxLines: 1, ambiguousWide: false))
            }
            #expect(holds == (visible < 2), "\(s.debugDescription)")
            if kept.restStart == nil {
                #expect(holds, "\(s.debugDescription)")
                whole += 1
            }
            if holds { one += 1 }
        }
        #expect(one > 2000 && whole > 1000)
    }

    /// A text over lines shown on one line (`firstLine(overLines:)`, its first paragraph cut when it is clean and
    /// starts with no space) is the first of `lines` at one line, at every width and mode.
    @Test func theFirstLineOfTextOverLinesIsTheOneLineLaidOut() {
        var rng = MixedStrings.SplitMix64(state: 2030)
        let breaks = ["\n", "\r\n", "\r", "\n\n", " \n", "\t\n"]
        var cut = 0
        for _ in 0..<12000 {
            var s = rng.below(6) == 0 ? "" : Self.mixedText(&rng)
            s += rng.pick(breaks) + (rng.below(3) == 0 ? "" : Self.mixedText(&rng))
            let width = rng.below(20)
            let mode = rng.pick(LineBreakMode.allCases)
            let wide = rng.below(5) == 0
            let laidOut = TextLayout.lines(s, width: width, numberOfLines: 1, mode: mode, ambiguousWide: wide)
            let first = TextLayout.firstLine(overLines: s, width: width, mode: mode, ambiguousWide: wide)
            #expect(first == (laidOut.first ?? ""), "\(s.debugDescription) at \(width), \(mode)")
            if let p = s.split(whereSeparator: \.isNewline).first, Sanitizer.isClean(String(p)), p.first != " " {
                cut += 1
            }
        }
        #expect(cut > 3000)
    }

    @Test func runsTakenWholeBreakAndCutAsClustersDo() {
        var rng = MixedStrings.SplitMix64(state: 2026)
        var taken = 0
        for _ in 0..<6000 {
            let s = Self.mixedText(&rng)
            let width = 1 + rng.below(24)
            let words = rng.below(4) > 0
            let maxLines = rng.below(3) == 0 ? Int.max : 1 + rng.below(3)
            let wide = rng.below(5) == 0
            withUTF8Bytes(s) { p in
                Self.expectSameLines(p, width: width, words: words, maxLines: maxLines, ambiguousWide: wide)
                let cutFast = TextLayout.prefixEnd(p, width: width, ambiguousWide: wide, asciiRuns: true)
                let cutPlain = TextLayout.prefixEnd(p, width: width, ambiguousWide: wide, asciiRuns: false)
                #expect(cutFast == cutPlain, "\(s) at \(width)")
                if GraphemeScanner(p).asciiRunEnd(limit: width) > 0 { taken += 1 }
            }
        }
        #expect(taken > 1000)  // runs are met often, at every kind of end
    }

    /// `wrap` with ASCII runs taken whole and without gives the same lines and the same rest.
    static func expectSameLines(
        _ p: UnsafeBufferPointer<UInt8>, width: Int, words: Bool, maxLines: Int, ambiguousWide: Bool
    ) {
        let fast = TextLayout.wrap(
            p, width: width, words: words, maxLines: maxLines, ambiguousWide: ambiguousWide, asciiRuns: true)
        let plain = TextLayout.wrap(
            p, width: width, words: words, maxLines: maxLines, ambiguousWide: ambiguousWide, asciiRuns: false)
        #expect(
            fast.lines == plain.lines && fast.restStart == plain.restStart,
            "\(String(decoding: p, as: UTF8.self).debugDescription) at \(width), \(maxLines) lines")
    }

    /// One to ten of `pieces`, joined.
    static func mixedText(_ rng: inout MixedStrings.SplitMix64) -> String {
        var s = ""
        for _ in 0..<(1 + rng.below(10)) { s += rng.pick(pieces) }
        return s
    }
}
