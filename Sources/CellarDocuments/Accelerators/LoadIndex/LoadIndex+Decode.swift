/// Reading a load index back, every field checked (a damaged file throws `UnusableIndex`).
extension LoadIndex {
    static func decode(_ bytes: [UInt8]) throws -> LoadIndex {
        guard bytes.count >= magic.count + 16, Array(bytes[0..<magic.count]) == magic else { throw UnusableIndex() }
        var head = IndexReader(bytes, at: magic.count)
        guard try head.u64() == version else { throw UnusableIndex() }
        let sum = try head.u64()
        let start = head.pos
        guard bytes.withUnsafeBytes({ IndexChecksum.of(UnsafeRawBufferPointer(rebasing: $0[start...])) }) == sum else {
            throw UnusableIndex()
        }
        var r = IndexReader(bytes, at: start)
        let identity = try r.identity()
        let form = try r.bool() ? try r.identity() : nil
        // Beyond any file read (`--max-file-size` stops at 1 TiB): derived counts cannot overflow.
        // The offsets are in the form when there is one.
        guard identity.size <= 1 << 48, (form?.size ?? 0) <= 1 << 48 else { throw UnusableIndex() }
        let size = form.map { Int($0.size) - JSONFormSpool.headerSize } ?? Int(identity.size)
        let path = try r.string()
        guard size >= 0, let format = InputFormat(rawValue: try r.string()), (format == .yaml) == (form != nil) else {
            throw UnusableIndex()
        }
        var fingerprint = Fingerprint(format: format, options: TableOptions())
        fingerprint.cell = try r.string()
        fingerprint.sectionBy = try r.optionalString()
        fingerprint.indexTitles = try r.bool()
        let rows = try r.int(in: 0...size)
        let narrow: [UInt32] = try r.array(maxCount: rows)
        let wide: [Int] = try r.array(maxCount: rows)
        guard narrow.count + wide.count == rows,
            let rowOffsets = RowOffsets(byteLimit: size, narrow: narrow, wide: wide),
            let selected = rowSet(try r.array(maxCount: rows), rows: rows),
            let highlighted = rowSet(try r.array(maxCount: rows), rows: rows),
            let heights = DeclaredHeights(codes: try r.array(maxCount: rows), rows: rows),
            let editing = RowBits(words: try r.array(maxCount: (rows + 63) / 64), rows: rows)
        else { throw UnusableIndex() }
        let found = RowFindings(
            rowOffsets: rowOffsets, selectedRows: selected, highlightedRows: highlighted, declaredHeights: heights,
            editingRows: editing, identifiers: try decodeIdentifiers(&r, rows: rows, size: size),
            rowKeySets: try decodeKeySets(&r, rows: rows),
            rowLists: try decodeRowLists(&r, rows: rows, size: size, offsets: rowOffsets))
        let sections = try decodeRowSections(&r, rows: rows, size: size, offsets: rowOffsets)
        let isTableDocument = format == .json || format == .yaml
        guard r.atEnd, isTableDocument ? sections.isEmpty : found.rowLists.isEmpty else { throw UnusableIndex() }
        return LoadIndex(
            identity: identity, form: form, path: path, fingerprint: fingerprint, found: found, rowSections: sections)
    }

    /// Rows ascending, each once, each one of the document's.
    private static func rowSet(_ rows: [Int], rows count: Int) -> [Int]? {
        guard rows.allSatisfy({ $0 >= 0 && $0 < count }), zip(rows, rows.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return nil
        }
        return rows
    }

    private static func decodeIdentifiers(_ r: inout IndexReader, rows: Int, size: Int) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for _ in 0..<(try r.int(in: 0...rows)) {
            let name = try r.string()
            let offset = try r.int(in: 0...max(0, size - 1))
            guard !name.isEmpty, out.updateValue(offset, forKey: name) == nil else { throw UnusableIndex() }
        }
        return out
    }

    private static func decodeKeySets(_ r: inout IndexReader, rows: Int) throws -> RowKeySets {
        // The known names take the first bits: another list of them gives the bits other meanings.
        guard try r.int(in: 0...UInt64.bitWidth) == QuickRowCheck.names.count else { throw UnusableIndex() }
        var others: [String] = []
        for _ in 0..<(try r.int(in: 0...UInt64.bitWidth)) { others.append(try r.string()) }
        var identifiers: [String] = []
        for _ in 0..<(try r.int(in: 0...rows + 1)) { identifiers.append(try r.string()) }
        var entries: [RowKeySets.Entry] = []
        for _ in 0..<(try r.int(in: 0...rows)) {
            entries.append(RowKeySets.Entry(identifier: try r.int(in: 0...rows), keys: try r.u64()))
        }
        let complete = try r.bool()
        guard
            let sets = RowKeySets(
                otherNames: others, identifiers: identifiers, entries: entries, complete: complete,
                rows: try r.int(in: 0...rows))
        else { throw UnusableIndex() }
        return sets
    }

    /// A JSON table's `rows` lists: in order, apart, each holding its own rows, together all the rows.
    private static func decodeRowLists(_ r: inout IndexReader, rows: Int, size: Int, offsets: RowOffsets) throws
        -> [RowList]
    {
        var out: [RowList] = []
        var end = 0
        var nextRow = 0
        for _ in 0..<(try r.int(in: 0...size)) {
            let l = RowList(
                start: try r.int(in: end...size), end: try r.int(in: 0...size), firstRow: try r.int(in: 0...rows),
                rowCount: try r.int(in: 0...rows))
            guard l.end - l.start >= 2, l.firstRow == nextRow, l.rowCount <= rows - nextRow else {
                throw UnusableIndex()
            }
            if l.rowCount > 0 {
                guard offsets[l.firstRow] > l.start, offsets[l.firstRow + l.rowCount - 1] < l.end - 1 else {
                    throw UnusableIndex()
                }
            }
            out.append(l)
            end = l.end
            nextRow += l.rowCount
        }
        guard out.isEmpty || nextRow == rows else { throw UnusableIndex() }
        return out
    }

    /// The rows-only formats' sections: in order, each starting at its first row, together all the rows.
    private static func decodeRowSections(_ r: inout IndexReader, rows: Int, size: Int, offsets: RowOffsets)
        throws -> [StreamedDocument.Section]
    {
        var out: [StreamedDocument.Section] = []
        var nextRow = 0
        for _ in 0..<(try r.int(in: 0...rows + 1)) {
            let s = StreamedDocument.Section(
                header: try r.optionalString(), firstRow: try r.int(in: 0...rows), rowCount: try r.int(in: 0...rows),
                offset: try r.int(in: 0...size))
            guard s.firstRow == nextRow, s.rowCount <= rows - nextRow,
                s.rowCount == 0 || offsets[s.firstRow] == s.offset
            else { throw UnusableIndex() }
            out.append(s)
            nextRow += s.rowCount
        }
        guard out.isEmpty || nextRow == rows else { throw UnusableIndex() }
        return out
    }
}
