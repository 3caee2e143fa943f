import Cellar
import Testing

// "Cells and subclassing".
// article: begin
class FoodCell: Cell {
    var name: Label? = Label("", style: TextStyle(attributes: .bold))
    var picture: ImageView? = ImageView()

    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        let label = ViewNode.label(name ?? Label(""))
        content = picture?.image == nil ? label : .stack(.horizontal([picture?.node ?? .empty, label]))
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        accessory = .none
    }
}
// article: end

/// Foods in FoodCells; only the first row sets a checkmark.
final class FoodCellList: TableViewDataSource {
    let foods: [(name: String, picture: String?)] = [("Apple", "🍎"), ("Garlic", nil), ("배", "🍐")]

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { foods.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "foodCellType", for: indexPath) as! FoodCell
        cell.name?.text = foods[indexPath.row].name
        cell.picture?.image = foods[indexPath.row].picture
        if indexPath.row == 0 { cell.accessory = .type(.checkmark) }
        return cell
    }
}

@Suite struct CellSnippets {
    @Test func aSubclassDrawsItsOutletsAndResetsWhatItSetBeforeReuse() throws {
        let list = FoodCellList()
        let tableView = try TableView.testing(list, width: 20, cells: ["foodCellType": FoodCell.self])
        tableView.viewportHeight = 1
        let top = try tableView.drawnLines()
        #expect(top == [" 🍎 Apple         ✓"])
        // The one cell goes back to the queue and comes out for row 1:
        // without the override, it would keep row 0's checkmark.
        try tableView.scroll(toOffset: 1)
        let garlic = try tableView.drawnLines()
        #expect(garlic == [" Garlic"])
        try tableView.scroll(toOffset: 2)
        let pear = try tableView.drawnLines()
        #expect(pear == [" 🍐 배"])
        #expect(tableView.statistics.cellsCreated == 1)
    }
}
