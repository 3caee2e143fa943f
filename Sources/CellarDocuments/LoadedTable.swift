import Cellar

/// A table's rows ready to render, read the way their format allows: YAML
/// whole (its reader builds a node tree), everything else streamed.
public enum LoadedTable {
    case document(DocumentDataSource)
    case streamed(StreamedDataSource)

    /// Reads `input` (see `DocumentInput.read`) with `options` applied.
    public static func load(_ input: DocumentInput, options: TableOptions = TableOptions()) throws -> LoadedTable {
        switch input.format {
        case .yaml:
            let doc = try TableDocument.parse(bytes: input.bytes, path: input.path, options: options)
            return .document(DocumentDataSource(document: doc))
        case .json, .jsonl, .csv, .tsv:
            return .streamed(StreamedDataSource(document: try StreamedDocument.load(input, options: options)))
        }
    }

    /// `base` with the document's own `register` identifiers added.
    public func registry(over base: Registry) throws -> Registry {
        switch self {
        case .document(let s): return try s.document.registry(over: base)
        case .streamed(let s): return try s.document.registry(over: base)
        }
    }

    /// Checks every row's reuse identifier against `registry` (located errors).
    public func validate(against registry: Registry) throws {
        switch self {
        case .document(let s): try s.document.validate(against: registry)
        case .streamed(let s): try s.document.validate(against: registry)
        }
    }

    /// Checks every fixed row height can be drawn at `width`.
    public func checkRowHeights(width: Int) throws {
        switch self {
        case .document(let s): try s.document.checkRowHeights(width: width)
        case .streamed(let s): try s.document.checkRowHeights(width: width)
        }
    }

    /// Makes a table view with the loaded data source as its data source and delegate.
    public func makeTableView(registry: Registry) -> TableView {
        switch self {
        case .document(let s): return s.makeTableView(registry: registry)
        case .streamed(let s): return s.makeTableView(registry: registry)
        }
    }
}
