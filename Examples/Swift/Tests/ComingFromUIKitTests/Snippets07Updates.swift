import Cellar
import Testing

struct Food {
    var name: String
}

/// Foods whose rows change in place and in a batch; records which rows the
/// table asks cells for.
final class ChangingFoods: TableViewDataSource {
    var foods = [Food(name: "Apple"), Food(name: "Banana"), Food(name: "Cherry")]
    var asked: [IndexPath] = []
    var updated = false

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { foods.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        asked.append(indexPath)
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        cell.contentConfiguration = ListContentConfiguration(text: foods[indexPath.row].name)
        return cell
    }

    func rename(in tableView: TableView) throws {
        // article: begin
        foods[0].name = "Green apple"
        try tableView.reconfigureRows(at: [IndexPath(row: 0, section: 0)])

        try tableView.performBatchUpdates(
            {
                self.foods.remove(at: 2)
                self.foods.insert(Food(name: "Plum"), at: 0)
                try tableView.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
                try tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
            },
            completion: { finished in
                self.updated = finished
            })
        // article: end
    }
}

@Suite struct UpdateSnippets {
    @Test func onlyTheRowsNamedAreAskedForAgain() throws {
        let foods = ChangingFoods()
        let tableView = try TableView.testing(foods, width: 16)
        let before = try tableView.drawnLines()
        #expect(before == [" Apple", " Banana", " Cherry"])
        foods.asked = []
        try foods.rename(in: tableView)
        let after = try tableView.drawnLines()
        #expect(after == [" Plum", " Green apple", " Banana"])
        #expect(foods.updated)
        // The reconfigured row was asked for on its own cell, then only the
        // inserted one: Banana's and Green apple's cells were kept.
        #expect(foods.asked == [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 0)], "\(foods.asked)")
        foods.asked = []
        foods.foods[2].name = "Kiwi"
        try tableView.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        let reloaded = try tableView.drawnLines()
        #expect(reloaded == [" Plum", " Green apple", " Kiwi"])
        #expect(foods.asked == [IndexPath(row: 2, section: 0)])
    }

    @Test func aBatchTheDataSourceDisagreesWithIsUIKitsInvalidUpdate() throws {
        let foods = ChangingFoods()
        let tableView = try TableView.testing(foods, width: 16)
        _ = try tableView.renderText()
        let error = #expect(throws: (any Error).self) {
            try tableView.performBatchUpdates({
                try tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
            })
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("Invalid update: invalid number of rows in section 0"))
        let after = try tableView.drawnLines()
        #expect(after == [" Apple", " Banana", " Cherry"])
    }
}
