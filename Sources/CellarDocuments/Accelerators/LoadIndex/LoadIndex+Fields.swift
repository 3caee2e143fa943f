import CellarText

/// The index's fields in file order: one list writes them and reads them back, each value read checked against those
/// before it (a damaged file throws `UnusableCacheFile`). Writing checks nothing and throws nothing.
extension LoadIndex {
    mutating func code(_ c: inout CacheCoder) throws {
        try c.identity(&identity)
        try c.identity(&form)
        // Beyond any file read (`--max-file-size` stops at 1 TiB): derived counts cannot overflow.
        // The offsets are in the form when there is one.
        guard !c.reading || identity.size <= 1 << 48 && (form?.size ?? 0) <= 1 << 48 else { throw UnusableCacheFile() }
        let size = form.map { Int($0.size) - JSONFormSpool.headerSize } ?? Int(identity.size)
        try c.string(&path)
        var format = fingerprint.format.rawValue
        try c.string(&format)
        guard let known = InputFormat(rawValue: format),
            !c.reading || size >= 0 && (known == .yaml) == (form != nil)
        else { throw UnusableCacheFile() }
        fingerprint.format = known
        try c.string(&fingerprint.cell)
        try c.string(&fingerprint.sectionBy)
        try c.bool(&fingerprint.indexTitles)
        var rows = found.rowOffsets.count
        try c.int(&rows, in: 0...size)
        try codeRows(&c, rows: rows, size: size)
        try codeKeySets(&c, rows: rows)
        // Fields one by one, not a list of key paths: a list is made and walked per section.
        try c.count(of: &found.rowLists, maxCount: size, empty: RowList())
        for i in found.rowLists.indices {
            try c.int(&found.rowLists[i].start, in: 0...size)
            try c.int(&found.rowLists[i].end, in: 0...size)
            try c.int(&found.rowLists[i].firstRow, in: 0...size)
            try c.int(&found.rowLists[i].rowCount, in: 0...size)
        }
        try c.count(of: &rowSections, maxCount: rows + 1, empty: StreamedDocument.Section(firstRow: 0))
        for i in rowSections.indices {
            try c.string(&rowSections[i].header)
            try c.int(&rowSections[i].firstRow, in: 0...size)
            try c.int(&rowSections[i].rowCount, in: 0...size)
            try c.int(&rowSections[i].offset, in: 0...size)
        }
        if c.reading { try checkRowRuns(rows: rows) }
    }

    /// The rows' offsets, attributes and identifiers.
    private mutating func codeRows(_ c: inout CacheCoder, rows: Int, size: Int) throws {
        var (narrow, wide) = found.rowOffsets.stored
        var heights = found.declaredHeights.storedCodes
        var editing = found.editingRows.storedWords
        var identifiers = found.identifiers.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        try c.array(&narrow, maxCount: rows)
        try c.array(&wide, maxCount: rows)
        try c.array(&found.selectedRows, maxCount: rows)
        try c.array(&found.highlightedRows, maxCount: rows)
        try c.array(&found.templateRows, maxCount: rows)
        try c.array(&heights, maxCount: rows)
        try c.array(&editing, maxCount: (rows + 63) / 64)
        try c.count(of: &identifiers, maxCount: rows, empty: (key: "", value: 0))
        for i in identifiers.indices {
            try c.string(&identifiers[i].key)
            try c.int(&identifiers[i].value, in: 0...max(0, size - 1))
        }
        guard c.reading else { return }
        guard narrow.count + wide.count == rows,
            let rowOffsets = RowOffsets(byteLimit: size, narrow: narrow, wide: wide),
            Self.isRowSet(found.selectedRows, rows: rows), Self.isRowSet(found.highlightedRows, rows: rows),
            Self.isRowSet(found.templateRows, rows: rows),
            let declaredHeights = DeclaredHeights(codes: heights, rows: rows),
            let editingRows = RowBits(words: editing, rows: rows)
        else { throw UnusableCacheFile() }
        found.rowOffsets = rowOffsets
        found.declaredHeights = declaredHeights
        found.editingRows = editingRows
        for (name, offset) in identifiers {
            guard !name.isEmpty, found.identifiers.updateValue(offset, forKey: name) == nil else {
                throw UnusableCacheFile()
            }
        }
    }

    /// Rows ascending, each once, each one of the document's.
    private static func isRowSet(_ set: [Int], rows: Int) -> Bool {
        set.allSatisfy { $0 >= 0 && $0 < rows } && zip(set, set.dropFirst()).allSatisfy { $0 < $1 }
    }

    private mutating func codeKeySets(_ c: inout CacheCoder, rows: Int) throws {
        let sets = found.rowKeySets
        // The known names take the first bits: another list of them gives the bits other meanings.
        var known = QuickRowCheck.names.count
        var others = Array(sets.otherNameTexts)
        var identifiers = sets.identifiers
        var entries = sets.entries.sorted {
            ($0.identifier, $0.keys, $0.fit.rawValue) < ($1.identifier, $1.keys, $1.fit.rawValue)
        }
        var complete = sets.complete
        var setRows = sets.rows
        try c.int(&known, in: 0...UInt64.bitWidth)
        try c.count(of: &others, maxCount: UInt64.bitWidth, empty: "")
        for i in others.indices { try c.string(&others[i]) }
        try c.count(of: &identifiers, maxCount: rows + 1, empty: "")
        for i in identifiers.indices { try c.string(&identifiers[i]) }
        try c.count(of: &entries, maxCount: rows, empty: RowKeySets.Entry(identifier: 0, keys: 0))
        for i in entries.indices {
            try c.int(&entries[i].identifier, in: 0...rows)
            try c.u64(&entries[i].keys)
            var fit = entries[i].fit.rawValue
            try c.int(&fit, in: 0...RowKeySets.BuiltinFit.every.rawValue)
            entries[i].fit = RowKeySets.BuiltinFit(rawValue: fit)
        }
        try c.bool(&complete)
        try c.int(&setRows, in: 0...rows)
        guard c.reading else { return }
        guard known == QuickRowCheck.names.count,
            let read = RowKeySets(
                otherNames: others, identifiers: identifiers, entries: entries, complete: complete, rows: setRows)
        else { throw UnusableCacheFile() }
        found.rowKeySets = read
    }

    /// A JSON table's `rows` lists: in order, apart, each holding its own rows. The rows-only
    /// formats' sections: in order, each starting at its first row. Either, together, all the rows.
    private func checkRowRuns(rows: Int) throws {
        let isTableDocument = fingerprint.format == .json || fingerprint.format == .yaml
        guard isTableDocument ? rowSections.isEmpty : found.rowLists.isEmpty else { throw UnusableCacheFile() }
        let offsets = found.rowOffsets
        var end = 0
        var nextRow = 0
        for l in found.rowLists {
            guard l.start >= end, l.end - l.start >= 2, l.firstRow == nextRow, l.rowCount <= rows - nextRow,
                l.rowCount == 0 || (offsets[l.firstRow] > l.start && offsets[l.firstRow + l.rowCount - 1] < l.end - 1)
            else { throw UnusableCacheFile() }
            end = l.end
            nextRow += l.rowCount
        }
        for s in rowSections {
            guard s.firstRow == nextRow, s.rowCount <= rows - nextRow,
                s.rowCount == 0 || offsets[s.firstRow] == s.offset
            else { throw UnusableCacheFile() }
            nextRow += s.rowCount
        }
        guard found.rowLists.isEmpty && rowSections.isEmpty || nextRow == rows else { throw UnusableCacheFile() }
    }
}
