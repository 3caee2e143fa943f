import CellarGolden
import Foundation

/// A scratch directory removed when the test ends.
public final class ScratchDirectory {
    /// The directory's absolute path.
    public let path: String
    /// Makes a new empty directory under the system's temporary directory.
    public init() throws {
        path = NSTemporaryDirectory() + "cellar-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The `Styles` folder below the directory, where the CLI and the loader look for styles.
    public var styles: String { path + "/Styles" }

    /// Makes a new empty directory holding an empty `Styles` folder.
    public static func withStyles() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: dir.styles, withIntermediateDirectories: true)
        return dir
    }

    /// Writes a text file, making its directories; returns its absolute path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }
    /// A file's text, or nil when it is missing.
    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }
    /// Whether a file or directory exists.
    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }
    /// Every regular file below, as relative paths, sorted.
    public func files() -> [String] { GoldenFiles.walk(path) }
}
