import Cellar
import Testing

// The reference's FoodCell: a Cell subclass with its outlets as stored
// properties, registered as a class and dequeued `as! FoodCell`. The
// storyboard's prototype (where the outlets sit) is the layout below.

class FoodCell: Cell {
    var name: Label? = Label("")
    var plantDescription: Label? = Label("", style: TextStyle(foreground: .semantic(.secondaryLabel)))
    var picture: ImageView? = ImageView()

    // The prototype cell: the picture, then the name over the description.
    override func updateConfiguration(using state: CellConfigurationState) {
        content = .stack(
            .horizontal([
                picture?.node ?? .empty,
                .stack(
                    .vertical([name.map(ViewNode.label) ?? .empty, plantDescription.map(ViewNode.label) ?? .empty])),
            ]))
    }
}

final class FoodTable: TableViewDataSource {
    var foods = [
        Food(name: "Apple", description: "Red and crisp", picture: "🍎"),
        Food(name: "배", description: "아삭하고 달콤한 배", picture: "🍐"),
        Food(name: "Kiwi", description: "Green inside", picture: "🥝"),
    ]

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { foods.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        // Reuse or create a cell of the appropriate type.
        let cell = try tableView.dequeueReusableCell(withIdentifier: "foodCellType", for: indexPath) as! FoodCell

        // Fetch the data for the row.
        let theFood = foods[indexPath.row]

        // Configure the cell’s contents with data from the fetched object.
        cell.name?.text = theFood.name
        cell.plantDescription?.text = theFood.description
        cell.picture?.image = theFood.picture

        return cell
    }
}

/// A cell that keeps a badge only for the row that sets it, as a UIKit
/// cell clears its own state in prepareForReuse.
final class BadgedCell: Cell {
    var title = ""
    var badge: String?
    var resets = 0

    override func prepareForReuse() {
        super.prepareForReuse()
        badge = nil
        resets += 1
    }

    override func updateConfiguration(using state: CellConfigurationState) {
        content = .label(Label(title + (badge.map { " (\($0))" } ?? "")))
    }
}

final class Badges: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "badged", for: indexPath) as! BadgedCell
        cell.title = "row \(indexPath.row)"
        if indexPath.row == 0 {
            cell.badge = "new"
            cell.alpha = 0.5
        }
        return cell
    }
}

@Suite struct CellSubclassTests {
    func foodTable(viewport: Int? = nil) throws -> (TableView, FoodTable) {
        let foods = FoodTable()
        let table = TableView(style: .plain)
        try table.register(FoodCell.self, forCellReuseIdentifier: "foodCellType")
        table.dataSource = foods
        table.width = 28
        table.viewportHeight = viewport
        return (table, foods)
    }

    @Test func foodCellDrawsItsOutlets() throws {
        let (table, foods) = try foodTable()
        let text = try table.renderText()
        #expect(
            text == """
                 🍎 Apple
                    Red and crisp
                 ───────────────────────────
                 🍐 배
                    아삭하고 달콤한 배
                 ───────────────────────────
                 🥝 Kiwi
                    Green inside

                """)
        _ = foods
    }

    @Test func dequeueHandsOutInstancesOfTheClassThroughTheQueue() throws {
        let (table, foods) = try foodTable(viewport: 2)
        _ = try table.renderText()
        let first = try #require(table.cellForRow(at: IndexPath(0, 0)) as? FoodCell)
        #expect(first.reuseIdentifier == "foodCellType")
        // Scrolling to the last row sends the first cell back to the queue and takes it out again.
        try table.scroll(toOffset: 6)
        let lines = try table.renderText()
        #expect(lines.contains("🥝 Kiwi"))
        #expect(table.cellForRow(at: IndexPath(0, 2)) === first)
        #expect(table.statistics.perIdentifier["foodCellType"]?.reused ?? 0 >= 1)
        _ = foods
    }

    @Test func aCellOnScreenThatAsksForAnUpdateIsMeasuredAgain() throws {
        // As UIKit's self-sizing cells: the description set on the visible
        // cell asks for a configuration update, and the row takes the lines
        // its new content needs (the rows below move down).
        let (table, foods) = try foodTable(viewport: 12)
        _ = try table.renderText()
        let pear = try #require(table.cellForRow(at: IndexPath(0, 1)) as? FoodCell)
        pear.plantDescription?.text = "아삭하고 달콤한 배, 가을에 가장 맛있는 과일"
        pear.plantDescription?.numberOfLines = 0
        pear.setNeedsUpdateConfiguration()
        let lines = try table.renderText().split(separator: "\n").map(String.init)
        #expect(lines[3...5] == [" 🍐 배", "    아삭하고 달콤한 배,", "    가을에 가장 맛있는 과일"])
        #expect(lines[7] == " 🥝 Kiwi")
        // Without a request nothing is configured or measured again.
        pear.plantDescription?.text = "짧다"
        #expect(try table.renderText().split(separator: "\n").map(String.init)[3...7] == lines[3...7])
        _ = foods
    }

    @Test func prepareForReuseRunsTheOverrideAndKeepsCellarsReset() throws {
        let badges = Badges()
        let table = TableView()
        try table.register(BadgedCell.self, forCellReuseIdentifier: "badged")
        table.dataSource = badges
        table.width = 16
        table.separatorStyle = .none
        table.rowHeight = .fixed(1)
        table.viewportHeight = 1
        // Scrolled a row at a time, each row reuses the cell the row before
        // left: the badge set for row 0 is gone from the others.
        var lines: [String] = []
        for offset in 0..<3 {
            try table.scroll(toOffset: offset)
            lines.append(try table.renderText())
        }
        #expect(lines == [" row 0 (new)\n", " row 1\n", " row 2\n"])
        let cell = try #require(table.cellForRow(at: IndexPath(0, 2)) as? BadgedCell)
        #expect(cell.resets == 2)
        // Cellar's own reset ran too: alpha set on row 0 is back to 1.
        #expect(cell.alpha == 1)
    }

    @Test func registeringATakenIdentifierIsAnError() throws {
        let table = TableView(style: .plain)
        try table.register(FoodCell.self, forCellReuseIdentifier: "food")
        #expect(throws: CellarError.self) { try table.register(FoodCell.self, forCellReuseIdentifier: "food") }
        do {
            try table.register(BuiltinCellStyle(.value1), forCellReuseIdentifier: "subtitle")
            Issue.record("registered over a built-in style")
        } catch let e as CellarError {
            #expect(e.message.contains("'subtitle' is already registered by built-in"))
        }
    }

    @Test func aClassCellTakesNoRowData() throws {
        let table = TableView(style: .plain)
        try table.register(FoodCell.self, forCellReuseIdentifier: "food")
        let cell = try table.dequeueReusableCell(withIdentifier: "food", for: IndexPath(0, 0))
        do {
            try cell.configure(with: .object(["text": .string("x")]), at: IndexPath(0, 0))
            Issue.record("row data was taken")
        } catch let e as CellarError {
            #expect(e.message.contains("take no row data"))
            #expect(e.message.contains("FoodCell"))
        }
    }

    @Test func aStyleRegisteredOnTheTableDrawsItsRows() throws {
        final class Fruits: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
                let cell = try tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = "Apple"
                content.secondaryText = "3"
                cell.contentConfiguration = content
                return cell
            }
        }
        let fruits = Fruits()
        let table = TableView()
        try table.register(BuiltinCellStyle(.value1), forCellReuseIdentifier: "fruit")
        table.dataSource = fruits
        table.width = 20
        #expect(try table.renderText() == " Apple            3\n")
    }
}
