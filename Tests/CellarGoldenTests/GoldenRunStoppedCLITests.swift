import CellarTestSupport
import Foundation
import Testing

/// `cellar test` always ends with `N passed, N failed`: an error that stops
/// or spoils the run (no such path, a report that cannot be written, a filter
/// that matches nothing) is one more failure, said in Cellar's words.
@Suite struct GoldenRunStoppedCLITests {
    static let caseText = "width: 12\ntable:\n  sections:\n    - rows:\n        - {text: Apple}\n"

    func expectStopped(_ run: CellarCLI.Run, closing: String, saying: String) {
        #expect(run.status == 1)
        #expect(run.lastLine == closing, "\(run.stdout)")
        #expect(run.stderr.contains(saying), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        for foreign in ["NSCocoaErrorDomain", "Error Domain", "error 512", "The operation could not"] {
            #expect(!run.stderr.contains(foreign) && !run.stdout.contains(foreign))
        }
    }

    @Test func aReportThatCannotBeWrittenIsOneMoreFailure() throws {
        let dir = try ScratchDirectory()
        try dir.write("cases/a.case.yaml", Self.caseText)
        _ = try CellarCLI.run(["test", "--update", "cases"], in: dir.path)
        try dir.write("file", "x")
        // An existing file, a directory under a file, an index.html that is a directory.
        expectStopped(
            try CellarCLI.run(["test", "cases", "--report", "file"], in: dir.path),
            closing: "1 passed, 1 failed",
            saying: "cellar test: cannot create the --report directory file: file is a file, not a directory")
        expectStopped(
            try CellarCLI.run(["test", "cases", "--report", "file/out"], in: dir.path),
            closing: "1 passed, 1 failed",
            saying: "cannot create the --report directory file/out: file is a file, not a directory")
        try FileManager.default.createDirectory(atPath: dir.path + "/out/index.html", withIntermediateDirectories: true)
        expectStopped(
            try CellarCLI.run(["test", "cases", "--report", "out"], in: dir.path),
            closing: "1 passed, 1 failed", saying: "out/index.html: is a directory")
    }

    @Test func aRunThatCannotStartStillEndsWithItsCount() throws {
        let dir = try ScratchDirectory()
        try dir.write("cases/a.case.yaml", Self.caseText)
        expectStopped(
            try CellarCLI.run(["test", "missing"], in: dir.path),
            closing: "0 passed, 1 failed", saying: "cellar test: no such file or directory: missing")
        expectStopped(
            try CellarCLI.run(["test", "cases", "--filter", "nosuch"], in: dir.path),
            closing: "0 passed, 1 failed", saying: "no case name contains 'nosuch' (--filter)")
        expectStopped(
            try CellarCLI.run(["test", "cases", "--report", "cases/out"], in: dir.path),
            closing: "0 passed, 1 failed", saying: "is inside the case tree")
        expectStopped(
            try CellarCLI.run(["test", "--accept", "missing"], in: dir.path),
            closing: "0 accepted, 1 failed", saying: "cellar test: no such file or directory: missing")
    }
}
