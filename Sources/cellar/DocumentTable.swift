import Cellar
import CellarDocuments
import CellarLua

/// A table as `render` and `browse` both build it: the styles registered
/// (`--styles`, when the table uses them) and the document's own `register:` identifiers, the input read with the document flags and checked against
/// the styles; the table keeps its data source alive. The caller sets the
/// width and then checks the fixed row heights at it (`source.checkRowHeights`).
enum DocumentTable {
    /// With `piped`, the rows are read from standard input or the pipe `file` as the table draws them (`PipedRows`;
    /// `document.inputFormat` is jsonl, csv or tsv): they are checked as they arrive.
    /// With `mapFile` the file is mapped (`render`, which reports a file truncated under it:
    /// `TruncatedFileSignal`); else it is read whole (`browse`, whose file is often rewritten
    /// in place while it is shown, and reloaded then).
    /// With `stylesWhenUsed`, only the Lua styles the table uses are loaded (`loadStyles`:
    /// compiling every style file is most of a small table's start-up); else all, so a broken one is named.
    static func load(
        file: String, document: DocumentSettings, styleDirectories: [String], limits: LuaLimits, maxFileSize: Int?,
        piped: Bool = false, mapFile: Bool = false, stylesWhenUsed: Bool = false
    ) throws -> (table: TableView, source: LoadedTable) {
        let registry = Registry()
        if piped, let format = document.inputFormat {
            try StyleHooks.load(styleDirectories, into: registry, limits: limits)
            let (fd, name) = try InputFile.openPipe(file)
            let pipe = try PipedRows(
                format: format, options: document.tableOptions(), fd: fd, path: name,
                sizeLimit: maxFileSize ?? InputFile.heldDocumentLimit)
            let source = LoadedTable(StreamedDataSource(pipe: pipe))
            return (source.makeTableView(registry: registry), source)
        }
        let source = try LoadedTable.load(
            path: file, format: document.inputFormat, sizeLimit: maxFileSize, options: document.tableOptions(),
            mapFile: mapFile, indexCache: document.indexCache)
        if !stylesWhenUsed {
            try StyleHooks.load(styleDirectories, into: registry, limits: limits)
        } else {
            try loadStyles(
                for: source, from: styleDirectories, into: registry, limits: limits, cache: document.cacheDirectory)
        }
        let documentRegistry = try source.registry(over: registry)
        try source.validate(against: documentRegistry)
        return (source.makeTableView(registry: documentRegistry), source)
    }

    /// The styles `source` draws with, none when the built-ins draw it alone: through the style
    /// manifest in `cache` (`DocumentSettings.cacheDirectory`), only the files that define them.
    static func loadStyles(
        for source: LoadedTable, from directories: [String], into registry: Registry, limits: LuaLimits,
        cache: String?
    ) throws {
        let (drawn, aliases) = source.stylesNeeded
        guard !drawn.isEmpty else { return }
        try StyleHooks.load(
            directories, into: registry, limits: limits,
            needs: StyleHooks.Needs(drawn: drawn, aliases: aliases, cacheDirectory: cache))
    }
}
