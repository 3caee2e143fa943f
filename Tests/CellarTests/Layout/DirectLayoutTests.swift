import CellarText
import Testing

@testable import Cellar

/// The built-in fast path must draw exactly what the general layout draws,
/// whatever label widths the cell holds from measuring ahead
/// (`MeasuredLabels`): its own labels', another row's, or another setting's.
@Suite struct DirectLayoutTests {
    /// A layout is moved whole several times per row: its pieces are stored
    /// without padding so that the three and the height stay within 128 bytes.
    @Test func aLayoutFitsIn128Bytes() {
        #expect(MemoryLayout<BuiltinDirectLayout.Piece?>.stride == 40)
        #expect(MemoryLayout<BuiltinDirectLayout>.size <= 128)
    }

    /// A width measured ahead serves only the string it was measured from
    /// (by identity), with its setting, and only until the cell's
    /// configuration changes: a change may free that string, and another
    /// could then take its storage.
    @Test func measuredWidthsHoldForTheirStringUntilTheConfigurationChanges() {
        let cell = Cell(reuseIdentifier: "direct")
        let text = String(repeating: "가", count: 12)
        cell.contentConfiguration = ListContentConfiguration(text: text)
        cell.measuredLabels.measure(text: text, detail: nil, image: nil, ambiguousWide: false)
        #expect(cell.measuredLabels.width(.text, of: text, ambiguousWide: false)?.columns == 24)
        let equalElsewhere = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(cell.measuredLabels.width(.text, of: equalElsewhere, ambiguousWide: false) == nil)
        #expect(cell.measuredLabels.width(.text, of: text, ambiguousWide: true) == nil)
        #expect(cell.measuredLabels.width(.detail, of: text, ambiguousWide: false) == nil)
        cell.listConfiguration?.textProperties.alignment = .center
        #expect(cell.measuredLabels.width(.text, of: text, ambiguousWide: false) == nil)
    }

    @Test func directLayoutMatchesTheGeneralLayout() {
        var rng = SplitMix(seed: 42)
        // Its own sequence, so the configurations are those drawn without measuring ahead.
        var measuring = SplitMix(seed: 7)
        let texts: [String?] = [
            nil, "", "Apple", "당류 (Sugar)", "🍎 emoji 🐰", "a very long text that needs truncating somewhere",
            "x", "설정 테이블 셀 한글 긴 문장입니다", "±°αЖ ① ambiguous Ω…",
            // Spaces at an end, which the general path's wrap drops from a cut line.
            " leading space", "trailing space ", "  both  ", "\u{3000}전각 공백", "   ", "a b c d e f g h i j ",
            "   averyveryverylongwordthatcannotbreak", "한글 문장 끝에 공백 ",
            // No width: a lone variation selector or mark.
            "\u{FE0F}", "\u{301}",
            // One wide character, which a one-column label cannot show.
            "🍎", "한", "🍎 ",
            // Text to sanitise: tabs, controls, bidi overrides; over lines, which only the general path lays out.
            "a\tb", "\t", "탭\t끝\t", "esc \u{1B}[31mred", "bidi \u{202E}abc", "c1 \u{85}x", "line\nbreak", "cr\r\nlf",
            "block scalar\n", "\nsecond", "a\n\nb", "한글\r\n두 번째 줄이 더 깁니다", "\n", "\u{301}\nx",
        ]
        // A zero-width image (a lone mark, a zero-width space) is drawn as the general path draws it.
        let images: [String?] = [nil, "🍎", "✓", "★★", "①", "\u{200B}", "\u{301}", "\t", "\u{1B}"]
        let modes: [LineBreakMode] = [.truncatingTail, .truncatingHead, .truncatingMiddle, .clipping]
        var compared = 0
        for _ in 0..<8000 {
            let kind = BuiltinCellStyle.Kind.allCases[rng.next(4)]
            var c = ListContentConfiguration(
                text: texts[rng.next(texts.count)],
                secondaryText: texts[rng.next(texts.count)],
                image: images[rng.next(images.count)])
            c.textProperties.lineBreakMode = modes[rng.next(modes.count)]
            c.secondaryTextProperties.alignment = TextAlignment.allCases[rng.next(3)]
            c.textProperties.alignment = TextAlignment.allCases[rng.next(3)]
            c.textProperties.transform = rng.next(4) == 0 ? .uppercase : .none
            c.textToSecondaryTextVerticalPadding = rng.next(3) == 0 ? 1 : 0
            let width = 1 + rng.next(50)
            // Both width settings: the fast path must agree with the general one in each.
            let engine = LayoutEngine(ambiguousWide: rng.next(2) == 0)
            let cell = Cell(reuseIdentifier: "direct")
            cell.contentConfiguration = c
            if measuring.next(3) > 0 {
                let own = measuring.next(2) == 0
                cell.measuredLabels.measure(
                    text: own ? c.text : texts[measuring.next(texts.count)],
                    detail: own ? c.secondaryText : texts[measuring.next(texts.count)],
                    image: own ? c.image : images[measuring.next(images.count)],
                    ambiguousWide: measuring.next(2) == 0)
            }
            guard let direct = BuiltinDirectLayout.make(kind, cell, width: width, engine: engine) else { continue }
            compared += 1
            let node = BuiltinCellStyle.layout(kind, c, width: width)
            let h = engine.measure(node, width: width)
            #expect(direct.height == h, "height \(kind) \(c) at \(width) \(engine)")
            var a = Canvas(width: width, height: max(h, 1), ambiguousWide: engine.ambiguousWide)
            var b = Canvas(width: width, height: max(h, 1), ambiguousWide: engine.ambiguousWide)
            engine.draw(node, into: &a, x: 0, y: 0, width: width, height: max(h, 1))
            direct.draw(into: &b, x: 0, y: 0, height: max(h, 1))
            for y in 0..<max(h, 1) {
                #expect(a.line(y) == b.line(y), "\(kind) \(c) at \(width) \(engine)")
                for x in 0..<width { #expect(a[x, y].style == b[x, y].style) }
            }
        }
        #expect(compared > 2000)
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
