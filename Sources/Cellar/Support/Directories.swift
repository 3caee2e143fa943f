#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creating the directories Cellar writes into (a report, a new style), with
/// failures said in Cellar's words: the path, and what stood in the way, never
/// a Foundation error domain.
public enum Directories {
    /// Creates `path` and its missing parents (mode 0755); a directory already
    /// there is fine. `what` names it in the error: `the report directory`.
    public static func create(_ path: String, what: String) throws {
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + part
            if mkdir(made, 0o755) == 0 { continue }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(made, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFDIR { continue }
                throw CellarError(
                    "cannot create \(what) \(path): \(display(made, in: path)) is a file, not a directory")
            }
            throw CellarError("cannot create \(what) \(path): \(reason(code))")
        }
    }

    /// The text of a system error code, lower-cased to sit inside a sentence.
    public static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }

    /// `made` as the user wrote it (without the `./` added to a relative path).
    static func display(_ made: String, in path: String) -> String {
        path.hasPrefix("/") || !made.hasPrefix("./") ? made : String(made.dropFirst(2))
    }
}
