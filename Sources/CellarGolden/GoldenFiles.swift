import Cellar
import CellarDocuments
import Foundation
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
    public static let caseSuffix = ".case.yaml"
    public static let goldenSuffix = ".golden"
    public static let pendingSuffix = ".golden.new"

    public static func goldenPath(forCase path: String) -> String {
        stem(path, dropping: caseSuffix) + goldenSuffix
    }

    public static func pendingPath(forCase path: String) -> String {
        stem(path, dropping: caseSuffix) + pendingSuffix
    }

    static func stem(_ path: String, dropping suffix: String) -> String {
        path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) : path
    }

    /// A case found on disk, named relative to the directory it was found under.
    public struct CaseFile: Hashable, Sendable, Comparable {
        public var name: String
        public var path: String
        public static func < (a: CaseFile, b: CaseFile) -> Bool { (a.name, a.path) < (b.name, b.path) }
    }

    public struct Discovery: Sendable {
        public var cases: [CaseFile] = []
        /// Goldens and pending `.new` files that no case file produces.
        public var orphans: [String] = []
        /// Pending `.golden.new` files whose case exists, named after their case.
        public var pending: [CaseFile] = []
    }

    /// Finds cases under each path: a directory is searched recursively (hidden
    /// directories and `.build` skipped); a `.case.yaml` file is taken as is.
    /// A path that does not exist is an error naming it.
    public static func discover(_ roots: [String]) throws -> Discovery {
        var found = Discovery()
        var seen = Set<String>()
        var seenOrphans = Set<String>()
        let fm = FileManager.default
        for root in roots {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: root, isDirectory: &isDir) else {
                throw CellarError("no such file or directory: \(root)")
            }
            if !isDir.boolValue {
                guard root.hasSuffix(caseSuffix) else {
                    throw CellarError("not a case file (expected NAME\(caseSuffix)): \(root)")
                }
                let key = (root as NSString).standardizingPath
                if seen.insert(key).inserted {
                    let name = stem((root as NSString).lastPathComponent, dropping: caseSuffix)
                    found.cases.append(CaseFile(name: name, path: root))
                    let pending = pendingPath(forCase: root)
                    if fm.fileExists(atPath: pending) { found.pending.append(CaseFile(name: name, path: pending)) }
                }
                continue
            }
            for relative in walk(root) {
                let path = root.hasSuffix("/") ? root + relative : root + "/" + relative
                let key = (path as NSString).standardizingPath
                if relative.hasSuffix(caseSuffix) {
                    guard seen.insert(key).inserted else { continue }
                    found.cases.append(CaseFile(name: stem(relative, dropping: caseSuffix), path: path))
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
        return found
    }

    /// Relative paths of the regular files under `root`, sorted. A directory
    /// reached twice through symbolic links is walked once (no loops).
    package static func walk(_ root: String) -> [String] {
        var out: [String] = []
        var stack = [""]
        var visited = Set<String>()
        let fm = FileManager.default
        while let rel = stack.popLast() {
            let dir = rel.isEmpty ? root : root + "/" + rel
            guard visited.insert(URL(fileURLWithPath: dir).resolvingSymlinksInPath().path).inserted,
                  let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names {
                let childRel = rel.isEmpty ? name : rel + "/" + name
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: dir + "/" + name, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    if !name.hasPrefix(".") && name != "node_modules" { stack.append(childRel) }
                } else {
                    out.append(childRel)
                }
            }
        }
        return out.sorted()
    }

    // MARK: Reading

    /// The file's bytes, or nil when it does not exist.
    public static func readBytes(_ path: String) throws -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CellarError("cannot read \(path)")
        }
        return [UInt8](data)
    }

    // MARK: Writing

    /// Writes `bytes` to `path` through a temporary file in the same directory
    /// and a rename, so a reader never sees half a file. Returns false (and
    /// writes nothing) when the file already holds exactly these bytes.
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws -> Bool {
        if let current = try? readBytes(path), current == bytes { return false }
        let dir = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let temp = (dir.isEmpty ? "" : dir + "/") + ".\(base).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CellarError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno; return
                }
                offset += n
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temp, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temp)
            throw CellarError("cannot write \(path): \(String(cString: strerror(failure)))")
        }
        return true
    }

    /// Moves a pending `.new` file over its golden (a rename: atomic).
    public static func accept(pending: String) throws {
        let golden = stem(pending, dropping: pendingSuffix) + goldenSuffix
        if rename(pending, golden) != 0 {
            throw CellarError("cannot accept \(pending): \(String(cString: strerror(errno)))")
        }
    }

    public static func remove(_ path: String) {
        unlink(path)
    }
}
