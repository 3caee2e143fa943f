import Cellar
import Testing

// "The table view": a list that sets its table up as a view controller's
// viewDidLoad does.
final class FruitList: TableViewDataSource, TableViewDelegate {
    let fruits = ["Apple", "배 🍐"]
    var drawn = ""

    func viewDidLoad() throws {
        // article: begin
        let tableView = TableView(style: .insetGrouped)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.rowHeight = .automatic
        tableView.width = 40
        let text = try tableView.renderText()
        // article: end
        drawn = text
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { fruits.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = fruits[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }
}

@Suite struct TableViewSnippets {
    @Test func theTableDrawsItsDataSourcesRowsAtItsWidth() throws {
        let list = FruitList()
        try list.viewDidLoad()
        let lines = list.drawn.split(separator: "\n")
        #expect(lines.contains { $0.contains("│ Apple") })
        #expect(lines.contains { $0.contains("│ 배 🍐") })
        // The group's right border is in one column on every line (Hangul
        // and emoji count two), the last but one: the trailing margin's space
        // is not written.
        #expect(lines.map { Self.columns(of: $0) } == Array(repeating: 39, count: lines.count), "\(list.drawn)")
    }

    /// Display columns for the text these tests draw (ASCII, box drawing,
    /// Hangul syllables and emoji).
    static func columns(of line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { sum, scalar in
            let wide = (0xAC00...0xD7A3).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
            return sum + (wide ? 2 : 1)
        }
    }
}
