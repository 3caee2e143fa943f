import Cellar
import CellarText

/// The load's one pass over the bytes: the structure is read, each row
/// checked and dropped, leaving its offset and attributes.
extension StreamedDocument {
    /// A table document has its own sections: `--section-by` is refused before it is read.
    static func checkTableDocument(_ input: DocumentInput, options: TableOptions) throws {
        guard options.sectionBy != nil && (input.format == .json || input.format == .yaml) else { return }
        throw CellarError(
            "--section-by applies to rows without sections (JSON Lines, CSV or TSV); \(input.path) is a table document")
    }

    /// Checks UTF-8 on the way, giving back the pages behind it; a long JSON
    /// table shares the pass with a second thread (`StreamedDocument+TwoPartCheck`).
    func scan(twoPartMinimumBytes: Int = StreamedDocument.twoPartMinimumBytes) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            do {
                try ByteLocation.checkingUTF8(buffer) {
                    switch format {
                    case .json, .yaml:  // a YAML document's bytes are its JSON form
                        startLaterRows(buffer, minimumBytes: twoPartMinimumBytes)
                        defer { stopLaterRows() }
                        try scanDocument(buffer)
                    case .jsonl: try scanLines(buffer)
                    case .csv, .tsv:
                        guard let next = try scanHeader(buffer) else { throw Self.noHeader }
                        try scanRecordRows(buffer, from: next)
                    }
                }
            } catch let e as ByteError {
                throw located(e)
            }
        }
        scanBehind.finish()
        try settle()
    }

    func settle() throws {
        if sections.isEmpty && !isTableDocument { sections.append(Section(firstRow: 0)) }
        if !isTableDocument { selection.allowsMultipleSelection = true }
        try checkInitialSelection()
        if options.indexTitles {
            let titles = TableOptions.indexTitles(headers: sections.map(\.header), existing: sections.map(\.indexTitle))
            for (i, title) in titles.enumerated() { sections[i].indexTitle = title }
        }
    }

    /// Several rows marked `selected` need a table that selects several: UIKit's selectRow
    /// would keep only the last, silently. (Every row is in a section.)
    func checkInitialSelection() throws {
        guard !selection.allowsMultipleSelection, found.selectedRows.count > 1,
            let a = indexPath(found.selectedRows[0]), let b = indexPath(found.selectedRows[1])
        else { return }
        throw CellarError(
            "row [\(b.section), \(b.row)] is selected, and so is row [\(a.section), \(a.row)], but the table selects "
                + "one row at a time (UIKit's default): add 'allowsMultipleSelection: true' to select several",
            at: location(ofRow: found.selectedRows[1]))
    }

    /// `locate` finds the offset of a key (or its value) inside the row, for errors.
    func addRow(at offset: Int, _ row: Value, locate: ([String], Bool) -> Int?) throws {
        let a: RowAttributes
        do { a = try RowCheck.check(row, defaultCell: options.cell) } catch {
            throw ByteError(offset: locate(error.keyPath, error.atKey) ?? offset, message: error.message)
        }
        let header = options.sectionBy.flatMap { row[$0] }.flatMap { $0 == .null ? nil : $0.stringValue }
        let index = place(at: offset, selected: a.selected, highlighted: a.highlighted) { header }
        if let h = a.height { found.declaredHeights.record(h, row: index) }
        if a.editing { found.editingRows.insert(index) }
        if a.template { found.templateRows.append(index) }
        if found.identifiers[a.identifier] == nil { found.identifiers[a.identifier] = offset }
    }

    @inline(__always)
    func record(
        _ q: QuickRowCheck.Row, _ quick: inout QuickRowCheck, header: @autoclosure () -> String?,
        written: UnsafeBufferPointer<UInt8>?, at offset: Int
    ) {
        if let id = quick.firstUse(q), found.identifiers[id] == nil { found.identifiers[id] = offset }
        let index = place(
            at: offset, selected: q.selected, highlighted: q.highlighted, header: header, written: written)
        if let h = q.height { found.declaredHeights.record(h, row: index) }
        if q.editing { found.editingRows.insert(index) }
        if q.template { found.templateRows.append(index) }
    }

    /// With `--section-by`, a row whose `header` differs from the last row's starts a section. `written`
    /// (the value's bytes in the document, which decode to `header`) equal to the last row's keeps the
    /// row in its section with no text made.
    @inline(__always) @discardableResult
    func place(
        at offset: Int, selected: Bool, highlighted: Bool, header: () -> String?,
        written: UnsafeBufferPointer<UInt8>? = nil
    ) -> Int {
        let index = found.rowOffsets.count
        found.rowOffsets.append(offset)
        scanBehind.passed(offset)
        if selected { found.selectedRows.append(index) }
        if highlighted { found.highlightedRows.append(index) }
        if options.sectionBy != nil {
            if let written, !sections.isEmpty, let last = lastHeaderBytes,
                last.withUnsafeBufferPointer({ $0.bytes(0..<$0.count, equal: written) })
            {
                // Written as the last row's: the same section.
            } else {
                let header = header()
                if sections.isEmpty || sections[sections.count - 1].header != header {
                    sections.append(Section(header: header, firstRow: index, offset: offset))
                }
                lastHeaderBytes = written.map(Array.init)
            }
        } else if sections.isEmpty {
            sections.append(Section(firstRow: index, offset: offset))
        }
        sections[sections.count - 1].rowCount += 1
        return index
    }

    func jsonRow(_ j: inout JSONBytes, depth: Int, _ quick: inout QuickRowCheck) throws {
        let start = j.pos
        var probe = j
        // Filled in place: an optional row would be copied through its value witnesses.
        var q = QuickRowCheck.Row()
        if quick.enabled, quick.check(&probe, depth: depth, into: &q) {
            j = probe
            record(
                q, &quick, header: q.sectionKey.map { JSONBytes(j.bytes).decode($0) },
                written: q.sectionKey.map { UnsafeBufferPointer(rebasing: j.bytes[$0.range]) }, at: start)
            return
        }
        let row = try j.value(depth: depth)
        try addRow(at: start, row) { JSONBytes(j.bytes, at: start).locate($0, atKey: $1) }
        quick.keySets?.add(row, identifier: row["cell"]?.stringValue ?? options.cell)
    }

    func scanLines(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0) throws {
        // RFC 8259 lets a reader pass a byte order mark where the text starts; Windows editors write one.
        var j = JSONBytes(buffer, at: start == 0 ? buffer.byteOrderMarkLength : start)
        // The sets move to the check and back, so they are not copied.
        var quick = QuickRowCheck(options: options, keySets: found.rowKeySets)
        found.rowKeySets = RowKeySets()
        defer { found.rowKeySets = quick.keySets ?? RowKeySets() }
        while true {
            j.skipSpace()
            if j.atEnd { return }
            guard j.current == UInt8(ascii: "{") else {
                throw j.error(
                    "expected an object (JSON Lines: one object per line, one row each), found \(j.describeCurrent())")
            }
            try jsonRow(&j, depth: 0, &quick)
            j.skipSpace(lineBreaks: false)
            if !j.atEnd && j.current != 0x0A {
                throw j.error("unexpected \(j.describeCurrent()) after the row (JSON Lines: one object per line)")
            }
        }
    }

    static let noHeader = ByteError(offset: 0, message: "the file is empty (a header line must name the columns)")

    /// Records start before `end` (`PipedRows`: the bytes after it are a record still arriving, but may decide
    /// how a TSV field before it reads).
    func scanHeader(_ buffer: UnsafeBufferPointer<UInt8>, before end: Int? = nil) throws -> Int? {
        let end = end ?? buffer.count
        var records = DelimitedRecords(buffer, format: format)
        var fields: [DelimitedRecords.Field] = []
        // A byte order mark is not part of the first name.
        guard var headerStart = records.nextRecordStart(from: buffer.byteOrderMarkLength), headerStart < end else {
            return nil
        }
        // Excel's `sep=;` line names a CSV's separator.
        if format == .csv, let (named, after) = Self.separatorLine(buffer, at: headerStart) {
            separator = named
            records = DelimitedRecords(buffer, format: format, separator: named)
            guard let start = records.nextRecordStart(from: after), start < end else { return nil }
            headerStart = start
        }
        var next = try records.record(at: headerStart, into: &fields)
        // Names separated by `;` and no comma: the CSV a spreadsheet whose numbers take decimal commas saves.
        if format == .csv, separator == nil, fields.count == 1, !fields[0].quoted, records.text(fields[0]).contains(";")
        {
            separator = UInt8(ascii: ";")
            records = DelimitedRecords(buffer, format: format, separator: separator)
            next = try records.record(at: headerStart, into: &fields)
        }
        if fields.count == 1, let problem = Self.otherSeparator(in: records.text(fields[0]), format: format) {
            throw ByteError(offset: headerStart, message: problem)
        }
        var seen = Set<String>()
        for f in fields {
            let name = records.text(f)
            guard !name.isEmpty else {
                throw ByteError(offset: f.range.lowerBound, message: "a column of the header has no name")
            }
            guard seen.insert(name).inserted else {
                throw ByteError(
                    offset: f.range.lowerBound, message: "duplicate column '\(Sanitizer.excerpt(name))' in the header")
            }
            columns.append(name)
            columnOffsets.append(f.range.lowerBound)
        }
        if let key = options.sectionBy, !columns.contains(key) {
            throw ByteError(
                offset: headerStart, message: "--section-by: " + Suggest.unknown("column", key, among: columns))
        }
        return next
    }

    /// The separator a `sep=X` line at `start` names (`,`, `;`, `|`, `:` or a tab), and where the line ends.
    static func separatorLine(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> (UInt8, Int)? {
        guard start + 5 <= buffer.count, buffer.bytes(start..<(start + 4), equal: "sep="),
            ",;|:\t".utf8.contains(buffer[start + 4])
        else { return nil }
        var end = start + 5
        if end < buffer.count, buffer[end] == 0x0D { end += 1 }
        guard end == buffer.count || buffer[end] == 0x0A else { return nil }
        return (buffer[start + 4], end)
    }

    /// Why a header of one column, `name`, was written for another separator: a CSV or TSV is often named as the
    /// other, and a TSV may hold a spreadsheet's `;`-separated export (a CSV reads `;` itself, but in a quoted
    /// header).
    static func otherSeparator(in name: String, format: InputFormat) -> String? {
        let own = format == .tsv ? "tabs" : "commas"
        let other: (mark: Character, words: String, advice: String)? =
            if format == .csv && name.contains("\t") {
                ("\t", "tabs", "name the file .tsv or pass --input-format tsv")
            } else if format == .tsv && name.contains(",") {
                (",", "commas", "name the file .csv or pass --input-format csv")
            } else if name.contains(";") {
                (";", "';'", "save it with \(own) (a spreadsheet whose numbers take decimal commas writes ';')")
            } else {
                nil
            }
        guard let other else { return nil }
        let names = name.split(separator: other.mark).count
        return "the header is one column, '\(Sanitizer.excerpt(name))', with \(names) names separated by "
            + "\(other.words) where a \(format == .tsv ? "TSV" : "CSV") separates them by \(own): \(other.advice)"
    }

    func scanRecordRows(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int? = nil) throws {
        let end = end ?? buffer.count
        let records = DelimitedRecords(buffer, format: format, separator: separator)
        var fields: [DelimitedRecords.Field] = []
        var next = start
        let sectionColumn = options.sectionBy.flatMap { columns.firstIndex(of: $0) }
        var quick = QuickRowCheck(options: options)
        let kinds = quick.kinds(of: columns)
        while let start = records.nextRecordStart(from: next), start < end {
            next = try records.record(at: start, into: &fields)
            guard fields.count == columns.count else {
                let noun = fields.count == 1 ? "field" : "fields"
                throw ByteError(
                    offset: start, message: "this record has \(fields.count) \(noun); the header has \(columns.count)")
            }
            if quick.enabled, let q = quick.check(fields, kinds: kinds, records) {
                record(
                    q, &quick,
                    header: sectionColumn.flatMap { !fields[$0].range.isEmpty ? records.text(fields[$0]) : nil },
                    written: sectionColumn.map { records.written(fields[$0]) }, at: start)
                continue
            }
            let row = records.row(fields, columns: columns)
            try addRow(at: start, row) { path, _ in
                guard let key = path.first, let column = columns.firstIndex(of: key) else { return nil }
                return fields[column].range.lowerBound
            }
        }
    }
}
