import CellarDocuments
import CellarLua
import CellarTestSupport
import Foundation
import Testing

@testable import Cellar
@testable import CellarGolden

/// Every golden case under Styles/ runs in `swift test` too, through the same
/// engine as `cellar test`, each reported under its own name and failing with
/// the same readable diff. The recording rules hold here as well: locally a
/// failing case leaves NAME.golden.new for review; under CI nothing is written.
@Suite struct GoldenCasesTests {
    static let packageRoot = CellarCLI.packageRoot
    static let stylesRoot = packageRoot + "/Styles"

    static let discovery: GoldenFiles.Discovery? = try? GoldenFiles.discover([stylesRoot])
    static var caseNames: [String] { discovery?.cases.map(\.name) ?? [] }

    /// The styles the cases run against, a fresh registry per case: the
    /// built-ins and the Lua styles under Styles/ (as `cellar test` gets them
    /// through StyleHooks), each case with its own Lua state on its own thread.
    static let makeRegistry: GoldenRunner.RegistryFactory = {
        let registry = Registry()
        try StyleLoader.load(directories: [stylesRoot], into: registry)
        return registry
    }

    static let runner = GoldenRunner(
        options: .init(
            isCI: GoldenRunner.Options.environmentIsCI(), terminalWidth: 160,
            command: "Scripts/cellar"),
        makeRegistry: makeRegistry)

    @Test(arguments: caseNames)
    func goldenCase(_ name: String) throws {
        let file = try #require(Self.discovery?.cases.first { $0.name == name })
        let result = Self.runner.runCase(file)
        if result.status != .passed { Issue.record(Comment(rawValue: "\n" + result.report)) }
    }

    /// Discovery itself must work, or the parameterized test above would
    /// silently run nothing.
    @Test func theBuiltInStylesHaveCases() throws {
        let found = try GoldenFiles.discover([Self.stylesRoot])
        let builtin = found.cases.filter { $0.name.hasPrefix("builtin/") }
        #expect(builtin.count >= 5)
    }

    /// As with `cellar test`: orphans are reported, and fail under CI.
    @Test func orphanedGoldensFailUnderCI() throws {
        let found = try GoldenFiles.discover([Self.stylesRoot])
        guard !found.orphans.isEmpty else { return }
        let message = "orphaned goldens (no case produces them): \(found.orphans.joined(separator: ", "))"
        if GoldenRunner.Options.environmentIsCI() {
            Issue.record(Comment(rawValue: message))
        } else {
            print(message)
        }
    }
}
