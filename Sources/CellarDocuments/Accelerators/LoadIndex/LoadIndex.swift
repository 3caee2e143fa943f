import Cellar

/// What a load's check of every row found (offsets, attributes, key sets, where the rows are), kept so a later load of
/// the same unchanged file with the same options need not read the rows again; the few bytes beside the rows (keys,
/// titles, a CSV header) are read again.
///
/// Invariant: a `LoadIndex` read back has passed every check that needs no
/// document bytes; the rest is checked as it is used (`StreamedDocument.restore`).
struct LoadIndex {
    /// A JSON table's `rows` list: its brackets' span in the bytes and its rows.
    struct RowList: Equatable {
        var start = 0
        var end = 0
        var firstRow = 0
        var rowCount = 0
    }

    static let magic = Array("CELLARIX".utf8)
    /// Bumped whenever the layout, the check or the reading of rows changes; holds the row schema's
    /// fingerprint (the key sets' bits follow its keys) and the byte order.
    static let version: UInt64 = TableSchema.fingerprint << 16 | 10 << 8 | (1.littleEndian == 1 ? 0 : 1)

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

    /// The index file's bytes (`CacheCoder.framed`).
    func encoded() throws -> [UInt8] {
        var index = self
        var fields = CacheCoder()
        try index.code(&fields)
        return CacheCoder.framed(magic: Self.magic, version: Self.version, fields: fields.bytes)
    }

    static func decode(_ bytes: [UInt8]) throws -> LoadIndex {
        var fields = try CacheCoder.unframed(bytes, magic: magic, version: version)
        var index = LoadIndex(
            identity: .zero, form: nil, path: "", fingerprint: Fingerprint(format: .json, options: TableOptions()),
            found: RowFindings(rowOffsets: RowOffsets(byteLimit: 0)), rowSections: [])
        try index.code(&fields)
        guard fields.atEnd else { throw UnusableCacheFile() }
        return index
    }
}
