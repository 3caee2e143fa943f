import Cellar

/// A table's rows ready to render, in any input format: every format is
/// streamed (`StreamedDocument`; YAML through its JSON form).
public struct LoadedTable {
    /// The document's rows as a data source (kept alive by the tables it makes).
    package let source: StreamedDataSource

    package init(_ source: StreamedDataSource) { self.source = source }

    /// Reads `input` (see `DocumentInput.read`) with `options` applied, through the load index with `indexCache`.
    public static func load(
        _ input: DocumentInput, options: TableOptions = TableOptions(), indexCache: LoadIndexCache? = nil
    ) throws -> LoadedTable {
        LoadedTable(
            StreamedDataSource(document: try StreamedDocument.load(input, options: options, indexCache: indexCache)))
    }

    /// Reads the table at `path` (`-` is standard input) as `DocumentInput.read` does (mapping
    /// the file with `mapFile`); a YAML file is read in pieces as it is converted
    /// (`StreamedDocument.load(yamlFile:)`), not held whole. With `indexCache`, a big file's
    /// load index is used and kept (`LoadIndexCache`). A nil `sizeLimit` is the default for how
    /// the file is read: none for a mapped file, `InputFile.heldDocumentLimit` for one held whole.
    public static func load(
        path: String, format: InputFormat?, sizeLimit: Int?, options: TableOptions = TableOptions(),
        mapFile: Bool = true, indexCache: LoadIndexCache? = nil
    ) throws -> LoadedTable {
        let yaml = path != "-" && (format ?? InputFormat.from(path: path)) == .yaml
        let mapped = mapFile && path != "-" && !yaml
        let sizeLimit = sizeLimit ?? (mapped ? Int.max : InputFile.heldDocumentLimit)
        if yaml {
            let doc = try StreamedDocument.load(yamlFile: path, sizeLimit: sizeLimit, options: options)
            return LoadedTable(StreamedDataSource(document: doc))
        }
        return try load(
            DocumentInput.read(path, format: format, sizeLimit: sizeLimit, mapFile: mapFile), options: options,
            indexCache: indexCache)
    }

    /// `base` with the document's own `register` identifiers added.
    public func registry(over base: Registry) throws -> Registry { try source.document.registry(over: base) }

    /// Checks every row's reuse identifier against `registry` (located errors).
    public func validate(against registry: Registry) throws { try source.document.validate(against: registry) }

    /// How the load used the load index.
    public var loadIndexUse: LoadIndexUse { source.document.loadIndexUse }

    /// Where the last row starts, as `file:line:column`; nil with no rows.
    /// Converting an offset to a line reads a YAML document again up to it:
    /// the document fuzzer reaches that path through here.
    @_spi(Fuzzing) public var lastRowLocation: String? {
        source.document.location(ofRow: source.document.rowCount - 1).map { "\($0)" }
    }

    /// Checks every fixed row height can be drawn at `width`.
    public func checkRowHeights(width: Int) throws { try source.document.checkRowHeights(width: width) }

    /// Makes a table view with the loaded data source as its data source and delegate.
    public func makeTableView(registry: Registry) -> TableView { source.makeTableView(registry: registry) }

    /// Every reuse identifier the table dequeues: its rows' cells (the
    /// default cell included) and its sections' header and footer views.
    package var styleIdentifiers: Set<String> {
        let d = source.document
        var ids = Set(d.identifiers.keys)
        ids.insert(d.options.cell)
        for s in d.sections {
            if let v = s.headerView { ids.insert(v.identifier) }
            if let v = s.footerView { ids.insert(v.identifier) }
        }
        return ids
    }

    /// Whether the built-in styles alone draw the table: every cell it
    /// dequeues is a built-in style's, or one the document registers as a
    /// built-in style, and no section has a header or footer view. A
    /// registry needs no Lua styles loaded for such a table (a Lua style may
    /// not take a built-in identifier, so none could change it).
    package var drawsWithBuiltinStylesAlone: Bool {
        let d = source.document
        guard d.sections.allSatisfy({ $0.headerView == nil && $0.footerView == nil }) else { return false }
        var aliases: [String: String] = [:]
        for r in d.registrations { aliases[r.identifier] = r.style }
        func builtin(_ id: String) -> Bool { BuiltinCellStyle.Kind(rawValue: id) != nil }
        return d.registrations.allSatisfy { builtin($0.style) }
            && styleIdentifiers.allSatisfy { builtin(aliases[$0] ?? $0) }
    }

    /// A second table over the same loaded rows, drawn with `registry`'s
    /// styles through a data source of its own: the partner of a shared
    /// render (`TableView.renderStream(sharedWith:…)`). Both tables then
    /// decode their rows on their own threads: the two cores are busy
    /// drawing, and a thread decoding ahead would restart at every run.
    package func makePartnerTableView(registry: Registry) -> TableView {
        let partner = StreamedDataSource(document: source.document)
        partner.threadMinimumRows = Int.max
        source.threadMinimumRows = Int.max
        return partner.makeTableView(registry: registry)
    }
}
