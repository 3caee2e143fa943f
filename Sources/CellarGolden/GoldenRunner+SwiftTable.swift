import Cellar
import CellarText
import FoundationEssentials

/// Golden cases for tables built in Swift: a test hands over its table (its
/// data source and delegate the app's), and the case's steps and frames are
/// checked against it under the same recording rules, with the same report,
/// as `cellar test` applies to document cases.
extension GoldenRunner {
    /// Makes the table a `swift_table` case drives; called on the worker
    /// thread that runs the case, once per case.
    public typealias SwiftTableFactory = @Sendable () throws -> TableView

    /// Runs a `swift_table` case against `table`. Never throws: a case of
    /// the wrong kind, a bad step or a changed frame becomes a failed result
    /// with its located message or the usual diff.
    public func runCase(_ file: GoldenFiles.CaseFile, against table: TableView) -> CaseResult {
        runCase(file) { try replay(file) { try GoldenScenario.play($0, swiftTable: table) } }
    }

    /// The table `swiftTables` makes for `name`; a name it lacks is the
    /// case's error, at its `swift_table`.
    func swiftTable(_ name: String, at location: SourceLocation) throws -> TableView {
        guard let make = swiftTables[name] else {
            if swiftTables.isEmpty { throw CellarError(GoldenScenario.swiftTableElsewhere(name), at: location) }
            let known = swiftTables.keys.sorted().map { "'\(Sanitizer.excerpt($0))'" }.joined(separator: ", ")
            throw CellarError(
                "no Swift table named '\(Sanitizer.excerpt(name))' was handed to the runner (it has \(known))",
                at: location)
        }
        return try make()
    }

    /// What records the case's golden by hand, for the reports under CI:
    /// `cellar test` cannot play a Swift table, so its golden is written
    /// by a local test run and accepted by hand.
    func recordingCommand(_ scenario: GoldenCase) -> String {
        let path = GoldenRunner.shellQuoted(GoldenRunner.display(scenario.path))
        guard case .swift = scenario.table else { return "\(options.command) test --update \(path)" }
        let pending = GoldenRunner.display(GoldenFiles.pendingPath(forCase: scenario.path))
        return "swift test (without CI it writes \(pending)), then \(options.command) test --accept \(path)"
    }
}

extension GoldenCase {
    /// Runs the `swift_table` case at `path` against `tableView` and
    /// compares its frames with `NAME.golden` beside it. Nothing is
    /// recorded but by the explicit rules of `GoldenRunner`: locally a
    /// missing or changed golden leaves `NAME.golden.new` for review
    /// (`cellar test --accept`), `options.update` rewrites the golden, and
    /// under CI (`CI` set) nothing is written.
    public static func run(
        file path: String, against tableView: TableView,
        options: GoldenRunner.Options = .init(isCI: GoldenRunner.Options.environmentIsCI())
    ) -> GoldenRunner.CaseResult {
        let name = GoldenFiles.stem(PathName.lastComponent(path), dropping: GoldenFiles.caseSuffix)
        // The table brings its own styles: the runner's registry is never asked for.
        let runner = GoldenRunner(options: options, makeRegistry: { Registry() })
        return runner.runCase(GoldenFiles.CaseFile(name: name, path: path, tree: nil), against: tableView)
    }
}
