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
    /// Bytes asked of each read (smaller in tests, to split records).
    var chunkSize = 1 << 16
    private var scanned = 0
    private var headerRead = false
    private var recordEnds: RecordEnds
    /// For tests.
    var bytesSearched: Int { recordEnds.looked }
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
        recordEnds = RecordEnds(format: format)
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
        var chunk = [UInt8](repeating: 0, count: chunkSize)
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
        document.bytes.withUnsafeBufferPointer { recordEnds.search($0) }
        return max(scanned, recordEnds.lastEnd)
    }

    private func scanComplete() throws {
        let end = completeEnd()
        // Once the pipe has ended, a header never read is refused below, even with no bytes at all.
        guard end > scanned || ended && !headerRead else { return }
        let doc = document
        try doc.bytes.withUnsafeBufferPointer { all in
            let buffer = UnsafeBufferPointer(rebasing: all[0..<end])
            do {
                try ByteLocation.checkingUTF8(buffer, from: scanned) {
                    switch doc.format {
                    // Read in all that arrived: a TSV field that looks quoted reads as written if text
                    // follows its closing quote, which may be past the last complete record.
                    case .csv, .tsv:
                        if !headerRead {
                            guard let next = try doc.scanHeader(all, before: end) else {
                                if ended { throw StreamedDocument.noHeader }
                                return
                            }
                            headerRead = true
                            scanned = next
                        }
                        try doc.scanRecordRows(all, from: scanned, before: end)
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
