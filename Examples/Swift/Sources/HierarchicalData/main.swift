// "Filling a Table with Data" (reference/): a table view controller whose
// data source keeps its rows as an array of arrays, `hierarchicalData` — one
// inner array per section — and shows every row in a `basicStyleCell`, a
// cell of the Basic style. The data-source methods are the reference's, with
// `UI` dropped and `try` where Cellar throws.
import Cellar
import Foundation

final class HierarchicalDataViewController: TableViewDataSource {
    let tableView = TableView(style: .plain)

    var hierarchicalData = [[String]]()
    let sectionTitles: [String]

    init(sections: [(title: String, rows: [String])]) {
        hierarchicalData = sections.map(\.rows)
        sectionTitles = sections.map(\.title)
    }

    // The storyboard's prototype cell: identifier "basicStyleCell", style Basic.
    func viewDidLoad() throws {
        try tableView.register(Cell.self, forCellReuseIdentifier: "basicStyleCell")
        tableView.dataSource = self
    }

    func numberOfSections(in tableView: TableView) -> Int {
        return hierarchicalData.count
    }

    func tableView(
        _ tableView: TableView,
        numberOfRowsInSection section: Int
    ) -> Int {
        return hierarchicalData[section].count
    }

    func tableView(
        _ tableView: TableView,
        cellForRowAt indexPath: IndexPath
    ) throws -> Cell {
        // Ask for a cell of the appropriate type.
        let cell = try tableView.dequeueReusableCell(withIdentifier: "basicStyleCell", for: indexPath)

        // Configure the cell’s contents with the row and section number.
        // The reference writes `cell.textLabel!.text = "Row \(indexPath.row)"`;
        // Cellar's cells have no textLabel, so this is the content
        // configuration UIKit offers in its place.
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(indexPath.row)"
        cell.contentConfiguration = content
        return cell
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
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
