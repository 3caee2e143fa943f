import Cellar
import Testing

/// Foods in a built-in style's cells, set up through a list configuration.
final class FoodListContent: TableViewDataSource {
    struct Food {
        var name: String
        var description: String
    }
    let identifier: String
    let foods = [Food(name: "Apple", description: "Red and crisp, from the cellar")]

    init(identifier: String) { self.identifier = identifier }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { foods.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        let food = foods[indexPath.row]
        // article: begin
        var content = cell.defaultContentConfiguration()
        content.text = food.name
        content.secondaryText = food.description
        content.image = "🍎"
        content.secondaryTextProperties.numberOfLines = 2
        cell.contentConfiguration = content
        cell.accessory = .type(.disclosureIndicator)
        // article: end
        return cell
    }
}

@Suite struct ListContentSnippets {
    func draw(_ identifier: String) throws -> String {
        let list = FoodListContent(identifier: identifier)
        let tableView = TableView(style: .plain)
        try tableView.register(Cell.self, forCellReuseIdentifier: "basicStyleCell")
        tableView.dataSource = list
        tableView.width = 24
        tableView.separatorStyle = .none
        return try tableView.renderText()
    }

    @Test func theStyleDecidesTheLayout() throws {
        // subtitle: the secondary text under the text, wrapped onto two lines.
        #expect(
            try draw("subtitle") == """
                🍎 Apple              ›
                   Red and crisp, from
                   the cellar
                
                """)
        // value1: the secondary text at the trailing edge, on the text's line.
        #expect(try draw("value1").split(separator: "\n").first?.hasPrefix("🍎 Apple") == true)
        // A plain Cell draws it as UIKit's cell configuration: the subtitle's layout.
        #expect(try draw("basicStyleCell") == draw("subtitle"))
    }
}
