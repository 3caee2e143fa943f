import Testing

@testable import CellarText

/// `Canvas.draw` takes shortcuts (ASCII runs eight bytes at a time, the
/// ASCII byte before a non-joining scalar, simple bases without
/// segmentation). Here every cell it draws is checked against a reference
/// that segments the whole sanitised text with the full cluster rules.
@Suite struct CanvasDrawFastPathTests {
    /// Pieces the shortcuts must get right beside the mixed strings: ASCII
    /// before marks that join it (Mn, Mc, ZWJ, VS16, Hangul V/T), controls
    /// (sanitised into pictures), bidi controls and tabs.
    static let edgePieces: [String] = [
        "a\u{301}", "x\u{93E}", "k\u{200D}", "q\u{FE0F}", " \u{1161}", "z\u{11A8}", "abcdefgh", "0123456789",
        "\t", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{202E}", "\r\n", "\u{0}", "1 ", " 🍎", "Row 7 한글",
        "Detail for row 12 🍎", "a🏳\u{FE0F}\u{200D}🌈", "b👍\u{1F3FD}", "c🇰🇷",
    ]

    static func texts() -> [String] {
        var rng = MixedStrings.SplitMix64(state: 0xD2A3)
        var out = MixedStrings.generate(count: 300, seed: 0x5EED)
        for _ in 0..<300 {
            var s = ""
            for _ in 0..<(1 + rng.below(6)) {
                s += rng.below(2) == 0 ? rng.pick(edgePieces) : rng.pick(MixedStrings.pieces)
            }
            out.append(s)
        }
        return out
    }

    /// The row `draw` should leave on a blank canvas, cell by cell
    /// (text, continuation), and the columns it reports.
    static func reference(
        _ text: String, x: Int, width: Int, maxWidth: Int,
        ambiguousWide: Bool
    ) -> (cells: [(String, Bool)], advance: Int) {
        var cells = Array(repeating: (" ", false), count: width)
        let limit = maxWidth >= width - x ? width : x + maxWidth
        guard maxWidth > 0, x < width, x < limit, limit > 0 else { return (cells, 0) }
        var bytes = Array(Sanitizer.sanitize(text).utf8)
        let count = bytes.count
        var col = x
        bytes.withUnsafeMutableBufferPointer { m in
            let p = UnsafeBufferPointer(m)
            var i = 0
            while i < count {
                var scanner = GraphemeScanner(p, from: i, ambiguousWide: ambiguousWide)
                let c = scanner.scanCluster(from: i)
                i = c.end
                if c.width == 0 { continue }
                if col + c.width > limit {
                    while col < limit {
                        if col >= 0 { cells[col] = (" ", false) }
                        col += 1
                    }
                    break
                }
                for k in 0..<c.width where col + k >= 0 {
                    cells[col + k] =
                        col < 0
                        ? (" ", false)
                        : k == 0
                            ? (
                                String(decoding: UnsafeBufferPointer(rebasing: p[c.start..<c.end]), as: UTF8.self),
                                false
                            )
                            : (" ", true)
                }
                col += c.width
            }
        }
        return (cells, col - x)
    }

    @Test(arguments: [false, true])
    func drawMatchesTheFullClusterRules(ambiguousWide: Bool) {
        var rng = MixedStrings.SplitMix64(state: ambiguousWide ? 11 : 7)
        var failures = 0
        for text in Self.texts() {
            let width = 1 + rng.below(60)
            let x = rng.below(4) == 0 ? -rng.below(6) : rng.below(width)
            let maxWidth = rng.below(3) == 0 ? Int.max : 1 + rng.below(width)
            var canvas = Canvas(width: width, height: 1, ambiguousWide: ambiguousWide)
            let advance = canvas.draw(text, x: x, y: 0, maxWidth: maxWidth)
            let expected = Self.reference(text, x: x, width: width, maxWidth: maxWidth, ambiguousWide: ambiguousWide)
            // Read from storage, not through `Character`: a cluster is compared byte for byte.
            let got = (0..<width).map { col -> (String, Bool) in
                let content = canvas.storage[col] & Canvas.contentMask
                if content == Canvas.continuation { return (" ", true) }
                return (canvas.withContent(content) { String(decoding: $0, as: UTF8.self) }, false)
            }
            let same = advance == expected.advance && got.elementsEqual(expected.cells) { $0.0 == $1.0 && $0.1 == $1.1 }
            if !same && failures < 5 {
                failures += 1
                Issue.record(
                    "draw \(text.unicodeScalars.map { String($0.value, radix: 16) }) x \(x) width \(width) max \(maxWidth): got \(advance) \(got), expected \(expected.advance) \(expected.cells)"
                )
            }
        }
        #expect(failures == 0)
    }

    /// `drawIfClean` draws clean text exactly as `draw` does (same cells,
    /// same columns, same style ids) and leaves the canvas untouched,
    /// answering nil, for text that needs sanitising.
    @Test func drawIfCleanIsDrawForCleanTextAndNothingElse() {
        var rng = MixedStrings.SplitMix64(state: 3)
        let style = TextStyle(foreground: .palette(2))
        for text in Self.texts() {
            let width = 1 + rng.below(40)
            let x = rng.below(5) == 0 ? -rng.below(6) : rng.below(width + 2)
            let y = rng.below(8) == 0 ? 1 : 0  // sometimes below the canvas
            let maxWidth = rng.below(3) == 0 ? Int.max : rng.below(width + 1)
            var a = Canvas(width: width, height: 1)
            var b = Canvas(width: width, height: 1)
            let got = a.drawIfClean(text, x: x, y: y, maxWidth: maxWidth, style: style)
            if Sanitizer.isClean(text) {
                #expect(got == b.draw(text, x: x, y: y, maxWidth: maxWidth, style: style), "\(text)")
            } else {
                #expect(got == nil, "\(text)")
            }
            #expect(a.storage == b.storage && a.styleTable == b.styleTable, "\(text)")
        }
    }
}
