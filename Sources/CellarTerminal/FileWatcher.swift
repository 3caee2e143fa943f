#if canImport(Glibc)
    import Glibc

    /// Changes to files in a few directories, from inotify: the descriptor is
    /// readable when something changed (the browse loop blocks on it with the
    /// keyboard), and `changedFiles()` says which files. Directories are
    /// watched rather than files because editors save by writing a new file
    /// and renaming it over the old one.
    public final class FileWatcher {
        /// The inotify descriptor, readable when a watched file changed.
        public let fd: Int32
        private var directories: [Int32: String] = [:]

        /// nil when inotify is not available.
        public init?(directories paths: [String]) {
            fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
            for path in Set(paths) {
                let wd = inotify_add_watch(fd, path, mask)
                if wd >= 0 { directories[wd] = path }
            }
        }

        deinit { close(fd) }

        /// The files that changed since the last call, as "directory/name".
        public func changedFiles() -> Set<String> {
            var changed: Set<String> = []
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let n = read(fd, &buffer, buffer.count)
                guard n > 0 else { break }
                var i = 0
                let header = MemoryLayout<inotify_event>.size
                while i + header <= n {
                    let wd = buffer[i..<(i + 4)].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                    let length = Int(buffer[(i + 12)..<(i + 16)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                    let nameBytes = buffer[(i + header)..<min(n, i + header + length)].prefix { $0 != 0 }
                    if let dir = directories[wd], !nameBytes.isEmpty {
                        changed.insert(dir + "/" + String(decoding: nameBytes, as: UTF8.self))
                    }
                    i += header + length
                }
            }
            return changed
        }
    }
#endif
