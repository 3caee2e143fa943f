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

/// Mailboxes drawn by BadgeViews; keeps the content view each dequeued
/// cell comes with.
final class Mailboxes: TableViewDataSource {
    var boxes = [("Inbox", 3)]
    var viewsDequeued: [(any ContentView)?] = []

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { boxes.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "badge", for: indexPath)
        viewsDequeued.append(cell.contentView)
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
        let tableView = try TableView.testing(boxes, width: 16, cells: ["badge": Cell.self])
        let inbox = try tableView.drawnLines()
        #expect(inbox == [" Inbox      (3)"])
        boxes.boxes = [("Archive", 12)]
        tableView.reloadData()
        let archive = try tableView.drawnLines()
        #expect(archive == [" Archive   (12)"])
        tableView.reloadData()
        _ = try tableView.renderText()
        // The cell came back with the view the first configuration made, and
        // again with that same view, now showing the second configuration.
        try #require(boxes.viewsDequeued.count == 3)
        let first = try #require(boxes.viewsDequeued[1])
        let second = try #require(boxes.viewsDequeued[2])
        #expect(first === second)
        #expect((second.configuration as? BadgeConfiguration)?.text == "Archive")
        #expect(boxes.viewsDequeued[0] == nil)
    }
}
