import CellarGolden
import Foundation

/// A scratch directory removed when the test ends.
public final class ScratchDirectory {
    /// The directory's absolute path.
    public let path: String
    /// Makes a new empty directory under the system's temporary directory.
    public init() throws {
        path = NSTemporaryDirectory() + "cellar-golden-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a text file, making its directories.
    public func write(_ relative: String, _ text: String) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
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
