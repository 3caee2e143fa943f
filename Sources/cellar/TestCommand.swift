import ArgumentParser
import Cellar
import CellarDocuments
import CellarGolden
import CellarLua
import CellarText
import FoundationEssentials

/// `cellar test [PATH…] [--update] [--filter TEXT] [--accept]`: runs golden
/// cases (see the README, "Golden tests") and ends with `N passed, N failed`.
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

    @Argument(
        help: ArgumentHelp(
            "Case files or directories to search for *.case.yaml (default: Styles/).",
            valueName: "PATH"))
    var paths: [String] = []

    @Flag(help: "Record new goldens and rewrite changed ones (never under CI).")
    var update = false

    @Option(help: ArgumentHelp("Only cases whose name contains TEXT.", valueName: "TEXT"))
    var filter: String?

    @Flag(help: "Turn pending NAME.golden.new files into goldens, without running cases.")
    var accept = false

    @OptionGroup var styles: StylesOption

    @OptionGroup var styleCheck: StyleCheckOption

    @Option(
        help: ArgumentHelp(
            "Also write DIR/index.html: failing, new and orphaned cases as pictures, golden beside actual (works under CI).",
            valueName: "DIR"))
    var report: String?

    @Flag(
        help:
            "Walk the pending NAME.golden.new changes one at a time in the terminal: a accept, r reject, s skip, q quit."
    )
    var review = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Worker threads (default: one per processor).", valueName: "N"))
    var jobs: Int?

    @OptionGroup var input: FileSizeOption

    func validate() throws {
        if update && accept { throw ValidationError("--update and --accept do not go together") }
        try CLIError.checkRange("--jobs", jobs, 1...Self.maximumJobs, prefix: Self.errorPrefix)
        if review && (update || accept || report != nil) {
            throw ValidationError("--review goes alone (not with --update, --accept or --report)")
        }
    }

    func run() throws {
        let roots = paths.isEmpty ? ["Styles"] : paths
        var options = GoldenRunner.Options(
            update: update, filter: filter, isCI: GoldenRunner.Options.environmentIsCI(),
            terminalWidth: Terminal.width(environment: ProcessInfo.processInfo.environment),
            command: "cellar", workers: jobs)
        options.maxFileSize = input.maxFileSize ?? InputFile.defaultSizeLimit
        let runner = GoldenRunner(
            options: options,
            makeRegistry: TestCommand.registryFactory(
                StyleHooks.directories(styles.given, cases: roots), limits: styleCheck.limits))
        do {
            if review { return try runReview(runner, roots: roots) }
            if accept { return try runAccept(runner, roots: roots) }
            try runCases(runner, roots: roots)
        } catch {
            throw CLIError.report(error, prefix: Self.errorPrefix)
        }
    }

    func runCases(_ runner: GoldenRunner, roots: [String]) throws {
        var summary = GoldenRunner.Summary()
        do {
            if let report { try GoldenReport.checkOutside(report, caseRoots: roots) }
            // A --styles directory that is not there is the option's error, once, not every case's.
            for directory in styles.given { _ = try StyleLoader.styleFiles(in: directory) }
            summary = try runner.run(paths: roots)
            try printResults(summary)
            if let report {
                let path = try GoldenReport(summary: summary, runner: runner).write(to: report, caseRoots: roots)
                try Terminal.printOutput("report: \(GoldenRunner.display(path))\n")
            }
            if let filter, summary.results.isEmpty {
                // A filter that matches nothing is a typo, not a pass.
                throw CellarError("no case name contains '\(Sanitizer.excerpt(filter))' (--filter); nothing was run")
            }
        } catch {
            summary.errors.append(try Self.stoppedBy(error))
        }
        // The run always ends with its count: an error that stopped it is one more failure.
        try Terminal.printOutput(summary.closingLine + "\n")
        if !summary.succeeded { throw ExitCode.failure }
    }

    /// Says on stderr, in Cellar's words, what stopped the run, and returns
    /// it; standard output itself failing (a closed pipe) ends the command.
    static func stoppedBy(_ error: any Error) throws -> String {
        if let e = error as? WriteError { throw CLIError.report(e, prefix: errorPrefix) }
        let message = (error as? CellarError)?.description ?? "\(error)"
        Terminal.printError("\(errorPrefix): \(message)")
        return message
    }

    func printResults(_ summary: GoldenRunner.Summary) throws {
        for leftover in summary.leftovers {
            try Terminal.printOutput(
                (summary.leftoversRemoved ? "REMOVED " : "LEFTOVER ")
                    + GoldenRunner.display(leftover) + ": a temporary file of an interrupted --update"
                    + (summary.leftoversRemoved ? "\n" : " (CI is set, so it was not removed)\n"))
        }
        for result in summary.results where !result.report.isEmpty { try Terminal.printOutput(result.report) }
        for orphan in summary.orphans {
            try Terminal.printOutput(
                "ORPHAN \(GoldenRunner.display(orphan)): no case produces it; "
                    + "delete it or restore its .case.yaml" + (summary.orphansFail ? " (fails under CI)\n" : "\n"))
        }
    }

    func runAccept(_ runner: GoldenRunner, roots: [String]) throws {
        var summary = GoldenRunner.AcceptSummary()
        do {
            summary = try runner.accept(paths: roots)
            try Terminal.printOutput(summary.accepted.map { "accepted \($0)\n" }.joined())
            try Terminal.printOutput(
                summary.alreadyAccepted.map { "already accepted \($0) (by another run at the same time)\n" }.joined())
            for error in summary.errors { Terminal.printError(error) }
        } catch {
            summary.errors.append(try Self.stoppedBy(error))
        }
        try Terminal.printOutput(summary.closingLine + "\n")
        if !summary.succeeded { throw ExitCode.failure }
    }

    func runReview(_ runner: GoldenRunner, roots: [String]) throws {
        if let refusal = ReviewTerminal.refusal(isCI: runner.options.isCI) {
            Terminal.printError(refusal)
            throw ExitCode.failure
        }
        let review = GoldenReview(runner: runner, pageHeight: Terminal.height(environment: Terminal.environment))
        let tally = try ReviewTerminal.run(review, paths: roots)
        if !tally.errors.isEmpty { throw ExitCode.failure }
    }

    /// What this command's failure lines start with.
    static let errorPrefix = "cellar test"
    /// More workers than this would only wait on each other.
    static let maximumJobs = 1024

    /// The styles every case runs against: a fresh registry per case (built-ins
    /// plus whatever the style loaders find), so no case sees another's state
    /// and each worker thread owns the engines (Lua states) it uses.
    static func registryFactory(_ directories: [String], limits: LuaLimits) -> GoldenRunner.RegistryFactory {
        {
            let registry = Registry()
            try StyleHooks.load(directories, into: registry, limits: limits)
            return registry
        }
    }
}
