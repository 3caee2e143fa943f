import CellarTestSupport
import Testing

@testable import Cellar

/// A table fed by a diffable data source whose cells read "item N", with a
/// record of the items the cell provider was asked for.
final class DiffableTable {
    let table: TableView
    var asked: [Int] = []
    /// Set to make the provider return nil or throw for an item.
    var nilFor: Int?
    var throwFor: Int?
    private(set) var dataSource: TableViewDiffableDataSource<Int, Int>!

    /// `height`: a viewport that tall (it keeps its cells between frames); nil, the whole table streamed.
    init(height: Int? = 200, makeDataSource: DataSourceMaker = TableViewDiffableDataSource.init) {
        table = TableView(registry: Registry())
        table.width = 24
        table.separatorStyle = .none
        // Fixed heights: rows are configured to be drawn, never only to be measured.
        table.rowHeight = .fixed(1)
        table.viewportHeight = height
        dataSource = makeDataSource(table) { [unowned self] t, ip, item in
            asked.append(item)
            if item == throwFor { throw CellarError("no cell for item \(item)") }
            if item == nilFor { return nil }
            let cell = try t.dequeueReusableCell(withIdentifier: "default", for: ip)
            cell.contentConfiguration = ListContentConfiguration(text: "item \(item)")
            return cell
        }
    }

    typealias DataSourceMaker = (
        TableView, @escaping TableViewDiffableDataSource<Int, Int>.CellProvider
    ) -> TableViewDiffableDataSource<Int, Int>

    /// The lines the table draws, trailing spaces and blank lines dropped.
    func drawn() throws -> [String] {
        lines(try table.renderText()).map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter {
            !$0.isEmpty
        }
    }

    /// The items of the rows the table draws, top to bottom.
    func drawnItems() throws -> [Int] {
        try drawn().compactMap { line in
            guard let r = line.range(of: "item ") else { return nil }
            return Int(line[r.upperBound...].prefix { $0.isNumber })
        }
    }

    /// The items the provider was asked for since the last call, in order; then forgets them.
    func takeAsked() -> [Int] {
        defer { asked = [] }
        return asked
    }
}
