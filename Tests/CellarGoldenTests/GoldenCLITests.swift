import CellarTestSupport
import Foundation
import Testing

@testable import CellarGolden

/// `cellar test` end to end: output, closing line and exit status of the
/// built binary (it sits beside the test bundle after `swift build --build-tests`).
@Suite struct GoldenCLITests {
    typealias Run = CellarCLI.Run

    @Test func recordReviewAcceptAndCI() throws {
        let dir = try ScratchDirectory()
        try dir.write("Styles/demo/cases/a.case.yaml", GoldenRunnerTests.caseText)

        // Default path Styles/: a new case fails and leaves a .new for review.
        var run = try CellarCLI.run(["test"], in: dir.path)
        #expect(run.status == 1 && run.lastLine == "0 passed, 1 failed, 1 new")
        #expect(run.stdout.contains("cellar test --accept Styles/demo/cases/a.case.yaml"))
        #expect(dir.exists("Styles/demo/cases/a.golden.new") && !dir.exists("Styles/demo/cases/a.golden"))

        // --accept turns it into the golden; then the case passes.
        run = try CellarCLI.run(["test", "--accept", "--filter", "demo"], in: dir.path)
        #expect(run.status == 0 && run.lastLine == "1 accepted")
        run = try CellarCLI.run(["test"], in: dir.path)
        #expect(run.status == 0 && run.lastLine == "1 passed, 0 failed")

        // An orphan is reported; it fails only under CI, where nothing is written.
        try dir.write("Styles/demo/cases/gone.golden", "x\n")
        try dir.write("Styles/demo/cases/b.case.yaml", GoldenRunnerTests.caseText)
        run = try CellarCLI.run(["test", "--update"], in: dir.path, ci: true)
        #expect(run.status == 1 && run.lastLine == "1 passed, 1 failed, 1 new, 1 orphaned")
        #expect(!dir.exists("Styles/demo/cases/b.golden") && !dir.exists("Styles/demo/cases/b.golden.new"))
        run = try CellarCLI.run(["test", "--update", "Styles/demo/cases/b.case.yaml"], in: dir.path)
        #expect(run.status == 0 && run.lastLine == "1 passed, 0 failed, 1 new")
        run = try CellarCLI.run(["test"], in: dir.path)
        #expect(run.status == 0 && run.lastLine == "2 passed, 0 failed, 1 orphaned")
        #expect(run.stdout.contains("ORPHAN Styles/demo/cases/gone.golden"))
    }

    /// A golden is read within the file size limit, so none is recorded past it: the case fails, naming the flag,
    /// and a golden recorded under a raised limit passes under the same limit.
    @Test func aGoldenPastTheSizeLimitIsNotRecorded() throws {
        let dir = try ScratchDirectory()
        // A small case that draws many frames.
        let steps = Array(repeating: "render", count: 30).joined(separator: ", ")
        try dir.write(
            "Styles/cases/a.case.yaml",
            "width: 40\ntable:\n  sections:\n    - rows: [{text: a}, {text: b}]\nsteps: [\(steps)]\n")
        var run = try CellarCLI.run(["test", "--update", "--max-file-size", "1K"], in: dir.path)
        #expect(run.status == 1 && run.lastLine == "0 passed, 1 failed")
        #expect(run.stdout.contains("more than the 1 KiB a golden may hold"), "\(run.stdout)")
        #expect(run.stdout.contains("--max-file-size on every run"))
        #expect(!dir.exists("Styles/cases/a.golden") && !dir.exists("Styles/cases/a.golden.new"))
        run = try CellarCLI.run(["test", "--update", "--max-file-size", "1M"], in: dir.path)
        #expect(run.status == 0 && dir.exists("Styles/cases/a.golden"))
        run = try CellarCLI.run(["test", "--max-file-size", "1M"], in: dir.path)
        #expect(run.status == 0 && run.lastLine == "1 passed, 0 failed")
    }

    @Test func badInvocationsFailWithOneMessage() throws {
        let dir = try ScratchDirectory()
        var run = try CellarCLI.run(["test", "missing"], in: dir.path)
        #expect(run.status == 1 && run.stderr == "cellar test: no such file or directory: missing\n")
        #expect(run.lastLine == "0 passed, 1 failed")
        run = try CellarCLI.run(["test", "--update", "--accept"], in: dir.path)
        #expect(run.status != 0 && run.stderr.contains("--update and --accept do not go together"))
    }
}
