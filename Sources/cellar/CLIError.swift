import ArgumentParser
import Cellar
import CellarText

/// How every command fails: one sanitised line on stderr, `cellar: …` (or the
/// command's own prefix, `cellar test: …`), and exit status 1. ArgumentParser's
/// own errors (unknown options, bad values, `ValidationError`) keep its format,
/// sanitised by `CellarCommand.main`.
enum CLIError {
    /// Reports `error` if it is Cellar's (a `CellarError`, or a `WriteError`
    /// from standard output) and returns the exit code to throw instead;
    /// any other error comes back unchanged for ArgumentParser to report.
    static func report(_ error: any Error, prefix: String = "cellar") -> any Error {
        switch error {
        case let e as CellarError: for line in [e] + e.also { Terminal.printError("\(prefix): \(line)") }
        case let e as WriteError: Terminal.printError("\(prefix): \(Terminal.outputError(e))")
        default: return error
        }
        return ExitCode.failure
    }

    /// Reports `message` now and returns the exit code to throw (for a
    /// failure found in `validate()`, before the command runs).
    static func fail(_ message: String, prefix: String = "cellar") -> ExitCode {
        Terminal.printError("\(prefix): \(message)")
        return .failure
    }

    /// A numeric option outside `range` fails as `--width must be from 1 to 10000 (got 0)`.
    static func checkRange(_ option: String, _ value: Int?, _ range: ClosedRange<Int>, prefix: String = "cellar") throws
    {
        guard let value, !range.contains(value) else { return }
        throw fail(InputLimits.message(option, range, got: "\(value)"), prefix: prefix)
    }
}
