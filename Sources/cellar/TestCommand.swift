import ArgumentParser
import Cellar
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `cellar test [PATH…] [--update] [--filter TEXT] [--accept]`: runs golden
/// cases (see docs/golden.md) and ends with `N passed, N failed`.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the golden cases under the given paths (default: Styles/).",
        discussion: """
            A case NAME.case.yaml is compared with NAME.golden beside it. A missing or \
            changed golden fails; locally NAME.golden.new is written for review. With CI \
            set in the environment nothing is ever written.
            """
    )

    @Argument(help: "Case files or directories to search for *.case.yaml (default: Styles/).")
    var paths: [String] = []

    @Flag(help: "Record new goldens and rewrite changed ones (never under CI).")
    var update = false

    @Option(help: "Only cases whose name contains TEXT.")
    var filter: String?

    @Flag(help: "Turn pending NAME.golden.new files into goldens, without running cases.")
    var accept = false

    @Option(help: "Worker threads (default: one per processor).")
    var jobs: Int?

    func validate() throws {
        if update && accept { throw ValidationError("--update and --accept do not go together") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let roots = paths.isEmpty ? ["Styles"] : paths
        let options = GoldenRunner.Options(
            update: update, filter: filter, isCI: GoldenRunner.Options.environmentIsCI(),
            terminalWidth: terminalWidth(), command: "cellar", workers: jobs)
        let runner = GoldenRunner(options: options, makeRegistry: TestCommand.registryFactory())
        do {
            if accept {
                let summary = try runner.accept(paths: roots)
                for path in summary.accepted { print("accepted \(path)") }
                for error in summary.errors { printError(error) }
                print(summary.closingLine)
                if !summary.succeeded { throw ExitCode.failure }
                return
            }
            let summary = try runner.run(paths: roots)
            for result in summary.results where !result.report.isEmpty { print(result.report, terminator: "") }
            for orphan in summary.orphans {
                print("ORPHAN \(orphan): no case produces it; delete it or restore its .case.yaml"
                      + (summary.orphansFail ? " (fails under CI)" : ""))
            }
            print(summary.closingLine)
            if !summary.succeeded { throw ExitCode.failure }
        } catch let error as CellarError {
            printError("cellar test: \(error.description)")
            throw ExitCode.failure
        }
    }

    /// The styles every case runs against, one fresh registry per case. Today
    /// the built-ins; Lua styles plug their loader in here (the runner itself
    /// never sees Lua).
    static func registryFactory() -> GoldenRunner.RegistryFactory {
        { Registry() }
    }

    func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// `COLUMNS`, else the terminal's width, else 100 (logs have room).
    func terminalWidth() -> Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        #if canImport(Glibc)
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        #endif
        return 100
    }
}
