import Cellar
import CellarDocuments
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File layout and file system work for golden cases: discovery, orphans,
/// reading, and atomic writes.
///
/// Layout: a case `DIR/NAME.case.yaml` owns `DIR/NAME.golden` (the accepted
/// output) and, while a change awaits review, `DIR/NAME.golden.new`.
public enum GoldenFiles {
    /// How a case file's name ends.
    public static let caseSuffix = ".case.yaml"
    /// How an accepted golden's name ends.
    public static let goldenSuffix = ".golden"
    /// How a golden awaiting review ends.
    public static let pendingSuffix = ".golden.new"

    /// The golden beside a case: `NAME.case.yaml` → `NAME.golden`.
    public static func goldenPath(forCase path: String) -> String {
        stem(path, dropping: caseSuffix) + goldenSuffix
    }

    /// The pending golden beside a case: `NAME.case.yaml` → `NAME.golden.new`.
    public static func pendingPath(forCase path: String) -> String {
        stem(path, dropping: caseSuffix) + pendingSuffix
    }

    static func stem(_ path: String, dropping suffix: String) -> String {
        path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) : path
    }

    /// A case found on disk, named relative to the directory it was found under.
    public struct CaseFile: Hashable, Sendable, Comparable {
        /// The display name: the path under the root it was found in, without its suffix.
        public var name: String
        /// The file's path.
        public var path: String
        /// The tree the case was found in: the only place it reads from.
        public var tree: CaseTree?
        /// Orders case files by name, then by path.
        public static func < (a: CaseFile, b: CaseFile) -> Bool { (a.name, a.path) < (b.name, b.path) }
    }

    /// Everything `discover` found under its roots.
    public struct Discovery: Sendable {
        /// Case files, in name order.
        public var cases: [CaseFile] = []
        /// Goldens and pending `.new` files that no case file produces.
        public var orphans: [String] = []
        /// Pending `.golden.new` files whose case exists, named after their case.
        public var pending: [CaseFile] = []
        /// Temporary files of an atomic write whose process is gone (an
        /// `--update` that was killed), found while discovering.
        public var leftovers: [String] = []
    }

    /// Finds cases under each path: a directory is searched recursively (hidden
    /// directories and `.build` skipped); a `.case.yaml` file is taken as is.
    /// A path that does not exist is an error naming it.
    public static func discover(_ roots: [String], sizeLimit: Int = InputFile.defaultSizeLimit) throws -> Discovery {
        var found = Discovery()
        var seen = Set<String>()
        var seenOrphans = Set<String>()
        let fm = FileManager.default
        for root in roots {
            guard let kind = FileKind.of(root) else {
                throw CellarError("no such file or directory: \(root)")
            }
            if kind != .directory {
                guard root.hasSuffix(caseSuffix) else {
                    throw CellarError("not a case file (expected NAME\(caseSuffix)): \(root)")
                }
                let key = GoldenCaseParser.normalize(root)
                if seen.insert(key).inserted {
                    let name = stem(PathName.lastComponent(root), dropping: caseSuffix)
                    let dir = PathName.deletingLastComponent(root)
                    found.cases.append(
                        CaseFile(
                            name: name, path: root,
                            tree: CaseTree(directory: dir.isEmpty ? "." : dir, sizeLimit: sizeLimit)))
                    let pending = pendingPath(forCase: root)
                    if fm.fileExists(atPath: pending) { found.pending.append(CaseFile(name: name, path: pending)) }
                }
                continue
            }
            let tree = CaseTree(directory: root, sizeLimit: sizeLimit)
            for relative in walk(root) {
                let path = root.hasSuffix("/") ? root + relative : root + "/" + relative
                let key = GoldenCaseParser.normalize(path)
                if isLeftoverTemporary(PathName.lastComponent(relative)) {
                    found.leftovers.append(path)
                } else if relative.hasSuffix(caseSuffix) {
                    guard seen.insert(key).inserted else { continue }
                    found.cases.append(CaseFile(name: stem(relative, dropping: caseSuffix), path: path, tree: tree))
                } else if relative.hasSuffix(pendingSuffix) {
                    let owner = stem(path, dropping: pendingSuffix) + caseSuffix
                    if fm.fileExists(atPath: owner) {
                        found.pending.append(CaseFile(name: stem(relative, dropping: pendingSuffix), path: path))
                    } else if seenOrphans.insert(key).inserted {
                        found.orphans.append(path)
                    }
                } else if relative.hasSuffix(goldenSuffix) {
                    let owner = stem(path, dropping: goldenSuffix) + caseSuffix
                    if !fm.fileExists(atPath: owner), seenOrphans.insert(key).inserted {
                        found.orphans.append(path)
                    }
                }
            }
        }
        found.cases.sort()
        found.orphans.sort()
        found.pending = Array(Set(found.pending)).sorted()
        found.leftovers = Array(Set(found.leftovers)).sorted()
        return found
    }

    /// `.NAME.golden.PID.RAND.tmp` (or `.golden.new`), as `writeAtomically`
    /// names its temporary file, whose process no longer runs: a concurrent
    /// run's write in progress is left alone.
    static func isLeftoverTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, let pid = Int32(parts[parts.count - 2]), pid > 0,
            UInt32(parts[parts.count - 1]) != nil
        else { return false }
        let target = parts.dropLast(2).joined(separator: ".")
        guard target.hasSuffix(goldenSuffix) || target.hasSuffix(pendingSuffix) else { return false }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Relative paths of the regular files under `root`, sorted. A directory
    /// reached twice through symbolic links is walked once (no loops), and
    /// a directory linked to outside the tree is not entered: a link to
    /// `/` must not walk the whole file system.
    package static func walk(_ root: String) -> [String] {
        var out: [String] = []
        var stack = [""]
        var visited = Set<String>()
        let fm = FileManager.default
        let tree = CaseTree(directory: root)
        while let rel = stack.popLast() {
            let dir = rel.isEmpty ? root : root + "/" + rel
            let real = PathName.real(dir) ?? URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
            guard rel.isEmpty || tree.contains(real),
                visited.insert(real).inserted,
                let names = try? fm.contentsOfDirectory(atPath: dir)
            else { continue }
            for name in names {
                let childRel = rel.isEmpty ? name : rel + "/" + name
                guard let kind = FileKind.of(dir + "/" + name) else { continue }
                if kind == .directory {
                    if !name.hasPrefix(".") && name != "node_modules" { stack.append(childRel) }
                } else {
                    out.append(childRel)
                }
            }
        }
        return out.sorted()
    }

    // MARK: Reading

    /// The file's bytes, or nil when it does not exist (a regular file, size-limited).
    public static func readBytes(_ path: String, limit: Int = InputFile.defaultSizeLimit) throws -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0 || errno != ENOENT else { return nil }
        return try InputFile.read(path, limit: limit)
    }

    // MARK: Writing

    /// Writes `bytes` to `path` through a temporary file in the same directory
    /// and a rename, so a reader never sees half a file. Returns false (and
    /// writes nothing) when the file already holds exactly these bytes.
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws -> Bool {
        if let current = try? readBytes(path), current == bytes { return false }
        let dir = PathName.deletingLastComponent(path)
        let base = PathName.lastComponent(path)
        let temp = (dir.isEmpty ? "" : dir + "/") + ".\(base).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CellarError("cannot write \(path): \(Directories.reason(errno))") }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temp, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temp)
            throw CellarError("cannot write \(path): \(Directories.reason(failure))")
        }
        return true
    }

    /// What became of a pending file `accept` was asked to take.
    public enum Acceptance: Sendable, Equatable {
        /// It is now the golden.
        case accepted
        /// It was gone and its golden in place: another run (`--accept`,
        /// `--review`) at the same time took it first. Not an error.
        case takenByAnotherRun
    }

    /// Moves a pending `.new` file over its golden (a rename: atomic).
    @discardableResult
    public static func accept(pending: String) throws -> Acceptance {
        let golden = stem(pending, dropping: pendingSuffix) + goldenSuffix
        if rename(pending, golden) == 0 { return .accepted }
        let code = errno
        if code == ENOENT, isGone(pending), !isGone(golden) {
            return .takenByAnotherRun
        }
        throw CellarError("cannot accept \(pending): \(Directories.reason(code))")
    }

    /// Whether nothing is at `path` (not even a dangling link).
    static func isGone(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 && errno == ENOENT
    }

    /// Deletes the file at `path`, if there is one; errors are ignored.
    public static func remove(_ path: String) {
        unlink(path)
    }
}
