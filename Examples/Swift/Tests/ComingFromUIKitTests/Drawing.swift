import Cellar

extension TableView {
    /// The frame as lines without their trailing spaces, so that an
    /// expectation reads as what a person sees (rows are padded to the
    /// table's width; a test of widths reads `renderText()` itself).
    func drawnLines() throws -> [String] {
        try renderText().split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }
}

extension TableView {
    /// A table for a test: `dataSource` (kept by the caller: the table holds
    /// it weakly) and `delegate`, `width` columns wide, without separators
    /// unless asked, with `cells` registered under their identifiers.
    static func testing(
        _ dataSource: some TableViewDataSource, delegate: (any TableViewDelegate)? = nil, width: Int,
        style: TableStyle = .plain, separators: Bool = false, cells: [String: Cell.Type] = [:]
    ) throws -> TableView {
        let tableView = TableView(style: style)
        for (identifier, cellClass) in cells.sorted(by: { $0.key < $1.key }) {
            try tableView.register(cellClass, forCellReuseIdentifier: identifier)
        }
        tableView.dataSource = dataSource
        tableView.delegate = delegate
        tableView.width = width
        if !separators { tableView.separatorStyle = .none }
        return tableView
    }
}
