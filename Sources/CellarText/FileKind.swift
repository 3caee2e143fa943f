#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names, following symbolic links (as `FileManager.fileExists(atPath:isDirectory:)`
/// tells it, without Foundation's `ObjCBool`).
package enum FileKind: Equatable {
    case directory, other

    /// The kind of file at `path`, or nil when nothing is there.
    package static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
    }
}
