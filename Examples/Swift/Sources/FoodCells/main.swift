// "Configuring the Cells for Your Table" (reference/): the FoodCell subclass
// with its outlets, registered as a class and dequeued `as! FoodCell`; its
// data-source method is the reference's, with `UI` dropped and `try` added.
// Prints the top of the table in a viewport five lines high, then the
// viewport scrolled down: the reused cells show their new rows, and the
// checkmark of a seasonal food does not stay with a reused cell.
import Cellar

struct Food {
    let name: String
    let description: String
    let picture: String?
    var isSeasonal = false
}

final class FoodTableViewController: TableViewDataSource {
    let tableView = TableView(style: .insetGrouped)
    let foods = [
        Food(name: "Apple", description: "Crisp and sweet; keeps for months in a cool cellar.", picture: "🍎",
             isSeasonal: true),
        Food(name: "Banana", description: "Soft, sweet, rich in potassium.", picture: "🍌"),
        Food(name: "배", description: "아삭하고 달콤한 한국 배는 가을이 제철입니다.", picture: "🍐", isSeasonal: true),
        Food(name: "Carrot", description: "A root vegetable, eaten raw or cooked in many dishes.", picture: "🥕"),
        Food(name: "Garlic", description: "No picture: the text starts at the leading edge.", picture: nil),
    ]

    func viewDidLoad() throws {
        try tableView.register(FoodCell.self, forCellReuseIdentifier: "foodCellType")
        tableView.dataSource = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        return foods.count
    }

    func tableView(
        _ tableView: TableView,
        cellForRowAt indexPath: IndexPath
    ) throws -> Cell {

        // Reuse or create a cell of the appropriate type.
        let cell =
            try tableView.dequeueReusableCell(
                withIdentifier: "foodCellType",
                for: indexPath) as! FoodCell

        // Fetch the data for the row.
        let theFood = foods[indexPath.row]

        // Configure the cell’s contents with data from the fetched object.
        cell.name?.text = theFood.name
        cell.plantDescription?.text = theFood.description
        cell.picture?.image = theFood.picture
        if theFood.isSeasonal {
            cell.accessory = .type(.checkmark)
        }

        return cell
    }
}

let controller = FoodTableViewController()
try controller.viewDidLoad()
controller.tableView.width = 44
controller.tableView.viewportHeight = 8
print(try controller.tableView.renderText(), terminator: "")
print("── scrolled to the last row")
try controller.tableView.scrollToRow(at: IndexPath(row: 4, section: 0))
print(try controller.tableView.renderText(), terminator: "")
