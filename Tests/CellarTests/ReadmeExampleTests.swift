import Cellar
import CellarText
import Testing

// The README's "Using Cellar from Swift" example, kept compiling and correct here;
// `ReadmeTextTests` checks that the README still shows this very code.

struct Food {
    let name: String
    let description: String
    let picture: String
}

final class FoodList: TableViewDataSource, TableViewDelegate {
    let foods = [
        Food(name: "Apple", description: "Red and crisp", picture: "🍎"),
        Food(name: "배", description: "아삭하고 달콤한 배", picture: "🍐"),
    ]

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { foods.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "subtitle", for: indexPath)
        let food = foods[indexPath.row]
        cell.contentConfiguration = ListContentConfiguration(
            text: food.name, secondaryText: food.description, image: food.picture)
        cell.accessory = .type(.disclosureIndicator)
        return cell
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Fruits" }

    // The reference's heightForRowAt: the first row is tall, the rest automatic.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight? {
        indexPath.row == 0 ? .fixed(3) : .automatic
    }
}

@Test func readmeSwiftExampleRenders() throws {
    let foods = FoodList()
    let table = TableView(style: .plain, registry: Registry())
    table.dataSource = foods
    table.delegate = foods
    table.width = 30
    let text = try table.renderText()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Header, the tall first row (3 lines), a separator, the second row (2 lines).
    #expect(lines.contains { $0.contains("Fruits") })
    let apple = try #require(lines.firstIndex { $0.contains("🍎 Apple") })
    #expect(lines[apple + 1].contains("Red and crisp"))
    let pear = try #require(lines.firstIndex { $0.contains("🍐 배") })
    #expect(pear == apple + 4)
    // Accessories are centred vertically and share one trailing column.
    #expect(lines[apple + 1].hasSuffix("›") && lines[pear].hasSuffix("›"))
    #expect(DisplayWidth.of(lines[apple + 1]) == DisplayWidth.of(lines[pear]))
}
