// "[TableView] 6. Cell Configuration" (reference/): a cell subclass that keeps
// only data (title, body), builds its content configuration for the cell's
// state in updateConfiguration(using:), and a content view that draws it.
// Prints the whole table; then, in a viewport of the first nine lines, the
// table after the user taps the first row (the delegate prints) and after
// the app sets the title of the cell on screen, whose didSet asks for a
// configuration update (setNeedsUpdateConfiguration) that the next frame draws.
import Cellar
import Foundation

let controller = CellConfigurationListViewController()
try controller.viewDidLoad()
let tableView = controller.myTableView
tableView.width = 40
print(try tableView.renderText(), terminator: "")

tableView.viewportHeight = 9
print("── tap [0, 0]")
try tableView.perform(.selectRow(IndexPath(row: 0, section: 0)))
print(try tableView.renderText(), terminator: "")

print("── the visible cell at [1, 0] gets a new title")
let cell = tableView.cellForRow(at: IndexPath(row: 0, section: 1)) as? CellConfigTableViewCell
cell?.title = "새 제목 ✏️"
print(try tableView.renderText(), terminator: "")
