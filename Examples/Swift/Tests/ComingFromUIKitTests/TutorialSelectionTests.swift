import Cellar
import Testing

@testable import CellConfiguration

/// The Cell Configuration tutorial's own classes (Sources/CellConfiguration),
/// driven through what its golden does not show: a dequeued cell is the
/// registered class with the configuration's view, and a selected row's
/// title reads "선택됨: …" once and loses it when deselected. The tutorial's
/// `updateConfiguration(using:)` builds `MyCellConfiguration().updated(for:)`
/// and then sets the title, overwriting that prefix; the cell then updates
/// the configuration set for its state (`automaticallyUpdatesContentConfiguration`,
/// true by default), as UIKit does (/work/shared/UIKIT.md, "Configuration state").
@Suite struct TutorialSelectionTests {
    /// The controller, kept by the caller: the table holds its data source weakly, as UIKit's does.
    func loaded() throws -> CellConfigurationListViewController {
        let controller = CellConfigurationListViewController()
        try controller.viewDidLoad()
        controller.myTableView.width = 40
        controller.myTableView.viewportHeight = 12
        return controller
    }

    @Test func eachRowIsTheRegisteredClassDrawingTheConfigurationsView() throws {
        let controller = try loaded()
        let tableView = controller.myTableView
        _ = try tableView.renderText()
        let cell = try #require(tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(cell is CellConfigTableViewCell)
        #expect(cell.contentView is CellConfigurationView)
    }

    @Test func aSelectedRowsTitleIsPrefixedOnceAndNotAfterDeselection() throws {
        let controller = try loaded()
        let tableView = controller.myTableView
        let first = IndexPath(row: 0, section: 0)
        try tableView.perform(.selectRow(first))
        let selected = try tableView.drawnLines()
        #expect(selected[1] == "▌ 선택됨: 오늘도 코딩")
        #expect(selected.joined().components(separatedBy: "선택됨").count == 2)
        try tableView.perform(.deselectRow(first))
        #expect(try tableView.drawnLines()[1] == "  오늘도 코딩")
    }
}
