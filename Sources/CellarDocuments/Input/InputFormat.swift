import Cellar

/// The formats a table's rows can come in.
public enum InputFormat: String, CaseIterable, Sendable {
    /// A table document in YAML.
    case yaml
    /// A table document in JSON.
    case json
    /// JSON Lines: one object per line, one row each.
    case jsonl
    /// Comma-separated values with a header line naming the keys (RFC 4180).
    case csv
    /// Tab-separated values with a header line naming the keys.
    case tsv

    /// The format a file name says (`.yaml`, `.yml`, `.json`, `.jsonl`, `.ndjson`, `.csv`, `.tsv`), or nil.
    public static func from(path: String) -> InputFormat? {
        let lower = path.lowercased()
        let ext = lower.split(separator: ".").last.map(String.init) ?? ""
        switch ext {
        case "yaml", "yml": return .yaml
        case "json": return .json
        case "jsonl", "ndjson": return .jsonl
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        default: return nil
        }
    }

    /// A guess from the first bytes, for standard input: JSON objects on several lines are JSON Lines, one alone JSON
    /// (JSON Lines when its first key is a row's, not a document's: one row piped in); a first line with tabs is TSV,
    /// with commas or semicolons and no colon (or Excel's `sep=`) CSV; else YAML. A byte order mark before them is passed.
    package static func sniff(_ bytes: [UInt8]) -> InputFormat { bytes.withUnsafeBufferPointer(sniff) }

    static func sniff(_ buffer: UnsafeBufferPointer<UInt8>) -> InputFormat {
        var j = JSONBytes(buffer, at: buffer.byteOrderMarkLength)
        j.skipSpace()
        if j.current == UInt8(ascii: "{") {
            let object = j
            guard (try? j.skip()) != nil else { return .json }
            j.skipSpace(lineBreaks: false)
            guard j.current == 0x0A else { return startsWithRowKey(object) ? .jsonl : .json }
            j.skipSpace()
            return j.current == UInt8(ascii: "{") || startsWithRowKey(object) ? .jsonl : .json
        }
        if j.current == UInt8(ascii: "[") { return .json }
        let firstLine = buffer[j.pos...].prefix { $0 != 0x0A }
        // A YAML comment (`# …`; a CSV header may name a column `#`), directive or document start.
        for start in ["# ", "#\r", "#\t", "%YAML", "---"] where firstLine.starts(with: start.utf8) { return .yaml }
        if firstLine.elementsEqual("#".utf8) { return .yaml }
        if firstLine.starts(with: "sep=".utf8) { return .csv }
        if firstLine.contains(0x09) { return .tsv }
        let separated = firstLine.contains(UInt8(ascii: ",")) || firstLine.contains(UInt8(ascii: ";"))
        if separated && !firstLine.contains(UInt8(ascii: ":")) { return .csv }
        return .yaml
    }

    /// Whether the object at `j` starts with a key rows have and documents do not.
    static func startsWithRowKey(_ j: JSONBytes) -> Bool {
        var j = j
        j.pos += 1
        j.skipSpace()
        guard j.current == UInt8(ascii: "\""), let token = try? j.string() else { return false }
        let name = j.decode(token)
        return TableSchema.rowKey(name) != nil && !TableSchema.document.contains { $0.name == name }
    }
}

/// A table's bytes and what format they are in.
public struct DocumentInput: Sendable {
    /// The path the bytes came from (`<stdin>` for standard input), as named in messages.
    public var path: String
    var bytes: DocumentBytes
    /// The format the bytes are read as.
    public var format: InputFormat
    /// The file as it was when opened (nil for standard input and bytes given).
    var identity: FileIdentity?
    /// The format was guessed from the first bytes (no flag, no file extension): a message that may come of a
    /// wrong guess says how to name it.
    var formatGuessed = false

    /// Bytes already in memory, named `path` in messages.
    public init(path: String, bytes: [UInt8], format: InputFormat) {
        self.init(path: path, bytes: DocumentBytes(bytes), format: format)
    }

    init(path: String, bytes: DocumentBytes, format: InputFormat, identity: FileIdentity? = nil) {
        self.path = path
        self.bytes = bytes
        self.format = format
        self.identity = identity
    }

    /// Reads `path` (`-` is standard input, `<stdin>` in messages; a pipe is read as it is) within `sizeLimit`, in
    /// `format`, else the file name's, else guessed. With `mapFile` a regular file is mapped read-only (a truncation by
    /// another process faults: `MappedFileFaults`); without, read whole.
    package static func read(
        _ path: String, format: InputFormat? = nil, sizeLimit: Int = InputFile.defaultSizeLimit, mapFile: Bool = true
    ) throws -> DocumentInput {
        try read(
            path, format: format, sizeLimit: sizeLimit, mapFile: mapFile, piped: path == "-" || InputFile.isPipe(path))
    }

    /// `read`, told whether `path` is standard input or a pipe (`LoadedTable` has asked already).
    static func read(_ path: String, format: InputFormat?, sizeLimit: Int, mapFile: Bool, piped: Bool) throws
        -> DocumentInput
    {
        let named = format ?? InputFormat.from(path: path)
        var input: DocumentInput
        if piped {
            let (name, bytes) = try InputFile.readPiped(path, limit: sizeLimit)
            input = DocumentInput(path: name, bytes: bytes, format: named ?? InputFormat.sniff(bytes))
        } else {
            let (bytes, identity) = try InputFile.bytes(path, limit: sizeLimit, map: mapFile)
            let resolved = named ?? bytes.withUnsafeBufferPointer(InputFormat.sniff)
            input = DocumentInput(path: path, bytes: bytes, format: resolved, identity: identity)
        }
        input.formatGuessed = named == nil
        return input
    }
}
