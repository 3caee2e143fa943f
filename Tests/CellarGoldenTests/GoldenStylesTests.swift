import CellarDocuments
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

/// `styles: true`: marks lines under styled lines and a legend per frame.
@Suite struct GoldenStylesTests {
    static let caseText = """
        width: 20
        styles: true
        table:
          separatorStyle: none
          sections:
            - rows:
                - {cell: default, text: Tea, accessory: checkmark, textProperties: {bold: true}}
                - {cell: subtitle, text: 한국 🐰, secondaryText: detail}
                - {cell: default, text: Plain}
        steps:
          - select: [0, 1]
        """

    func play(_ text: String) throws -> String {
        let scenario = try GoldenCaseParser.parse(text, path: "s.case.yaml", name: "s")
        return try GoldenScenario.play(scenario, registry: Registry())
    }

    @Test func parsesStylesLikeStats() throws {
        let on = try GoldenCaseParser.parse("width: 4\ntable: t.yaml\nstyles: true\n", path: "a.case.yaml", name: "a")
        #expect(on.styles && !on.stats)
        let off = try GoldenCaseParser.parse("width: 4\ntable: t.yaml\n", path: "a.case.yaml", name: "a")
        #expect(!off.styles)
        let bad: [(text: String, location: Cellar.SourceLocation, message: String)] = [
            (
                "width: 4\ntable: t.yaml\nstyles: yes please\n",
                Cellar.SourceLocation(file: "b.case.yaml", line: 3, column: 9),
                "styles must be true or false"
            ),
            (
                "width: 4\ntable: t.yaml\nstiles: true\n",
                Cellar.SourceLocation(file: "b.case.yaml", line: 3, column: 1),
                "unknown key 'stiles' — did you mean 'styles'?"
            ),
        ]
        for c in bad {
            do {
                _ = try GoldenCaseParser.parse(c.text, path: "b.case.yaml", name: "b")
                Issue.record("expected an error for \(c.text)")
            } catch let e as CellarError {
                #expect(e.location == c.location, "\(e)")
                #expect(e.message.contains(c.message), "\(e)")
            }
        }
    }

    @Test func marksSelectionDetailBoldTintAndWideCharacters() throws {
        // Frame 0: a bold label (C) and a tinted checkmark (g); the Hangul
        // syllables and the emoji take two marks each (d ×7 for "한국 🐰");
        // the subtitle's detail is secondaryLabel (e). Frame 1: the selected
        // row is inverse on selectedBackground, its marker (i) tinted, and
        // the letters of frame 0 keep their meaning. Each letter is its
        // style's own (`GoldenFormat.mark`), not its order of appearance.
        let expected = """
            === 0: initial (width 20, offset 0) ===
             Tea              ✓
            ~  CCC              g
             한국 🐰
            ~  ddddddd
             detail
            ~  eeeeee
             Plain
            ~  ddddd
            --- styles: d = fg=label, e = fg=secondaryLabel, g = fg=tint, C = bold fg=label
            === 1: select [0, 1] ===
             Tea              ✓
            ~  CCC              g
            ▌한국 🐰
            ~ iSSSSSSSoooooooooooo
            ▌detail
            ~ iaaaaaaooooooooooooo
             Plain
            ~  ddddd
            --- styles: a = inverse fg=secondaryLabel bg=selectedBackground, d = fg=label, g = fg=tint, \
            i = inverse fg=tint, o = inverse bg=selectedBackground, C = bold fg=label, \
            S = inverse fg=label bg=selectedBackground

            """
        #expect(try play(Self.caseText) == expected)
    }

    @Test func changingOneStyleChangesOnlyTheMarksDrawnInItAndTheLegend() throws {
        // Tea loses its bold: its style becomes the one the other labels have.
        // Letters by order of first appearance renamed every later style
        // then; letters by description keep every other line as it was.
        let before = try play(Self.caseText).split(separator: "\n", omittingEmptySubsequences: false)
        let after = try play(
            Self.caseText.replacingOccurrences(of: "textProperties: {bold: true}", with: "textProperties: {}")
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = before.indices.filter { before[$0] != after[$0] }
        // Each frame: the marks line under " Tea" and the legend; nothing else.
        let expected = before.indices.filter {
            before[$0].hasPrefix(GoldenFormat.stylesPrefix) || ($0 > 0 && before[$0 - 1].hasPrefix(" Tea"))
        }
        #expect(changed == expected, "\(after.joined(separator: "\n"))")
        #expect(changed.count == 4)
    }

    @Test func aStylesLetterComesFromItsDescription() {
        let tint = TextStyle(foreground: .semantic(.tint))
        let bold = TextStyle(attributes: .bold, foreground: .semantic(.label))
        let a = GoldenFormat.mark(for: tint, taken: [])
        // The same letter whatever else the golden holds, unless it is taken.
        #expect(
            GoldenFormat.mark(for: tint, taken: [GoldenFormat.mark(for: bold, taken: [])]) == a
                || a == GoldenFormat.mark(for: bold, taken: []))
        #expect(GoldenFormat.mark(for: tint, taken: [a]) != a)
        #expect(GoldenFormat.mark(for: tint, taken: Set(GoldenFormat.markLetters)) == GoldenFormat.overflowMark)
    }

    @Test func textLinesAreThePlainOutputByteForByte() throws {
        let plainCase = Self.caseText.replacingOccurrences(of: "styles: true\n", with: "stats: true\n")
        let styledCase = Self.caseText.replacingOccurrences(of: "styles: true\n", with: "styles: true\nstats: true\n")
        let plain = try play(plainCase)
        let styled = try play(styledCase)
        #expect(!plain.contains("~ ") && !plain.contains("--- styles:"))
        // Dropping the marks and legends gives back the plain golden exactly.
        let stripped = styled.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix(GoldenFormat.marksPrefix) && !$0.hasPrefix(GoldenFormat.stylesPrefix) }
            .joined(separator: "\n")
        #expect(stripped == plain)
        // The legend follows the stats.
        #expect(styled.contains("cells_reused[subtitle]: 0\n--- styles: d = fg=label"))
    }

    @Test func plainFramesSayNoneAndPlainLinesGetNoMarks() throws {
        let text = """
            width: 12
            styles: true
            table: {separatorStyle: none, sections: [{rows: [{cell: default, text: A}]}]}
            """
        // The default label is fg=label, so style the check on a header-free,
        // label-free table: an empty section draws nothing at all.
        let empty = text.replacingOccurrences(of: "[{cell: default, text: A}]", with: "[]")
        #expect(try play(empty) == "=== 0: initial (width 12, offset 0) ===\n--- styles: none\n")
        #expect(try play(text) == "=== 0: initial (width 12, offset 0) ===\n A\n~  d\n--- styles: d = fg=label\n")
    }

    @Test func legendNamesPaletteAndTrueColours() {
        #expect(
            GoldenFormat.describe(
                TextStyle(
                    attributes: [.dim, .underline], foreground: .palette(208),
                    background: .rgb(0x10, 0xA0, 0xFF)))
                == "dim underline fg=208 bg=#10a0ff")
        #expect(
            GoldenFormat.stylesLine([
                (UInt8(ascii: "a"), TextStyle(attributes: .strikethrough)),
                (UInt8(ascii: "b"), TextStyle(background: .semantic(.destructive))),
            ])
                == "--- styles: a = strikethrough, b = bg=destructive\n")
    }

    @Test func diffPointsAtTheDifferingMark() throws {
        let golden = try play(Self.caseText)
        // The checkmark's mark moves one column right in the first frame.
        let changed = golden.replacingOccurrences(of: "~  CCC              g\n", with: "~  CCC               g\n")
        let diff = GoldenDiff(expected: Array(golden.utf8), actual: Array(changed.utf8))
        #expect(diff.firstDifference?.row == 3)
        // "~ " + 18 cells: the 'b' under the ✓ at display column 21 of the line.
        #expect(diff.firstDifference?.column == 21)
        let rendered = diff.render(terminalWidth: 120)
        let lines = rendered.split(separator: "\n").map(String.init)
        let row = try #require(lines.firstIndex { $0.hasPrefix("!  3  ") }, "\(rendered)")
        let marked = lines[row]
        let caret = lines[row + 1]
        // The caret sits under the expected 'g' (both columns start at the same gutter).
        let caretColumn = try #require(caret.firstIndex(of: "^")).utf16Offset(in: caret)
        let bColumn = try #require(marked.firstIndex(of: "g")).utf16Offset(in: marked)
        #expect(caretColumn == bColumn)
        // The runner names the frame and the table column under the marks.
        let runner = GoldenRunner(options: .init(terminalWidth: 120), makeRegistry: { Registry() })
        let body = runner.failureBody(golden: Array(golden.utf8), actual: Array(changed.utf8), goldenPath: "s.golden")
        #expect(
            body.contains(
                "first difference: row 3, column 21 (frame \"0: initial (width 20, offset 0)\", "
                    + "marks under line 1, table column 19)"), "\(body)")
    }

    @Test func marksAreOnlyFoundInFramesWithALegend() {
        let styled = Array("=== 0: a ===\n x\n~  a\n--- styles: a = bold\n=== 1: b ===\n~ y\n".utf8)
        #expect(GoldenFormat.frame(containing: 3, in: styled)?.isMarks == true)
        #expect(GoldenFormat.frame(containing: 2, in: styled)?.isMarks == false)
        // Frame 1 has no legend: its "~ y" is a table line.
        #expect(GoldenFormat.frame(containing: 6, in: styled)?.isMarks == false)
        #expect(GoldenFormat.frame(containing: 6, in: styled)?.line == 1)
    }

    @Test func recordingRulesHoldForStyledCases() throws {
        let dir = try ScratchDirectory()
        try dir.write("s/a.case.yaml", Self.caseText)
        func run(update: Bool = false, ci: Bool = false) throws -> GoldenRunner.Summary {
            try GoldenRunner(
                options: .init(update: update, isCI: ci, terminalWidth: 120, workers: 1),
                makeRegistry: { Registry() }
            ).run(paths: [dir.path])
        }
        // Missing: CI writes nothing; locally the styled output goes to .new.
        #expect(try run(ci: true).failed == 1 && !dir.exists("s/a.golden.new"))
        #expect(try run().failed == 1)
        let pending = try #require(dir.read("s/a.golden.new"))
        #expect(pending == (try play(Self.caseText)))
        // --update records it, and it then passes.
        #expect(try run(update: true).closingLine == "1 passed, 0 failed, 1 new")
        #expect(dir.read("s/a.golden") == pending && !dir.exists("s/a.golden.new"))
        #expect(try run().closingLine == "1 passed, 0 failed")
        // A changed style fails with the diff at the mark; CI still writes nothing.
        try dir.write("s/a.case.yaml", Self.caseText.replacingOccurrences(of: "{bold: true}", with: "{italic: true}"))
        let ci = try run(ci: true)
        #expect(ci.failed == 1 && !dir.exists("s/a.golden.new") && dir.read("s/a.golden") == pending)
        let local = try run()
        let report = try #require(local.results.first?.report)
        // The legends differ entry by entry: the bold style's on the left, the italic one's on the right.
        #expect(report.contains("= bold fg=label") && report.contains("= italic fg=label"), "\(report)")
        #expect(dir.exists("s/a.golden.new") && dir.read("s/a.golden") == pending)
    }
}
