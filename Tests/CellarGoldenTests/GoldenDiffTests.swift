import CellarDocuments
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

@Suite struct GoldenDiffTests {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// The marker's display column in a rendered diff line (after the gutter).
    func markerColumn(_ line: Substring, gutter: Int) -> Int? {
        var column = 0
        for c in line {
            column += DisplayWidth.of(c)
            if c == "^" { return column - gutter }
        }
        return nil
    }

    @Test func comparisonIsExactExceptCRLF() {
        #expect(GoldenDiff.matches(expected: bytes("a\r\nb\r\n"), actual: bytes("a\nb\n")))
        #expect(!GoldenDiff.matches(expected: bytes("a \n"), actual: bytes("a\n")))
        #expect(!GoldenDiff.matches(expected: bytes("a\n"), actual: bytes("a")))
        #expect(!GoldenDiff.matches(expected: bytes("a\r\n"), actual: bytes("a\r")))
    }

    @Test func firstDifferenceCountsWideCharactersAsTwo() throws {
        let diff = GoldenDiff(expected: bytes("head\n│ 한국어 abc │\n"), actual: bytes("head\n│ 한국어 abd │\n"))
        let first = try #require(diff.firstDifference)
        // "│ " = 2, "한국어" = 6, " ab" = 3: the 'c' sits at column 12.
        #expect(first.row == 2 && first.column == 12)
        let out = diff.render(terminalWidth: 100)
        let lines = out.split(separator: "\n")
        let markerLine = try #require(lines.first { $0.contains("^") })
        // Gutter: "! " + 1-digit line number + "  " = 5 columns.
        #expect(markerColumn(markerLine, gutter: 5) == 12)
        #expect(lines.contains { $0.hasPrefix("! 2  │ 한국어 abc │") && $0.hasSuffix("│ │ 한국어 abd │") })
        // Side by side: a title row with both names.
        #expect(lines.first?.contains("expected") == true && lines.first?.contains("│ actual") == true)
    }

    @Test func whitespaceIsVisibleOnDifferingLinesOnly() {
        let diff = GoldenDiff(expected: bytes("same  \nab  \nx\tz\n"), actual: bytes("same  \nab\nx\u{1B}[1mz\n"))
        let out = diff.render(terminalWidth: 100)
        #expect(out.contains("ab··"))  // trailing spaces
        #expect(out.contains("x→z"))  // tab
        #expect(out.contains("x␛[1mz"))  // escape
        #expect(out.contains("same  "))  // unchanged line stays raw
        #expect(!out.contains("same··"))
        #expect(diff.firstDifference?.row == 2 && diff.firstDifference?.column == 3)
    }

    /// A golden written by hand may hold C1 or bidi controls, which the diff
    /// prints as a terminal shows them (`\u{85}`): its columns and marks are
    /// counted on that form, on differing and unchanged lines alike.
    @Test func unsafeCharactersAreCountedAsPrinted() throws {
        let expected = "k\u{85}x\n t\u{85}wo\u{202E} x\u{2028}\n"
        let diff = GoldenDiff(expected: bytes(expected), actual: bytes("k\u{85}x\n twoo\n"))
        #expect(diff.firstDifference?.row == 2 && diff.firstDifference?.column == 3)
        let out = diff.render(terminalWidth: 100)
        #expect(!out.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) || $0 == "\u{202E}" })
        let lines = out.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("! 2   t\\u{85}wo\\u{202E} x\\u{2028}") })
        #expect(lines.contains { $0.hasPrefix("  1  k\\u{85}x") })
        let bars = Set(lines.map { line in line.prefix { $0 != "│" }.reduce(0) { $0 + DisplayWidth.of($1) } })
        #expect(bars.count == 1, "│ in one column: \(out)")
        let markerLine = try #require(lines.first { $0.contains("^") })
        #expect(markerColumn(markerLine, gutter: 5) == 3)
    }

    @Test func missingFinalNewlineIsNamed() {
        let diff = GoldenDiff(expected: bytes("a\nb\n"), actual: bytes("a\nb"))
        #expect(diff.firstDifference?.row == 2 && diff.firstDifference?.column == 2)
        let out = diff.render(terminalWidth: 100)
        #expect(out.contains("b (no newline at end of file)"))
    }

    @Test func missingLinesAreShown() {
        let diff = GoldenDiff(expected: bytes("a\nb\nc\n"), actual: bytes("a\n"))
        #expect(diff.firstDifference?.row == 2 && diff.firstDifference?.column == 1)
        #expect(diff.render(terminalWidth: 100).contains("(no line)"))
    }

    @Test func wrapsInsideTheColumnsWhenALineIsTooWide() throws {
        // 30 Hangul (60 columns) and the same with an x: at 80 columns the two
        // sides share 72, 36 each, so each wraps after 18 Hangul.
        let long = String(repeating: "가", count: 30)
        let diff = GoldenDiff(expected: bytes(long + "\n"), actual: bytes(long + "x\n"))
        let out = diff.render(terminalWidth: 80)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(out)")
        #expect(lines[0].hasPrefix("     expected") && lines[0].hasSuffix(" │ actual"))
        let first = String(repeating: "가", count: 18)
        let rest = String(repeating: "가", count: 12)
        #expect(lines[1] == "! 1  " + first + " │ " + first)
        #expect(lines[2] == "     " + rest + String(repeating: " ", count: 12) + " │ " + rest + "x")
        // Only the x differs: one caret, under it (gutter 5, column 36, " │ ", 24 columns).
        #expect(lines[3] == String(repeating: " ", count: 41) + " │ " + String(repeating: " ", count: 24) + "^")
        #expect(lines.count == 4)
    }

    @Test func everyDifferingCellIsMarkedOnBothSides() {
        let diff = GoldenDiff(expected: bytes("~ aaa bbb 한\n"), actual: bytes("~ aab bbb 국\n"))
        let lines = diff.render(terminalWidth: 100).split(separator: "\n").map(String.init)
        // The third a and the Hangul (two columns, two carets) differ; the bs do not.
        #expect(lines[1] == "! 1  ~ aaa bbb 한 │ ~ aab bbb 국")
        #expect(lines[2] == "         ^     ^^ │     ^     ^^")
    }

    @Test func aLongLegendWrapsBesideItsTwin() {
        let legend =
            "--- styles: "
            + (0..<26).map { "\(Character(Unicode.Scalar(97 + $0)!)) = fg=label" }
            .joined(separator: ", ")
        let changed = legend.replacingOccurrences(of: "q = fg=label", with: "q = fg=tint")
        let out = GoldenDiff(expected: bytes(legend + "\n"), actual: bytes(changed + "\n")).render(terminalWidth: 100)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 100 }, "\(out)")
        #expect(lines.allSatisfy { $0.contains(" │ ") }, "\(out)")
        #expect(lines.filter { $0.contains("^") }.count >= 1)
        #expect(out.contains("q = fg=tint") || out.contains("fg=tint"))
    }

    @Test func stacksOnlyWhenAColumnWouldBeTooNarrow() {
        let diff = GoldenDiff(expected: bytes("abcdefghijklmnop\n"), actual: bytes("abcdefghijklmnoq\n"))
        let out = diff.render(terminalWidth: 24)
        #expect(!out.contains(" │ "))
        #expect(out.contains("expected\n") && out.contains("actual\n"))
    }

    @Test func onlyDifferingRegionsWithContext() {
        let expected = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "line 15\n", with: "line XV\n")
        let out = GoldenDiff(expected: bytes(expected), actual: bytes(actual)).render(terminalWidth: 100)
        #expect(out.contains("line 13") && out.contains("line 17"))
        #expect(!out.contains("line 12 ") && !out.contains("line 18"))
        #expect(out.contains("⋮"))
        #expect(out.contains("! 15  line 15"))
    }

    @Test func anInsertedLineDoesNotMarkEverythingAfterIt() throws {
        let expected = (1...10).map { "row \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "row 4\n", with: "row 4\nnew row\n")
        let diff = GoldenDiff(expected: bytes(expected), actual: bytes(actual))
        #expect(diff.firstDifference?.row == 5 && diff.firstDifference?.column == 1)
        let out = diff.render(terminalWidth: 100)
        let marked = out.split(separator: "\n").filter { $0.hasPrefix("!") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("(no line)") == true && marked.first?.hasSuffix("│ new row") == true)
        // Context after the insertion is paired with its own line again.
        #expect(out.contains("   5  row 5     │ row 5\n"))
    }

    @Test func removedAndAddedLinesPairUpAsChanges() {
        let diff = GoldenDiff(expected: bytes("a\nold 1\nold 2\nz\n"), actual: bytes("a\nnew 1\nz\n"))
        #expect(diff.firstDifference?.row == 2 && diff.firstDifference?.column == 1)
        let lines = diff.render(terminalWidth: 100).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("! 2  old 1") && $0.hasSuffix("│ new 1") })
        #expect(lines.contains { $0.hasPrefix("! 3  old 2") && $0.hasSuffix("│ (no line)") })
    }

    @Test func frameLookupNamesTheStep() {
        let golden = bytes("=== 0: initial (width 4, offset 0) ===\nA\n=== 1: select [0, 1] ===\nB\nC\n")
        #expect(GoldenFormat.frame(containing: 5, in: golden)?.title == "1: select [0, 1]")
        #expect(GoldenFormat.frame(containing: 5, in: golden)?.line == 2)
        #expect(GoldenFormat.frame(containing: 3, in: golden)?.line == 0)
    }
}
