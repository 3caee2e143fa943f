import Testing
import CellarText
@testable import Cellar

/// LayoutEngine's label shortcuts (a fitting clean line drawn without a
/// line array, one-line labels counted without breaking them, natural
/// widths without splitting) must give exactly what the line-based layout gives.
@Suite struct LayoutEngineTests {
    static let texts = ["", "Apple", "당류 (Sugar)", "🍎 emoji 🐰", "a very long text that needs truncating somewhere",
                        "two\nlines", "tab\there", "esc\u{1B}[31mred", "   ", "\n", "x", "설정 테이블 셀 한글 긴 문장입니다",
                        "crlf\r\nline", "ﬁne Straße"]

    /// The label as drawn from `TextLayout.lines` and `TextLayout.align`, line by line.
    static func reference(_ label: Label, into canvas: inout Canvas, width: Int, height: Int) {
        for (i, line) in LayoutEngine.labelLines(label, width: width).prefix(height).enumerated() {
            let (lead, text) = TextLayout.align(line, width: width, alignment: label.alignment)
            canvas.draw(text, x: lead, y: i, maxWidth: width - lead, style: label.style)
        }
    }

    @Test func labelShortcutsMatchTheLineLayout() {
        var rng = SplitMix(seed: 7)
        let modes = LineBreakMode.allCases
        for _ in 0..<3000 {
            let label = Label(Self.texts[rng.next(Self.texts.count)], numberOfLines: rng.next(3),
                              lineBreakMode: modes[rng.next(modes.count)],
                              alignment: TextAlignment.allCases[rng.next(3)],
                              transform: TextTransform.allCases[rng.next(TextTransform.allCases.count)],
                              style: TextStyle(foreground: .semantic(.secondaryLabel)))
            let width = 1 + rng.next(30)
            let node = ViewNode.label(label)
            let h = LayoutEngine.measure(node, width: width)
            #expect(h == LayoutEngine.labelLines(label, width: width).count, "\(label) at \(width)")
            let height = max(h, 1)
            var a = Canvas(width: width, height: height)
            var b = Canvas(width: width, height: height)
            LayoutEngine.draw(node, into: &a, x: 0, y: 0, width: width, height: height)
            Self.reference(label, into: &b, width: width, height: height)
            for y in 0..<height {
                #expect(a.line(y) == b.line(y), "\(label) at \(width)")
                for x in 0..<width { #expect(a[x, y].style == b[x, y].style) }
            }
        }
    }

    @Test func naturalWidthIsTheWidestLine() {
        for text in Self.texts {
            for transform in TextTransform.allCases {
                let label = Label(text, transform: transform)
                let widest = transform.apply(text).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { DisplayWidth.of($0) }.max() ?? 0
                #expect(LayoutEngine.naturalWidth(.label(label)) == widest, "\(text)")
            }
        }
    }

    @Test func columnWidthsShareTheRoomInOrder() {
        let stack = Stack(axis: .horizontal, spacing: 1, children: [
            .label(Label("abc", width: .fit)), .label(Label("")), .spacer(minLength: 0),
            .label(Label("hello", width: .fixed(4))), .label(Label("xyz")),
        ])
        // Room 20 - 4 fixed - 3 gaps = 13: the fitted label takes its 3, the
        // two flexible children share 10; the empty label takes nothing.
        #expect(LayoutEngine.columnWidths(stack, width: 20) == [3, 0, 5, 4, 5])
        // Narrow: the fitted label keeps half the 3 columns of room, the
        // flexible ones split the rest.
        #expect(LayoutEngine.columnWidths(stack, width: 10) == [1, 0, 1, 4, 1])
        // Narrower than the fixed column and gaps: squeezed from the right.
        #expect(LayoutEngine.columnWidths(stack, width: 5) == [0, 0, 0, 2, 0])
    }
}
