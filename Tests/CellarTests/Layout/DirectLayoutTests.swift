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
        func columns(_ s: String, _ label: MeasuredLabels.Label = .text, ambiguousWide: Bool = false) -> Int? {
            guard case .clean(let w) = cell.measuredLabels.measure(label, of: s, ambiguousWide: ambiguousWide)
            else { return nil }
            return w.columns
        }
        #expect(columns(text) == 24)
        let equalElsewhere = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(columns(equalElsewhere) == nil)
        #expect(columns(text, ambiguousWide: true) == nil)
        #expect(columns(text, .detail) == nil)
        cell.listConfiguration?.textProperties.alignment = .center
        #expect(columns(text) == nil)
    }

    /// Widths a reader found are kept though nothing else is measured (a reader behind the table): each for its
    /// own string, narrow; a label without one has no measure, and is measured where it is laid out.
    @Test func knownWidthsAreTakenAloneForTheirStrings() {
        let text = String(repeating: "가", count: 12)
        let detail = String(repeating: "b", count: 20)
        let image = "🍎"
        var known = MeasuredLabels.Known()
        known.note(text, plainColumns: 24)
        let data = RowData(
            content: ListContentConfiguration(text: text, secondaryText: detail, image: image), accessory: .none,
            editingAccessory: .none, indentation: 0)
        let row = ParsedRowData(data, measuringLabels: nil, known: known)
        func columns(_ s: String, _ label: MeasuredLabels.Label, ambiguousWide: Bool = false) -> Int? {
            guard case .clean(let w) = row.measuredLabels.measure(label, of: s, ambiguousWide: ambiguousWide)
            else { return nil }
            return w.columns
        }
        #expect(columns(text, .text) == 24)
        #expect(columns(text, .text, ambiguousWide: true) == nil)
        #expect(columns(detail, .detail) == nil && columns(image, .image) == nil)
        // Nothing known: nothing measured, as before.
        let none = ParsedRowData(data, measuringLabels: nil)
        #expect(!none.measuredLabels.current)
    }

    /// Text over lines is measured ahead by its widest line; a line that needs sanitising is left to the layout.
    @Test func labelsThatNeedSanitisingAreMeasuredAsTheLayoutMeasuresThem() {
        guard case .overLines(let columns) = MeasuredLabels.Measure(of: "ab\r\n한글\tx", ambiguousWide: false) else {
            Issue.record("a text over lines")
            return
        }
        #expect(columns == TextLayout.naturalWidth("ab\r\n한글\tx"))
        guard case .unclean = MeasuredLabels.Measure(of: "a\tb", ambiguousWide: false) else {
            Issue.record("a line with a tab")
            return
        }
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
            // Too wide by its trailing spaces alone at some widths, too wide without them at others.
            "wide by its spaces       ", "a long text too wide even without its trailing spaces   ",
            "ideographic space last\u{3000}", "ideographic space, then ASCII ones\u{3000}  ",
            "spaces before a word joiner  \u{2060}", "spaces before a mark  \u{301}",
            "\u{2060}  a word joiner, then spaces", "\u{200B} a zero-width space first ",
            // No width: a lone variation selector or mark.
            "\u{FE0F}", "\u{301}",
            // One wide character, which a one-column label cannot show; one cluster wider than two columns.
            "🍎", "한", "🍎 ", "a\u{1F3FB}", "한\u{1F3FB}", "\u{E0020}한\u{1F3FB}", "ab\u{1F3FB}",
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
            if expectSameAsTheGeneralLayout(kind, cell, width: width, engine: engine) != nil { compared += 1 }
        }
        #expect(compared > 2000)
    }

    /// A text of one cluster wider than its piece stays whole on the general path's line, which clips it: the
    /// direct layout must not cut it to `…`. `value2`'s narrow text column meets it at every width.
    @Test func oneClusterWiderThanItsPieceIsShownAsTheGeneralPathShowsIt() {
        var compared = 0
        for text in ["a\u{1F3FB}\u{1F3FB}", "한\u{1F3FB}", "\u{E0020}한\u{1F3FB}", "ab\u{1F3FB}", "e\u{301}\u{1F3FB}"] {
            for width in 8...16 {
                for mode in [LineBreakMode.truncatingTail, .truncatingHead, .clipping] {
                    var c = ListContentConfiguration(text: text, secondaryText: "detail")
                    c.textProperties.lineBreakMode = mode
                    let cell = Cell(reuseIdentifier: "direct")
                    cell.contentConfiguration = c
                    let engine = LayoutEngine(ambiguousWide: false)
                    if expectSameAsTheGeneralLayout(.value2, cell, width: width, engine: engine) != nil {
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 100)
    }

    /// Texts composed at random of the pieces the cut and the wrap treat apart (spaces, characters of no width,
    /// wide ones, breaks), so that ends and joins the lists above do not name are met too.
    @Test func composedTextsMatchTheGeneralLayout() {
        var rng = SplitMix(seed: 2026)
        let pieces = [
            "a", "word", "Row 7", " ", "  ", "\u{3000}", "\u{A0}", "\u{2060}", "\u{200B}", "\u{301}", "\u{FE0F}",
            "e\u{301}", "한", "漢字", "🍎", "👨‍👩‍👧", "①", "-", ".", "…", "\t", "\n", "é", "ｱ", "\u{1F3FB}",
            "\u{E0020}", "\u{1F1F0}", "\u{FE0E}", "\u{200D}", "\u{E33}", "क्ष", "\u{AD}", "\r", "ﾞ",
            "\u{2028}", "\u{93F}",
        ]
        func text() -> String? {
            let n = rng.next(10)
            return n == 0 ? nil : (0..<n).map { _ in pieces[rng.next(pieces.count)] }.joined()
        }
        var compared = 0
        for i in 0..<16000 {
            let kind = BuiltinCellStyle.Kind.allCases[rng.next(4)]
            var c = ListContentConfiguration(text: text(), secondaryText: text(), image: [nil, "🍎"][rng.next(2)])
            // Every other cell's labels may wrap: more than one line, or a wrap mode.
            for k in 0..<2 {
                var p = TextProperties()
                p.lineBreakMode = LineBreakMode.allCases[rng.next(LineBreakMode.allCases.count)]
                p.numberOfLines = i % 2 == 0 ? 1 : rng.next(4)
                if i % 2 == 0 && (p.lineBreakMode == .wordWrap || p.lineBreakMode == .charWrap) {
                    p.lineBreakMode = .truncatingTail
                }
                p.alignment = TextAlignment.allCases[rng.next(3)]
                if k == 0 { c.textProperties = p } else { c.secondaryTextProperties = p }
            }
            let cell = Cell(reuseIdentifier: "direct")
            cell.contentConfiguration = c
            let engine = LayoutEngine(ambiguousWide: rng.next(3) == 0)
            let rowHeight = rng.next(4) == 0 ? 1 + rng.next(3) : nil
            if expectSameAsTheGeneralLayout(
                kind, cell, width: 1 + rng.next(30), engine: engine, rowHeight: rowHeight) != nil
            {
                compared += 1
            }
        }
        #expect(compared > 6000)
    }

    /// A label ending in a scalar past U+3000 that plain lines take alone is cut without asking whether that
    /// scalar is a space (`spacesDecideTheCut`): no whitespace is past U+3000.
    @Test func noWhitespaceIsPastU3000() {
        let spaces = (0x3001...0x10FFFF).lazy.compactMap(Unicode.Scalar.init).filter(\.properties.isWhitespace)
        #expect(spaces.first == nil)
    }

    /// Labels that wrap (more than one line, or a wrap mode) hold their lines in the direct layout: each drawn,
    /// and put as plain lines, where the general path draws it, and clipped alike in a shorter row.
    @Test func wrappingLabelsMatchTheGeneralLayout() {
        var rng = SplitMix(seed: 11)
        let texts: [String?] = [
            nil, "", "Apple", "a note long enough to wrap over several lines of a narrow cell, or two",
            "trailing space at the end of a long line ", "   leading spaces then words to wrap here",
            "설정 테이블 셀의 긴 한글 문장은 공백에서 줄을 나눕니다", "漢字と仮名の文はどこでも折り返せる文章です",
            "averyveryverylongwordthatcannotbreakanywhere at all", "🍎 emoji 🐰 and 👨‍👩‍👧 families wrap whole",
            "two\nparagraphs, the second longer than the first", "a\n\nb", "tab\tinside a long wrapped text", "\n",
            "±°αЖ ① ambiguous Ω… characters over lines", "x", "한",
        ]
        let modes: [LineBreakMode] = [.wordWrap, .charWrap, .truncatingTail, .truncatingHead, .clipping]
        var compared = 0
        var overLines = 0
        var asPlainLines = 0
        for _ in 0..<6000 {
            let kind = BuiltinCellStyle.Kind.allCases[rng.next(4)]
            var c = ListContentConfiguration(
                text: texts[rng.next(texts.count)], secondaryText: texts[rng.next(texts.count)],
                image: [nil, "🍎", "✓"][rng.next(3)])
            for k in 0..<2 {
                var p = TextProperties()
                p.numberOfLines = [0, 1, 2, 3][rng.next(4)]
                p.lineBreakMode = modes[rng.next(modes.count)]
                p.alignment = TextAlignment.allCases[rng.next(3)]
                p.transform = rng.next(5) == 0 ? .uppercase : .none
                if k == 0 { c.textProperties = p } else { c.secondaryTextProperties = p }
            }
            c.textToSecondaryTextVerticalPadding = rng.next(3)
            let width = 8 + rng.next(40)
            let engine = LayoutEngine(ambiguousWide: rng.next(4) == 0)
            let cell = Cell(reuseIdentifier: "direct")
            cell.contentConfiguration = c
            if rng.next(2) == 0 {
                cell.measuredLabels.measure(
                    text: c.text, detail: c.secondaryText, image: c.image, ambiguousWide: engine.ambiguousWide)
            }
            let rowHeight = rng.next(3) == 0 ? 1 + rng.next(3) : nil
            guard
                let put = expectSameAsTheGeneralLayout(kind, cell, width: width, engine: engine, rowHeight: rowHeight)
            else { continue }
            compared += 1
            if let direct = BuiltinDirectLayout.make(kind, cell, width: width, engine: engine), direct.height > 1 {
                overLines += 1
                if put { asPlainLines += 1 }
            }
        }
        #expect(compared > 4000)
        #expect(overLines > 1000)
        // Rows of plain text over lines go out as plain lines, not cell by cell.
        #expect(asPlainLines > 500)
    }

    /// Draws the cell's content both ways (and, when it is narrow, as plain lines) and expects the same
    /// height, characters and styles. Nil when the direct layout declines it, else whether it went out as
    /// plain lines.
    private func expectSameAsTheGeneralLayout(
        _ kind: BuiltinCellStyle.Kind, _ cell: Cell, width: Int, engine: LayoutEngine, rowHeight: Int? = nil
    ) -> Bool? {
        guard let direct = BuiltinDirectLayout.make(kind, cell, width: width, engine: engine),
            let c = cell.listConfiguration
        else { return nil }
        let node = BuiltinCellStyle.layout(kind, c, width: width)
        let h = engine.measure(node, width: width)
        #expect(direct.height == h, "height \(kind) \(c) at \(width) \(engine)")
        let drawn = max(rowHeight ?? h, 1)
        var a = Canvas(width: width, height: drawn, ambiguousWide: engine.ambiguousWide)
        var b = Canvas(width: width, height: drawn, ambiguousWide: engine.ambiguousWide)
        engine.draw(node, into: &a, x: 0, y: 0, width: width, height: drawn)
        direct.draw(into: &b, x: 0, y: 0, height: drawn)
        for y in 0..<drawn {
            #expect(a.line(y) == b.line(y), "\(kind) \(c) at \(width) \(engine)")
            for x in 0..<width { #expect(a[x, y].style == b[x, y].style) }
        }
        // Plain lines: the same text, or declined (the row is then drawn in cells).
        guard !engine.ambiguousWide else { return false }
        var p = Canvas(width: width, height: drawn)
        p.takesPlainLines = true
        let put = p.drawPlainLines(at: 0, count: drawn) { out in
            for y in 0..<drawn {
                guard direct.putLine(y, height: drawn, x: 0, into: &out) else { return false }
                out.endLine()
            }
            return true
        }
        if put { #expect(plainText(p) == plainText(a), "plain lines \(kind) \(c) at \(width)") }
        return put
    }

    private func plainText(_ canvas: Canvas) -> String {
        let sink = MemorySink()
        let writer = PlainWriter(sink: sink)
        try? writer.write(canvas)
        try? writer.flush()
        return sink.string
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
