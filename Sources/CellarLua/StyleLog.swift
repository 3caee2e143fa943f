import Cellar
import CellarText
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        let line = "cellar: log: \(Sanitizer.excerpt(style))\(place): \(Sanitizer.boundedLine(text))\n"
        writeToStandardError(Array(line.utf8))
    }
}

extension StyleLoader {
    /// Whether the styles' `print` lines are logged (`CELLAR_LOG`, which
    /// `--log` sets): they come in the order the hooks run.
    public static var logsPrints: Bool { StyleLog.fromEnvironment() != nil }
}

/// Writes all of `bytes` to stderr (a line a call, unbuffered, as the hooks print).
private func writeToStandardError(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count, let base = raw.baseAddress {
            let n = write(2, base + offset, raw.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}
