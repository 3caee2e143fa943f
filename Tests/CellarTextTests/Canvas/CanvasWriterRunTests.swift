import Testing

@testable import CellarText

/// The writers' run paths (`ScalarRun`, eight cells measured at once)
/// against the canvas read one cell at a time.
@Suite struct CanvasWriterRunTests {
    /// Each line as the public cell accessor shows it: characters of
    /// non-continuation cells, trailing spaces trimmed, `\n` after each.
    static func cellByCell(_ c: Canvas) -> String {
        var out = ""
        for y in 0..<c.height {
            var line = ""
            for x in 0..<c.width where !c[x, y].isContinuation { line.append(c[x, y].character) }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    static func written(_ c: Canvas, ansi: Bool = false) throws -> String {
        let sink = MemorySink()
        let writer: CanvasWriter = ansi ? ANSIWriter(sink: sink) : PlainWriter(sink: sink)
        try writer.write(c)
        return sink.string
    }

    /// Runs of every length up to past five eights, of scalars of one to
    /// four UTF-8 bytes, starting off and on an eight-cell boundary, ending
    /// at a wide character, at a different character, or clipped at the edge.
    @Test(arguments: ["─", "é", "𝐀", "x", "한"])
    func runsOfOneScalarMatchCellByCell(_ character: Character) throws {
        for length in 0...43 {
            for start in [0, 1, 5] {
                var c = Canvas(width: 44, height: 3)
                c.fill(x: start, y: 0, width: length, character: character)
                c.draw("한글", x: start + length, y: 0)
                c.fill(x: start, y: 1, width: length, character: character)
                c.draw("a", x: start + length, y: 1)
                c.fill(x: start, y: 2, width: length + 10, character: character)
                #expect(try Self.written(c) == Self.cellByCell(c), "length \(length) from \(start)")
            }
        }
    }

    /// A run of one character in two styles is two runs: the second style's
    /// sequence comes where it starts, not after the whole run.
    @Test func tintedRunsBreakWhereTheStyleChanges() throws {
        var c = Canvas(width: 50, height: 1)
        c.fill(x: 0, y: 0, width: 20, character: "─", style: TextStyle(foreground: .palette(1)))
        c.fill(x: 20, y: 0, width: 25, character: "─", style: TextStyle(foreground: .palette(4)))
        let expected =
            "\u{1B}[0;31m" + String(repeating: "─", count: 20) + "\u{1B}[0;34m"
            + String(repeating: "─", count: 25) + "\u{1B}[0m\n"
        #expect(try Self.written(c, ansi: true) == expected)
        #expect(try Self.written(c) == String(repeating: "─", count: 45) + "\n")
    }
}
