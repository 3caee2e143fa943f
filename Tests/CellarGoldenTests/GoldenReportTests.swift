import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

/// `cellar test --report DIR` and the golden frames it draws.
@Suite struct GoldenReportTests {
    static let caseText = """
        description: Apples & <pears>, selected.
        width: 20
        styles: true
        table:
          sections:
            - rows:
                - {cell: default, text: Apple, accessory: checkmark}
                - {cell: default, text: 사과}
        steps:
          - select: [0, 1]
        """

    func runner(ci: Bool) -> GoldenRunner {
        GoldenRunner(options: .init(isCI: ci, terminalWidth: 120, workers: 1), makeRegistry: { Registry() })
    }

    @Test func failingNewAndOrphanedCasesWithPicturesSideBySide() throws {
        let dir = try ScratchDirectory()
        try dir.write("cases/a.case.yaml", Self.caseText)
        try dir.write("cases/new.case.yaml", Self.caseText)
        try dir.write("cases/ok.case.yaml", Self.caseText)
        try dir.write("cases/gone.golden", "=== 0: x ===\n")
        let good = try GoldenScenario.play(
            try GoldenCaseParser.load(path: dir.path + "/cases/a.case.yaml", name: "a"),
            registry: Registry())
        try dir.write("cases/ok.golden", good)
        try dir.write("cases/a.golden", good.replacingOccurrences(of: "Apple", with: "Apply"))
        let before = dir.files()
        let summary = try runner(ci: true).run(paths: [dir.path + "/cases"])
        let path = try GoldenReport(summary: summary, runner: runner(ci: true))
            .write(to: dir.path + "/report", caseRoots: [dir.path + "/cases"])
        // Under CI the case tree is untouched; only the report was written.
        #expect(dir.files() == (before + ["report/index.html"]).sorted())
        let page = try #require(dir.read("report/index.html"))
        #expect(path.hasSuffix("report/index.html") && page.hasPrefix("<!DOCTYPE html>") && !page.contains("<script"))
        #expect(page.contains("<span class=\"tag\">FAIL</span> a</h2>"))
        #expect(page.contains("<span class=\"tag\">NEW</span> new</h2>"))
        #expect(page.contains("<span class=\"tag\">ORPHAN</span>"))
        #expect(page.contains("Apples &amp; &lt;pears&gt;, selected."))
        #expect(page.contains("<li>select [0, 1]</li>"))
        #expect(page.contains("cellar test --update "))
        #expect(page.contains("<details><summary>1 passing</summary>") && page.contains("<li>ok</li>"))
        // Golden and actual as pictures; the changed letter is marked in both.
        #expect(
            page.contains("<figcaption>golden</figcaption><svg") && page.contains("<figcaption>actual</figcaption><svg")
        )
        #expect(page.matches(of: #/<rect class="d" x="(\d+)"/#).map { Int($0.1) }.contains(50))
        #expect(page.contains(">Apply</tspan>") && page.contains(">Apple</tspan>"))
    }

    @Test func theReportNeverGoesIntoTheCaseTree() throws {
        let dir = try ScratchDirectory()
        try dir.write("cases/a.case.yaml", Self.caseText)
        let summary = try runner(ci: true).run(paths: [dir.path + "/cases"])
        #expect(throws: CellarError.self) {
            try GoldenReport(summary: summary, runner: runner(ci: true))
                .write(to: dir.path + "/cases/report", caseRoots: [dir.path + "/cases"])
        }
        #expect(!dir.exists("cases/report"))
    }

    @Test func goldenFramesComeBackWithTheirStyles() throws {
        let golden = try GoldenScenario.play(
            try GoldenCaseParser.parse(Self.caseText, path: "/x/a.case.yaml", name: "a"), registry: Registry())
        let frames = GoldenFrame.parse(Array(golden.utf8))
        #expect(frames.map(\.title) == ["0: initial (width 20, offset 0)", "1: select [0, 1]"])
        let canvas = frames[1].canvas
        #expect(canvas.line(2).contains("사과"))
        // The selected row's cells carry the legend's style, not plain.
        #expect(canvas[3, 2].style != .plain && canvas[3, 2].style.attributes.contains(.inverse))
        #expect(frames[1].notes.contains { $0.hasPrefix("--- styles: ") })
        #expect(GoldenFrame.differences(frames[0].canvas, frames[1].canvas)(3, 2))
        #expect(!GoldenFrame.differences(frames[0].canvas, frames[1].canvas)(3, 0))
    }

    @Test func aColouredRowRunsToTheEndOfItsLineAsTheMarksSay() throws {
        // The plain line ends after "Tea"; its marks run on to column 12.
        let golden = "=== 0: initial ===\n Tea\n~ aaaaaaaaaaaa\n--- styles: a = bg=warning\n"
        let canvas = try #require(GoldenFrame.parse(Array(golden.utf8)).first).canvas
        #expect(canvas.width == 12)
        #expect((0..<12).allSatisfy { canvas[$0, 0].style.background == .semantic(.warning) })
    }

    @Test func aLegendIsOneStyleALineInTheReport() {
        #expect(GoldenReport.noteLines("--- styles: a = bold, b = fg=tint") == "--- styles: a = bold,\n    b = fg=tint")
        #expect(GoldenReport.noteLines("--- stats: a, b") == "--- stats: a, b")
    }
}
