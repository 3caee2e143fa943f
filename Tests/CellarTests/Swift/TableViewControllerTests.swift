import Cellar
import Foundation
import Testing

/// UIKit's table view controller and the legacy cell properties, written as
/// the reference writes them ("Filling a Table with Data"): a subclass that
/// overrides the data source methods and sets `cell.textLabel!.text`.
@Suite struct TableViewControllerTests {
    final class Hierarchical: TableViewController {
        var hierarchicalData = [["사과", "배"], ["Carrot"]]

        override func viewDidLoad() throws {
            try super.viewDidLoad()
            try tableView.register(Cell.self, forCellReuseIdentifier: "basicStyleCell")
        }

        override func numberOfSections(in tableView: TableView) -> Int {
            return hierarchicalData.count
        }

        override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
            return hierarchicalData[section].count
        }

        override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
            let cell = try tableView.dequeueReusableCell(withIdentifier: "basicStyleCell", for: indexPath)
            cell.textLabel!.text = "Row \(indexPath.row)"
            cell.detailTextLabel?.text = hierarchicalData[indexPath.section][indexPath.row]
            cell.imageView!.image = indexPath.section == 0 ? "🍎" : nil
            cell.accessoryType = indexPath.row == 0 ? .checkmark : .none
            return cell
        }

        override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            return ["과일", "Vegetables"][section]
        }

        var tapped: [IndexPath] = []
        override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) throws {
            tapped.append(indexPath)
        }
    }

    @Test func aSubclassDrawsItsOverridesAndHearsTaps() throws {
        let controller = Hierarchical()
        try controller.viewDidLoad()
        controller.tableView.width = 30
        let lines = try controller.tableView.renderText().split(separator: "\n").map(String.init)
        // The labels' writes reached the cell's list configuration, the accessory its trailing edge.
        #expect(lines.contains { $0.contains("🍎 Row 0") && $0.hasSuffix("✓") })
        #expect(lines.contains { $0.contains("배") })
        #expect(lines.contains { $0.contains("Vegetables") })
        #expect(lines.contains { $0.contains("Row 0") && !$0.contains("🍎") && $0.hasSuffix("✓") })
        try controller.tableView.perform(.selectRow(IndexPath(row: 1, section: 0)))
        #expect(controller.tapped == [IndexPath(row: 1, section: 0)])
    }

    @Test func theLabelsReadWhatTheConfigurationHolds() {
        let cell = Cell()
        #expect(cell.textLabel?.text == "" && cell.accessoryType == .none)
        var content = cell.defaultContentConfiguration()
        content.text = "Title"
        content.secondaryText = "Detail"
        content.image = "🐰"
        cell.contentConfiguration = content
        #expect(cell.textLabel?.text == "Title")
        #expect(cell.detailTextLabel?.text == "Detail")
        #expect(cell.imageView?.image == "🐰")
        cell.textLabel!.text = "Other"
        #expect(cell.listContentConfiguration?.text == "Other")
        #expect(cell.listContentConfiguration?.secondaryText == "Detail")
        cell.accessoryType = .detailButton
        #expect(cell.accessory == .type(.detailButton))
        cell.editingAccessoryType = .disclosureIndicator
        #expect(cell.editingAccessory == .type(.disclosureIndicator))
    }

    @Test func aSubclassWithRowsButNoCellsSaysWhichMethodIsMissing() throws {
        final class Forgetful: TableViewController {
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
        }
        let controller = Forgetful()
        #expect {
            _ = try controller.tableView.renderText()
        } throws: { error in
            "\(error)".contains("Forgetful has rows but does not override tableView(_:cellForRowAt:)")
        }
    }
}
