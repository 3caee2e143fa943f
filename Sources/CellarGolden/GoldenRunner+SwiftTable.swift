import Cellar
import Foundation

/// Golden cases for tables built in Swift: a test hands over its table (its
/// data source and delegate the app's), and the case's steps and frames are
/// checked against it under the same recording rules, with the same report,
/// as `cellar test` applies to document cases.
extension GoldenRunner {
    /// Runs a `swift_table` case against `table`. Never throws: a case of
    /// the wrong kind, a bad step or a changed frame becomes a failed result
    /// with its located message or the usual diff.
    public func runCase(_ file: GoldenFiles.CaseFile, against table: TableView) -> CaseResult {
        // `cellar test` cannot play a Swift table, so a golden is recorded
        // by a local test run and accepted by hand.
        let path = GoldenRunner.shellQuoted(GoldenRunner.display(file.path))
        let pending = GoldenRunner.display(GoldenFiles.pendingPath(forCase: file.path))
        let update = "swift test (without CI it writes \(pending)), then \(options.command) test --accept \(path)"
        return runCase(file, recording: update) {
            try replay(file) { try GoldenScenario.play($0, swiftTable: table) }
        }
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
        let name = GoldenFiles.stem((path as NSString).lastPathComponent, dropping: GoldenFiles.caseSuffix)
        // The table brings its own styles: the runner's registry is never asked for.
        let runner = GoldenRunner(options: options, makeRegistry: { Registry() })
        return runner.runCase(GoldenFiles.CaseFile(name: name, path: path, tree: nil), against: tableView)
    }
}
