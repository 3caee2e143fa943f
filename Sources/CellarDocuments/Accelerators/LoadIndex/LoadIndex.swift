import Cellar

/// What a load's check of every row found (offsets, attributes, key sets,
/// where the rows are), kept so a later load of the same unchanged file with
/// the same options need not read the rows again; the few bytes beside the
/// rows (keys, titles, a CSV header) are read again.
///
/// Invariant: a `LoadIndex` read back has passed every check that needs no
/// document bytes; the rest is checked as it is used (`StreamedDocument.restore`).
struct LoadIndex {
    /// A JSON table's `rows` list: its brackets' span in the bytes and its rows.
    struct RowList: Equatable {
        var start: Int
        var end: Int
        var firstRow: Int
        var rowCount: Int
    }

    static let magic = Array("CELLARIX".utf8)
    /// Bumped whenever the layout or the check of rows changes; holds the row schema's
    /// fingerprint (the key sets' bits follow its keys) and the byte order.
    static let version: UInt64 = TableSchema.fingerprint << 16 | 5 << 8 | (1.littleEndian == 1 ? 0 : 1)

    var identity: FileIdentity
    /// A YAML file's JSON form kept beside the index (`JSONFormSpool.keep`), which the
    /// offsets are in; none for other formats, whose offsets are in the file itself.
    var form: FileIdentity?
    /// The real path (two may share the cache file's hash).
    var path: String
    var fingerprint: Fingerprint
    var found: RowFindings
    /// The rows-only formats' sections (one, or `--section-by`'s): header, rows and offset.
    var rowSections: [StreamedDocument.Section]

    /// The options a scan's findings depend on (others are applied after it).
    struct Fingerprint: Equatable {
        var format: InputFormat
        var cell: String
        var sectionBy: String?
        var indexTitles: Bool

        init(format: InputFormat, options: TableOptions) {
            self.format = format
            cell = options.cell
            sectionBy = options.sectionBy
            indexTitles = options.indexTitles
        }
    }
}

extension LoadIndex {
    init(_ doc: StreamedDocument, identity: FileIdentity, form: FileIdentity? = nil, path: String) {
        self.identity = identity
        self.form = form
        self.path = path
        fingerprint = Fingerprint(format: doc.format, options: doc.options)
        found = doc.found
        rowSections = doc.isTableDocument ? [] : doc.sections
    }

    /// The index file's bytes: magic, version, checksum, then the fields.
    func encoded() -> [UInt8] {
        var w = IndexWriter()
        w.identity(identity)
        w.bool(form != nil)
        if let form { w.identity(form) }
        w.string(path)
        w.string(fingerprint.format.rawValue)
        w.string(fingerprint.cell)
        w.optionalString(fingerprint.sectionBy)
        w.bool(fingerprint.indexTitles)
        w.int(found.rowOffsets.count)
        w.array(found.rowOffsets.stored.narrow)
        w.array(found.rowOffsets.stored.wide)
        w.array(found.selectedRows)
        w.array(found.highlightedRows)
        w.array(found.declaredHeights.storedCodes)
        w.array(found.editingRows.storedWords)
        w.int(found.identifiers.count)
        for (name, offset) in found.identifiers.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            w.string(name)
            w.int(offset)
        }
        encodeKeySets(&w)
        w.int(found.rowLists.count)
        for l in found.rowLists {
            for n in [l.start, l.end, l.firstRow, l.rowCount] { w.int(n) }
        }
        w.int(rowSections.count)
        for s in rowSections {
            w.optionalString(s.header)
            for n in [s.firstRow, s.rowCount, s.offset] { w.int(n) }
        }
        var head = IndexWriter()
        head.u64(Self.version)
        head.u64(w.bytes.withUnsafeBytes(IndexChecksum.of))
        return Self.magic + head.bytes + w.bytes
    }

    private func encodeKeySets(_ w: inout IndexWriter) {
        let rowKeySets = found.rowKeySets
        w.int(QuickRowCheck.names.count)
        w.int(rowKeySets.otherNameTexts.count)
        for name in rowKeySets.otherNameTexts { w.string(name) }
        w.int(rowKeySets.identifiers.count)
        for id in rowKeySets.identifiers { w.string(id) }
        let entries = rowKeySets.entries.sorted { ($0.identifier, $0.keys) < ($1.identifier, $1.keys) }
        w.int(entries.count)
        for e in entries {
            w.int(e.identifier)
            w.u64(e.keys)
        }
        w.bool(rowKeySets.complete)
        w.int(rowKeySets.rows)
    }
}
