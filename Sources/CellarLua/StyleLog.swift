import Cellar
import CellarText
import Foundation

/// Where a style's `print` goes when the author asks for it (`CELLAR_LOG=1`,
/// or `cellar render --log`): one stderr line per call, naming the style
/// and the row the hook ran for. Without it `print` is dropped, so a style
/// left with debugging prints stays quiet for its users.
final class StyleLog {
    /// The environment variable that turns the log on.
    static let variable = "CELLAR_LOG"

    var style = ""
    var row: IndexPath?

    static func fromEnvironment() -> StyleLog? {
        // getenv, not ProcessInfo's environment: that copies every variable into a dictionary.
        guard let p = getenv(variable) else { return nil }
        let v = String(cString: p)
        guard !v.isEmpty, v != "0" else { return nil }
        return StyleLog()
    }

    func write(_ text: String) {
        let place = row.map { " row \($0)" } ?? ""
        // The style's text is input: sanitised, as every output path is.
        let line = "cellar: log: \(Sanitizer.sanitize(style))\(place): \(Sanitizer.boundedLine(text))\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

extension StyleLoader {
    /// Whether the styles' `print` lines are logged (`CELLAR_LOG`, which
    /// `--log` sets): they come in the order the hooks run.
    public static var logsPrints: Bool { StyleLog.fromEnvironment() != nil }
}
