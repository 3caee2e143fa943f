import Cellar
import Testing

// "Configuration state".
// article: begin
extension ConfigurationStateCustomKey {
    static let isArchived = ConfigurationStateCustomKey("isArchived")
}

class MailCell: Cell {
    var subject = "" { didSet { setNeedsUpdateConfiguration() } }
    var isArchived = false { didSet { setNeedsUpdateConfiguration() } }

    override var configurationState: CellConfigurationState {
        var state = super.configurationState
        state[.isArchived] = isArchived
        return state
    }

    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        var content = defaultContentConfiguration().updated(for: state)
        content.text = state[.isArchived] as? Bool == true ? "🗄 " + subject : subject
        content.secondaryText = state.isSelected ? "selected" : nil
        contentConfiguration = content
    }
}
// article: end

/// Two mails, the second archived; row 0's cell follows its state by a
/// handler instead.
final class Mails: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "mail", for: indexPath) as! MailCell
        cell.subject = indexPath.row == 0 ? "Lunch?" : "Receipt"
        cell.isArchived = indexPath.row == 1
        // article: begin
        cell.configurationUpdateHandler = { cell, state in
            cell.backgroundConfiguration =
                state.isSelected ? BackgroundConfiguration(backgroundColor: .semantic(.tint)) : nil
        }
        // article: end
        return cell
    }
}

@Suite struct ConfigurationStateSnippets {
    @Test func theCellsStateAndItsCustomStateReachItsConfiguration() throws {
        let mails = Mails()
        let tableView = try TableView.testing(mails, width: 16, cells: ["mail": MailCell.self])
        let drawn = try tableView.drawnLines()
        #expect(drawn == [" Lunch?", " 🗄 Receipt"])
        try tableView.perform(.selectRow(IndexPath(row: 0, section: 0)))
        let selectedMails = try tableView.drawnLines()
        #expect(selectedMails == ["▌Lunch?", "▌selected", " 🗄 Receipt"])
        let selected = try #require(tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(selected.backgroundConfiguration != nil)
        #expect(tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.backgroundConfiguration == nil)
    }
}
