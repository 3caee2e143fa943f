import Cellar
import CellarText

/// The rules every table document is read by, whatever its format (its keys: `TableSchema`).
package enum TableDocument {
    /// Refuses bytes that are not YAML text at the first one's line and column, as `YAMLEvents` does.
    package static func checkYAMLText(_ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBufferPointer { try YAMLCharacters.check($0, path: path) }
    }

    /// `location` is only worked out for a height that fails (it may read the file up to the row).
    package static func checkRowHeight(
        _ height: Int, width: Int, at location: @autoclosure () -> SourceLocation?
    ) throws {
        guard let problem = InputLimits.tallBlockProblem("a row", lines: height, width: width) else { return }
        throw CellarError(problem, at: location())
    }
}
