import Cellar
import Testing

/// Thirty one-line rows in a five-line viewport.
final class ThirtyRows: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 30 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        cell.contentConfiguration = ListContentConfiguration(text: "Row \(indexPath.row)")
        return cell
    }
}

@Suite struct SelectionSnippets {
    @Test func selectingAndScrollingPlaceTheRowInTheViewport() throws {
        let rows = ThirtyRows()
        let tableView = try TableView.testing(rows, width: 10)
        tableView.rowHeight = .fixed(1)
        tableView.viewportHeight = 5
        // article: begin
        try tableView.selectRow(at: IndexPath(row: 7, section: 0), animated: false, scrollPosition: .middle)
        let middle = tableView.contentOffset
        let selected = tableView.indexPathForSelectedRow
        try tableView.scrollToRow(at: IndexPath(row: 19, section: 0), at: .bottom, animated: true)
        // article: end
        #expect(selected == IndexPath(row: 7, section: 0))
        #expect(middle == 5)
        #expect(tableView.contentOffset == 15)
        let viewport = try tableView.drawnLines()
        #expect(viewport == [" Row 15", " Row 16", " Row 17", " Row 18", " Row 19"])
    }
}
