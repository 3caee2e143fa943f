import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// JSON Lines, CSV or TSV rows read from a pipe (standard input, `fd` 0, or one it is given to close) as they arrive:
/// each read's complete lines (CSV: records) are checked as a file's and added to the document while the table draws
/// it; a bad row fails when it arrives.
package final class PipedRows {
    package let document: StreamedDocument
    let fd: Int32
    let sizeLimit: Int
    private var scanned = 0
    private var headerRead = false
    /// Each byte is searched for line ends once, however many reads a line
    /// takes (else quadratic); CSV notes whether a quoted field is open.
    private var inQuotes = false
    private var checkedTo = 0
    private var lastRecordEnd = 0
    /// For tests.
    private(set) var bytesSearched = 0
    package private(set) var ended = false

    package init(
        format: InputFormat, options: TableOptions = TableOptions(), fd: Int32 = 0, path: String = "<stdin>",
        sizeLimit: Int = InputFile.defaultSizeLimit
    ) throws {
        guard format == .jsonl || format == .csv || format == .tsv else {
            throw CellarError("rows are read as they arrive only from JSON Lines, CSV or TSV (not \(format.rawValue))")
        }
        document = StreamedDocument(DocumentInput(path: path, bytes: [], format: format), options: options)
        document.found.rowOffsets = RowOffsets(byteLimit: sizeLimit)
        document.sections = [StreamedDocument.Section(firstRow: 0)]
        document.selection.allowsMultipleSelection = true
        self.fd = fd
        self.sizeLimit = sizeLimit
    }

    deinit { if fd != 0 { close(fd) } }

    /// Reads until a row is added or the pipe ends; returns whether rows were added.
    package func readMore() throws -> Bool {
        let before = document.rowCount
        try document.growing {
            while document.rowCount == before && !ended {
                try readChunk()
                try scanComplete()
            }
        }
        return document.rowCount > before
    }

    private func readChunk() throws {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = try InputFile.readChunk(fd, into: &chunk, path: document.path)
        guard n > 0 else {
            ended = true
            return
        }
        guard document.bytes.count + n <= sizeLimit else { throw InputFile.tooLarge(document.path, limit: sizeLimit) }
        document.bytes.append(contentsOf: chunk[0..<n])
    }

    private func completeEnd() -> Int {
        if ended { return document.bytes.count }
        return document.bytes.withUnsafeBufferPointer { bytes in
            let from = max(checkedTo, scanned)
            bytesSearched += bytes.count - from
            defer { checkedTo = bytes.count }
            guard document.format == .csv else {
                if let last = bytes[from...].lastIndex(of: 0x0A) { lastRecordEnd = last + 1 }
                return max(scanned, lastRecordEnd)
            }
            for i in from..<bytes.count {
                if bytes[i] == UInt8(ascii: "\"") {
                    inQuotes.toggle()
                } else if bytes[i] == 0x0A && !inQuotes {
                    lastRecordEnd = i + 1
                }
            }
            return max(scanned, lastRecordEnd)
        }
    }

    private func scanComplete() throws {
        let end = completeEnd()
        guard end > scanned else { return }
        let doc = document
        try doc.bytes.withUnsafeBufferPointer { all in
            let buffer = UnsafeBufferPointer(rebasing: all[0..<end])
            do {
                try ByteLocation.checkingUTF8(buffer, from: scanned) {
                    switch doc.format {
                    case .csv, .tsv:
                        if !headerRead {
                            guard let next = try doc.scanHeader(buffer) else {
                                if ended { throw StreamedDocument.noHeader }
                                return
                            }
                            headerRead = true
                            scanned = next
                        }
                        try doc.scanRecordRows(buffer, from: scanned)
                    default:
                        try doc.scanLines(buffer, from: scanned)
                    }
                }
            } catch let e as ByteError {
                throw doc.located(e)
            }
        }
        if headerRead || doc.format == .jsonl { scanned = end }
    }
}

extension StreamedDataSource: TableViewGrowingDataSource {
    package var mayGrow: Bool { pipe.map { !$0.ended } ?? false }

    /// Reads more rows, checks them against the styles and width, and selects those that say so.
    package func tableView(_ tableView: TableView, rowCountOfLastSectionAfter count: Int) throws -> Int {
        let last = sectionCount - 1
        guard let pipe, edits == nil else { return rowCount(inSection: last) }
        let selected = document.found.selectedRows.count
        let highlighted = document.found.highlightedRows.count
        let checked = document.rowCount
        // The prefetch holds the bytes: let go first, or appending would copy them.
        prefetch?.stop()
        prefetch = nil
        if try pipe.readMore() {
            try document.validate(against: tableView.registry, fromRow: checked)
            try document.checkRowHeights(width: tableView.width, from: checked)
            document.mark(tableView, selected: selected, highlighted: highlighted)
        }
        return rowCount(inSection: last)
    }
}
