import Cellar
import Testing

// A loaded Lua style registered on a Swift-built table, as an app registers
// a cell class: `tableView.register(style, forCellReuseIdentifier:)`.

@Suite struct LuaStyleOnSwiftTableTests {
    final class Mailboxes: TableViewDataSource {
        let boxes: [(String, Int)] = [("Inbox", 3), ("Archive", 0)]
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { boxes.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
            let cell = try tableView.dequeueReusableCell(withIdentifier: "mailbox", for: indexPath)
            let (title, count) = boxes[indexPath.row]
            try cell.configure(with: .object(["title": .string(title), "count": .int(count)]), at: indexPath)
            return cell
        }
    }

    @Test func aLuaStyleRegisteredOnTheTableDrawsItsRows() throws {
        let styles = try luaRegistry([shippedStylesDir])
        let badge = try #require(styles.style(for: "badge"))
        let table = TableView(style: .plain)
        try table.register(badge, forCellReuseIdentifier: "mailbox")
        let boxes = Mailboxes()
        table.dataSource = boxes
        table.width = 24
        let lines = try renderLines(table)
        #expect(lines[0].hasPrefix(" Inbox") && lines[0].hasSuffix(" 3"))
        #expect(lines[2].hasPrefix(" Archive") && lines[2].hasSuffix("›"))
        // The cells are counted under the identifier the table registered, not the style's own.
        let counts = try #require(table.statistics.perIdentifier["mailbox"])
        #expect(counts.created >= 1)
        #expect(table.statistics.perIdentifier["badge"] == nil)
    }

    final class Notes: TableViewDataSource {
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
            let cell = try tableView.dequeueReusableCell(withIdentifier: "mailbox", for: indexPath)
            try cell.configure(with: .object(["title": .string("Inbox"), "count": .int(3)]), at: indexPath)
            cell.content = .label(Label("drawn by the app"))
            return cell
        }
    }

    @Test func contentTheAppSetsOnALuaCellIsDrawnInPlaceOfTheLayout() throws {
        let styles = try luaRegistry([shippedStylesDir])
        let table = TableView(style: .plain)
        try table.register(try #require(styles.style(for: "badge")), forCellReuseIdentifier: "mailbox")
        let notes = Notes()
        table.dataSource = notes
        table.width = 24
        let lines = try renderLines(table)
        // The style's accessory stays; the content is the app's.
        #expect(lines[0].hasPrefix(" drawn by the app") && lines[0].hasSuffix(" 3"))
        #expect(!lines.joined().contains("Inbox"))
    }
}
