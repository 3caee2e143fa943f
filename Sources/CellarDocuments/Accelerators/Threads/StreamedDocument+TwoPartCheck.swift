import CellarText

/// The load's check of a long file on both cores: the rows from a line near the middle on are checked on a
/// second thread into a document of their own, then added after this thread's. CSV and TSV: only if the first
/// part ends at that line (a quoted field may run over it). A JSON table (or a YAML table's JSON form): each
/// later `rows` list (a `Segment`), taken only where the scan reaches its first row as a row of a list.
///
/// Invariant: the rows kept are those a check from the start finds (`TwoPartCheckTests`); a part that fails is
/// dropped and read here, so the first error in the file is reported, located.
extension StreamedDocument {
    static let twoPartMinimumBytes = 8 << 20

    /// Only the second thread uses it until joined (why `@unchecked Sendable`).
    final class LaterPart: @unchecked Sendable {
        let document: StreamedDocument
        let start: Int
        let worker = WorkerThread()
        var passed = false
        /// A JSON table's, in file order, up to the first that failed; their rows are the document's.
        var segments: [Segment] = []
        /// Every segment's rows' key sets, added where the first segment is taken.
        var keySets = RowKeySets()

        init(_ document: StreamedDocument, from start: Int) {
            self.document = document
            self.start = start
        }

        func check() {
            document.scanBehind = DropBehind(document.bytes, from: start)
            guard document.isTableDocument else {
                let lines = document.format == .jsonl
                passed =
                    (try? document.bytes.withUnsafeBufferPointer {
                        try lines ? document.scanLines($0, from: start) : document.scanRecordRows($0, from: start)
                    }) != nil
                return
            }
            var quick = QuickRowCheck(options: document.options, keySets: RowKeySets())
            var first = start
            document.bytes.withUnsafeBufferPointer { buffer in
                var rows = 0
                while let end = try? document.scanRowsToListEnd(buffer, from: first, &quick) {
                    segments.append(Segment(start: first, end: end, rows: rows..<document.rowCount))
                    rows = document.rowCount
                    guard let next = StreamedDocument.nextRowList(buffer, after: end) else { return }
                    first = next
                }
            }
            keySets = quick.keySets ?? RowKeySets()
            document.quickCheckDecodedValues = quick.valuesDecoded
            passed = !segments.isEmpty
        }

        /// Joins the second thread; self when its rows passed.
        func finished() -> LaterPart? {
            worker.stop {}
            return passed ? self : nil
        }
    }

    /// The rows of one `rows` list from `start` to its closing bracket at `end`.
    struct Segment {
        let start: Int
        let end: Int
        /// Where its rows are in the later part's findings (whose key sets are the part's).
        let rows: Range<Int>
    }

    private func startLater(_ buffer: UnsafeBufferPointer<UInt8>, minimumBytes: Int, from split: Int? = nil)
        -> LaterPart?
    {
        guard buffer.count >= max(1, minimumBytes), WorkerThread.hasSecondCore, Accelerators.enabled(.twoPartCheck),
            let line = buffer.afterLineFeed(from: split ?? buffer.count / 2), line < buffer.count
        else { return nil }
        var start = line
        if format != .csv && format != .tsv {
            var j = JSONBytes(buffer, at: line)
            j.skipSpace()
            guard !j.atEnd, j.current == UInt8(ascii: "{") else { return nil }
            start = j.pos
        }
        let document = StreamedDocument(DocumentInput(path: path, bytes: bytes, format: format), options: options)
        // Records are read against the header's columns.
        document.columns = columns
        document.columnOffsets = columnOffsets
        document.separator = separator
        let later = LaterPart(document, from: start)
        return later.worker.start({ [later] in later.check() }) ? later : nil
    }

    /// Nil when not a long JSON Lines, CSV or TSV file, on one thread, or a
    /// part failed: the caller checks it.
    static func checkedInTwoParts(
        _ input: DocumentInput, options: TableOptions, minimumBytes: Int = twoPartMinimumBytes
    ) throws -> StreamedDocument? {
        let records = input.format == .csv || input.format == .tsv
        guard input.format == .jsonl || records else { return nil }
        let first = StreamedDocument(input, options: options)
        let passed = first.bytes.withUnsafeBufferPointer { buffer -> Bool in
            // The header first: the later part reads its records against it.
            let recordsStart = records ? (try? first.scanHeader(buffer)).flatMap { $0 } : 0
            guard let recordsStart, let later = first.startLater(buffer, minimumBytes: minimumBytes) else {
                return false
            }
            guard later.start > recordsStart else {
                _ = later.finished()
                return false
            }
            // Read up to the later part's first line, which a record must end
            // before: one running over it is unterminated here.
            let upToLater = UnsafeBufferPointer(rebasing: buffer[..<later.start])
            let firstPassed =
                records
                ? (try? first.scanRecordRows(upToLater, from: recordsStart)) != nil
                : (try? first.scanLines(upToLater)) != nil
            guard let part = later.finished(), firstPassed else { return false }
            first.rowsCheckedApart = part.document.rowCount
            first.append(part.document)
            first.found.rowKeySets.add(part.document.found.rowKeySets)
            return true
        }
        guard passed else { return nil }
        first.scanBehind.finish()
        try first.settle()
        return first
    }

    /// A JSON table's later part starts once the scan has read the first
    /// 64th of the file (at most `laterRowsProbeBytes`): its rows and `rows`
    /// lists so far say where the rest, shared, keeps both threads equally busy.
    func startLaterRows(_ buffer: UnsafeBufferPointer<UInt8>, minimumBytes: Int) {
        guard isTableDocument, buffer.count >= max(1, minimumBytes) else { return }
        laterRowsMinimumBytes = minimumBytes
        laterRowsDue = min(buffer.count / 64, Self.laterRowsProbeBytes)
    }

    static let laterRowsProbeBytes = 1 << 20
    /// What this thread does for each later `rows` list (walks its section, takes its
    /// rows) costs about as much as checking this many rows.
    static let laterListCost = 2.6

    /// Starts the later part from the scan's place `pos`: this thread checks the share
    /// `g` of the rows left and every later list's section, the second the rest, so
    /// that g = (1 − cost × lists / rows) / 2, from the lists and rows read so far.
    func startDueLaterRows(_ buffer: UnsafeBufferPointer<UInt8>, at pos: Int) {
        laterRowsDue = Int.max
        let lists = Double(found.rowLists.count + 1)
        let share = rowCount == 0 ? 0.5 : min(0.5, max(0.1, (1 - Self.laterListCost * lists / Double(rowCount)) / 2))
        let split = pos + Int(Double(buffer.count - pos) * share)
        guard let later = startLater(buffer, minimumBytes: laterRowsMinimumBytes, from: split) else { return }
        laterRows = later
        laterRowsStart = later.start
    }

    /// At a segment's first row, as a row of a `rows` list: takes its rows and
    /// returns where the list closes; nil when they failed (read here, and the rest).
    func takeLaterRows(_ quick: inout QuickRowCheck) -> Int? {
        var keySets: RowKeySets?
        if let later = laterRows {
            laterRows = nil
            laterPart = later.finished()
            nextLaterSegment = 0
            keySets = laterPart?.keySets
        }
        guard let part = laterPart, nextLaterSegment < part.segments.count,
            case let segment = part.segments[nextLaterSegment], segment.start == laterRowsStart
        else {
            laterRowsStart = Int.max
            return nil
        }
        // Every segment's sets at the first: if a later one is not taken, its rows are counted
        // twice, and the sets (whose count is then not the rows') settle nothing.
        if let keySets { quick.keySets?.add(keySets) }
        nextLaterSegment += 1
        laterRowsStart = nextLaterSegment < part.segments.count ? part.segments[nextLaterSegment].start : Int.max
        rowsCheckedApart += segment.rows.count
        found.append(part.document.found, rows: segment.rows)
        // The scan reads the keys between lists in pages the second thread gave back: give them back again.
        scanBehind.passed(segment.end)
        return segment.end
    }

    func stopLaterRows() {
        laterRowsDue = Int.max
        laterPart = nil
        nextLaterSegment = 0
        laterRowsStart = Int.max
        guard let later = laterRows else { return }
        laterRows = nil
        _ = later.finished()
    }

    /// The first row of the next non-empty `rows` list after the one closing at
    /// `end` (what is between is checked by the scan); nil at anything unexpected.
    static func nextRowList(_ buffer: UnsafeBufferPointer<UInt8>, after end: Int) -> Int? {
        var j = JSONBytes(buffer, at: end + 1)
        while true {
            j.skipSpace()
            if j.current == UInt8(ascii: ",") {
                j.pos += 1
            } else if j.current == UInt8(ascii: "}") {
                j.pos += 1
                j.skipSpace()
                guard j.current == UInt8(ascii: ",") else { return nil }
                j.pos += 1
                j.skipSpace()
                guard j.current == UInt8(ascii: "{") else { return nil }
                j.pos += 1
                j.skipSpace()
                if j.current == UInt8(ascii: "}") { continue }
            } else {
                return nil
            }
            j.skipSpace()
            guard j.current == UInt8(ascii: "\""), let key = try? j.string() else { return nil }
            j.skipSpace()
            guard j.current == UInt8(ascii: ":") else { return nil }
            j.pos += 1
            j.skipSpace()
            if !key.escaped && j.bytes.bytes(key.range, equal: "rows") && j.current == UInt8(ascii: "[") {
                var first = j
                first.pos += 1
                first.skipSpace()
                if first.current == UInt8(ascii: "{") { return first.pos }
            }
            guard (try? j.skip(depth: 3)) != nil else { return nil }
        }
    }

    /// Rows of a `rows` list from `start`, as `rowList` reads them; returns where the list closes.
    func scanRowsToListEnd(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, _ quick: inout QuickRowCheck
    ) throws -> Int {
        var j = JSONBytes(buffer, at: start, yamlForm: format == .yaml)
        while true {
            guard j.current == UInt8(ascii: "{") else { throw j.error("not a row of the list") }
            try jsonRow(&j, depth: 4, &quick)
            j.skipSpace()
            if j.current == UInt8(ascii: "]") { return j.pos }
            try j.expect(UInt8(ascii: ","), "a comma between rows")
            j.skipSpace()
        }
    }

    /// Adds the rows `later` checked, which follow this document's (a JSON table's go to the section being read).
    private func append(_ later: StreamedDocument) {
        let first = rowCount
        found.append(later.found)
        lastHeaderBytes = later.lastHeaderBytes
        guard !isTableDocument else { return }
        for var s in later.sections {
            s.firstRow += first
            // As a scan from the start would, the first rows may continue the last section.
            if s.firstRow == first, let last = sections.last, options.sectionBy == nil || last.header == s.header {
                sections[sections.count - 1].rowCount += s.rowCount
            } else {
                sections.append(s)
            }
        }
    }
}
