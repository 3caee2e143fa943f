import CellarTestSupport
import Testing

/// `cellar test --report DIR` end to end.
@Suite struct GoldenReportCLITests {
    static let caseText = "width: 12\ntable:\n  sections:\n    - rows:\n        - {text: Apple}\n"

    @Test func underCIOnlyTheReportIsWritten() throws {
        let dir = try ScratchDirectory()
        try dir.write("cases/a.case.yaml", Self.caseText)
        let run = try CellarCLI.run(["test", "cases", "--report", "out"], in: dir.path, ci: true)
        #expect(run.status != 0)
        #expect(run.stdout.contains("report: ") && run.lastLine == "0 passed, 1 failed, 1 new")
        #expect(dir.files() == ["cases/a.case.yaml", "out/index.html"])
        #expect(dir.read("out/index.html")?.contains("<span class=\"tag\">NEW</span> a</h2>") == true)
    }

    @Test func aReportInsideTheCaseTreeIsRefused() throws {
        let dir = try ScratchDirectory()
        try dir.write("cases/a.case.yaml", Self.caseText)
        // Not under CI: the refusal comes before any case runs, so no .new is written either.
        let run = try CellarCLI.run(["test", "cases", "--report", "cases/out"], in: dir.path)
        #expect(run.status != 0 && run.stderr.contains("inside the case tree"), "\(run.stderr)")
        #expect(dir.files() == ["cases/a.case.yaml"])
    }
}
