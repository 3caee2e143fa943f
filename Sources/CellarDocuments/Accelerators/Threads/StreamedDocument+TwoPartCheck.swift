import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The load's check of a long file on both cores: the rows from a line
/// near the middle on are checked on a second thread, into a document of
/// their own, while this thread checks the rows before; the second
/// document's rows are then added after the first's. A line break never
/// occurs inside a valid JSON string, so a line starts between two values:
///
/// - JSON Lines: one row a line, so the second half is rows to the end.
/// - A JSON table: the second half is taken to be rows of a `rows` list,
///   up to its closing bracket, then the rows of each `rows` list of the
///   sections after it (`Segment`s; the sections' other keys are only
///   passed). The scan takes a segment's rows only if it reaches its first
///   row as a row of a `rows` list (`rowList`); otherwise, or from a segment
///   that failed on, it reads those rows itself.
///
/// Either way the rows and what the load keeps of them are the ones a check
/// from the start finds (`TwoPartCheckTests` compares them), and errors
/// too: a half that fails is dropped, and the rows are checked on this
/// thread, which reports the first error in the file, located, as always.
extension StreamedDocument {
    /// Files shorter than this are checked on one thread: there is too little to share.
    static let twoPartMinimumBytes = 8 << 20

    /// The second half's document while its thread checks it (why `@unchecked
    /// Sendable`: only the second thread uses it until it is joined).
    final class LaterPart: @unchecked Sendable {
        let document: StreamedDocument
        /// Where its first row starts.
        let start: Int
        var passed = false
        /// A JSON table's: the rows of each `rows` list from `start` on, in
        /// file order, up to the first that failed.
        var segments: [Segment] = []

        init(_ document: StreamedDocument, from start: Int) {
            self.document = document
            self.start = start
        }

        func check() {
            document.scanBehind = DropBehind(document.bytes, from: start)
            if document.format == .jsonl {
                passed =
                    (try? document.bytes.withUnsafeBufferPointer { try document.scanLines($0, from: start) }) != nil
                return
            }
            var part = document
            var first = start
            document.bytes.withUnsafeBufferPointer { buffer in
                while let end = try? part.scanRowsToListEnd(buffer, from: first) {
                    segments.append(Segment(start: first, end: end, document: part))
                    guard let next = StreamedDocument.nextRowList(buffer, after: end) else { return }
                    part = StreamedDocument(
                        DocumentInput(path: document.path, bytes: document.bytes, format: document.format),
                        options: document.options)
                    part.scanBehind = DropBehind(part.bytes, from: next)
                    first = next
                }
            }
            passed = !segments.isEmpty
        }
    }

    /// The rows of one `rows` list (from `start`, the second half's first
    /// row or a list's first) up to its closing bracket at `end`, checked
    /// into a document of their own.
    struct Segment {
        let start: Int
        let end: Int
        let document: StreamedDocument
    }

    /// The second half's thread and document.
    struct LaterRows {
        let worker: WorkerThread
        let part: LaterPart
    }

    /// Starts checking the later rows of `buffer`, at least `minimumBytes`
    /// long, on a second thread; nothing when the bytes are shorter, have no
    /// row at a line start past the middle, or no thread could start.
    private func startLater(_ buffer: UnsafeBufferPointer<UInt8>, minimumBytes: Int) -> LaterRows? {
        guard buffer.count >= max(1, minimumBytes), WorkerThread.hasSecondCore,
            let line = Self.lineStart(after: buffer.count / 2, in: buffer)
        else { return nil }
        var j = JSONBytes(buffer, at: line)
        j.skipSpace()
        guard !j.atEnd, j.current == UInt8(ascii: "{") else { return nil }
        let later = LaterRows(
            worker: WorkerThread(),
            part: LaterPart(
                StreamedDocument(DocumentInput(path: path, bytes: bytes, format: format), options: options), from: j.pos
            ))
        return later.worker.start({ [part = later.part] in part.check() }) ? later : nil
    }

    /// The second half's document once its thread is joined, if it passed.
    private static func finished(_ later: LaterRows) -> LaterPart? {
        later.worker.stop {}
        return later.part.passed ? later.part : nil
    }

    // MARK: JSON Lines

    /// `input` (JSON Lines of at least `minimumBytes`) loaded by a check on
    /// two threads; nil when it is not such a file, no second thread could
    /// run, or a half failed: the caller then checks it on one thread.
    static func checkedInTwoParts(
        _ input: DocumentInput, options: TableOptions, minimumBytes: Int = twoPartMinimumBytes
    ) throws -> StreamedDocument? {
        guard input.format == .jsonl else { return nil }
        let first = StreamedDocument(input, options: options)
        let passed = first.bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let later = first.startLater(buffer, minimumBytes: minimumBytes) else { return false }
            let firstPassed =
                (try? first.scanLines(UnsafeBufferPointer(rebasing: buffer[..<later.part.start]))) != nil
            guard let part = finished(later), firstPassed else { return false }
            first.rowsCheckedApart = part.document.rowCount
            first.append(part.document)
            return true
        }
        guard passed else { return nil }
        first.scanBehind.finish()
        try first.settle()
        return first
    }

    // MARK: JSON tables

    /// Starts checking a long JSON table's later rows (see the type's notes).
    func startLaterRows(_ buffer: UnsafeBufferPointer<UInt8>, minimumBytes: Int) {
        guard format == .json, let later = startLater(buffer, minimumBytes: minimumBytes) else { return }
        laterRows = later
        laterRowsStart = later.part.start
    }

    /// At a segment's first row (`laterRowsStart`), as a row of a `rows`
    /// list: takes its rows (and their key sets into `quick`'s) and returns
    /// where the list's closing bracket is, the next segment's first row
    /// then awaited; nil when they failed (this thread reads them, and the
    /// rest). The second thread is joined at the first.
    func takeLaterRows(_ quick: inout QuickRowCheck) -> Int? {
        if let later = laterRows {
            laterRows = nil
            laterSegments = Self.finished(later)?.segments[...] ?? []
        }
        guard let segment = laterSegments.first, segment.start == laterRowsStart else {
            laterRowsStart = Int.max
            return nil
        }
        laterSegments.removeFirst()
        laterRowsStart = laterSegments.first?.start ?? Int.max
        rowsCheckedApart += segment.document.rowCount
        append(segment.document)
        quick.keySets?.add(segment.document.rowKeySets)
        return segment.end
    }

    /// Joins the second thread if the scan did not take its rows.
    func stopLaterRows() {
        laterSegments = []
        laterRowsStart = Int.max
        guard let later = laterRows else { return }
        laterRows = nil
        later.worker.stop {}
    }

    /// The first row of the next non-empty `rows` list after the one whose
    /// closing bracket is at `end`: the rest of its section's members and
    /// the sections after are passed (checked only as far as finding it
    /// needs; the scan checks them). Nil at the sections' end or anything unexpected.
    static func nextRowList(_ buffer: UnsafeBufferPointer<UInt8>, after end: Int) -> Int? {
        var j = JSONBytes(buffer, at: end + 1)
        while true {
            j.skipSpace()
            if j.current == UInt8(ascii: ",") {
                // Another member of this section.
                j.pos += 1
            } else if j.current == UInt8(ascii: "}") {
                // The section's end: a comma and the next section's first member, or the list's end.
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

    /// The rows from `start` on, read as rows of a JSON table's `rows` list
    /// (as `rowList` reads them), up to the list's closing bracket; returns its
    /// offset. Anything else fails, and the scan reads these rows itself.
    func scanRowsToListEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Int {
        var j = JSONBytes(buffer, at: start, yamlForm: format == .yaml)
        var quick = QuickRowCheck(options: options, keySets: RowKeySets())
        while true {
            guard j.current == UInt8(ascii: "{") else { throw j.error("not a row of the list") }
            try jsonRow(&j, depth: 4, &quick)
            j.skipSpace()
            if j.current == UInt8(ascii: "]") {
                rowKeySets = quick.keySets ?? RowKeySets()
                return j.pos
            }
            try j.expect(UInt8(ascii: ","), "a comma between rows")
            j.skipSpace()
        }
    }

    // MARK: Both

    /// The offset after the first line break at or after `offset`, if one comes before the last byte.
    private static func lineStart(after offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress, offset >= 0, offset < buffer.count,
            let found = memchr(base + offset, 0x0A, buffer.count - offset)
        else { return nil }
        let split = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base + 1
        return split < buffer.count ? split : nil
    }

    /// Adds the rows `later` checked, which follow this document's rows in
    /// the bytes, with what the load keeps of them (a JSON table's sections
    /// are its own: its rows go to the section being read).
    private func append(_ later: StreamedDocument) {
        let first = rowOffsets.count
        rowOffsets.append(contentsOf: later.rowOffsets)
        selectedRows += later.selectedRows.map { $0 + first }
        highlightedRows += later.highlightedRows.map { $0 + first }
        declaredHeights.append(later.declaredHeights, from: first)
        editingRows.insert(later.editingRows, from: first)
        // An identifier is located at its first row: this document's rows come first.
        for (id, offset) in later.identifiers where identifiers[id] == nil { identifiers[id] = offset }
        guard !isTableDocument else { return }
        for var s in later.sections {
            s.firstRow += first
            // The later part's first rows continue this part's last section when a scan from the start would.
            if s.firstRow == first, let last = sections.last, options.sectionBy == nil || last.header == s.header {
                sections[sections.count - 1].rowCount += s.rowCount
            } else {
                sections.append(s)
            }
        }
    }
}
