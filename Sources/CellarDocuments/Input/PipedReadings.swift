import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rows piped in against the same bytes read as a file, for the document fuzzer and tests: however the reads
/// split the records, the same rows, or the same error.
@_spi(Fuzzing) public enum PipedReadings {
    /// What differs, nil when nothing does; `chunkSize` bytes are asked of each read.
    public static func mismatch(_ bytes: [UInt8], format: InputFormat, chunkSize: Int) -> String? {
        guard let file = tmpfile() else { return nil }
        defer { fclose(file) }
        guard bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) == bytes.count,
            fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0
        else { return nil }
        let path = "rows." + format.rawValue
        let whole = reading { try StreamedDocument.load(DocumentInput(path: path, bytes: bytes, format: format)) }
        let piped = reading {
            let pipe = try PipedRows(format: format, fd: dup(fileno(file)), path: path)
            pipe.chunkSize = max(1, chunkSize)
            while try pipe.readMore() {}
            return pipe.document
        }
        if whole == piped { return nil }
        // A file's first invalid UTF-8 is its error wherever it is; a pipe meets the errors before it first.
        let invalid = bytes.withUnsafeBufferPointer { WordScanner($0).firstInvalidUTF8(from: 0) } != nil
        if invalid && whole.error != nil && piped.error != nil { return nil }
        return "read whole: \(whole)\npiped in reads of \(chunkSize): \(piped)"
    }

    /// Each row as written, or the error.
    private struct Reading: Equatable {
        var rows: [Value] = []
        var error: String?
    }

    private static func reading(_ read: () throws -> StreamedDocument) -> Reading {
        do {
            let doc = try read()
            return Reading(rows: try (0..<doc.rowCount).map { try doc.row($0) })
        } catch {
            return Reading(error: "\(error)")
        }
    }
}
