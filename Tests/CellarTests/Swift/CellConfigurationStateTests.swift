import Cellar
import Testing

// updateConfiguration(using:), setNeedsUpdateConfiguration() and
// configurationState as UIKit has them: the table brings a cell's state up
// to date and a subclass redraws from it.

extension ConfigurationStateCustomKey {
    static let isArchived = ConfigurationStateCustomKey("com.example.isArchived")
}

final class CheckCell: Cell {
    var item = "" {
        didSet { setNeedsUpdateConfiguration() }
    }
    var isArchived = false {
        didSet { setNeedsUpdateConfiguration() }
    }
    var updates = 0

    override var configurationState: CellConfigurationState {
        var state = super.configurationState
        state[.isArchived] = isArchived
        return state
    }

    override func updateConfiguration(using state: CellConfigurationState) {
        updates += 1
        var content = defaultContentConfiguration()
        let archived = state[.isArchived] as? Bool == true
        let flag = state[ConfigurationStateCustomKey("flag")] as? String
        content.text =
            (state.isSelected ? "✓ " : "") + (state.isHighlighted ? "… " : "") + (archived ? "🗄 " : "")
            + (flag.map { "[\($0)] " } ?? "") + item
        contentConfiguration = content
    }
}

final class Checklist: TableViewDataSource {
    var items = ["milk", "eggs", "bread"]
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "check", for: indexPath) as! CheckCell
        cell.item = items[indexPath.row]
        return cell
    }
}

@Suite struct CellConfigurationStateTests {
    func checklist() throws -> (TableView, Checklist) {
        let list = Checklist()
        let table = TableView(style: .plain)
        try table.register(CheckCell.self, forCellReuseIdentifier: "check")
        table.dataSource = list
        table.width = 16
        table.viewportHeight = 5
        table.separatorStyle = .none
        return (table, list)
    }

    func lines(_ table: TableView) throws -> [String] {
        try table.renderText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func selectionAndHighlightRedrawThroughUpdateConfiguration() throws {
        let (table, list) = try checklist()
        #expect(try Array(lines(table).prefix(3)) == [" milk", " eggs", " bread"])
        try table.perform(.selectRow(IndexPath(0, 0)))
        try table.perform(.highlightRow(IndexPath(0, 2)))
        #expect(try Array(lines(table).prefix(3)) == ["▌✓ milk", " eggs", "▸… bread"])
        try table.perform(.unhighlightRow(IndexPath(0, 2)))
        try table.perform(.selectRow(IndexPath(0, 1)))
        #expect(try Array(lines(table).prefix(3)) == [" milk", "▌✓ eggs", " bread"])
        _ = list
    }

    @Test func updateConfigurationRunsWhenTheStateChangesOrIsAskedFor() throws {
        let (table, list) = try checklist()
        _ = try table.renderText()
        let cell = try #require(table.cellForRow(at: IndexPath(0, 1)) as? CheckCell)
        let before = cell.updates
        // The same frame again: the kept cell's state has not changed.
        _ = try table.renderText()
        #expect(cell.updates == before)
        // A property whose didSet asks for an update: the next layout runs it once.
        cell.isArchived = true
        #expect(try Array(lines(table)[1...1]) == [" 🗄 eggs"])
        #expect(cell.updates == before + 1)
        // A state the table keeps for the row (a custom state) reaches the override too.
        try table.perform(.setCustomStates(IndexPath(0, 1), [CustomStateChange(key: "flag", value: .string("new"))]))
        #expect(try Array(lines(table)[1...1]) == [" 🗄 [new] eggs"])
        #expect(cell.configurationState[ConfigurationStateCustomKey("flag")] == AnyHashable("new"))
        _ = list
    }

    @Test func customStatesByKey() {
        var state = CellConfigurationState()
        let key: ConfigurationStateCustomKey = "count"
        state[key] = 3
        #expect(state[key] as? Int == 3)
        #expect(state.custom["count"] == .int(3))
        state[.isArchived] = true
        #expect(state[.isArchived] as? Bool == true)
        state[key] = nil
        #expect(state[key] == nil)
        // The protocol's view of it, as a configuration's updated(for:) sees it.
        let any: any ConfigurationState = state
        #expect(any[.isArchived] as? Bool == true)
    }
}
