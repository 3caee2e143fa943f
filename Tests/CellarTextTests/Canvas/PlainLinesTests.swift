import Testing

@testable import CellarText

/// `Canvas.drawPlainLines`: a plain line is the bytes the writer writes for
/// the same text drawn into cells, and text whose cells would differ from
/// its bytes is refused, leaving the canvas as it was.
@Suite struct PlainLinesTests {
    /// The line the plain-text writer writes for line 0 of `canvas`.
    static func written(_ canvas: Canvas, line: Int = 0) -> [UInt8] {
        let out = ByteBuffer(capacity: 256)
        canvas.render(row: line, into: out, sgr: nil)
        return Array(out.bytes)
    }

    @Test func aTextTakenIsTheBytesOfItsCells() {
        var (taken, refused) = (0, 0)
        for (i, raw) in CanvasDrawFastPathTests.texts().enumerated() {
            let text = Sanitizer.sanitize(raw)
            let columns = DisplayWidth.of(text)
            let x = i % 5
            let width = columns + x + 4
            // Two pieces with a gap, the second a glyph, then trailing spaces trimmed.
            var cells = Canvas(width: width + 3, height: 1)
            cells.draw(clean: text, x: x, y: 0)
            cells.draw(clean: "› ", x: width, y: 0)
            var plain = Canvas(width: width + 3, height: 1)
            plain.takesPlainLines = true
            let took = plain.drawPlainLines(at: 0, count: 1) { out in
                guard out.put(text, x: x, columns: columns), out.put("› ", x: width, columns: 2) else { return false }
                out.endLine()
                return true
            }
            if took {
                taken += 1
                #expect(Self.written(plain) == Self.written(cells), "\(text.debugDescription)")
            } else {
                refused += 1
                #expect(Self.written(plain).isEmpty)
                #expect(plain.plainLine(0) == nil)
            }
        }
        // Both ways are exercised: ASCII, Hangul and lone emoji go in; marks, ZWJ sequences, flags do not.
        #expect(taken > 100)
        #expect(refused > 100)
    }

    @Test func textThatWouldNotBeItsOwnCellsIsRefused() {
        // Marks, zero width, flags, skin tones, Hangul jamo (L + LV, LV + T), tabs; VS16 alone, twice,
        // after ASCII or Hangul, or joined on (a ZWJ sequence, a keycap).
        for text in [
            "e\u{301}", "a\u{200B}b", "🇰🇷", "👍🏽", "\u{1161}", "\u{1100}\u{AC00}", "\u{AC00}\u{11A8}", "\t",
            "\u{FE0F}", "❤\u{FE0F}\u{FE0F}", "a\u{FE0F}", "가\u{FE0F}", "❤\u{FE0F}\u{200D}🔥", "✈\u{FE0F}\u{20E3}",
        ] {
            #expect(
                Array(text.utf8).withUnsafeBufferPointer { PlainLines.plainColumns($0) } == nil,
                "\(text.debugDescription)")
        }
        #expect(PlainText("✈\u{FE0F} ok", columns: 5) != nil, "VS16 widens a narrow emoji base")
        #expect(PlainText("한글 ok", columns: 7) != nil)
        #expect(PlainText("한글 ok", columns: 6) == nil, "a width that is not the text's")
        // Held inline: up to `capacity` bytes, and those bytes put as they are.
        let longest = String(repeating: "ab", count: PlainText.capacity / 2)
        #expect(PlainText(longest + "c", columns: PlainText.capacity + 1) == nil)
        var canvas = Canvas(width: 20, height: 1)
        canvas.takesPlainLines = true
        #expect(
            canvas.drawPlainLines(at: 0, count: 1) { out in
                guard let text = PlainText(longest, columns: PlainText.capacity), out.put(text, x: 1) else {
                    return false
                }
                out.endLine()
                return true
            })
        #expect(String(decoding: Self.written(canvas, line: 0), as: UTF8.self) == " " + longest)
    }

    @Test func linesGoLeftToRightInsideTheCanvas() {
        var canvas = Canvas(width: 10, height: 3)
        canvas.takesPlainLines = true
        // Overlapping pieces, a piece past the edge, too few lines: each refused, nothing kept.
        #expect(
            !canvas.drawPlainLines(at: 0, count: 1) { $0.put("abc", x: 2, columns: 3) && $0.put("d", x: 4, columns: 1) }
        )
        #expect(!canvas.drawPlainLines(at: 0, count: 1) { $0.put("abcd", x: 7, columns: 4) })
        #expect(!canvas.drawPlainLines(at: 0, count: 2) { out in out.endLine() == () })
        #expect(!canvas.drawPlainLines(at: 2, count: 2) { _ in true })
        #expect(canvas.plainEnds.isEmpty)
        // A rule cut to the row; a text cut is refused.
        let rule = PlainRule(repeating: "─", count: 8)
        #expect(rule != nil)
        #expect(
            canvas.drawPlainLines(at: 1, count: 2) { out in
                guard let rule, let abc = PlainText("abc", columns: 3), out.put("x  ", x: 1, columns: 3) else {
                    return false
                }
                out.endLine()
                guard out.put(rule, x: 2, columns: 5), !out.put(abc, x: 8, columns: 2) else {
                    return false
                }
                out.endLine()
                return true
            })
        #expect(String(decoding: Self.written(canvas, line: 1), as: UTF8.self) == " x")
        #expect(String(decoding: Self.written(canvas, line: 2), as: UTF8.self) == "  ─────")
        // Clearing the canvas forgets them.
        canvas.reset(width: 10, height: 3)
        #expect(canvas.plainLine(1) == nil)
        #expect(Self.written(canvas, line: 1).isEmpty)
    }

    @Test func aRuleIsItsGlyphRepeated() throws {
        for (glyph, count) in [("─", 0), ("─", 1), ("─", 2), ("-", 3), ("─", 5), ("═", 1000), ("─", 10_000)] {
            let rule = try #require(PlainRule(repeating: glyph, count: count))
            #expect(rule.bytes == Array(String(repeating: glyph, count: count).utf8), "\(glyph) × \(count)")
            #expect(rule.columns == count)
        }
        #expect(PlainRule(repeating: "가", count: 3) == nil)
    }

    @Test func ambiguousWideCanvasesAndOthersTakeNone() {
        var wide = Canvas(width: 10, height: 1, ambiguousWide: true)
        wide.takesPlainLines = true
        #expect(!wide.drawPlainLines(at: 0, count: 1) { out in out.endLine() == () })
        var other = Canvas(width: 10, height: 1)
        #expect(!other.drawPlainLines(at: 0, count: 1) { out in out.endLine() == () })
    }

    /// Every base plain lines take, followed by VS16 (✈️, ❤️, ©️): when it
    /// is taken too (all but after Hangul), its cells are its bytes and it is
    /// as wide as `DisplayWidth` says.
    @Test func emojiMadeSoByVS16AreTheBytesOfTheirCells() {
        var taken = 0
        for value in 0x80...0x10_FFFF as ClosedRange<UInt32> {
            guard let scalar = Unicode.Scalar(value),
                Array(String(scalar).utf8).withUnsafeBufferPointer({ PlainLines.plainColumns($0) }) != nil
            else { continue }
            let text = String(scalar) + "\u{FE0F}"
            guard let columns = Array(text.utf8).withUnsafeBufferPointer({ PlainLines.plainColumns($0) }) else {
                continue
            }
            taken += 1
            #expect(columns == DisplayWidth.of(text) && Sanitizer.isClean(text), "\(text.debugDescription)")
            var cells = Canvas(width: 4, height: 1)
            cells.draw(clean: text, x: 1, y: 0)
            var plain = Canvas(width: 4, height: 1)
            plain.takesPlainLines = true
            #expect(
                plain.drawPlainLines(at: 0, count: 1) { $0.put(text, x: 1, columns: columns) && $0.endLine() == () })
            #expect(Self.written(plain) == Self.written(cells), "\(text.debugDescription)")
        }
        #expect(taken > 100_000)
    }

    /// Text found plain is clean and as wide as `DisplayWidth` says, so a
    /// label measured plain ahead is laid out as before: every scalar alone,
    /// and generated text.
    @Test func plainTextIsCleanAndAsWideAsItsWidth() {
        func check(_ text: String) -> Bool {
            var plain = false
            let width = DisplayWidth.ofClean(text, ambiguousWide: false, plain: &plain)
            #expect(width == DisplayWidth.ofClean(text), "\(text.debugDescription)")
            let columns = Array(text.utf8).withUnsafeBufferPointer { PlainLines.plainColumns($0) }
            #expect(plain == (columns != nil), "\(text.debugDescription)")
            guard let columns else { return false }
            #expect(Sanitizer.isClean(text), "\(text.debugDescription)")
            #expect(columns == DisplayWidth.of(text), "\(text.debugDescription)")
            return true
        }
        var plain = 0
        for value in 0...0x10_FFFF as ClosedRange<UInt32> {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if check(String(scalar)) { plain += 1 }
        }
        for text in CanvasDrawFastPathTests.texts() where check(text) { plain += 1 }
        // Runs of Hangul syllables, and what ends one: a scalar beside the block, a mark joining the last.
        for text in ["가나다라마바사", "한글 텍스트", "\u{ABFF}가힣\u{D7A4}", "가나\u{0301}", "힣힣\u{FE0F}", "가a나"] {
            _ = check(text)
        }
        #expect(plain > 100_000)
    }
}
