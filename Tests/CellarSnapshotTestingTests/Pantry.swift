import Cellar
import CellarText

/// A table as an app builds it in Swift: a data source and delegate over its
/// own model (no document), with Hangul and emoji, accessories, a dynamic
/// colour and swipe actions, so every snapshot has something to get wrong.
final class Pantry: TableViewDataSource, TableViewDelegate {
    struct Food {
        var name: String
        var note: String
        var picture: String
        var accessory: AccessoryType = .disclosureIndicator
    }

    var sections: [(title: String, foods: [Food])] = [
        (
            "Fruit",
            [
                Food(name: "Apple", note: "Red and crisp", picture: "🍎"),
                Food(name: "배", note: "아삭하고 달콤한", picture: "🍐", accessory: .checkmark),
                Food(name: "Fig", note: "Soft", picture: "🌿", accessory: .detailButton),
            ]
        ),
        ("채소", [Food(name: "김치", note: "Spicy", picture: "🥬"), Food(name: "Leek", note: "Mild", picture: "🧅")]),
    ]
    /// Delegate calls, as text, for the tests that check the app was asked.
    var events: [String] = []
    /// The secondary text's colour: one per appearance.
    var noteColor = Color.dynamic(light: 0x8A_4B_00, dark: 0xFF_C8_70)

    /// A table of this pantry at `width`; it keeps the pantry alive, so
    /// `Pantry().makeTable()` is a whole table.
    func makeTable(width: Int = 36, height: Int? = nil) -> TableView {
        let table = TableView(style: .plain, registry: Registry())
        table.retainedDataSource = self
        table.dataSource = self
        table.delegate = self
        table.width = width
        table.viewportHeight = height
        return table
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].foods.count }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "subtitle", for: indexPath)
        let food = sections[indexPath.section].foods[indexPath.row]
        var content = ListContentConfiguration(text: food.name, secondaryText: food.note, image: food.picture)
        content.secondaryTextProperties.color = noteColor
        cell.contentConfiguration = content
        cell.accessory = .type(food.accessory)
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) throws {
        events.append("select \(indexPath.section) \(indexPath.row)")
    }

    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    {
        SwipeActionsConfiguration(actions: [
            ContextualAction(style: .destructive, title: "Delete"),
            ContextualAction(style: .normal, title: "Flag") { [weak self] _, ip in
                self?.events.append("flag \(ip.section) \(ip.row)")
                return true
            },
        ])
    }

    func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws {
        guard editingStyle == .delete else { return }
        sections[indexPath.section].foods.remove(at: indexPath.row)
        try tableView.deleteRows(at: [indexPath])
    }
}
