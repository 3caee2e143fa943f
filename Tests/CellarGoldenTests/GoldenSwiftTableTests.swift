import CellarTestSupport
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

/// `swift_table` cases: the table comes from a Swift test, never from a
/// document, and a case of the wrong kind, or a step that would edit
/// document rows, fails with one located message.
@Suite struct GoldenSwiftTableTests {
    static let fruits: [[Value]] = [[row("default", "Apple"), row("default", "배"), row("default", "Fig 🌿")]]

    /// Runs the case `text` (written as NAME.case.yaml in a scratch
    /// directory) against an array data source's table.
    func run(
        _ text: String, golden: String? = nil, options: GoldenRunner.Options = .init(isCI: true)
    ) throws -> (GoldenRunner.CaseResult, ScratchDirectory) {
        let dir = try ScratchDirectory()
        let path = try dir.write("fruits.case.yaml", text)
        if let golden { try dir.write("fruits.golden", golden) }
        let source = ArrayDataSource(Self.fruits)
        let result = withExtendedLifetime(source) {
            GoldenCase.run(file: path, against: source.makeTable(width: 20), options: options)
        }
        return (result, dir)
    }

    @Test func aCaseNamesTheSwiftTableItDrives() throws {
        let parsed = try GoldenCaseParser.parse("swift_table: Fruits\nwidth: 20\n", path: "c.case.yaml", name: "c")
        guard case .swift(let name, let location) = parsed.table else {
            Issue.record("expected a Swift table, got \(parsed.table)")
            return
        }
        #expect(name == "Fruits")
        #expect(location.description == "c.case.yaml:1:14")
    }

    /// A runner given tables by name plays the `swift_table` cases of a
    /// directory beside its document cases; a name it was not given is the
    /// case's error.
    @Test func aRunnerGivenSwiftTablesRunsACaseTreeOfBothKinds() throws {
        let dir = try ScratchDirectory()
        let frames = "=== 0: initial (width 20, offset 0) ===\n Apple\n 배\n Fig 🌿\n"
        try dir.write("fruits.case.yaml", "swift_table: Fruits\nwidth: 20\n")
        try dir.write("fruits.golden", frames)
        try dir.write("doc.case.yaml", "table: {sections: [{rows: [{text: Apple}]}]}\nwidth: 20\n")
        try dir.write("doc.golden", "=== 0: initial (width 20, offset 0) ===\n Apple\n")
        try dir.write("other.case.yaml", "swift_table: Vegetables\nwidth: 20\n")
        let runner = GoldenRunner(
            options: .init(isCI: true), makeRegistry: { Registry() },
            swiftTables: [
                "Fruits": {
                    let source = ArrayDataSource(Self.fruits)
                    let table = source.makeTable(width: 20)
                    table.retainedDataSource = source
                    return table
                }
            ])
        let summary = try runner.run(paths: [dir.path])
        #expect(summary.results.map(\.name) == ["doc", "fruits", "other"])
        #expect(
            summary.results.map(\.status) == [.passed, .passed, .failed], Comment(rawValue: summary.results[0].report))
        #expect(
            summary.results[2].report.contains(
                "other.case.yaml:1:14: no Swift table named 'Vegetables' was handed to the runner (it has 'Fruits')"))
    }

    @Test(arguments: [
        (
            "table: {rows: []}\nswift_table: Fruits\nwidth: 20\n",
            "c.case.yaml:2:1: a case draws either a table document"
        ),
        ("swift_table: Fruits\ntable: t.yaml\nwidth: 20\n", "c.case.yaml:2:1: a case draws either a table document"),
        ("swift_table: ''\nwidth: 20\n", "c.case.yaml:1:14: swift_table must name the Swift table"),
        ("width: 20\n", "the case has no 'table' (or 'swift_table', for a table built in Swift)"),
    ])
    func aCaseWithBothOrNeitherIsRefused(text: String, message: String) {
        #expect {
            try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func framesOfTheSwiftTableMatchTheGolden() throws {
        let text = "swift_table: Fruits\nwidth: 20\nsteps:\n  - select: [0, 1]\n"
        let (recorded, dir) = try run(text, options: .init(update: true))
        #expect(recorded.status == .recorded)
        let golden = try #require(dir.read("fruits.golden"))
        #expect(golden.contains("=== 1: select [0, 1] ===\n Apple\n▌배\n"))
        let (again, _) = try run(text, golden: golden)
        #expect(again.status == .passed, Comment(rawValue: again.report))
        // One row drawn differently fails with the usual diff.
        let (changed, _) = try run(text, golden: golden.replacingOccurrences(of: "Apple", with: "Apples"))
        #expect(changed.status == .failed)
        #expect(changed.report.contains("first difference: row 2, column 7 (frame \"0: initial (width 20, offset 0)\""))
    }

    @Test func aMissingGoldenIsWrittenForReviewOnlyOutsideCI() throws {
        let text = "swift_table: Fruits\nwidth: 20\n"
        let (underCI, ciDir) = try run(text)
        #expect(underCI.status == .failed && underCI.isNew)
        #expect(underCI.report.contains("no golden"))
        #expect(!ciDir.exists("fruits.golden.new") && !ciDir.exists("fruits.golden"))
        let (local, localDir) = try run(text, options: .init(isCI: false))
        #expect(local.status == .failed)
        #expect(
            localDir.read("fruits.golden.new")?.hasPrefix("=== 0: initial (width 20, offset 0) ===\n Apple") == true)
        #expect(!localDir.exists("fruits.golden"))
    }

    @Test func aDocumentCaseHandedATableSaysItRunsUnderCellarTest() throws {
        let (result, _) = try run("table: {sections: [{rows: [{text: A}]}]}\nwidth: 20\n")
        #expect(result.status == .failed)
        #expect(
            result.report.contains(
                "fruits.case.yaml:1:8: this case draws the table document in 'table', so it runs with `cellar test`"))
    }

    @Test func aSwiftCaseUnderTheDocumentRunnerSaysHowToRunIt() throws {
        let dir = try ScratchDirectory()
        try dir.write("fruits.case.yaml", "swift_table: Fruits\nwidth: 20\n")
        let runner = GoldenRunner(options: .init(isCI: true), makeRegistry: { Registry() })
        let summary = try runner.run(paths: [dir.path])
        let report = try #require(summary.results.first?.report)
        #expect(summary.failed == 1)
        #expect(
            report.contains(
                "fruits.case.yaml:1:14: this case drives a table built in Swift ('Fruits'), which only its Swift test "
                    + "can hand over: run it from Swift with `GoldenCase.run(file:against:)`"))
    }

    @Test(arguments: [
        ("  - delete: [0, 0]\n", "fruits.case.yaml:5:5: delete [0, 0]: it changes the table document's rows"),
        ("  - insert: {at: [0, 0], row: {text: B}}\n", "fruits.case.yaml:5:5: insert [0, 0]: it changes"),
        ("  - move: {from: [0, 0], to: [0, 1]}\n", "fruits.case.yaml:5:5: move [0, 0] to [0, 1]: it changes"),
        ("  - reload: {table: \"rows: []\\n\"}\n", "fruits.case.yaml:5:5: reload the table: it replaces the table"),
    ])
    func aStepThatEditsDocumentRowsIsRefusedWhereItIsWritten(step: String, message: String) throws {
        let (result, _) = try run("swift_table: Fruits\nwidth: 20\nsteps:\n  - select: [0, 0]\n" + step)
        #expect(result.status == .failed)
        #expect(result.report.contains(message), Comment(rawValue: result.report))
        #expect(result.report.contains("make the update in the Swift test"))
    }

    @Test func aStyleTheTableLacksIsNamed() throws {
        let (result, _) = try run("swift_table: Fruits\nstyle: food\nwidth: 20\n")
        #expect(result.report.contains("fruits.case.yaml:2:8: style 'food' is not registered"))
    }

    /// The table's own refusal, at the step, as in a document case.
    @Test func aRefusedActionIsLocatedAtItsStep() throws {
        let (result, _) = try run("swift_table: Fruits\nwidth: 20\nsteps:\n  - select: [0, 7]\n")
        #expect(result.report.contains("fruits.case.yaml:4:5: select [0, 7]: "), Comment(rawValue: result.report))
    }
}
