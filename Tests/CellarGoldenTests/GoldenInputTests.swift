import CellarDocuments
import CellarTestSupport
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

#if canImport(Glibc)
    import Glibc
#endif

/// What a case tree can do to a run: numbers past their bounds, files that
/// leave the tree, leftovers, escapes. Each bad case fails alone, located.
@Suite struct GoldenInputTests {
    static let table = "table:\n  sections:\n    - rows:\n        - text: hi\n"

    func runner(_ ci: Bool = false, update: Bool = false) -> GoldenRunner {
        GoldenRunner(
            options: .init(update: update, isCI: ci, terminalWidth: 100, workers: 2), makeRegistry: { Registry() })
    }

    func parse(_ text: String) -> String {
        do {
            _ = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
            return "no error"
        } catch { return "\(error)" }
    }

    @Test func everyNumberOfACaseIsBoundedWhereItEnters() {
        let t = Self.table
        #expect(parse(t + "width: 99999999999\n") == "c.case.yaml:5:8: width must be at most 10000, found 99999999999")
        #expect(
            parse(t + "width: 20\nheight: 4611686018427387904\n")
                == "c.case.yaml:6:9: height must be at most 100000, found 4611686018427387904")
        #expect(
            parse(t + "width: 10000\nheight: 401\n")
                == "c.case.yaml:6:9: a 10000-column viewport can be at most 400 lines high (width × height is at most 4000000 cells)"
        )
        #expect(
            parse(t + "width: 20\noffset: 1000000001\n")
                == "c.case.yaml:6:9: offset must be at most 1000000000, found 1000000001")
        #expect(
            parse(t + "width: 20\nsteps:\n  - scroll: 9223372036854775807\n")
                == "c.case.yaml:7:13: scroll offset must be at most 1000000000, found 9223372036854775807")
        #expect(
            parse(t + "width: 20\nsteps:\n  - scroll: {offset: 99999999999999999999}\n").hasPrefix(
                "c.case.yaml:7:22: scroll offset must be a whole number"))
        #expect(
            parse(t + "width: 20\nsteps:\n  - select: [0, 9223372036854775807]\n")
                == "c.case.yaml:7:17: row must be at most 1000000000, found 9223372036854775807")
        #expect(
            parse(t + "width: 20\nsteps:\n  - move: {from: [0, 0], to: [1000000001, 0]}\n").contains(
                "section must be at most 1000000000"))
    }

    @Test func rowsTooTallForTheWidthAreRefusedAlsoWhenInserted() throws {
        func play(_ text: String) -> String {
            do {
                _ = try GoldenScenario.play(
                    try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c"), registry: Registry())
                return "no error"
            } catch { return "\(error)" }
        }
        let tall = "table:\n  rowHeight: 401\n  sections:\n    - rows:\n        - text: hi\nwidth: 10000\n"
        #expect(
            play(tall) == "c.case.yaml:2:14: a row 401 lines tall cannot be drawn 10000 columns wide: "
                + "width × height is at most 4000000 cells (at most 400 lines here)")
        #expect(play(tall.replacingOccurrences(of: "401", with: "400")) == "no error")
        let insert = Self.table + "width: 10000\nsteps:\n  - insert: {at: [0, 0], row: {text: x, height: 10000}}\n"
        #expect(play(insert).hasPrefix("c.case.yaml:7:5: insert [0, 0]: a row 10000 lines tall cannot be drawn"))
        // An inserted row's height reads as a stored row's: a whole float is lines, a negative one is refused where it is.
        let float = insert.replacingOccurrences(of: "10000}}", with: "10000.0}}")
        #expect(play(float).hasPrefix("c.case.yaml:7:5: insert [0, 0]: a row 10000 lines tall cannot be drawn"))
        let negative = insert.replacingOccurrences(of: "10000}}", with: "-1}}")
        #expect(play(negative) == "c.case.yaml:7:49: height must not be negative (got -1)")
        let huge =
            Self.table
            + "width: 20\nsteps:\n  - insert: {at: [0, 0], row: {text: x, indentation: 9223372036854775807}}\n"
        #expect(
            play(huge)
                == "c.case.yaml:7:54: indentation: must be a whole number from 0 to 10000 (got '9223372036854775807')")
    }

    @Test func theLargestNumbersPlayWithoutTrapping() throws {
        let text =
            Self.table + """
                width: 10000
                height: 400
                offset: 1000000000
                steps:
                  - scroll: 1000000000
                  - scroll: {row: [0, 0]}
                  - select: [0, 0]
                  - set_state: {at: [0, 0], state: {k: 9223372036854775807}}
                """
        let scenario = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        let out = try GoldenScenario.play(scenario, registry: Registry())
        #expect(out.contains("=== 4: set_state [0, 0] k=9223372036854775807 ==="))
        // Out-of-range rows are errors of the step, not traps.
        let far = Self.table + "width: 20\nsteps:\n  - select: [1000000000, 1000000000]\n"
        #expect(throws: CellarError.self) {
            try GoldenScenario.play(
                try GoldenCaseParser.parse(far, path: "c.case.yaml", name: "c"), registry: Registry())
        }
    }

    @Test func oneBadCaseFailsAloneAndTheRunStillCounts() throws {
        let dir = try ScratchDirectory()
        try dir.write("a.case.yaml", Self.table + "width: 20\n")
        try dir.write("b.case.yaml", Self.table + "width: 99999999999\n")
        try dir.write("c.case.yaml", Self.table + "width: 20\nsteps:\n  - scroll: 9223372036854775807\n")
        _ = try runner(update: true).run(paths: [dir.path + "/a.case.yaml"])
        let summary = try runner().run(paths: [dir.path])
        #expect(summary.closingLine == "1 passed, 2 failed")
    }

    @Test func aGoldenLinkedOutsideTheTreeIsRefusedAlsoUnderCI() throws {
        let dir = try ScratchDirectory()
        try dir.write("cases/a.case.yaml", Self.table + "width: 20\n")
        #expect(symlink("/proc/self/environ", dir.path + "/cases/a.golden") == 0)
        for ci in [false, true] {
            let summary = try runner(ci).run(paths: [dir.path + "/cases"])
            let report = summary.results.first?.report ?? ""
            #expect(summary.failed == 1)
            #expect(report.contains("a.golden: refused: it resolves to /proc/"))
            #expect(report.contains("outside the case tree"))
            #expect(!report.contains("PATH="))
        }
        // A link that stays inside the tree is followed.
        try dir.write("cases/b.case.yaml", Self.table + "width: 20\n")
        _ = try runner(update: true).run(paths: [dir.path + "/cases/b.case.yaml"])
        try dir.write("cases/c.case.yaml", Self.table + "width: 20\n")
        #expect(symlink("b.golden", dir.path + "/cases/c.golden") == 0)
        #expect(try runner().run(paths: [dir.path + "/cases/c.case.yaml"]).closingLine == "1 passed, 0 failed")
    }

    @Test func casesAndTablesMustStayInTheTree() throws {
        let dir = try ScratchDirectory()
        try dir.write("outside/secret.yaml", "sections:\n  - rows:\n      - text: secret\n")
        try dir.write("outside/evil.case.yaml", Self.table + "width: 20\n")
        try dir.write("tree/t.case.yaml", "table: link.yaml\nwidth: 20\n")
        #expect(symlink(dir.path + "/outside/secret.yaml", dir.path + "/tree/link.yaml") == 0)
        try dir.write("tree/abs.case.yaml", "table: /proc/self/environ\nwidth: 20\n")
        try dir.write("tree/passwd.case.yaml", "table: /etc/passwd\nwidth: 20\n")
        #expect(symlink(dir.path + "/outside/evil.case.yaml", dir.path + "/tree/evil.case.yaml") == 0)
        // A relative path to a document beside the tree, with no link on the way, is read.
        try dir.write("tree/rel.case.yaml", "table: ../outside/secret.yaml\nwidth: 20\n")
        // A directory linked to / is not walked.
        #expect(symlink("/", dir.path + "/tree/root") == 0)
        let summary = try runner().run(paths: [dir.path + "/tree"])
        let byName = Dictionary(uniqueKeysWithValues: summary.results.map { ($0.name, $0.report) })
        #expect(byName.keys.sorted() == ["abs", "evil", "passwd", "rel", "t"])
        #expect(byName["t"]?.contains("t.case.yaml:1:8: ") == true && byName["t"]?.contains("refused") == true)
        #expect(byName["abs"]?.contains("refused") == true)
        #expect(byName["passwd"]?.contains("refused") == true)
        #expect(byName["evil"]?.contains("evil.case.yaml: refused") == true)
        #expect(byName["rel"]?.contains("no golden") == true)
    }

    @Test func leftoverTemporariesAreRemovedAndReported() throws {
        let dir = try ScratchDirectory()
        try dir.write("a.case.yaml", Self.table + "width: 20\n")
        // PID 2^22+1 is past Linux's pid_max: no such process.
        try dir.write(".a.golden.4194305.123.tmp", "half")
        try dir.write(".a.golden.new.4194305.9.tmp", "half")
        let live = ".a.golden.\(getpid()).7.tmp"
        try dir.write(live, "mine")
        var summary = try runner(true).run(paths: [dir.path])
        #expect(summary.leftovers.count == 2 && !summary.leftoversRemoved && dir.exists(".a.golden.4194305.123.tmp"))
        summary = try runner().run(paths: [dir.path])
        #expect(
            summary.leftovers.map { ($0 as NSString).lastPathComponent }
                == [".a.golden.4194305.123.tmp", ".a.golden.new.4194305.9.tmp"])
        #expect(
            summary.leftoversRemoved && !dir.exists(".a.golden.4194305.123.tmp")
                && !dir.exists(".a.golden.new.4194305.9.tmp"))
        #expect(dir.exists(live))
    }

    @Test func aPendingFileThatCannotBeWrittenStillShowsTheDiff() throws {
        let dir = try ScratchDirectory()
        try dir.write("a.case.yaml", Self.table + "width: 20\n")
        try dir.write("a.golden", "something else\n")
        // A directory where the .new file goes fails the write, as a read-only directory does (even for root).
        try FileManager.default.createDirectory(atPath: dir.path + "/a.golden.new", withIntermediateDirectories: false)
        let report = try runner().run(paths: [dir.path]).results.first?.report ?? ""
        #expect(report.contains("first difference: row 1, column 1"))
        #expect(report.contains("something else"))
        #expect(report.contains("note: cannot write ") && report.contains("a.golden.new: is a directory"))
    }

    @Test func reportsCarryNoEscapes() throws {
        let dir = try ScratchDirectory()
        try dir.write("x\u{1B}]52;c;QUFB\u{07}.case.yaml", Self.table + "width: 20\n\"w\\e[2Jth\": 1\n")
        try dir.write("b.case.yaml", Self.table + "width: 20\n")
        try dir.write("b.golden", "=== 0: \u{1B}[31mred\r\n")
        let summary = try runner(true).run(paths: [dir.path])
        for result in summary.results {
            #expect(!result.report.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.name)")
        }
        #expect(summary.results.contains { $0.report.contains("unknown key 'w␛[2Jth'") })
        #expect(summary.results.contains { $0.report.contains("␛[31mred") })
    }

    @Test func setStateHeadersCarryNoEscapesIntoTheGolden() throws {
        let text = Self.table + "width: 20\nsteps:\n  - set_state: {at: [0, 0], state: {\"k\\e\": \"v\\a\"}}\n"
        let out = try GoldenScenario.play(
            try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c"), registry: Registry())
        #expect(out.contains("set_state [0, 0] k␛=v␇"))
    }
}
