import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the files Cellar is given (documents, cases, goldens): regular files only (a document may also be a pipe,
/// read as it comes), and no more than a size limit, so `/dev/zero`, a case that is a FIFO or a huge file is refused
/// at once with a one-line error instead of hanging or filling memory.
public enum InputFile {
    /// The limit on golden cases, goldens and the tables cases name (each is
    /// composed into a node tree several times its size); `--max-file-size` raises it.
    public static let defaultSizeLimit = 4 << 20

    /// The limit on a document that may be held in memory whole (a YAML file, whose
    /// JSON form is when small or refused by the disk; standard input; `browse`); a mapped one has none.
    public static let heldDocumentLimit = 256 << 20

    /// The whole file, or a CellarError naming the path and the reason.
    public static func read(_ path: String, limit: Int = defaultSizeLimit) throws -> [UInt8] {
        let (fd, info) = try openRegular(path, limit: limit)
        defer { close(fd) }
        return try readAll(fd, expecting: Int(info.st_size), path: path, limit: limit)
    }

    /// The rest of the open file `fd` (of `size` bytes when it was opened, maybe more by now).
    static func readAll(_ fd: Int32, expecting size: Int, path: String, limit: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let n = try readChunk(fd, into: &chunk, path: path), n > 0 {
            // The file may grow while it is read (or report no size, as /proc does).
            guard out.count + n <= limit else { throw tooLarge(path, limit: limit) }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    /// One read of `fd` into `chunk`, retried when interrupted; 0 at the end.
    static func readChunk(_ fd: Int32, into chunk: inout [UInt8], path: String) throws -> Int {
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n >= 0 { return n }
            if errno != EINTR { throw CellarError("\(path): cannot read: \(Directories.reason(errno))") }
        }
    }

    /// A document's bytes (mapped with `map`, else read whole) and its identity when opened. Its callers have read
    /// a pipe already (`isPipe`), so a refusal names pipes too.
    static func bytes(_ path: String, limit: Int, map: Bool) throws -> (DocumentBytes, FileIdentity) {
        let (fd, info) = try openRegular(path, limit: limit, orPipes: true)
        defer { close(fd) }
        let size = Int(info.st_size)
        let bytes =
            map
            ? try DocumentBytes(file: fd, count: size, path: path, limit: limit)
            : DocumentBytes(try readAll(fd, expecting: size, path: path, limit: limit))
        return (bytes, FileIdentity(info))
    }

    /// Whether `path` names a pipe (a FIFO, or a shell's `<(command)`): a document named so is read as standard
    /// input is, never mapped. Cases and goldens are regular files only.
    package static func isPipe(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    /// What `path` is when it exists and is not a regular file (`a FIFO`, `a directory`, …), else nil.
    package static func specialKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return nil }
        return kind(info.st_mode)
    }

    /// Opens the pipe at `path` (`-`: standard input) for reading, and the name messages give it. As `cat` does, it
    /// waits for a writer when none has opened the pipe yet.
    package static func openPipe(_ path: String) throws -> (fd: Int32, name: String) {
        if path == "-" { return (0, "<stdin>") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CellarError("\(path): cannot open: \(Directories.reason(errno))") }
        return (fd, path)
    }

    /// Standard input (`-`) or the pipe at `path`, read whole within `limit`, and its name in messages.
    static func readPiped(_ path: String, limit: Int) throws -> (name: String, bytes: [UInt8]) {
        let (fd, name) = try openPipe(path)
        defer { if fd != 0 { close(fd) } }
        return (name, try readAll(fd, expecting: 0, path: name, limit: limit))
    }

    /// Opens a regular file of at most `limit` bytes; returns its descriptor (the caller closes it) and status.
    /// With `orPipes`, a refusal says that the caller reads pipes too.
    static func openRegular(_ path: String, limit: Int, orPipes: Bool = false) throws -> (fd: Int32, info: stat) {
        // O_NONBLOCK: opening a FIFO without a writer must not wait for one.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw CellarError("\(path): cannot open: \(Directories.reason(errno))") }
        do {
            var info = stat()
            // errno is read into the error before `close` can change it.
            guard fstat(fd, &info) == 0 else { throw CellarError("\(path): cannot read: \(Directories.reason(errno))") }
            guard info.st_mode & S_IFMT == S_IFREG else {
                let read = orPipes ? "regular files and pipes" : "regular files"
                throw CellarError("\(path): not a regular file (\(kind(info.st_mode))); only \(read) are read")
            }
            guard Int(info.st_size) <= limit else { throw tooLarge(path, limit: limit) }
            return (fd, info)
        } catch {
            close(fd)
            throw error
        }
    }

    static func tooLarge(_ path: String, limit: Int) -> CellarError {
        CellarError("\(path): larger than the \(describe(size: limit)) file size limit (raise it with --max-file-size)")
    }

    /// `16 MiB`, `512 KiB`, `100 bytes`.
    package static func describe(size: Int) -> String {
        if size >= 1 << 20 && size % (1 << 20) == 0 { return "\(size >> 20) MiB" }
        if size >= 1 << 10 && size % (1 << 10) == 0 { return "\(size >> 10) KiB" }
        return "\(size) bytes"
    }

    /// `16M`, `512K`, `2G` or a number of bytes, as `--max-file-size` takes it.
    package static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text)
        var shift = 0
        switch text.last {
        case "K", "k": shift = 10
        case "M", "m": shift = 20
        case "G", "g": shift = 30
        default: break
        }
        if shift > 0 { digits = digits.dropLast() }
        guard let n = Int(digits), n >= 1, n <= (1 << 40) >> shift else { return nil }
        return n << shift
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }
}
