import Cellar
import Testing

// "Custom content configurations".
// article: begin
struct BadgeConfiguration: ContentConfiguration, Hashable {
    var text = ""
    var count = 0
    func makeContentView() -> any ContentView { BadgeView(configuration: self) }
    func updated(for state: any ConfigurationState) -> BadgeConfiguration { self }
}

final class BadgeView: ContentView {
    var configuration: any ContentConfiguration
    init(configuration: BadgeConfiguration) {
        self.configuration = configuration
    }

    func node(in context: LayoutContext) -> ViewNode {
        let badge = configuration as? BadgeConfiguration ?? BadgeConfiguration()
        let count = Label("(\(badge.count))", width: .fit)
        return .stack(.horizontal([.label(Label(badge.text)), .label(count)]))
    }
}
// article: end

/// Mailboxes drawn by BadgeViews; counts the views made.
final class Mailboxes: TableViewDataSource {
    var boxes = [("Inbox", 3)]

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { boxes.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "badge", for: indexPath)
        if boxes[indexPath.row].0 == "Inbox" {
            // article: begin
            cell.contentConfiguration = BadgeConfiguration(text: "Inbox", count: 3)
            // article: end
        } else {
            cell.contentConfiguration = BadgeConfiguration(text: boxes[indexPath.row].0, count: boxes[indexPath.row].1)
        }
        return cell
    }
}

@Suite struct ContentConfigurationSnippets {
    @Test func theContentViewDrawsTheRowAndIsKeptForTheNextConfiguration() throws {
        let boxes = Mailboxes()
        let tableView = TableView(style: .plain)
        try tableView.register(Cell.self, forCellReuseIdentifier: "badge")
        tableView.dataSource = boxes
        tableView.width = 16
        tableView.separatorStyle = .none
        #expect(try tableView.renderText() == "Inbox        (3)\n")
        let view = try #require(tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.contentView)
        boxes.boxes = [("Archive", 12)]
        tableView.reloadData()
        #expect(try tableView.renderText() == "Archive     (12)\n")
        // The same cell, the same content view, given the new configuration.
        let again = try #require(tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.contentView)
        #expect(again === view)
        #expect((again.configuration as? BadgeConfiguration)?.text == "Archive")
    }
}
