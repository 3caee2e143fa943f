import Cellar
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

#if canImport(Glibc)
    import Glibc
#endif

/// Rows piped in are appended to the document's bytes as the table draws
/// them; the rows decoded ahead (`RowPrefetch`) hold those bytes, so they
/// are let go before each read, or every read would copy all the bytes
/// before it (a long pipe read in quadratic time).
@Suite struct PipedGrowthTests {
    @Test func readsAppendWithoutCopyingTheRowsBefore() throws {
        // Prefetching needs a second core; on one the test shows nothing.
        guard WorkerThread.hasSecondCore else { return }
        let reads = 40
        let row = #"{"text": "Row 한글", "secondaryText": "🍎", "cell": "subtitle"}"# + "\n"
        let rows = String(repeating: row, count: reads * (1 << 16) / row.utf8.count)
        let dir = try ScratchDirectory()
        let path = try dir.write("rows.jsonl", rows)
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        // The pipe closes it: closing it here too could close another test's file opened meanwhile.
        let pipe = try PipedRows(format: .jsonl, fd: fd, sizeLimit: 1 << 30)
        let source = StreamedDataSource(pipe: pipe)
        source.threadMinimumRows = 0
        let registry = Registry()
        let table = source.makeTableView(registry: registry)
        table.width = 40
        var drawn = 0
        var moves = 0
        var grown = 0
        while source.mayGrow {
            // Read in order, as a whole-table render reads them: the prefetch starts.
            for i in drawn..<pipe.document.rowCount { _ = try source.decodedRow(stored: i, of: table) }
            drawn = pipe.document.rowCount
            let before = pipe.document.bytes.withUnsafeBufferPointer { $0.baseAddress }
            _ = try source.tableView(table, rowCountOfLastSectionAfter: drawn)
            if pipe.document.bytes.withUnsafeBufferPointer({ $0.baseAddress }) != before { moves += 1 }
            grown += 1
        }
        #expect(pipe.document.rowCount == rows.utf8.count / row.utf8.count)
        #expect(grown >= reads)
        // Bytes held by one owner move only when their capacity doubles.
        #expect(moves <= 12, "\(moves) of \(grown) reads moved the bytes")
    }
}

/// A line longer than one read is searched for its end once, not again
/// from its start on every read (which costs time quadratic in its length).
@Suite struct PipedLongLineTests {
    func searched(_ format: InputFormat, _ text: String) throws -> (bytes: Int, searched: Int, rows: Int) {
        let dir = try ScratchDirectory()
        let path = try dir.write("rows", text)
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        // The pipe closes it: closing it here too could close another test's file opened meanwhile.
        let pipe = try PipedRows(format: format, fd: fd, sizeLimit: 1 << 30)
        while try pipe.readMore() {}
        return (text.utf8.count, pipe.bytesSearched, pipe.document.rowCount)
    }

    @Test(arguments: [InputFormat.jsonl, .csv, .tsv])
    func aLongLineIsSearchedOnce(format: InputFormat) throws {
        // 64 reads' worth of one field: a search from the line's start per read looks at 32 times the bytes.
        let long = String(repeating: "가나다 ", count: (64 << 16) / 10)
        let text: String
        switch format {
        case .jsonl: text = #"{"text": "short"}"# + "\n" + #"{"text": ""# + long + "\"}\n" + #"{"text": "end"}"# + "\n"
        case .csv: text = "text\nshort\n\"" + long + "\"\nend\n"
        default: text = "text\nshort\n" + long + "\nend\n"
        }
        let r = try searched(format, text)
        #expect(r.rows == 3)
        #expect(r.searched <= r.bytes, "\(r.searched) bytes searched for line ends in \(r.bytes)")
        guard format == .tsv else { return }
        // A field that only looked quoted is read again once as text; one that is quoted, not at all.
        for (field, rows) in [("\"" + long + "\n" + long + "\" x", 4), ("\"" + long + "\n" + long + "\"", 3)] {
            let r = try searched(format, "text\nshort\n" + field + "\nend\n")
            #expect(r.rows == rows)
            #expect(r.searched <= 2 * r.bytes, "\(r.searched) bytes searched for record ends in \(r.bytes)")
        }
    }
}
