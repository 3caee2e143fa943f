import Cellar
import CellarDocuments
import CellarText
import Dispatch
import FoundationEssentials

/// Runs golden cases and applies the recording rules:
///
/// - a matching golden passes (a stale `.new` beside it is removed);
/// - a missing golden fails; locally `NAME.golden.new` is written for review,
///   with `update` the golden itself is recorded;
/// - a differing golden fails with a readable diff; locally `.new` is written,
///   with `update` the golden is rewritten;
/// - with `isCI` nothing is ever written, whatever the other options say;
/// - every write is atomic, and a file holding the same bytes is not rewritten.
///
/// The runner knows nothing of Lua: styles come from `makeRegistry`, called
/// once per case on the worker thread that runs it, so per-thread engines
/// (Lua states) never cross threads and no case sees another's leftovers.
public struct GoldenRunner: Sendable {
    /// Makes the registry of styles one case renders with; called on the worker thread that runs the case.
    public typealias RegistryFactory = @Sendable () throws -> Registry

    /// What a run does: which cases, whether it may write goldens, and how it reports.
    public struct Options: Sendable {
        /// Record new and changed goldens instead of writing `.new` files for review (`cellar test --update`).
        public var update = false
        /// Only cases (and orphans) whose name contains this text.
        public var filter: String?
        /// `CI` is set: write nothing, and orphans fail.
        public var isCI = false
        /// Columns available for diffs.
        public var terminalWidth = 80
        /// How the printed accept/update commands invoke the CLI.
        public var command = "cellar"
        /// Worker threads; nil = one per processor.
        public var workers: Int?
        /// Largest case, golden or table file read, in bytes.
        public var maxFileSize = InputFile.defaultSizeLimit

        /// Creates options; the file size limit keeps its default.
        public init(
            update: Bool = false, filter: String? = nil, isCI: Bool = false,
            terminalWidth: Int = 80, command: String = "cellar", workers: Int? = nil
        ) {
            self.update = update
            self.filter = filter
            self.isCI = isCI
            self.terminalWidth = terminalWidth
            self.command = command
            self.workers = workers
        }

        /// `isCI` from the environment: `CI` set to anything but empty or "false"/"0".
        public static func environmentIsCI(_ env: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
            guard let value = env["CI"] else { return false }
            return !["", "0", "false", "False", "FALSE"].contains(value)
        }
    }

    /// The outcome of one case.
    public enum Status: Sendable, Equatable {
        case passed
        /// The golden was written (new or changed) under `update`.
        case recorded
        case failed
    }

    /// The outcome of one case and what to print about it.
    public struct CaseResult: Sendable {
        /// The case's display name (its path under the discovery root, without `.case.yaml`).
        public var name: String
        /// The case file's path.
        public var path: String
        /// The tree the case was found in (the report replays it there).
        public var tree: CaseTree?
        /// Whether the case passed, was recorded or failed.
        public var status: Status
        /// The case had no golden.
        public var isNew: Bool
        /// What to show a person: empty for a plain pass.
        public var report: String
    }

    /// The outcome of a whole run: every case's result, and the orphans and leftovers found.
    public struct Summary: Sendable {
        /// Each case's result, in name order.
        public var results: [CaseResult] = []
        /// Goldens and pending `.new` files that no case produces.
        public var orphans: [String] = []
        /// Orphans count as failures under CI.
        public var orphansFail = false
        /// Temporary files a killed `--update` left: removed (not under CI) and reported.
        public var leftovers: [String] = []
        /// Whether the leftovers were deleted (everywhere but CI).
        public var leftoversRemoved = false
        /// Errors that stopped or spoiled the run (no such path, an unwritable
        /// report), each counted as a failure.
        public var errors: [String] = []

        /// An empty run: nothing found yet.
        public init() {}

        /// Cases that passed or were recorded.
        public var passed: Int { results.filter { $0.status != .failed }.count }
        /// Cases that failed, and errors that stopped the run.
        public var failed: Int { results.filter { $0.status == .failed }.count + errors.count }
        /// Cases that had no golden.
        public var new: Int { results.filter(\.isNew).count }
        /// Whether the run succeeds: no case failed, and no orphan where orphans count (CI).
        public var succeeded: Bool { failed == 0 && (orphans.isEmpty || !orphansFail) }

        /// `N passed, N failed` plus `, N new, N orphaned` when non-zero.
        public var closingLine: String {
            var line = "\(passed) passed, \(failed) failed"
            if new > 0 { line += ", \(new) new" }
            if !orphans.isEmpty { line += ", \(orphans.count) orphaned" }
            return line
        }
    }

    /// What the run does; see `Options`.
    public var options: Options
    /// Makes the style registry for each case.
    public let makeRegistry: RegistryFactory
    /// The tables built in Swift that `swift_table` cases ask for by name.
    public let swiftTables: [String: SwiftTableFactory]

    /// Creates a runner with `options`, making each case's registry with
    /// `makeRegistry`, and each `swift_table: NAME` case's table with `swiftTables[NAME]`.
    public init(
        options: Options, makeRegistry: @escaping RegistryFactory, swiftTables: [String: SwiftTableFactory] = [:]
    ) {
        self.options = options
        self.makeRegistry = makeRegistry
        self.swiftTables = swiftTables
    }

    /// Discovers the cases under `paths`, runs those passing the filter in
    /// parallel, and reports orphans. Results come back in name order.
    public func run(paths: [String]) throws -> Summary {
        let found = try GoldenFiles.discover(paths, sizeLimit: options.maxFileSize)
        let cases = found.cases.filter(matches)
        var summary = Summary()
        summary.leftovers = found.leftovers
        summary.leftoversRemoved = !options.isCI
        if !options.isCI { found.leftovers.forEach(GoldenFiles.remove) }
        summary.results = runAll(cases)
        summary.orphans = found.orphans.filter { path in
            options.filter.map { path.contains($0) } ?? true
        }
        summary.orphansFail = options.isCI
        return summary
    }

    func matches(_ file: GoldenFiles.CaseFile) -> Bool {
        guard let filter = options.filter, !filter.isEmpty else { return true }
        return file.name.contains(filter)
    }

    /// Runs cases on worker threads; the slowest case bounds the wall time,
    /// not the sum.
    public func runAll(_ cases: [GoldenFiles.CaseFile]) -> [CaseResult] {
        let results = ResultSlots(count: cases.count)
        let workers = max(1, min(options.workers ?? ProcessInfo.processInfo.activeProcessorCount, cases.count))
        let next = Counter()
        let runner = self
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = next.take(below: cases.count) {
                results.set(i, runner.runCase(cases[i]))
            }
        }
        return results.values
    }

    /// A case played, and the golden it is compared with.
    public struct Replay {
        /// The parsed case.
        public var scenario: GoldenCase
        /// The frames the case produces now.
        public var actual: [UInt8]
        /// The accepted golden; nil when there is none.
        public var golden: [UInt8]?
    }

    /// Reads, plays and finds the golden of one case under the tree's rules
    /// (`CaseTree`: the case, its table and its golden read only inside the
    /// tree, without links out). The runner and the report both replay
    /// through here, so the report never shows what the run refused.
    public func replay(_ file: GoldenFiles.CaseFile) throws -> Replay {
        try replay(file) { scenario in
            if case .swift(let name, let location) = scenario.table {
                return try GoldenScenario.play(scenario, swiftTable: try swiftTable(name, at: location))
            }
            return try GoldenScenario.play(scenario, registry: try makeRegistry())
        }
    }

    /// Reads the case, `play`s it and finds its golden, under the tree's rules.
    func replay(_ file: GoldenFiles.CaseFile, playing play: (GoldenCase) throws -> String) throws -> Replay {
        let scenario = try GoldenCaseParser.load(path: file.path, name: file.name, tree: file.tree)
        let actual = Array(try play(scenario).utf8)
        // Goldens are read within the limit: one recorded past it would fail every later run.
        guard actual.count <= options.maxFileSize else {
            throw CellarError(
                "the case draws \(actual.count) bytes, more than the \(InputFile.describe(size: options.maxFileSize)) "
                    + "a golden may hold (fewer steps or rows, or raise the limit with --max-file-size on every run)")
        }
        let goldenPath = GoldenFiles.goldenPath(forCase: file.path)
        let golden =
            try file.tree.map { try $0.read(goldenPath) }
            ?? GoldenFiles.readBytes(goldenPath, limit: options.maxFileSize)
        return Replay(scenario: scenario, actual: actual, golden: golden)
    }

    /// Runs one case and applies the recording rules. Never throws: bad input
    /// becomes a failed result with its located message.
    public func runCase(_ file: GoldenFiles.CaseFile) -> CaseResult {
        runCase(file) { try replay(file) }
    }

    /// Applies the recording rules to what `replayed` plays.
    func runCase(_ file: GoldenFiles.CaseFile, replayed: () throws -> Replay) -> CaseResult {
        let casePath = GoldenRunner.display(file.path)
        // Names, paths, messages and golden text all came from outside.
        func result(_ status: Status, isNew: Bool = false, _ report: String) -> CaseResult {
            CaseResult(
                name: file.name, path: file.path, tree: file.tree, status: status, isNew: isNew,
                report: GoldenRunner.sanitizedLines(report))
        }
        let header = "\(file.name)  (\(casePath))\n"
        let goldenPath = GoldenFiles.goldenPath(forCase: file.path)
        let pendingPath = GoldenFiles.pendingPath(forCase: file.path)
        let golden: [UInt8]?
        let actual: [UInt8]
        let update: String
        do {
            let replay = try replayed()
            (golden, actual, update) = (replay.golden, replay.actual, recordingCommand(replay.scenario))
        } catch {
            return result(.failed, "FAIL " + header + "  \(GoldenRunner.describe(error))\n")
        }

        let accept = "\(options.command) test --accept \(GoldenRunner.shellQuoted(casePath))"
        do {
            guard let golden else {
                if options.isCI {
                    return result(
                        .failed, isNew: true,
                        "FAIL " + header
                            + "  no golden: \(GoldenRunner.display(goldenPath))\n"
                            + "  CI is set, so nothing was written. Record it locally: \(update)\n")
                }
                if options.update {
                    try GoldenFiles.writeAtomically(actual, to: goldenPath)
                    GoldenFiles.remove(pendingPath)
                    return result(
                        .recorded, isNew: true,
                        "NEW " + header + "  recorded \(GoldenRunner.display(goldenPath))\n")
                }
                return result(
                    .failed, isNew: true,
                    "FAIL " + header
                        + "  no golden: \(GoldenRunner.display(goldenPath))\n"
                        + writePending(actual, to: pendingPath, then: " — read it, then accept it: \(accept)\n"))
            }
            if GoldenDiff.matches(expected: golden, actual: actual) {
                if !options.isCI { GoldenFiles.remove(pendingPath) }
                return result(.passed, "")
            }
            if options.update && !options.isCI {
                try GoldenFiles.writeAtomically(actual, to: goldenPath)
                GoldenFiles.remove(pendingPath)
                return result(.recorded, "UPDATED " + header + "  rewrote \(GoldenRunner.display(goldenPath))\n")
            }
            var report = "FAIL " + header + failureBody(golden: golden, actual: actual, goldenPath: goldenPath)
            if options.isCI {
                report += "  CI is set, so nothing was written. To take the new output, run locally: \(update)\n"
            } else {
                report += writePending(actual, to: pendingPath, then: "\n  accept the change: \(accept)\n")
            }
            return result(.failed, report)
        } catch {
            return result(.failed, "FAIL " + header + "  \(GoldenRunner.describe(error))\n")
        }
    }

    /// Writes the `.new` file for review. Failing to (a read-only case
    /// directory) is a note under the diff, not the whole report.
    func writePending(_ bytes: [UInt8], to path: String, then: String) -> String {
        do {
            try GoldenFiles.writeAtomically(bytes, to: path)
            return "  wrote \(GoldenRunner.display(path))" + then
        } catch {
            return "  note: \(GoldenRunner.describe(error).dropFirst("error: ".count))\n"
        }
    }

    /// Every line of a report made safe for a terminal and bounded (`Sanitizer.boundedLine`).
    static func sanitizedLines(_ report: String) -> String {
        report.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Sanitizer.boundedLine(String($0)) }.joined(separator: "\n")
    }

    /// The golden's path, where the first difference is, and the diff.
    public func failureBody(golden: [UInt8], actual: [UInt8], goldenPath: String) -> String {
        let diff = GoldenDiff(expected: golden, actual: actual)
        var out = "  golden: \(GoldenRunner.display(goldenPath))\n"
        if let first = diff.firstDifference {
            out += "  first difference: row \(first.row), column \(first.column)"
            if let frame = GoldenFormat.frame(containing: first.row, in: golden) {
                if frame.line == 0 {
                    out += " (header of frame \"\(frame.title)\")"
                } else if frame.isMarks {
                    // A marks line's columns are the table's, after the marker.
                    out +=
                        " (frame \"\(frame.title)\", marks under line \(frame.line - 1), table column "
                        + "\(max(1, first.column - GoldenFormat.marksPrefix.count)))"
                } else {
                    out += " (frame \"\(frame.title)\", line \(frame.line))"
                }
            }
            out += "\n"
        }
        let body = diff.render(terminalWidth: max(20, options.terminalWidth - 2))
        for line in body.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            out += "  " + line + "\n"
        }
        return out
    }

    static func describe(_ error: Error) -> String {
        if let e = error as? CellarError { return "error: \(e.description)" }
        return "error: \(error)"
    }

    /// A path as a shell word, so a printed command can be pasted as is.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil))
                || "/._-+@%,:=".unicodeScalars.contains($0)
        }
        if plain && !path.isEmpty { return path }
        return "'" + path.replacing("'", with: "'\\''") + "'"
    }

    /// Paths under the working directory are shown relative to it (and
    /// sanitised: a file name can hold any byte).
    public static func display(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return Sanitizer.sanitize(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
    }
}

/// A shared "next index" for worker threads.
final class Counter: @unchecked Sendable {
    private let lock = Lock()
    private var value = 0
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Results written by index from worker threads.
final class ResultSlots: @unchecked Sendable {
    private let lock = Lock()
    private var slots: [GoldenRunner.CaseResult?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: GoldenRunner.CaseResult) {
        lock.lock()
        slots[i] = r
        lock.unlock()
    }
    var values: [GoldenRunner.CaseResult] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
