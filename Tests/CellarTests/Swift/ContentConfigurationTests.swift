import Cellar
import Testing

// Custom content configurations: a configuration of any type set on any
// cell draws through its content view, follows the cell's state, and the
// view is reused with its cell while the configurations are of one type.

/// Counts the content views made and the configurations applied to them.
final class ViewCounter {
    var made = 0
    var applied = 0
}

struct BadgeConfiguration: ContentConfiguration {
    var text = ""
    let counter: ViewCounter

    func makeContentView() -> any ContentView {
        counter.made += 1
        return BadgeView(self)
    }

    func updated(for state: any ConfigurationState) -> BadgeConfiguration {
        guard let state = state as? CellConfigurationState, state.isSelected else { return self }
        var updated = self
        updated.text = "선택됨: " + text
        return updated
    }
}

final class BadgeView: ContentView {
    var badge: BadgeConfiguration
    init(_ configuration: BadgeConfiguration) { badge = configuration }
    var configuration: ContentConfiguration {
        get { badge }
        set {
            guard let new = newValue as? BadgeConfiguration else { return }
            badge = new
            badge.counter.applied += 1
        }
    }
    func node(in context: LayoutContext) -> ViewNode { .label(Label("«\(badge.text)»")) }
}

struct PlainConfiguration: ContentConfiguration {
    var text = ""
    let counter: ViewCounter
    func makeContentView() -> any ContentView {
        counter.made += 1
        return PlainView(self)
    }
    func updated(for state: any ConfigurationState) -> PlainConfiguration { self }
}

final class PlainView: ContentView {
    var configuration: ContentConfiguration
    init(_ configuration: PlainConfiguration) { self.configuration = configuration }
    func node(in context: LayoutContext) -> ViewNode {
        .label(Label((configuration as? PlainConfiguration)?.text ?? "?"))
    }
}

/// What each row's cell is given, by row.
enum GivenContent {
    case badge(String)
    case plain(String)
    case list(String)
    case tree(String)
    case nothing
}

final class ContentRows: TableViewDataSource {
    let rows: [GivenContent]
    let identifier: String
    let counter = ViewCounter()
    init(_ rows: [GivenContent], identifier: String = "default") {
        self.rows = rows
        self.identifier = identifier
    }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        switch rows[indexPath.row] {
        case .badge(let text): cell.contentConfiguration = BadgeConfiguration(text: text, counter: counter)
        case .plain(let text): cell.contentConfiguration = PlainConfiguration(text: text, counter: counter)
        case .list(let text): cell.contentConfiguration = ListContentConfiguration(text: text)
        case .tree(let text): cell.content = .label(Label("tree \(text)"))
        case .nothing: break
        }
        return cell
    }
}

@Suite struct ContentConfigurationTests {
    func render(_ rows: ContentRows, width: Int = 20, select: [IndexPath] = []) throws -> (TableView, [String]) {
        let table = TableView()
        table.dataSource = rows
        table.width = width
        table.separatorStyle = .none
        table.allowsMultipleSelection = true
        for ip in select { try table.perform(.selectRow(ip)) }
        let text = try table.renderText()
        return (table, text.split(separator: "\n").map(String.init))
    }

    /// A one-line viewport scrolled a row at a time: each frame's row
    /// reuses the cell the row before it left, as a scroll does. The lines
    /// drawn, one per frame.
    func scrolled(_ table: TableView, rows: Int) throws -> [String] {
        table.viewportHeight = 1
        table.rowHeight = .fixed(1)
        table.separatorStyle = .none
        return try (0..<rows).map { offset in
            try table.scroll(toOffset: offset)
            var line = try table.renderText()
            if line.hasSuffix("\n") { line.removeLast() }
            return line
        }
    }

    @Test func aCustomConfigurationOnABuiltinCellDrawsItsView() throws {
        let (_, lines) = try render(ContentRows([.badge("a"), .badge("b")]))
        #expect(lines == [" «a»", " «b»"])
    }

    @Test func theConfigurationIsUpdatedForTheStateOnce() throws {
        let rows = ContentRows([.badge("a"), .badge("b")])
        let (table, lines) = try render(rows, select: [IndexPath(0, 1)])
        #expect(lines == [" «a»", "▌«선택됨: b»"])
        // In a viewport the cells stay between frames: drawn again, the kept
        // cell still shows one prefix, and keeps the configuration as set.
        table.viewportHeight = 2
        let first = try table.renderText()
        #expect(first == " «a»\n▌«선택됨: b»\n")
        #expect(try table.renderText() == first)
        let cell = try #require(table.cellForRow(at: IndexPath(0, 1)))
        #expect((cell.contentConfiguration as? BadgeConfiguration)?.text == "b")
        try table.perform(.deselectRow(IndexPath(0, 1)))
        let deselected = try table.renderText()
        #expect(deselected == " «a»\n «b»\n")
    }

    @Test func contentViewsAreReusedWhileTheTypeMatches() throws {
        let same = ContentRows([.badge("a"), .badge("b"), .badge("c"), .badge("d")])
        let table = TableView()
        table.dataSource = same
        table.width = 20
        #expect(try scrolled(table, rows: 4) == [" «a»", " «b»", " «c»", " «d»"])
        #expect(same.counter.made == 1)
        #expect(same.counter.applied == 3)
        // Another type makes a new view; coming back makes one again.
        let mixed = ContentRows([.badge("a"), .plain("b"), .badge("c"), .badge("d")])
        let mixedTable = TableView()
        mixedTable.dataSource = mixed
        mixedTable.width = 20
        #expect(try scrolled(mixedTable, rows: 4) == [" «a»", " b", " «c»", " «d»"])
        #expect(mixed.counter.made == 3)
        #expect(mixed.counter.applied == 1)
    }

    @Test func contentSetOnADequeuedCellIsDrawn() throws {
        // `content` on a cell of a built-in style takes the place of the style's
        // layout; a list configuration set on the reused cell afterwards replaces it.
        let rows = ContentRows([.tree("one"), .list("two"), .badge("three"), .tree("four"), .nothing])
        let table = TableView()
        table.dataSource = rows
        table.width = 24
        // The last row sets nothing: the reused cell keeps what it had, as UIKit's content view does.
        #expect(try scrolled(table, rows: 5) == [" tree one", " two", " «three»", " tree four", " tree four"])
    }

    @Test func aCellTheDataSourceMadeItselfDrawsWhatItWasGiven() throws {
        final class Own: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
                let cell = Cell()
                if indexPath.row == 0 {
                    var content = cell.defaultContentConfiguration()
                    content.text = "Title"
                    content.secondaryText = "detail"
                    cell.contentConfiguration = content
                } else {
                    cell.content = .label(Label("tree"))
                }
                return cell
            }
        }
        let own = Own()
        let table = TableView()
        table.dataSource = own
        table.width = 12
        let text = try table.renderText()
        #expect(text == " Title\n detail\n ───────────\n tree\n")
    }

    @Test func aClassCellWithAListConfigurationDrawsItAsUIKitsCell() throws {
        final class Bare: Cell {}
        let rows = ContentRows([.list("plain"), .nothing], identifier: "bare")
        let table = TableView()
        try table.register(Bare.self, forCellReuseIdentifier: "bare")
        table.dataSource = rows
        table.width = 12
        #expect(try scrolled(table, rows: 2) == [" plain", " plain"])
    }
}
