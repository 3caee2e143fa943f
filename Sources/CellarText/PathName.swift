#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File paths taken apart and joined as text, as `NSString`'s path methods
/// do for ordinary paths (relative or absolute, `/` separated; a doubled
/// slash inside a path is kept), so the modules that build paths need no
/// bridge to `NSString`, which links all of Foundation and ICU into the
/// binary (a third of a one-row render's start-up).
package enum PathName {
    /// The absolute path `path` names with every link and `.`/`..` resolved (`realpath`), or nil
    /// when it names nothing.
    package static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Calls `body` with each entry of `directory`: its name's bytes (no terminating zero,
    /// valid only during the call) and its `d_type`. False when the directory cannot be read.
    package static func forEachEntry(
        in directory: String, _ body: (_ name: UnsafeRawBufferPointer, _ type: UInt8) -> Void
    ) -> Bool {
        guard let dir = opendir(directory) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let type = entry.pointee.d_type
            // In place (`&`): the name's buffer is read where readdir left it, not copied per entry.
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                body(UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.endIndex)]), type)
            }
        }
        return true
    }

    /// The path without trailing slashes (`/` stays `/`).
    private static func trimmed(_ path: String) -> Substring {
        var s = path[...]
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s
    }

    /// The last component: `a/b/c.lua` → `c.lua`, `a/b/` → `b`, `/` → `/`.
    package static func lastComponent(_ path: String) -> String {
        let s = trimmed(path)
        guard s != "/", let slash = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: slash)...])
    }

    /// The path without its last component: `a/b/c.lua` → `a/b`, `c.lua` →
    /// the empty string, `/a` → `/`, `/` → `/`.
    package static func deletingLastComponent(_ path: String) -> String {
        let s = trimmed(path)
        guard s != "/", let slash = s.lastIndex(of: "/") else { return s == "/" ? "/" : "" }
        var head = s[..<slash]
        while head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// `component` under `path`: `a` + `b` → `a/b`, `a/` + `b` → `a/b`, the
    /// empty path + `b` → `b`.
    package static func appending(_ path: String, _ component: String) -> String {
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }
}
