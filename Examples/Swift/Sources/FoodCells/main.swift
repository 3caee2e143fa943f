// "Configuring the Cells for Your Table" (reference/): the FoodCell subclass
// with its outlets, registered as a class and dequeued `as! FoodCell`; its
// data-source method is the reference's, with `UI` dropped and `try` added.
// Prints the top of the table in a viewport eight lines high, then the
// viewport scrolled down twice: the reused cells show their new rows, and
// the checkmark of a seasonal food does not stay with a reused cell
// (FoodCell's prepareForReuse).
import Cellar
import Foundation

struct Food {
    let name: String
    let description: String
    let picture: String?
    var isSeasonal = false
}

final class FoodTableViewController: TableViewDataSource {
    let tableView = TableView(style: .insetGrouped)
    let foods = [
        Food(
            name: "Apple", description: "Crisp and sweet; keeps for months in a cool cellar.", picture: "🍎",
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
let tableView = controller.tableView
tableView.width = 44
tableView.viewportHeight = 8
print(try tableView.renderText(), terminator: "")
for row in [2, 4] {
    print("── scrolled to \(controller.foods[row].name)")
    try tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
    print(try tableView.renderText(), terminator: "")
}
let reuse = tableView.statistics.perIdentifier["foodCellType"] ?? .init()
print("── foodCellType: \(reuse.created) cells made, \(reuse.reused) reused")
