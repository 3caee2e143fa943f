import Cellar

/// A table's rows ready to render: every format streamed (`StreamedDocument`);
/// a document read whole (`TableDocument`, as golden cases read their
/// tables) is served too.
public enum LoadedTable {
    case document(DocumentDataSource)
    case streamed(StreamedDataSource)

    /// Reads `input` (see `DocumentInput.read`) with `options` applied.
    public static func load(_ input: DocumentInput, options: TableOptions = TableOptions()) throws -> LoadedTable {
        .streamed(StreamedDataSource(document: try StreamedDocument.load(input, options: options)))
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
