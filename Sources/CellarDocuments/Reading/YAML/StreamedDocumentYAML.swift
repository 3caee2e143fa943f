import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a streamed YAML document's own text is, to locate an offset of its
/// JSON form: in memory (standard input, tests), or its file, read again
/// only when an error needs a line and column.
enum YAMLSource {
    case bytes(DocumentBytes)
    case file(String)

    /// `parser` is the one that converted the document: its events are walked again.
    func location(ofOutput offset: Int, path: String, parser: YAMLToJSON.Parser) -> SourceLocation {
        switch self {
        case .bytes(let bytes):
            return bytes.withUnsafeBufferPointer {
                YAMLToJSON.location(ofOutput: offset, in: .bytes($0), path: path, parser: parser)
            }
        case .file(let file):
            let fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return SourceLocation(file: path, line: 1, column: 1) }
            defer { close(fd) }
            // The subset scanner reads the file mapped, as it did to convert it.
            var info = stat()
            if parser == .subset, fstat(fd, &info) == 0, info.st_size > 0,
                let mapped = try? DocumentBytes(file: fd, count: Int(info.st_size), path: path, limit: Int.max)
            {
                return mapped.withUnsafeBufferPointer {
                    YAMLToJSON.location(ofOutput: offset, in: .bytes($0), path: path, parser: .subset)
                }
            }
            return YAMLToJSON.location(ofOutput: offset, in: .file(fd), path: path, parser: .libyaml)
        }
    }
}

extension StreamedDocument {
    /// Reads and checks a YAML document from its file: only the document's
    /// JSON form is held (about the file's size), not the file's bytes as
    /// well. The subset scanner (`YAMLSubsetEvents`) reads the file mapped,
    /// giving back the pages behind it; when it steps aside, libyaml reads
    /// the file again, in pieces.
    public static func load(
        yamlFile path: String, sizeLimit: Int = InputFile.defaultSizeLimit, options: TableOptions = TableOptions()
    ) throws -> StreamedDocument {
        let input = DocumentInput(path: path, bytes: [], format: .yaml)
        try checkTableDocument(input, options: options)
        let (fd, size) = try InputFile.openRegular(path, limit: sizeLimit)
        defer { close(fd) }
        let (json, parser) = try convert(yamlFile: fd, size: size, path: path, limit: sizeLimit)
        let doc = StreamedDocument(input, json: json, source: .file(path), options: options)
        doc.yamlParsedBy = parser
        try doc.scan()
        doc.refreshDecoder()
        return doc
    }

    /// The JSON form of the open YAML file `fd`: the subset scanner's over the
    /// file mapped, else libyaml's over the file read again from its start.
    private static func convert(
        yamlFile fd: Int32, size: Int, path: String, limit: Int
    ) throws -> ([UInt8], YAMLToJSON.Parser) {
        if size > 0, let file = try? DocumentBytes(file: fd, count: size, path: path, limit: limit),
            let json = file.withUnsafeBufferPointer({
                YAMLToJSON.convertSubset($0, path: path, capacity: size, dropping: DropBehind(file))
            })
        {
            return (json, .subset)
        }
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw CellarError("\(path): cannot read: \(InputFile.reason(errno))") }
        try checkUTF8(fd, path: path, limit: limit)
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw CellarError("\(path): cannot read: \(InputFile.reason(errno))") }
        let json = try YAMLToJSON.convert(
            .file(fd), path: path, capacity: size, parseAhead: YAMLToJSON.parsesAhead(size: size))
        return (json, .libyaml)
    }

    /// Invalid UTF-8 in a file, found in pieces (a character split between
    /// two pieces is carried over) and reported at its line and column.
    static func checkUTF8(_ fd: Int32, path: String, limit: Int) throws {
        var carry: [UInt8] = []
        var base = 0
        var bad: Int?
        try InputFile.readChunks(fd, path: path, limit: limit) { chunk in
            guard bad == nil else { return }
            let data = carry + chunk
            // A sequence begun in the last three bytes may end in the next piece.
            var split = data.count
            if let lead = data.indices.suffix(3).last(where: { data[$0] & 0xC0 != 0x80 }), data[lead] >= 0xC0 {
                let length = data[lead] >= 0xF0 ? 4 : data[lead] >= 0xE0 ? 3 : 2
                if lead + length > data.count { split = lead }
            }
            if let at = data.withUnsafeBufferPointer({
                ByteLocation.firstInvalidUTF8(UnsafeBufferPointer(rebasing: $0[..<split]))
            }) {
                bad = base + at
            }
            carry = Array(data[split...])
            base += split
        }
        if bad == nil && !carry.isEmpty { bad = base }
        guard let bad else { return }
        // Only now is the text before it read again, for its line and column.
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw CellarError("\(path): invalid UTF-8") }
        var prefix: [UInt8] = []
        try InputFile.readChunks(fd, path: path, limit: limit) { chunk in
            if prefix.count <= bad { prefix.append(contentsOf: chunk) }
        }
        throw prefix.withUnsafeBufferPointer {
            ByteLocation.error(ByteError(offset: bad, message: "invalid UTF-8"), in: $0, path: path)
        }
    }
}
