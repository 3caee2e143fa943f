import Cellar
import CellarDocuments
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The directory a run found its cases in, and the only place it reads
/// them, their goldens and their tables from: a symbolic link named
/// `x.golden` pointing at `/proc/self/environ` must not print the
/// environment in a diff. Every file is read with `InputFile` (regular
/// files, size-limited).
public struct CaseTree: Sendable, Hashable {
    /// The tree's root directory, as its real path (no symbolic links).
    public let root: String
    /// The largest file, in bytes, read from the tree.
    public var sizeLimit: Int

    /// `directory` is the discovery root (a case file given alone: its directory).
    public init(directory: String, sizeLimit: Int = InputFile.defaultSizeLimit) {
        root = PathName.real(directory) ?? GoldenCaseParser.normalize(directory)
        self.sizeLimit = sizeLimit
    }

    /// A case or golden file: nil when it does not exist; an error when it is
    /// not a regular file or its real path leaves the tree.
    public func read(_ path: String) throws -> [UInt8]? {
        guard let real = try resolve(path) else { return nil }
        guard contains(real) else { throw leaves(path, real) }
        return try InputFile.read(path, limit: sizeLimit)
    }

    /// A table document a case names. Shipped cases share tables kept beside
    /// the tree (`../../../Examples/x.yaml`), so one outside is read when it
    /// is a document file reached without any symbolic link on the way.
    public func readTable(_ path: String) throws -> [UInt8]? {
        guard let real = try resolve(path) else { return nil }
        if !contains(real) {
            let lexical = GoldenCaseParser.normalize(
                path.hasPrefix("/")
                    ? path
                    : FileManager.default.currentDirectoryPath + "/" + path)
            let isDocument = [".yaml", ".yml", ".json"].contains { real.lowercased().hasSuffix($0) }
            guard lexical == real, isDocument else { throw leaves(path, real) }
        }
        return try InputFile.read(path, limit: sizeLimit)
    }

    func contains(_ real: String) -> Bool {
        real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The real path, nil when nothing is there (a dangling link is an error).
    func resolve(_ path: String) throws -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw CellarError("\(path): cannot read: \(Directories.reason(errno))")
        }
        guard let real = PathName.real(path) else {
            throw CellarError("\(path): a symbolic link to nothing readable (\(Directories.reason(errno)))")
        }
        return real
    }

    func leaves(_ path: String, _ real: String) -> CellarError {
        CellarError(
            "\(path): refused: it resolves to \(real), outside the case tree \(root) "
                + "(cases read only files inside their tree)")
    }
}
