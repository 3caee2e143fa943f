import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// LayoutEngine's label shortcuts (a fitting clean line drawn without a
/// line array, one-line labels counted without breaking them, natural
/// widths without splitting) must give exactly what the line-based layout gives.
@Suite struct LayoutEngineTests {
    static let texts = [
        "", "Apple", "당류 (Sugar)", "🍎 emoji 🐰", "a very long text that needs truncating somewhere",
        "two\nlines", "tab\there", "esc\u{1B}[31mred", "   ", "\n", "x", "설정 테이블 셀 한글 긴 문장입니다",
        "crlf\r\nline", "ﬁne Straße", "±°αЖ ① ambiguous Ω",
    ]

    /// The label as drawn from `TextLayout.lines` and `TextLayout.align`, line by line.
    static func reference(_ label: Label, _ engine: LayoutEngine, into canvas: inout Canvas, width: Int, height: Int) {
        for (i, line) in engine.labelLines(label, width: width).prefix(height).enumerated() {
            let (lead, text) = TextLayout.align(
                line, width: width, alignment: label.alignment,
                ambiguousWide: engine.ambiguousWide)
            canvas.draw(text, x: lead, y: i, maxWidth: width - lead, style: label.style)
        }
    }

    /// `drawing` and `reference` draw the same characters in the same styles
    /// on canvases of `width` × `height`.
    static func expectSameDrawing(
        width: Int, height: Int, _ engine: LayoutEngine, _ what: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ drawing: (inout Canvas) -> Void, as reference: (inout Canvas) -> Void
    ) {
        var a = Canvas(width: width, height: height, ambiguousWide: engine.ambiguousWide)
        var b = Canvas(width: width, height: height, ambiguousWide: engine.ambiguousWide)
        drawing(&a)
        reference(&b)
        for y in 0..<height {
            #expect(a.line(y) == b.line(y), "\(what)", sourceLocation: sourceLocation)
            for x in 0..<width { #expect(a[x, y].style == b[x, y].style, "\(what)", sourceLocation: sourceLocation) }
        }
    }

    @Test func labelShortcutsMatchTheLineLayout() {
        var rng = SplitMix(seed: 7)
        let modes = LineBreakMode.allCases
        for _ in 0..<3000 {
            let label = Label(
                Self.texts[rng.next(Self.texts.count)], numberOfLines: rng.next(3),
                lineBreakMode: modes[rng.next(modes.count)],
                alignment: TextAlignment.allCases[rng.next(3)],
                transform: TextTransform.allCases[rng.next(TextTransform.allCases.count)],
                style: TextStyle(foreground: .semantic(.secondaryLabel)))
            let width = 1 + rng.next(30)
            let engine = LayoutEngine(ambiguousWide: rng.next(2) == 0)
            let node = ViewNode.label(label)
            let h = engine.measure(node, width: width)
            #expect(h == engine.labelLines(label, width: width).count, "\(label) at \(width) \(engine)")
            let height = max(h, 1)
            Self.expectSameDrawing(width: width, height: height, engine, "\(label) at \(width)") {
                engine.draw(node, into: &$0, x: 0, y: 0, width: width, height: height)
            } as: {
                Self.reference(label, engine, into: &$0, width: width, height: height)
            }
        }
    }

    /// A label in a vertical stack is laid out once when it takes several
    /// lines, its lines both placing and drawing it: it must draw as the
    /// label alone does where the stack places it, background included.
    @Test func aLabelInAVerticalStackDrawsAsAlone() {
        var rng = SplitMix(seed: 11)
        let modes = LineBreakMode.allCases
        let alignments: [Stack.Alignment] = [.fill, .leading, .center, .trailing]
        let backgrounds: [Color] = [.default, .semantic(.tint)]
        // Cut to fewer lines than its paragraphs, a narrow label's last line
        // shows its cut at the width it is placed at, not the stack's.
        let texts = Self.texts + ["a\nb\nc", "one\ntwo\nthree\nfour"]
        for _ in 0..<2000 {
            let label = Label(
                texts[rng.next(texts.count)] + (rng.next(3) == 0 ? " and more words after it" : ""),
                numberOfLines: rng.next(4), lineBreakMode: modes[rng.next(modes.count)],
                alignment: TextAlignment.allCases[rng.next(3)],
                transform: TextTransform.allCases[rng.next(TextTransform.allCases.count)],
                style: TextStyle(foreground: .semantic(.label), background: backgrounds[rng.next(2)]))
            let width = 1 + rng.next(30)
            let engine = LayoutEngine(ambiguousWide: rng.next(2) == 0)
            let alignment = alignments[rng.next(alignments.count)]
            let stack = ViewNode.stack(Stack(axis: .vertical, alignment: alignment, children: [.label(label)]))
            let h = engine.measure(stack, width: width)
            #expect(h == engine.labelLines(label, width: width).count, "\(label) at \(width)")
            let height = max(h, 1)
            let (x, w) = engine.horizontalPlacement(
                alignment, x: 0, width: width, natural: engine.naturalWidth(label))
            Self.expectSameDrawing(width: width, height: height, engine, "\(label) at \(width), \(alignment)") {
                engine.draw(stack, into: &$0, x: 0, y: 0, width: width, height: height)
            } as: {
                engine.draw(label, into: &$0, x: x, y: 0, width: w, height: min(h, height))
            }
        }
    }

    /// The widest line as drawn: lines end at CR, LF or CR LF, and a tab's
    /// spaces and a control's picture take columns.
    @Test func naturalWidthIsTheWidestLine() {
        for text in Self.texts {
            for transform in TextTransform.allCases {
                for wide in [false, true] {
                    let label = Label(text, transform: transform)
                    let widest =
                        transform.apply(text).split(
                            omittingEmptySubsequences: false, whereSeparator: { "\n\r\r\n".contains($0) }
                        )
                        .map { DisplayWidth.of(Sanitizer.sanitize(String($0)), ambiguousWide: wide) }.max() ?? 0
                    #expect(LayoutEngine(ambiguousWide: wide).naturalWidth(.label(label)) == widest, "\(text)")
                }
            }
        }
        // Ambiguous characters count two columns each only with the setting.
        #expect(LayoutEngine().naturalWidth(.label(Label("±°αЖ"))) == 4)
        #expect(LayoutEngine(ambiguousWide: true).naturalWidth(.label(Label("±°αЖ"))) == 8)
        // Tab stops every four columns, from the line's start.
        #expect(LayoutEngine().naturalWidth(.label(Label("a\tb\nlonger\tc"))) == 9)
        #expect(LayoutEngine().naturalWidth(.image(glyph: "\t", style: .plain)) == 4)
        #expect(LayoutEngine().naturalWidth(.image(glyph: "\u{1B}", style: .plain)) == 1)
    }

    @Test func columnWidthsShareTheRoomInOrder() {
        let stack = Stack(
            axis: .horizontal, spacing: 1,
            children: [
                .label(Label("abc", width: .fit)), .label(Label("")), .spacer(minLength: 0),
                .label(Label("hello", width: .fixed(4))), .label(Label("xyz")),
            ])
        // Room 20 - 4 fixed - 3 gaps = 13: the fitted label takes its 3, the
        // two flexible children share 10; the empty label takes nothing.
        #expect(LayoutEngine().columnWidths(stack, width: 20) == [3, 0, 5, 4, 5])
        // Narrow: the flexible children keep half the 3 columns of room (1),
        // the fitted label takes the rest.
        #expect(LayoutEngine().columnWidths(stack, width: 10) == [2, 0, 1, 4, 0])
        // Wider: the fitted label keeps its natural width, the flexible ones
        // their 3 columns ("x…" of a wide character).
        #expect(LayoutEngine().columnWidths(stack, width: 14) == [3, 0, 2, 4, 2])
        // Narrower than the fixed column and gaps: squeezed from the right.
        #expect(LayoutEngine().columnWidths(stack, width: 5) == [0, 0, 0, 2, 0])
    }

    @Test func fittedColumnsFollowTheAmbiguousWidth() {
        let stack = Stack(
            axis: .horizontal, spacing: 1,
            children: [
                .label(Label("±°α", width: .fit)), .label(Label("rest")),
            ])
        #expect(LayoutEngine().columnWidths(stack, width: 20) == [3, 16])
        #expect(LayoutEngine(ambiguousWide: true).columnWidths(stack, width: 20) == [6, 13])
        // A one-line label of ambiguous text: 4 columns narrow, 8 wide, so at
        // 6 columns it wraps to two lines only with the setting.
        let label = Label("±°αЖ", numberOfLines: 0, lineBreakMode: .charWrap)
        #expect(LayoutEngine().measure(.label(label), width: 6) == 1)
        #expect(LayoutEngine(ambiguousWide: true).measure(.label(label), width: 6) == 2)
    }

    /// A vertical stack draws its label children from the array in place and
    /// everything else through the node path: both must place alike, with
    /// spacing, spacers, children that take no room, alignment and clipping.
    @Test func verticalStacksPlaceEveryKindOfChild() {
        func lines(_ alignment: Stack.Alignment, height: Int) -> [String] {
            let stack = Stack(
                axis: .vertical, spacing: 1, alignment: alignment,
                children: [
                    .label(Label("ab")), .label(Label("")), .spacer(minLength: 1), .image(glyph: "@", style: .plain),
                    .label(Label("one two three", numberOfLines: 0, lineBreakMode: .wordWrap)),
                    .stack(Stack(axis: .vertical, children: [.label(Label("z"))])),
                ])
            let engine = LayoutEngine()
            #expect(engine.measure(.stack(stack), width: 10) == 9)
            var canvas = Canvas(width: 10, height: height)
            engine.draw(.stack(stack), into: &canvas, x: 0, y: 0, width: 10, height: height)
            return (0..<height).map { canvas.line($0) }
        }
        #expect(lines(.fill, height: 9) == ["ab", "", "", "@", "", "one two", "three", "", "z"])
        #expect(
            lines(.trailing, height: 9) == [
                "        ab", "", "", "         @", "", "one two", "three", "", "         z",
            ])
        #expect(lines(.center, height: 9) == ["    ab", "", "", "    @", "", "one two", "three", "", "    z"])
        #expect(lines(.leading, height: 6) == ["ab", "", "", "@", "", "one two"])
    }

    /// A horizontal stack reads its label children in place and lays out the
    /// rest through the node path, with its column widths in a temporary
    /// buffer: columns, spacing, a column squeezed to nothing, wrapped and
    /// nested children and the vertical alignments must come out as placed.
    @Test func horizontalStacksPlaceEveryKindOfChild() {
        func lines(_ alignment: Stack.Alignment, width: Int) -> (Int, [String]) {
            let stack = Stack(
                axis: .horizontal, spacing: 1, alignment: alignment,
                children: [
                    .label(Label("key", width: .fixed(4))),
                    .label(Label("one two six", numberOfLines: 0, lineBreakMode: .wordWrap)),
                    .image(glyph: "@", style: .plain),
                    .stack(Stack(axis: .vertical, children: [.label(Label("y")), .label(Label("z"))])),
                ])
            let engine = LayoutEngine()
            let height = engine.measure(.stack(stack), width: width)
            var canvas = Canvas(width: width, height: 3)
            engine.draw(.stack(stack), into: &canvas, x: 0, y: 0, width: width, height: 3)
            return (height, (0..<3).map { canvas.line($0) })
        }
        #expect(lines(.top, width: 16) == (3, ["key  one  @ y", "     two    z", "     six"]))
        #expect(lines(.bottom, width: 16) == (3, ["     one", "     two    y", "key  six  @ z"]))
        #expect(lines(.center, width: 16) == (3, ["     one    y", "key  two  @ z", "     six"]))
        // Too narrow for every column: the flexible ones are squeezed to
        // nothing, take no room and count no lines.
        #expect(lines(.top, width: 8) == (1, ["key  @", "", ""]))
    }
}
