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
    func draw(_ identifier: String) throws -> [String] {
        let list = FoodListContent(identifier: identifier)
        let tableView = try TableView.testing(list, width: 36, cells: ["basicStyleCell": Cell.self])
        return try tableView.drawnLines()
    }

    @Test func theStyleDecidesTheLayout() throws {
        // subtitle: the secondary text under the text, wrapped onto two lines.
        let subtitle = try draw("subtitle")
        #expect(subtitle == [" 🍎 Apple", "    Red and crisp, from the       ›", "    cellar"])
        // value1: the secondary text at the trailing edge, on the text's line.
        let value1 = try draw("value1")
        #expect(value1.first?.hasPrefix(" 🍎 Ap") == true && value1.first?.contains("Red and crisp") == true)
        #expect(value1.first?.hasSuffix("›") == true, "\(value1)")
        // A plain Cell draws it as UIKit's cell configuration: the subtitle's layout.
        let basic = try draw("basicStyleCell")
        #expect(basic == subtitle)
    }
}
