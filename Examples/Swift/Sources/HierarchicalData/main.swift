// "Filling a Table with Data" (reference/): a table view controller whose
// data source keeps its rows as an array of arrays, `hierarchicalData` — one
// inner array per section — and shows every row in a `basicStyleCell`, a
// cell of the Basic style. The controller and its overrides are the
// reference's, with `UI` dropped and `try` where Cellar throws.
import Cellar
import Foundation

final class HierarchicalDataViewController: TableViewController {
    var hierarchicalData = [[String]]()
    let sectionTitles: [String]

    init(sections: [(title: String, rows: [String])]) {
        hierarchicalData = sections.map(\.rows)
        sectionTitles = sections.map(\.title)
        super.init(style: .plain)
    }

    // The storyboard's prototype cell: identifier "basicStyleCell", style Basic.
    override func viewDidLoad() throws {
        try super.viewDidLoad()
        try tableView.register(Cell.self, forCellReuseIdentifier: "basicStyleCell")
    }

    override func numberOfSections(in tableView: TableView) -> Int {
        return hierarchicalData.count
    }

    override func tableView(
        _ tableView: TableView,
        numberOfRowsInSection section: Int
    ) -> Int {
        return hierarchicalData[section].count
    }

    override func tableView(
        _ tableView: TableView,
        cellForRowAt indexPath: IndexPath
    ) throws -> Cell {
        // Ask for a cell of the appropriate type.
        let cell = try tableView.dequeueReusableCell(withIdentifier: "basicStyleCell", for: indexPath)

        // Configure the cell’s contents with the row and section number.
        // The Basic cell style guarantees a label view is present in textLabel.
        cell.textLabel!.text = "Row \(indexPath.row)"
        return cell
    }

    override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        return sectionTitles[section]
    }
}

let controller = HierarchicalDataViewController(sections: [
    (title: "과일 🍎", rows: ["사과", "배", "감"]),
    (title: "Vegetables 🥕", rows: ["Carrot", "Leek"]),
    (title: "견과류", rows: ["호두"]),
])
try controller.viewDidLoad()
controller.tableView.width = 32
print(try controller.tableView.renderText(), terminator: "")
