import Cellar

/// How a load used the load index (`LoadIndexCache`).
public enum LoadIndexUse: Sendable, Equatable {
    /// The rows were scanned and no index was written (none is kept for the file, or none could be).
    case none
    /// The rows were scanned and an index of them written.
    case written
    /// The rows were taken from the index: no row was read.
    case read
}

/// A JSON table's `rows` lists from a load index, passed as the walk meets them.
struct RowListCursor {
    let lists: [LoadIndex.RowList]
    var next = 0
    var rows = 0
}

extension StreamedDocument {
    var rowsRead: Int { restoring?.rows ?? rowCount }

    /// Takes the rows from `index` and reads the rest as the scan does; throws
    /// when the index does not fit the bytes (the caller scans a fresh document).
    func restore(_ index: LoadIndex) throws {
        found = index.found
        try bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .json, .yaml:  // a YAML document's bytes are its JSON form
                restoring = RowListCursor(lists: index.found.rowLists)
                defer { restoring = nil }
                try scanDocument(buffer)
                guard let r = restoring, r.next == r.lists.count, r.rows == rowCount else { throw UnusableCacheFile() }
            case .csv, .tsv:
                guard let recordsStart = try scanHeader(buffer),
                    found.rowOffsets.first.map({ $0 >= recordsStart }) ?? true
                else { throw UnusableCacheFile() }
            case .jsonl: break
            }
        }
        if !isTableDocument { sections = index.rowSections }
        try settle()
        loadIndexUse = .read
    }

    /// A `rows` list must start here, with the next rows, and end in a bracket.
    func passRowList(_ j: inout JSONBytes) throws {
        guard var r = restoring, r.next < r.lists.count else { throw UnusableCacheFile() }
        let list = r.lists[r.next]
        guard list.start == j.pos, list.firstRow == r.rows, list.end <= j.bytes.count,
            j.bytes[list.start] == UInt8(ascii: "["), j.bytes[list.end - 1] == UInt8(ascii: "]")
        else { throw UnusableCacheFile() }
        j.pos = list.end
        // The two bytes read per list fault in the pages around them: given back as the walk passes, or a
        // document of many sections would be mapped whole before its first row is drawn.
        scanBehind.passed(list.end)
        r.next += 1
        r.rows += list.rowCount
        restoring = r
    }
}
