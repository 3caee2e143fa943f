import CellarGolden
import CellarSnapshotTesting
import Foundation
import Testing

@testable import Cellar

/// A golden case (steps, frames, marks) played against a table whose rows
/// come from a Swift data source: `Cases/pantry.case.yaml` and its golden.
@Suite struct SwiftTableGoldenTests {
    static let cases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Cases"
    static let pantryCase = cases + "/pantry.case.yaml"

    @Test func thePantryCasePlaysAgainstTheSwiftTable() {
        let pantry = Pantry()
        assertGoldenCase(file: Self.pantryCase, against: pantry.makeTable())
        // The steps reached the app's own data source and delegate.
        #expect(pantry.events == ["select 0 1"])
        #expect(pantry.sections.map { $0.foods.map(\.name) } == [["배", "Fig"], ["Leek"]])
    }

    /// Every case under Cases/, each as its own test, through a runner
    /// that makes each `swift_table` by name, as `GoldenCasesTests` runs the
    /// cases under Styles/; goldens no case produces fail under CI.
    static let runner = GoldenRunner(
        options: .init(isCI: GoldenRunner.Options.environmentIsCI(), terminalWidth: 160),
        makeRegistry: { Registry() }, swiftTables: ["Pantry": { Pantry().makeTable() }])
    static let discovery = try? GoldenFiles.discover([cases])

    @Test(arguments: discovery?.cases.map(\.name) ?? [])
    func everyCase(_ name: String) throws {
        let file = try #require(Self.discovery?.cases.first { $0.name == name })
        let result = Self.runner.runCase(file)
        #expect(result.status == .passed, Comment(rawValue: "\n" + result.report))
    }

    @Test func theCasesAreFoundAndNoGoldenIsOrphaned() throws {
        let found = try GoldenFiles.discover([Self.cases])
        #expect(found.cases.map(\.name) == ["pantry"])
        #expect(found.orphans.isEmpty)
    }

    /// A table that draws one row differently fails with the runner's
    /// report: where the first difference is, and the side-by-side diff.
    /// CI is set here, so the failure writes no `.golden.new` into the tree
    /// (`GoldenSwiftTableTests` checks that in a scratch directory).
    @Test func aTableThatDrawsDifferentlyFailsWithTheDiff() {
        let pantry = Pantry()
        pantry.sections[0].foods[2].name = "Figs"
        let result = GoldenCase.run(file: Self.pantryCase, against: pantry.makeTable(), options: .init(isCI: true))
        #expect(result.status == .failed)
        #expect(result.report.contains("golden: "))
        #expect(result.report.contains("first difference: row 16, column 8 (frame \"0: initial"))
        #expect(result.report.contains("!  16   🌿 Fig "))
        #expect(result.report.contains("Figs"))
        #expect(result.report.contains("CI is set, so nothing was written"))
        #expect(result.report.contains("swift test (without CI it writes "))
    }

    /// `assertGoldenCase` fails the running test with that report.
    @Test func assertGoldenCaseRecordsTheReport() {
        let pantry = Pantry()
        pantry.sections[0].foods[2].name = "Figs"
        withKnownIssue {
            assertGoldenCase(file: Self.pantryCase, against: pantry.makeTable(), options: .init(isCI: true))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("first difference: row 16, column 8") }
        }
    }
}
