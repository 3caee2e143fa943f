import CellarTestSupport
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

#if canImport(Glibc)
    import Glibc
#endif

/// The report replays cases under the runner's rules: what the run refuses
/// (a file linked or reached outside the case tree) the page names in one
/// line and never shows.
@Suite struct GoldenReportContainmentTests {
    static func table(_ text: String) -> String {
        "sections:\n  - rows:\n      - {text: \(text)}\n"
    }

    static func caseText(_ description: String, table: String) -> String {
        "description: \(description)\nwidth: 30\ntable: \(table)\n"
    }

    /// Every kind of file a case reads, planted outside the tree or behind a link.
    static func plant(in dir: ScratchDirectory) throws {
        let o = dir.path + "/outside"
        try dir.write("outside/secret", "SECRET-GOLDEN-TEXT\n")
        try dir.write(
            "outside/real.case.yaml",
            caseText("SECRET-DESCRIPTION", table: "{sections: [{rows: [{text: SECRET-CASE-ROW}]}]}"))
        try dir.write("outside/tables/t.yaml", table("SECRET-TABLE-ROW"))
        try dir.write("outside/one.yaml", table("SECRET-LINKED-TABLE"))
        // A golden linked out of the tree.
        try dir.write("cases/golden.case.yaml", caseText("plain", table: "{sections: [{rows: [{text: A}]}]}"))
        #expect(symlink(o + "/secret", dir.path + "/cases/golden.golden") == 0)
        // A case file linked from outside.
        #expect(symlink(o + "/real.case.yaml", dir.path + "/cases/linked.case.yaml") == 0)
        // A table through a linked folder, and a table that is itself a link.
        #expect(symlink(o + "/tables", dir.path + "/cases/link") == 0)
        try dir.write("cases/sub/folder.case.yaml", caseText("folder", table: "../link/t.yaml"))
        #expect(symlink(o + "/one.yaml", dir.path + "/cases/one.yaml") == 0)
        try dir.write("cases/table.case.yaml", caseText("table", table: "one.yaml"))
        // A table by absolute path to a file that is no table document (as /etc/passwd).
        try dir.write("outside/passwd", "root:SECRET-PASSWD:0:0\n")
        try dir.write("cases/abs.case.yaml", caseText("abs", table: o + "/passwd"))
    }

    func runner() -> GoldenRunner {
        GoldenRunner(options: .init(isCI: true, terminalWidth: 100, workers: 1), makeRegistry: { Registry() })
    }

    @Test func everyFileTheRunRefusesTheReportNamesAndDoesNotShow() throws {
        let dir = try ScratchDirectory()
        try Self.plant(in: dir)
        let summary = try runner().run(paths: [dir.path + "/cases"])
        let byName = Dictionary(uniqueKeysWithValues: summary.results.map { ($0.name, $0.report) })
        #expect(byName.keys.sorted() == ["abs", "golden", "linked", "sub/folder", "table"])
        for (name, report) in byName {
            #expect(report.contains("refused"), "\(name): \(report)")
        }
        let page = GoldenReport(summary: summary, runner: runner()).html()
        for secret in [
            "SECRET-GOLDEN-TEXT", "SECRET-DESCRIPTION", "SECRET-CASE-ROW", "SECRET-TABLE-ROW", "SECRET-LINKED-TABLE",
            "SECRET-PASSWD",
        ] {
            #expect(!page.contains(secret), "\(secret) reached the report")
        }
        // Each refusal is one line of its own, in place of the case's content.
        let refusals = page.split(separator: "\n").filter { $0.hasPrefix("<p class=\"refused\">") }
        #expect(refusals.count == 5, "\(refusals)")
        #expect(refusals.allSatisfy { $0.contains("refused: it resolves to") }, "\(refusals)")
        #expect(!page.contains("<svg"))
    }

    @Test func aStyleLinkedIntoTheStylesFolderIsTreatedAlikeByRunAndReport() throws {
        let dir = try ScratchDirectory()
        try dir.write(
            "outside/linked.lua",
            """
            return {identifier = "linked", configure = function(c, row) c.text = "LINKED-STYLE" end}
            """)
        try dir.write("styles/keep.txt", "")
        #expect(symlink(dir.path + "/outside/linked.lua", dir.path + "/styles/linked.lua") == 0)
        try dir.write("cases/a.case.yaml", "width: 30\ntable: {sections: [{rows: [{cell: linked}]}]}\n")
        let run = try CellarCLI.run(["test", "cases", "--styles", "styles", "--report", "out"], in: dir.path)
        let page = dir.read("out/index.html") ?? ""
        let pending = dir.read("cases/a.golden.new") ?? ""
        // The styles folder is the user's choice, not the case tree: run and report load the linked style alike.
        #expect(pending.contains("LINKED-STYLE") && page.contains("LINKED-STYLE"), "\(run.stdout)\(run.stderr)")
        #expect(run.lastLine == "0 passed, 1 failed, 1 new")
    }
}
