import Cellar

/// A table's rows ready to render, in any input format: every format is
/// streamed (`StreamedDocument`; YAML through its JSON form).
public struct LoadedTable {
    package let source: StreamedDataSource

    package init(_ source: StreamedDataSource) { self.source = source }

    /// Reads `input` (see `DocumentInput.read`) with `options` applied, through the load index with `indexCache`.
    public static func load(
        _ input: DocumentInput, options: TableOptions = TableOptions(), indexCache: LoadIndexCache? = nil
    ) throws -> LoadedTable {
        LoadedTable(
            StreamedDataSource(document: try StreamedDocument.load(input, options: options, indexCache: indexCache)))
    }

    /// Reads the table at `path` (`-` is standard input; a pipe is read as it is) as `DocumentInput.read` does; a YAML
    /// file is converted in pieces, not held whole. A nil `sizeLimit`: none for a mapped file
    /// (a YAML file's JSON form is spooled to disk and mapped; one the disk refuses is held
    /// up to `InputFile.heldDocumentLimit`), that for one held whole.
    public static func load(
        path: String, format: InputFormat?, sizeLimit: Int?, options: TableOptions = TableOptions(),
        mapFile: Bool = true, indexCache: LoadIndexCache? = nil
    ) throws -> LoadedTable {
        let piped = path == "-" || InputFile.isPipe(path)
        let yaml = !piped && (format ?? InputFormat.from(path: path)) == .yaml
        let mapped = mapFile && !piped
        let limit = sizeLimit ?? (mapped ? Int.max : InputFile.heldDocumentLimit)
        if yaml {
            let doc = try StreamedDocument.load(
                yamlFile: path, sizeLimit: limit, heldLimit: sizeLimit ?? InputFile.heldDocumentLimit,
                options: options, indexCache: indexCache)
            return LoadedTable(StreamedDataSource(document: doc))
        }
        return try load(
            DocumentInput.read(path, format: format, sizeLimit: limit, mapFile: mapFile, piped: piped),
            options: options,
            indexCache: indexCache)
    }

    /// `base` with the document's own `register` identifiers added.
    public func registry(over base: Registry) throws -> Registry { try source.document.registry(over: base) }

    /// Checks every row's reuse identifier against `registry` (located errors).
    public func validate(against registry: Registry) throws { try source.document.validate(against: registry) }

    /// How the load used the load index.
    public var loadIndexUse: LoadIndexUse { source.document.loadIndexUse }

    /// Where the last row starts, as `file:line:column`: the fuzzer's way to the YAML locator.
    @_spi(Fuzzing) public var lastRowLocation: String? {
        source.document.location(ofRow: source.document.rowCount - 1).map { "\($0)" }
    }

    /// Checks every fixed row height can be drawn at `width`.
    public func checkRowHeights(width: Int) throws { try source.document.checkRowHeights(width: width) }

    /// Makes a table view with the loaded data source as its data source and delegate.
    public func makeTableView(registry: Registry) -> TableView { source.makeTableView(registry: registry) }

    /// Every reuse identifier the table dequeues (rows, the default cell, section views).
    package var styleIdentifiers: Set<String> {
        sectionViews.union(source.document.found.identifiers.keys).union([source.document.options.cell])
    }

    /// The identifiers the table needs styles for beyond the built-ins: `drawn` (rows'
    /// cells, section views and `register:` targets, each of which a style must define)
    /// and `aliases` (the document's own `register:` names, which a style may clash with).
    package var stylesNeeded: (drawn: Set<String>, aliases: Set<String>) {
        let d = source.document
        let aliases = Set(d.registrations.map(\.identifier))
        let drawn = styleIdentifiers.subtracting(aliases).union(d.registrations.map(\.style))
        return (drawn.filter { BuiltinCellStyle.Kind(rawValue: $0) == nil }.union(sectionViews), aliases)
    }

    /// The sections' header and footer view identifiers (no section walked when none has a view).
    private var sectionViews: Set<String> {
        let d = source.document
        var ids = Set<String>()
        for s in d.sectionsHaveViews ? d.sections : [] {
            if let v = s.headerView { ids.insert(v.identifier) }
            if let v = s.footerView { ids.insert(v.identifier) }
        }
        return ids
    }

    /// A second table over the same rows, for a shared render; both decode on
    /// their own threads (the cores are busy drawing, and a prefetch would restart every run).
    package func makePartnerTableView(registry: Registry) -> TableView {
        let partner = StreamedDataSource(document: source.document)
        partner.threadMinimumRows = Int.max
        source.threadMinimumRows = Int.max
        return partner.makeTableView(registry: registry)
    }
}
