import Testing

@testable import CellarText

@Suite struct CanvasTests {
    @Test func drawsAndClips() {
        var c = Canvas(width: 10, height: 2)
        #expect(c.draw("hello", x: 0, y: 0) == 5)
        #expect(c.draw("world wide", x: 6, y: 0) == 4)
        #expect(c.line(0) == "hello worl")
        #expect(c.draw("abc", x: 0, y: 5) == 0)
        #expect(c.draw("abc", x: Int.max, y: 0) == 0)
        #expect(c.draw("abc", x: Int.min, y: 0, maxWidth: .max) == 3)  // the advance, all off-canvas
        #expect(c.draw("abc", x: 2, y: 0, maxWidth: -4) == 0)
        #expect(c.draw("xyz", x: -1, y: 1) == 3)
        #expect(c.line(1) == "yz")
    }

    @Test func leftClipAndCombiningMarks() {
        var c = Canvas(width: 6, height: 2)
        #expect(c.draw("ab한cd", x: -3, y: 0) == 6)
        #expect(c.line(0) == " cd")
        c.draw("cafe\u{301}!", x: 0, y: 1)
        #expect(c.line(1) == "cafe\u{301}!")
        #expect(c[3, 1].character == "e\u{301}")
        #expect(c[4, 1].character == "!")
    }

    @Test func wideCharactersTakeTwoCellsAndAreNeverHalf() {
        var c = Canvas(width: 5, height: 1)
        #expect(c.draw("한글한", x: 0, y: 0) == 5)
        #expect(c[0, 0].character == "한")
        #expect(c[1, 0].isContinuation)
        #expect(c[4, 0].character == " " && !c[4, 0].isContinuation)
        #expect(c.line(0) == "한글")
        var d = Canvas(width: 10, height: 1)
        #expect(d.draw("한글", x: 0, y: 0, maxWidth: 3) == 3)
        #expect(d.line(0) == "한")
        #expect(d.draw("🇰🇷x", x: 5, y: 0) == 3)
        #expect(d.line(0) == "한   🇰🇷x")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var c = Canvas(width: 6, height: 1)
        c.draw("한글한", x: 0, y: 0)
        c.draw("x", x: 1, y: 0)  // right half of 한
        #expect(c.line(0) == " x글한")
        c.draw("y", x: 2, y: 0)  // left half of 글
        #expect(c.line(0) == " xy 한")
        #expect(!c[3, 0].isContinuation)
    }

    @Test func clustersAndAmbiguousWidthInCells() {
        var c = Canvas(width: 8, height: 2)
        c.draw("\u{1112}\u{1161}\u{11AB}x👨‍👩‍👧", x: 0, y: 0)
        #expect(c[0, 0].character == "\u{1112}\u{1161}\u{11AB}")
        #expect(c[1, 0].isContinuation)
        #expect(c[2, 0].character == "x")
        #expect(c[3, 0].character == "👨‍👩‍👧" && c[4, 0].isContinuation)
        #expect(c.line(0) == "\u{1112}\u{1161}\u{11AB}x👨‍👩‍👧")
        var wide = Canvas(width: 5, height: 1, ambiguousWide: true)
        #expect(wide.draw("±±±", x: 0, y: 0) == 5)
        #expect(wide[1, 0].isContinuation && wide[3, 0].isContinuation)
        #expect(wide.line(0) == "±±")
    }

    @Test func ellipsisWhereTruncating() {
        var c = Canvas(width: 6, height: 1)
        c.draw("한글한글", x: 0, y: 0, maxWidth: 5, ellipsis: true)
        #expect(c.line(0) == "한글…")
    }

    @Test func fillAndOverlay() {
        var c = Canvas(width: 5, height: 2)
        c.fill(x: 0, y: 0, width: 5, height: 1, character: "─")
        #expect(c.line(0) == "─────")
        c.fill(x: 0, y: 1, width: 5, height: 1, character: "한")
        #expect(c.line(1) == "한한")
        c.overlay(x: 0, y: 0, width: 2, height: 1, attributes: .inverse, background: .semantic(.selectedBackground))
        #expect(c[0, 0].style.attributes.contains(.inverse))
        #expect(c[0, 0].style.background == .semantic(.selectedBackground))
        #expect(c[0, 0].character == "─")
        #expect(c[2, 0].style == .plain)
    }

    @Test func overlayKeepsAnOwnBackground() {
        // A badge drawn on its own background stays as drawn when the row is
        // selected; the cells around it take the selection's look.
        var c = Canvas(width: 6, height: 1)
        c.draw("ab", x: 0, y: 0)
        c.draw(
            " 3 ", x: 2, y: 0,
            style: TextStyle(
                attributes: .bold, foreground: .semantic(.background),
                background: .semantic(.destructive)))
        c.overlay(
            x: 0, y: 0, width: 6, height: 1, attributes: [.inverse, .underline],
            background: .semantic(.selectedBackground))
        #expect(c[0, 0].style.background == .semantic(.selectedBackground))
        #expect(c[0, 0].style.attributes == [.inverse, .underline])
        #expect(c[3, 0].style.background == .semantic(.destructive))
        #expect(c[3, 0].style.attributes == [.bold, .underline])
        #expect(c[5, 0].style.background == .semantic(.selectedBackground))
        // Without a background (dimming) every cell takes the attributes.
        c.overlay(x: 0, y: 0, width: 6, height: 1, attributes: .dim)
        #expect(c[3, 0].style.attributes.contains(.dim) && c[0, 0].style.attributes.contains(.dim))
    }

    @Test func sanitisesWhatItDraws() {
        var c = Canvas(width: 30, height: 1)
        c.draw("a\u{1B}[2Jb", x: 0, y: 0)
        #expect(c.line(0) == "a␛[2Jb")
    }

    @Test func resetClears() {
        var c = Canvas(width: 3, height: 1)
        c.draw("👩‍🔬", x: 0, y: 0, style: TextStyle(attributes: .bold))
        #expect(c[0, 0].character == "👩‍🔬")
        c.reset(width: 4, height: 2)
        #expect(c.width == 4 && c.height == 2)
        #expect(c.line(0) == "")
        #expect(c[0, 0] == .blank)
    }

    /// At the same size a reset blanks only the columns each row's extent
    /// covers: everything drawn (wide characters, clusters, fills, overlays,
    /// styled blanks) must be inside them, so every cell ends blank.
    @Test func resetAtTheSameSizeBlanksEveryCell() {
        var c = Canvas(width: 10, height: 4)
        c.draw("ab 한글 👩‍🔬", x: 1, y: 0, style: TextStyle(attributes: .bold))
        c.fill(x: 0, y: 1, width: 10, character: "─", style: TextStyle(foreground: .semantic(.separator)))
        c.overlay(x: 2, y: 2, width: 5, attributes: .inverse, background: .palette(3))
        c.draw("끝", x: 9, y: 3)
        c.draw("끝x", x: 6, y: 3)
        c.reset(width: 10, height: 4)
        // The raw cells first: a stale cell's style id may be past the emptied style table.
        #expect(c.storage == Canvas(width: 10, height: 4).storage)
        for y in 0..<4 { #expect(c.line(y) == "", "line \(y)") }
    }
}

@Suite struct WriterTests {
    @Test func plainWriterHasNoEscapesAndTrimsTrailingSpaces() throws {
        var c = Canvas(width: 8, height: 2)
        c.draw("hi", x: 0, y: 0, style: TextStyle(attributes: .bold, foreground: .semantic(.tint)))
        c.draw("한글", x: 2, y: 1)
        let sink = MemorySink()
        try PlainWriter(sink: sink).write(c)
        #expect(sink.string == "hi\n  한글\n")
        #expect(!sink.bytes.contains(0x1B))
    }

    @Test func ansiWriterEmitsSGROnlyOnChangeAndResetsAtLineEnd() throws {
        var c = Canvas(width: 6, height: 2)
        let bold = TextStyle(attributes: .bold)
        c.draw("ab", x: 0, y: 0, style: bold)
        c.draw("cd", x: 2, y: 0, style: bold)
        c.draw("e", x: 4, y: 0)
        c.draw("x", x: 0, y: 1, style: TextStyle(foreground: .semantic(.destructive)))
        let sink = MemorySink()
        try ANSIWriter(sink: sink).write(c)
        #expect(sink.string == "\u{1B}[0;1mabcd\u{1B}[0me\n\u{1B}[0;31mx\u{1B}[0m\n")
    }

    @Test func ansiWriterSkipsStyleChangesThatChangeNoSGR() throws {
        // Different styles, same escape: .label resolves to the default
        // foreground, as a selected row's image and text do.
        var c = Canvas(width: 12, height: 2)
        let selected = TextStyle(attributes: .inverse, background: .semantic(.selectedBackground))
        var text = selected
        text.foreground = .semantic(.label)
        c.draw("🍎 ", x: 0, y: 0, style: selected)
        c.draw("Apple", x: 3, y: 0, style: text)
        c.draw("x", x: 0, y: 1, style: TextStyle(foreground: .semantic(.label)))
        c.draw("y", x: 1, y: 1)
        let sink = MemorySink()
        try ANSIWriter(sink: sink).write(c)
        #expect(sink.string == "\u{1B}[0;7;48;5;238m🍎 Apple\u{1B}[0m\nxy\n")
    }

    /// The writers copy runs of eight ASCII cells in one style at once and
    /// trim blanks eight at a time; checked against a cell-by-cell
    /// reference on rows whose styles, wide characters and blanks fall on
    /// and across eight-cell boundaries.
    @Test func fastRowPathsMatchCellByCellReference() throws {
        let styles = [
            TextStyle.plain, TextStyle(attributes: .bold), TextStyle(foreground: .palette(3)),
            TextStyle(background: .semantic(.selectedBackground)),
        ]
        let pieces = ["abcdefgh", "x", "  ", "한글", "😀", "e\u{301}", "0123456789abcdef", "   "]
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var c = Canvas(width: 37, height: 40)
        for y in 0..<40 {
            var x = next(9)
            for _ in 0..<next(6) {
                x += c.draw(pieces[next(pieces.count)], x: x, y: y, style: styles[next(styles.count)]) + next(3)
            }
        }
        let ansi = ANSIWriter(sink: MemorySink())
        var plainExpected = ""
        var ansiExpected = ""
        for y in 0..<40 {
            let cells = (0..<37).map { c[$0, y] }
            func visible(_ cell: Canvas.Cell) -> Bool {
                cell.character != " " || cell.isContinuation || cell.style.background != .default
            }
            let plainEnd = (cells.lastIndex { $0.character != " " || $0.isContinuation } ?? -1) + 1
            plainExpected +=
                cells[..<plainEnd].filter { !$0.isContinuation }.map { String($0.character) }.joined() + "\n"
            let ansiEnd = (cells.lastIndex(where: visible) ?? -1) + 1
            var current = TextStyle.plain
            for cell in cells[..<ansiEnd] {
                if cell.style != current {
                    current = cell.style
                    ansiExpected += String(decoding: ansi.sequence(for: current), as: UTF8.self)
                }
                if !cell.isContinuation { ansiExpected += String(cell.character) }
            }
            if current != .plain { ansiExpected += "\u{1B}[0m" }
            ansiExpected += "\n"
        }
        let plainSink = MemorySink()
        let ansiSink = MemorySink()
        try PlainWriter(sink: plainSink).write(c)
        try ANSIWriter(sink: ansiSink).write(c)
        #expect(plainSink.string == plainExpected)
        #expect(ansiSink.string == ansiExpected)
    }

    /// Past eight styles, ids come from the dictionary; each style keeps one
    /// id, and cells read back the style they were drawn in.
    @Test func manyStylesKeepTheirIds() {
        var c = Canvas(width: 30, height: 2)
        let styles = (0..<30).map { TextStyle(foreground: .palette(UInt8($0))) }
        for (x, style) in styles.enumerated() { c.draw("a", x: x, y: 0, style: style) }
        for (x, style) in styles.enumerated().reversed() { c.draw("b", x: x, y: 1, style: style) }
        #expect(c.styles.count == 31)
        for (x, style) in styles.enumerated() {
            #expect(c[x, 0].style == style)
            #expect(c[x, 1].style == style)
        }
        c.reset(width: 30, height: 1)
        c.draw("z", x: 0, y: 0, style: styles[20])
        #expect(c.styles.count == 2)
        #expect(c[0, 0].style == styles[20])
    }

    @Test func ansiColours() {
        let w = ANSIWriter(sink: MemorySink())
        #expect(
            String(
                decoding: w.sequence(for: TextStyle(foreground: .palette(200), background: .rgb(1, 2, 3))),
                as: UTF8.self)
                == "\u{1B}[0;38;5;200;48;2;1;2;3m")
        #expect(
            String(
                decoding: w.sequence(for: TextStyle(attributes: [.underline, .italic], foreground: .palette(9))),
                as: UTF8.self)
                == "\u{1B}[0;3;4;91m")
        let custom = ANSIWriter(
            sink: MemorySink(), palette: ANSIPalette(foreground: [.tint: .palette(5)], background: [:]))
        #expect(
            String(decoding: custom.sequence(for: TextStyle(foreground: .semantic(.tint))), as: UTF8.self)
                == "\u{1B}[0;35m")
    }

    @Test func ansiKeepsVisibleTrailingBlanks() throws {
        var c = Canvas(width: 4, height: 1)
        c.fill(x: 0, y: 0, width: 4, style: TextStyle(background: .semantic(.selectedBackground)))
        let sink = MemorySink()
        try ANSIWriter(sink: sink).write(c)
        #expect(sink.string == "\u{1B}[0;48;5;238m    \u{1B}[0m\n")
        let plain = MemorySink()
        try PlainWriter(sink: plain).write(c)
        #expect(plain.string == "\n")
    }

    /// Rows are trimmed from the last column anything was drawn in: an
    /// overlay on blanks, a fill of spaces and text drawn after a reset all
    /// count, and a reset forgets them.
    @Test func trimmingSeesEveryKindOfDrawing() throws {
        var c = Canvas(width: 12, height: 3)
        c.draw("ab", x: 0, y: 0)
        c.overlay(x: 0, y: 0, width: 6, attributes: .inverse)
        c.fill(x: 3, y: 1, width: 2, style: TextStyle(attributes: .underline))
        c.draw("x", x: 11, y: 2)
        func ansi(_ c: Canvas) throws -> String {
            let sink = MemorySink()
            try ANSIWriter(sink: sink).write(c)
            return sink.string
        }
        #expect(try ansi(c) == "\u{1B}[0;7mab    \u{1B}[0m\n   \u{1B}[0;4m  \u{1B}[0m\n           x\n")
        c.reset(width: 12, height: 3)
        c.draw("y", x: 1, y: 1)
        #expect(try ansi(c) == "\n y\n\n")
    }

    @Test func writersStreamInChunks() throws {
        final class CountingSink: ByteSink {
            var writes = 0, largest = 0, total = 0
            func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
                writes += 1
                largest = max(largest, bytes.count)
                total += bytes.count
            }
            func flush() throws {}
        }
        var c = Canvas(width: 80, height: 100)
        for y in 0..<100 { c.draw(String(repeating: "x", count: 80), x: 0, y: y) }
        let sink = CountingSink()
        let writer = PlainWriter(sink: sink)
        for _ in 0..<100 { try writer.write(c) }  // 10,000 rows
        #expect(sink.total == 81 * 10_000)
        #expect(sink.largest < 1 << 16)
        #expect(sink.writes > 10)
    }

    @Test func colorModeRules() {
        #expect(ColorMode.auto.usesColor(environment: [:], outputIsTerminal: true))
        #expect(!ColorMode.auto.usesColor(environment: [:], outputIsTerminal: false))
        #expect(!ColorMode.auto.usesColor(environment: ["NO_COLOR": ""], outputIsTerminal: true))
        #expect(!ColorMode.auto.usesColor(environment: ["NO_COLOR": "1"], outputIsTerminal: true))
        #expect(ColorMode.always.usesColor(environment: ["NO_COLOR": "1"], outputIsTerminal: false))
        #expect(!ColorMode.never.usesColor(environment: [:], outputIsTerminal: true))
        #expect(ColorMode.auto.writer(sink: MemorySink(), environment: [:], outputIsTerminal: true) is ANSIWriter)
        #expect(ColorMode.auto.writer(sink: MemorySink(), environment: [:], outputIsTerminal: false) is PlainWriter)
    }
}

@Suite struct SanitizerTests {
    /// A data string that, printed raw, would clear the screen, retitle the
    /// window, move the cursor home and flip text direction.
    static let hostile = "ok\u{1B}[2J\u{1B}[H\u{1B}]0;pwned\u{07}\u{9B}31m\u{202E}evil\u{2066}x\u{7F}"

    @Test func hostileStringBecomesVisibleAndInert() throws {
        #expect(!Sanitizer.isClean(Self.hostile))
        let safe = Sanitizer.sanitize(Self.hostile)
        #expect(safe == "ok␛[2J␛[H␛]0;pwned␇\\u{9B}31m\\u{202E}evil\\u{2066}x␡")
        #expect(Sanitizer.isClean(safe))
        for scalar in safe.unicodeScalars {
            let v = scalar.value
            #expect(v >= 0x20 && v != 0x7F && !(0x80...0x9F).contains(v))
            #expect(!(0x202A...0x202E).contains(v) && !(0x2066...0x2069).contains(v))
        }
        // Through a canvas and both writers, no ESC byte survives.
        var canvas = Canvas(width: 80, height: 1)
        canvas.draw(Self.hostile, x: 0, y: 0)
        let plain = MemorySink()
        let ansi = MemorySink()
        try PlainWriter(sink: plain).write(canvas)
        try ANSIWriter(sink: ansi).write(canvas)
        #expect(!plain.bytes.contains(0x1B))
        #expect(!ansi.bytes.contains(0x1B))  // plain style: no SGR either
        #expect(!TextLayout.lines(Self.hostile, width: 20).joined().unicodeScalars.contains("\u{1B}"))
    }

    @Test func tabsExpandToTabStops() {
        #expect(Sanitizer.sanitize("\tx") == "    x")
        #expect(Sanitizer.sanitize("ab\tx") == "ab  x")
        #expect(Sanitizer.sanitize("한\tx") == "한  x")
        #expect(Sanitizer.sanitize("ab\tc\td") == "ab  c   d")
        // A control's picture and an override's escape take the columns they show.
        #expect(Sanitizer.sanitize("\u{1B}\tx") == "␛   x")
        #expect(Sanitizer.sanitize("a\u{202E}\tb") == "a\\u{202E}   b")
    }

    /// One line sanitised; text over lines is left to a layout that makes paragraphs of it.
    @Test func aSanitisedLineHasNoLineBreak() {
        #expect(Sanitizer.sanitizedLine("a\tb") == "a   b")
        #expect(Sanitizer.sanitizedLine("plain") == "plain")
        #expect(Sanitizer.sanitizedLine("a\nb") == nil)
        #expect(Sanitizer.sanitizedLine("a\r") == nil)
    }

    @Test func cleanTextIsUntouched() {
        for s in ["plain", "한글 漢字 😀", "e\u{301}", "‐—…", ""] {
            #expect(Sanitizer.isClean(s))
            #expect(Sanitizer.sanitize(s) == s)
        }
        #expect(Sanitizer.sanitize("a\u{0}b\nc") == "a␀b␊c")
    }
}

/// The read-only style accessor writers that mark styles use.
@Suite struct CanvasStyleIDTests {
    @Test func eachCellReportsItsStyleAndWideCharactersBothHalves() {
        var c = Canvas(width: 8, height: 2)
        let bold = TextStyle(attributes: .bold)
        let tint = TextStyle(foreground: .semantic(.tint))
        c.draw("a", x: 0, y: 0, style: bold)
        c.draw("한🐰", x: 1, y: 0, style: tint)
        let ids = (0..<8).map { c.styleID(x: $0, y: 0) }
        #expect(ids == [1, 2, 2, 2, 2, 0, 0, 0])
        #expect(c.styleTable[1] == bold && c.styleTable[2] == tint && c.styleTable[0] == .plain)
        // An overlay over only the right half of a wide character: the
        // character still shows in its first cell's style, so both report it.
        c.overlay(x: 2, y: 0, width: 1, attributes: .inverse)
        #expect(c.styleID(x: 2, y: 0) == c.styleID(x: 1, y: 0))
        #expect(c.styleID(x: 3, y: 0) == 2)
        // Outside the canvas: plain.
        #expect(c.styleID(x: -1, y: 0) == 0 && c.styleID(x: 8, y: 0) == 0 && c.styleID(x: 0, y: 2) == 0)
        c.reset(width: 8, height: 2)
        #expect(c.styleID(x: 0, y: 0) == 0 && c.styleTable == [.plain])
    }
}
