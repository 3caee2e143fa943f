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

    func review(_ dir: ScratchDirectory, keys: String, pageHeight: Int? = nil) throws -> (GoldenReview.Tally, String) {
        var pressed = Array(keys.utf8)[...]
        var shown = ""
        let runner = GoldenRunner(options: .init(terminalWidth: 80), makeRegistry: { Registry() })
        let tally = try GoldenReview(runner: runner, pageHeight: pageHeight).run(
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

    @Test func aLongDiffIsPagedUnderItsHeadingAndThePromptNamesTheCase() throws {
        let dir = try ScratchDirectory()
        try dir.write("long.case.yaml", Self.caseText)
        let old = (1...40).map { "line \($0)" }.joined(separator: "\n") + "\n"
        try dir.write("long.golden", old)
        // Every other line changes: the diff is far taller than a page of 12.
        try dir.write("long.golden.new", old.replacingOccurrences(of: "0\n", with: "0!\n"))
        // 31 lines: a first page of 10, then pages of 9 under the heading.
        let (tally, shown) = try review(dir, keys: "   a", pageHeight: 12)
        #expect(tally.closingLine == "1 accepted, 0 rejected, 0 skipped")
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        // Each page, before the next, is at most the page less the heading and prompt.
        let prompts = lines.indices.filter { lines[$0].contains(GoldenReview.prompt) }
        #expect(prompts.count == 4, "\(shown)")
        #expect(lines[prompts[0]].hasPrefix("[1/1] long — lines 1–10 of 31, space: more — "), "\(shown)")
        #expect(lines[prompts[1]].hasPrefix("[1/1] long — lines 1–19 of 31"), "\(shown)")
        #expect(lines[prompts[3]].hasPrefix("[1/1] long — a accept"), "\(shown)")
        // A page after the first starts with the heading again, and fits the terminal.
        #expect(lines[prompts[0] + 1] == "[1/1] long")
        #expect(zip(prompts, prompts.dropFirst()).allSatisfy { $1 - $0 <= 11 })
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
