import Cellar
import Testing

@Suite struct DiffableSnippets {
    @Test func applyDrawsTheSnapshotsOrder() throws {
        let tableView = TableView(style: .plain)
        try tableView.register(Cell.self, forCellReuseIdentifier: "fruit")
        tableView.width = 12
        tableView.separatorStyle = .none
        // article: begin
        enum Section { case fruits }

        let dataSource = TableViewDiffableDataSource<Section, String>(tableView: tableView) {
            tableView, indexPath, fruit in
            let cell = try tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = fruit
            cell.contentConfiguration = content
            return cell
        }

        var snapshot = DiffableDataSourceSnapshot<Section, String>()
        try snapshot.appendSections([.fruits])
        try snapshot.appendItems(["Apple", "Banana", "Cherry"], toSection: .fruits)
        try dataSource.apply(snapshot, animatingDifferences: false)

        var next = dataSource.snapshot()
        next.deleteItems(["Banana"])
        try next.insertItems(["Blueberry"], afterItem: "Apple")
        try next.reconfigureItems(["Cherry"])
        try dataSource.apply(next)
        // article: end
        let fruits = try tableView.drawnLines()
        #expect(fruits == [" Apple", " Blueberry", " Cherry"])
        #expect(dataSource.indexPath(for: "Cherry") == IndexPath(row: 2, section: 0))
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0)) == "Blueberry")
        var twice = dataSource.snapshot()
        #expect(throws: (any Error).self) { try twice.appendItems(["Plum", "Plum"]) }
    }
}
