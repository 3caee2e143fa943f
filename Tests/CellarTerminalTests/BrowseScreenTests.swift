import Cellar
import CellarTestSupport
import Testing

@testable import CellarTerminal

@Suite struct BrowseScreenTests {
    private func session() -> BrowseSession {
        let source = ArrayDataSource([(0..<30).map { .object(["text": .string("row \($0)")]) }])
        let table = TableView(registry: Registry())
        table.retainedDataSource = source
        table.dataSource = source
        table.delegate = source
        table.separatorStyle = .none
        let s = BrowseSession(table: table)
        s.resize(width: 30, height: 5)
        s.focus(s.firstRow)
        return s
    }

    private func text(_ frame: Frame) -> [String] { frame.lines.map { String(decoding: $0, as: UTF8.self) } }

    @Test func theFocusMarkOnScreenIsTheTablesOwn() throws {
        let s = session()
        let screen = BrowseScreen(fileName: "t.yaml", useColor: false)
        let shown = text(screen.frame(s, width: 30, height: 6))
        #expect(shown.first == "❯row 0")
        // What a golden case with focus_mark draws: the screen less its status line.
        let rendered = try s.table.renderText().split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(Array(shown.dropLast()) == Array(rendered.prefix(5)))
    }

    @Test func theHelpOverlayShowsTheWholeLastMessageEvenInAShortTerminal() {
        let s = session()
        let error = "styles/boom.lua:3: unexpected symbol near ',' while loading the style boom from styles/boom.lua"
        s.message = error
        s.handle(.character("?"))
        let screen = BrowseScreen(fileName: "t.yaml", useColor: false)
        let shown = text(screen.frame(s, width: 30, height: 6))
        #expect(shown[0] == " last message:")
        // The message wrapped over the overlay's lines, every word of it there.
        let words = shown.dropFirst().dropLast().joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains(error))
    }
}

extension BrowseScreenTests {
    @Test func theStatusLineAndTheOverlayShowALongMessageBounded() {
        let s = session()
        s.message = "boom.lua:3: " + String(repeating: "E", count: 100_000)
        s.handle(.character("?"))
        let screen = BrowseScreen(fileName: "t.yaml", useColor: false)
        let shown = text(screen.frame(s, width: 80, height: 40)).joined(separator: "\n")
        #expect(shown.contains("(100012 bytes)"))
        #expect(shown.filter { $0 == "E" }.count < 1100)
    }
}
