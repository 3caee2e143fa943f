// "[TableView] 6. Cell Configuration" (reference/): a cell subclass that keeps
// only data (title, body), builds its content configuration for the cell's
// state in updateConfiguration(using:), and a content view that draws it.
// Prints the table, then the table after the user taps the first section's
// row: the delegate prints, and the configuration's updated(for:) prefixes
// the selected row's title with "선택됨: ".
import Cellar

let controller = CellConfigurationListViewController()
try controller.viewDidLoad()
controller.myTableView.width = 40
print(try controller.myTableView.renderText(), terminator: "")

print("── tap [0, 0]")
try controller.myTableView.perform(.selectRow(IndexPath(row: 0, section: 0)))
print(try controller.myTableView.renderText(), terminator: "")
