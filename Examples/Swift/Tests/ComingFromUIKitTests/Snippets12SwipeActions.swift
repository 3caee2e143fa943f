import Cellar
import Testing

/// Foods a trailing swipe deletes.
final class SwipedFoods: TableViewDataSource, TableViewDelegate {
    var foods = ["Apple", "Banana", "Cherry"]

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { foods.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        cell.contentConfiguration = ListContentConfiguration(text: foods[indexPath.row])
        return cell
    }

    // article: begin
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    {
        let delete = ContextualAction(style: .destructive, title: "Delete") { _, indexPath in
            self.foods.remove(at: indexPath.row)
            try tableView.deleteRows(at: [indexPath])
            return true
        }
        return SwipeActionsConfiguration(actions: [delete])
    }
    // article: end
}

@Suite struct SwipeActionSnippets {
    @Test func theHandlerDeletesTheSwipedRow() throws {
        let foods = SwipedFoods()
        let tableView = try TableView.testing(foods, delegate: foods, width: 20)
        let row = IndexPath(row: 1, section: 0)
        try tableView.swipeRow(at: row, edge: .trailing)
        let swiped = try tableView.drawnLines()
        #expect(swiped[1].hasSuffix("Delete"), "\(swiped)")
        try tableView.tapSwipeAction(at: row, title: "Delete")
        #expect(foods.foods == ["Apple", "Cherry"])
        let after = try tableView.drawnLines()
        #expect(after == [" Apple", " Cherry"])
    }
}
