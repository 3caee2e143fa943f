import CellarDocuments
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

/// The recording rules, end to end on scratch directories with built-in styles.
@Suite struct GoldenRunnerTests {
    static let caseText = """
        width: 28
        height: 4
        stats: true
        table:
          sections:
            - rows:
                - {cell: default, text: Apple, accessory: checkmark}
                - {cell: default, text: "한국어 행", accessory: disclosureIndicator}
                - {cell: value1, text: Kcal, secondaryText: "52"}
                - {cell: default, text: Cherry 🍒}
                - {cell: default, text: Date}
        steps:
          - select: [0, 1]
          - scroll: 2
        """

    func runner(
        _ dir: ScratchDirectory, update: Bool = false, ci: Bool = false,
        filter: String? = nil
    ) -> GoldenRunner {
        GoldenRunner(
            options: .init(update: update, filter: filter, isCI: ci, terminalWidth: 120, workers: 2),
            makeRegistry: { Registry() })
    }

    @Test func missingGoldenFailsAndLocallyWritesNew() throws {
        let dir = try ScratchDirectory()
        try dir.write("s/a.case.yaml", Self.caseText)
        let summary = try runner(dir).run(paths: [dir.path])
        #expect(summary.closingLine == "0 passed, 1 failed, 1 new")
        #expect(!summary.succeeded)
        #expect(dir.exists("s/a.golden.new") && !dir.exists("s/a.golden"))
        let report = try #require(summary.results.first?.report)
        #expect(report.contains("no golden"))
        #expect(report.contains("cellar test --accept \(dir.path)/s/a.case.yaml"))
        // The pending file is the real output: frames with headers and stats.
        let pending = try #require(dir.read("s/a.golden.new"))
        #expect(pending.hasPrefix("=== 0: initial (width 28, height 4, offset 0) ===\n"))
        #expect(pending.contains("=== 1: select [0, 1] ===\n"))
        #expect(pending.contains("=== 2: scroll to offset 2 ===\n"))
        #expect(pending.contains("--- stats: rows_configured: "))
    }

    @Test func underCINothingIsEverWritten() throws {
        let dir = try ScratchDirectory()
        try dir.write("a.case.yaml", Self.caseText)
        try dir.write("old.golden", "left over\n")
        for update in [false, true] {
            let summary = try runner(dir, update: update, ci: true).run(paths: [dir.path])
            #expect(summary.failed == 1 && summary.new == 1)
            #expect(summary.orphans.count == 1 && !summary.succeeded)
            #expect(summary.closingLine == "0 passed, 1 failed, 1 new, 1 orphaned")
            #expect(summary.results.first?.report.contains("CI is set, so nothing was written") == true)
        }
        #expect(dir.files() == ["a.case.yaml", "old.golden"])
        // Accept under CI refuses too.
        try dir.write("a.golden.new", "x\n")
        let accepted = try runner(dir, ci: true).accept(paths: [dir.path])
        #expect(!accepted.succeeded && accepted.accepted.isEmpty && !dir.exists("a.golden"))
    }

    @Test func orphansAreReportedButFailOnlyUnderCI() throws {
        let dir = try ScratchDirectory()
        try dir.write("gone.golden", "x\n")
        let local = try runner(dir).run(paths: [dir.path])
        #expect(local.succeeded && local.closingLine == "0 passed, 0 failed, 1 orphaned")
        #expect(!(try runner(dir, ci: true).run(paths: [dir.path])).succeeded)
    }

    @Test func updateRecordsThenPassesAndNeverRewritesUnchanged() throws {
        let dir = try ScratchDirectory()
        try dir.write("a.case.yaml", Self.caseText)
        let recorded = try runner(dir, update: true).run(paths: [dir.path])
        #expect(recorded.closingLine == "1 passed, 0 failed, 1 new" && recorded.succeeded)
        #expect(recorded.results.first?.status == .recorded)
        let golden = dir.path + "/a.golden"
        let inode = try FileManager.default.attributesOfItem(atPath: golden)[.systemFileNumber] as? Int
        let again = try runner(dir, update: true).run(paths: [dir.path])
        #expect(again.closingLine == "1 passed, 0 failed" && again.results.first?.status == .passed)
        #expect(try FileManager.default.attributesOfItem(atPath: golden)[.systemFileNumber] as? Int == inode)
        #expect(dir.files() == ["a.case.yaml", "a.golden"])
        // CRLF in the golden still matches.
        let crlf = try #require(dir.read("a.golden")).replacingOccurrences(of: "\n", with: "\r\n")
        try dir.write("a.golden", crlf)
        #expect(try runner(dir).run(paths: [dir.path]).closingLine == "1 passed, 0 failed")
    }

    @Test func changedGoldenFailsLocallyWritesNewAndAcceptTakesIt() throws {
        let dir = try ScratchDirectory()
        try dir.write("a.case.yaml", Self.caseText)
        try dir.write("b.case.yaml", Self.caseText)
        _ = try runner(dir, update: true).run(paths: [dir.path])
        let good = try #require(dir.read("a.golden"))
        try dir.write("a.golden", good.replacingOccurrences(of: "Apple", with: "Apples"))
        try dir.write("b.golden", good.replacingOccurrences(of: "Apple", with: "Apples"))

        let failed = try runner(dir).run(paths: [dir.path])
        #expect(failed.closingLine == "0 passed, 2 failed")
        #expect(dir.read("a.golden.new") == good && dir.read("b.golden.new") == good)

        // --accept with a filter takes only the matching case.
        let accepted = try runner(dir, filter: "a").accept(paths: [dir.path])
        #expect(accepted.closingLine == "1 accepted" && accepted.succeeded)
        #expect(dir.read("a.golden") == good && !dir.exists("a.golden.new") && dir.exists("b.golden.new"))
        let after = try runner(dir).run(paths: [dir.path])
        #expect(after.closingLine == "1 passed, 1 failed")

        // --update rewrites the changed golden and clears its pending file.
        let updated = try runner(dir, update: true).run(paths: [dir.path])
        #expect(updated.closingLine == "2 passed, 0 failed")
        #expect(dir.read("b.golden") == good && !dir.exists("b.golden.new"))
    }

    @Test func badInputFailsThatCaseAndTheOthersStillRun() throws {
        let dir = try ScratchDirectory()
        try dir.write("good.case.yaml", Self.caseText)
        try dir.write("malformed.case.yaml", "width: 20\ntable: [\n")
        try dir.write(
            "norow.case.yaml",
            "width: 20\ntable:\n  sections:\n    - rows:\n        - {text: A}\nsteps:\n  - select: [0, 7]\n")
        try dir.write(
            "noinsert.case.yaml",
            "width: 20\ntable:\n  sections:\n    - rows: []\nsteps:\n  - insert: {at: [0, 3], row: {text: X}}\n")
        try dir.write("notable.case.yaml", "width: 20\ntable: ../missing.yaml\n")
        try dir.write("nostyle.case.yaml", "width: 20\nstyle: food\ntable:\n  sections: []\n")
        try dir.write(
            "nocell.case.yaml", "width: 20\ntable:\n  sections:\n    - rows:\n        - {cell: fod, text: A}\n")
        let summary = try runner(dir, update: true).run(paths: [dir.path])
        #expect(summary.closingLine == "1 passed, 6 failed, 1 new")
        let reports = Dictionary(uniqueKeysWithValues: summary.results.map { ($0.name, $0.report) })
        let p = dir.path
        #expect(reports["malformed"]?.contains("error: \(p)/malformed.case.yaml:2:8: malformed YAML") == true)
        #expect(reports["norow"]?.contains("error: \(p)/norow.case.yaml:7:5: select [0, 7]: ") == true)
        #expect(reports["norow"]?.contains("out of range") == true)
        #expect(
            reports["noinsert"]?.contains(
                "\(p)/noinsert.case.yaml:6:5: insert [0, 3]: cannot insert at row 3 in section 0 (it has 0 rows)")
                == true)
        #expect(reports["notable"]?.contains("\(p)/notable.case.yaml:2:8: no such table document: ") == true)
        #expect(reports["nostyle"]?.contains("\(p)/nostyle.case.yaml:2:8: style 'food' is not registered") == true)
        #expect(
            reports["nocell"]?.contains("\(p)/nocell.case.yaml:5:11: unable to dequeue a cell with identifier fod")
                == true)
        // Each message is one line after its FAIL header.
        for (name, report) in reports where name != "good" {
            #expect(report.split(separator: "\n").count == 2, "\(report)")
        }
        #expect(dir.files().filter { $0.hasSuffix(".golden") || $0.hasSuffix(".new") } == ["good.golden"])
    }

    @Test func updatesGoThroughTheDataSourceAndItsCountCheck() throws {
        let dir = try ScratchDirectory()
        try dir.write(
            "u.case.yaml",
            """
            width: 20
            table:
              sections:
                - rows:
                    - {text: A}
                    - {text: B}
                    - {text: C}
            steps:
              - delete: [[0, 0], [0, 2]]
              - insert: [{at: [0, 0], row: {text: X}}, {at: [0, 2], row: {text: Y}}]
              - move: {from: [0, 0], to: [0, 2]}
            """)
        let summary = try runner(dir, update: true).run(paths: [dir.path])
        #expect(summary.succeeded, "\(summary.results.map(\.report))")
        let golden = try #require(dir.read("u.golden"))
        let frames = golden.components(separatedBy: "=== ").dropFirst().map { frame in
            frame.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.count == 1 }
        }
        #expect(frames.map { $0.joined() } == ["ABC", "B", "XBY", "BYX"])
    }

    @Test func printedCommandsQuotePathsForTheShell() throws {
        #expect(GoldenRunner.shellQuoted("Styles/food/cases/a-b_c.case.yaml") == "Styles/food/cases/a-b_c.case.yaml")
        #expect(GoldenRunner.shellQuoted("my cases/it's.case.yaml") == "'my cases/it'\\''s.case.yaml'")
        let dir = try ScratchDirectory()
        try dir.write("with space/a.case.yaml", Self.caseText)
        let report = try runner(dir).run(paths: [dir.path]).results.first?.report ?? ""
        #expect(report.contains("cellar test --accept '\(dir.path)/with space/a.case.yaml'"))
    }

    @Test func manyCasesInParallelComeBackInNameOrder() throws {
        let dir = try ScratchDirectory()
        let names = (0..<12).map { String(format: "c%02d", $0) }
        for n in names { try dir.write("\(n).case.yaml", Self.caseText) }
        let summary = try runner(dir, update: true).run(paths: [dir.path])
        #expect(summary.results.map(\.name) == names)
        let goldens = names.compactMap { dir.read("\($0).golden") }
        #expect(goldens.count == 12 && Set(goldens).count == 1)
        #expect(try runner(dir, filter: "c1").run(paths: [dir.path]).closingLine == "2 passed, 0 failed")
    }
}

/// A Swift style standing in for a plug-in (a Lua style arrives the same way,
/// through the registry factory): selecting a row toggles `done` in its data,
/// an accessory tap counts in `taps`, and a row titled "boom" fails to lay out.
final class ToggleStyle: CellStyle {
    var reuseIdentifier: String { "toggle" }
    var source: String { "ToggleStyle (test)" }
    func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        let text = row["text"]?.stringValue ?? ""
        let taps = row["taps"]?.intValue ?? 0
        cell.content = .label(
            Label(
                (row["done"]?.boolValue == true ? "[x] " : "[ ] ") + text
                    + (taps > 0 ? " taps=\(taps)" : "")))
        cell.accessory = .type(.detailButton)
    }
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        if case .label(let l) = cell.content, l.text.hasSuffix("boom") { throw CellarError("boom") }
        return cell.content ?? .empty
    }
    func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {
        guard case .object(var o) = row else { return }
        o["done"] = .bool(!(o["done"]?.boolValue ?? false))
        row = .object(o)
    }
    func accessoryTapped(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {
        guard case .object(var o) = row else { return }
        o["taps"] = .int((o["taps"]?.intValue ?? 0) + 1)
        row = .object(o)
    }
}

@Suite struct GoldenPluggedStyleTests {
    func runner(update: Bool = true) -> GoldenRunner {
        GoldenRunner(
            options: .init(update: update, terminalWidth: 120),
            makeRegistry: {
                let registry = Registry()
                try registry.register(ToggleStyle(), forCellReuseIdentifier: "toggle")
                return registry
            })
    }

    @Test func stepsReachTheStyleHooksThroughTheInjectedRegistry() throws {
        let dir = try ScratchDirectory()
        try dir.write(
            "t.case.yaml",
            """
            style: toggle
            width: 24
            table:
              separatorStyle: none
              sections:
                - rows: [{cell: toggle, text: Milk}, {cell: toggle, text: Eggs}]
            steps:
              - select: [0, 1]
              - tap_accessory: [0, 0]
              - tap_accessory: [0, 0]
            """)
        let summary = try runner().run(paths: [dir.path])
        #expect(summary.succeeded, "\(summary.results.map(\.report))")
        let frames = try #require(dir.read("t.golden")).components(separatedBy: "=== ").dropFirst()
            .map { $0.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(frames.count == 4)
        #expect(frames[0].first?.hasPrefix("[ ] Milk") == true && frames[0].last?.hasPrefix("[ ] Eggs") == true)
        #expect(frames[1].last?.hasPrefix("▌[x] Eggs") == true, "\(frames)")
        #expect(frames[3].first?.hasPrefix("[ ] Milk taps=2") == true)
    }

    @Test func aFailingFirstFrameIsLocatedAtTheTable() throws {
        let dir = try ScratchDirectory()
        try dir.write("b.case.yaml", "width: 24\ntable:\n  sections:\n    - rows: [{cell: toggle, text: boom}]\n")
        let summary = try runner().run(paths: [dir.path])
        #expect(
            summary.results.first?.report.contains("error: \(dir.path)/b.case.yaml:3:3: initial render: boom\n")
                == true,
            "\(summary.results.map(\.report))")
        #expect(!dir.exists("b.golden"))
    }
}
