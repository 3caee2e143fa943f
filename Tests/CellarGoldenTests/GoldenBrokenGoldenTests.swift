import CellarDocuments
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

/// A deliberately broken golden must produce the readable failure: the case,
/// the golden's path, the accept command, the row/column line, a marker under
/// the first differing display column (wide characters count two), and
/// whitespace made visible on differing lines.
@Suite struct GoldenBrokenGoldenTests {
    static let caseText = """
        width: 30
        height: 3
        table:
          sections:
            - rows:
                - {cell: default, text: "한국어 글자 abc"}
                - {cell: default, text: "plain"}
                - {cell: default, text: "tail"}
        """

    /// Records a golden, then breaks it: the Hangul row's `abc` becomes `abd`,
    /// the `plain` row gets two trailing spaces, and the final newline goes.
    func brokenCase(width: Int) throws -> (ScratchDirectory, GoldenRunner.CaseResult, String) {
        let dir = try ScratchDirectory()
        try dir.write("k.case.yaml", Self.caseText)
        let runner = GoldenRunner(options: .init(terminalWidth: width, command: "cellar"), makeRegistry: { Registry() })
        _ = try GoldenRunner(options: .init(update: true), makeRegistry: { Registry() }).run(paths: [dir.path])
        let good = try #require(dir.read("k.golden"))
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let hangul = try #require(lines.firstIndex { $0.contains("한국어 글자 abc") })
        let plain = try #require(lines.firstIndex { $0.contains("plain") })
        lines[hangul] = lines[hangul].replacingOccurrences(of: "abc", with: "abd")
        lines[plain] += "  "
        try dir.write("k.golden", lines.joined(separator: "\n").dropLast().description)
        let summary = try runner.run(paths: [dir.path])
        let result = try #require(summary.results.first)
        #expect(result.status == .failed)
        return (dir, result, lines[hangul])
    }

    @Test func sideBySideDiffHasEveryPart() throws {
        let (dir, result, brokenLine) = try brokenCase(width: 200)
        let report = result.report
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The case and where it lives; the golden; the accept command.
        #expect(lines.first == "FAIL k  (\(dir.path)/k.case.yaml)")
        #expect(report.contains("  golden: \(dir.path)/k.golden\n"))
        #expect(report.contains("accept the change: cellar test --accept \(dir.path)/k.case.yaml\n"))
        #expect(dir.exists("k.golden.new"))

        // The row/column line: the golden's line of the Hangul row, and the
        // display column of 'd' counting each Hangul syllable as two.
        let goldenLines = try #require(dir.read("k.golden")).split(separator: "\n").map(String.init)
        let row = try #require(goldenLines.firstIndex(of: brokenLine)) + 1
        let prefix = try #require(brokenLine.range(of: "abd")).lowerBound
        let column = DisplayWidth.of(brokenLine[..<prefix]) + 3  // 'a', 'b', then the differing 'd'
        // Five Hangul syllables: five columns more than a count of characters.
        #expect(column == brokenLine[..<prefix].count + 3 + 5)
        #expect(
            report.contains(
                "first difference: row \(row), column \(column) (frame \"0: initial (width 30, height 3, offset 0)\", line \(row - 1))"
            ))

        // Side by side: the differing row shows both versions on one line, and
        // the marker line puts '^' under that column on both sides.
        let diffRow = try #require(lines.first { $0.contains("abd") && $0.contains("abc") })
        #expect(diffRow.contains(" │ "))
        let markerIndex = try #require(lines.firstIndex { $0.contains("^") })
        #expect(lines[markerIndex - 1] == diffRow)
        let marker = lines[markerIndex]
        #expect(marker.filter { $0 == "^" }.count == 2)
        let firstCaret = try #require(marker.firstIndex(of: "^"))
        // The caret sits under the golden's 'd' (left side): two columns after "ab" starts.
        let expectedLeft = try #require(diffRow.range(of: "abd")).lowerBound
        #expect(DisplayWidth.of(marker[..<firstCaret]) == DisplayWidth.of(diffRow[..<expectedLeft]) + 2)

        // Whitespace made visible on the differing lines only.
        #expect(report.contains("plain··"))
        #expect(report.contains("(no newline at end of file)"))
    }

    @Test func narrowTerminalWrapsBothSidesInTheirColumns() throws {
        let (_, result, _) = try brokenCase(width: 50)
        let lines = result.report.split(separator: "\n").map(String.init)
        // The report indents the diff two columns; the runner gives it the rest (48).
        let diff = lines.filter { $0.contains(" │ ") }
        #expect(diff.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(result.report)")
        // The broken golden on the left, the output on the right, side by side.
        #expect(diff.contains { $0.split(separator: "│").first?.contains("abd") == true })
        #expect(diff.contains { $0.split(separator: "│").last?.contains("abc") == true })
        #expect(diff.contains { $0.contains("^") })
    }
}
