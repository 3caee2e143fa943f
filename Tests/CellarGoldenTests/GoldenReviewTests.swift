import CellarTestSupport
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

/// `cellar test --review`: the walk over pending changes, driven by keys.
@Suite struct GoldenReviewTests {
    static let caseText = "width: 12\ntable:\n  sections:\n    - rows:\n        - {text: Apple}\n"

    /// Three cases with pending changes (b has no golden yet) and one whose
    /// `.new` matches its golden, which is not shown.
    func scratch() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        for name in ["a", "b", "c", "same"] { try dir.write("\(name).case.yaml", Self.caseText) }
        try dir.write("a.golden", "old a\n")
        try dir.write("a.golden.new", "new a\n")
        try dir.write("b.golden.new", "new b\n")
        try dir.write("c.golden", "old c\n")
        try dir.write("c.golden.new", "new c\n")
        try dir.write("same.golden", "same\n")
        try dir.write("same.golden.new", "same\n")
        return dir
    }

    func review(_ dir: ScratchDirectory, keys: String) throws -> (GoldenReview.Tally, String) {
        var pressed = Array(keys.utf8)[...]
        var shown = ""
        let runner = GoldenRunner(options: .init(terminalWidth: 80), makeRegistry: { Registry() })
        let tally = try GoldenReview(runner: runner).run(
            paths: [dir.path], show: { shown += $0 },
            readKey: { pressed.popFirst() })
        return (tally, shown)
    }

    @Test func acceptRejectSkip() throws {
        let dir = try scratch()
        let (tally, shown) = try review(dir, keys: "xars")
        #expect(tally.closingLine == "1 accepted, 1 rejected, 1 skipped")
        #expect(dir.read("a.golden") == "new a\n" && !dir.exists("a.golden.new"))
        #expect(!dir.exists("b.golden.new") && !dir.exists("b.golden"))
        #expect(dir.read("c.golden") == "old c\n" && dir.exists("c.golden.new"))
        #expect(dir.exists("same.golden.new"))  // not a change: never shown, never touched
        #expect(shown.contains("[1/3] a") && shown.contains("[3/3] c") && !shown.contains("same"))
        #expect(shown.contains("no golden yet"))
        // An unknown key asks again.
        #expect(shown.components(separatedBy: GoldenReview.prompt).count - 1 == 4)
    }

    @Test func quitLeavesTheRestPending() throws {
        let dir = try scratch()
        let (tally, _) = try review(dir, keys: "aq")
        #expect(tally.closingLine == "1 accepted, 0 rejected, 2 skipped")
        #expect(dir.exists("b.golden.new") && dir.exists("c.golden.new"))
        // End of input quits too.
        let (rest, _) = try review(dir, keys: "")
        #expect(rest.closingLine == "0 accepted, 0 rejected, 2 skipped")
    }

    @Test func refusedWithoutATerminalAndUnderCI() throws {
        let dir = try scratch()
        for ci in [false, true] {
            let run = try CellarCLI.run(["test", "--review", "."], in: dir.path, ci: ci)
            #expect(run.status != 0)
            #expect(run.stderr.contains(ci ? "CI is set" : "needs a terminal"), "\(run.stderr)")
        }
        #expect(dir.read("a.golden") == "old a\n" && dir.exists("a.golden.new"))
    }
}
