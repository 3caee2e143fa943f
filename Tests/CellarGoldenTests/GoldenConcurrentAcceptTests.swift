import CellarTestSupport
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

#if canImport(Glibc)
    import Glibc
#endif

/// `--accept` and `--review` beside another run doing the same: a pending
/// golden the other run accepted first is reported once as such, not as an
/// error, and the exit status says whether anything failed.
@Suite struct GoldenConcurrentAcceptTests {
    static let caseText = "width: 12\ntable:\n  sections:\n    - rows:\n        - {text: Apple}\n"

    @Test func aPendingGoldenTakenByAnotherRunIsNotAnError() throws {
        let dir = try ScratchDirectory()
        try dir.write("a.case.yaml", Self.caseText)
        try dir.write("a.golden.new", "new\n")
        // The other run's rename, just before ours.
        #expect(rename(dir.path + "/a.golden.new", dir.path + "/a.golden") == 0)
        #expect(try GoldenFiles.accept(pending: dir.path + "/a.golden.new") == .takenByAnotherRun)
        // Gone with no golden in its place is still an error, in words.
        #expect(throws: CellarError.self) { try GoldenFiles.accept(pending: dir.path + "/b.golden.new") }
        #expect(dir.read("a.golden") == "new\n")
    }

    @Test func aReviewWhoseChangeAnotherRunAcceptedCarriesOn() throws {
        let dir = try ScratchDirectory()
        for name in ["a", "b"] {
            try dir.write("\(name).case.yaml", Self.caseText)
            try dir.write("\(name).golden.new", "new \(name)\n")
        }
        var keys = Array("aa".utf8)[...]
        var shown = ""
        let runner = GoldenRunner(options: .init(terminalWidth: 80), makeRegistry: { Registry() })
        let tally = try GoldenReview(runner: runner).run(
            paths: [dir.path], show: { shown += $0 },
            readKey: {
                // While the first change is on screen, another run accepts it.
                if keys.count == 2 { _ = rename(dir.path + "/a.golden.new", dir.path + "/a.golden") }
                return keys.popFirst()
            })
        #expect(tally.closingLine == "1 accepted, 0 rejected, 0 skipped, 1 already accepted" && tally.errors.isEmpty)
        #expect(shown.components(separatedBy: "already accepted by another run").count == 2)
        #expect(dir.read("a.golden") == "new a\n" && dir.read("b.golden") == "new b\n")
    }

    @Test func twoAcceptRunsAtOnceBothSucceed() throws {
        let dir = try ScratchDirectory()
        let count = 300
        for i in 0..<count {
            try dir.write("cases/c\(i).case.yaml", Self.caseText)
            try dir.write("cases/c\(i).golden.new", "new \(i)\n")
        }
        let runs = ResultBox()
        let path = dir.path
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let run = try? CellarCLI.run(["test", "--accept", "cases"], in: path)
            runs.add(run)
        }
        let both = runs.values
        #expect(both.count == 2)
        var accepted = 0
        for run in both {
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr.prefix(500))")
            let lines = run.stdout.split(separator: "\n")
            accepted += lines.filter { $0.hasPrefix("accepted ") }.count
            // Each golden is named once: accepted here, or already accepted by the other run.
            let named = lines.filter { $0.hasPrefix("accepted ") || $0.hasPrefix("already accepted ") }.count
            #expect(
                named <= count && run.lastLine.hasPrefix("\(lines.filter { $0.hasPrefix("accepted ") }.count) accepted")
            )
        }
        #expect(accepted == count)
        for i in 0..<count { #expect(dir.read("cases/c\(i).golden") == "new \(i)\n") }
        #expect(!dir.files().contains { $0.hasSuffix(".new") })
    }
}

/// Runs collected from two threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [CellarCLI.Run] = []
    func add(_ run: CellarCLI.Run?) {
        lock.lock()
        if let run { runs.append(run) }
        lock.unlock()
    }
    var values: [CellarCLI.Run] {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }
}
