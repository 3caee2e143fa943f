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

    /// An error the status line would cut opens an overlay with all of it,
    /// wrapped; the status line keeps its first line; any key closes the
    /// overlay and does nothing else.
    @Test func anErrorTooLongForTheStatusLineOpensAnOverlayClosedByAnyKey() {
        let s = session()
        let screen = BrowseScreen(fileName: "t.yaml", useColor: false)
        let error = "styles/boom.lua:3: unexpected symbol near ','\nstack traceback: [C]: in ?"
        s.report(CellarError(error), note: "showing the last good version")
        let shown = text(screen.frame(s, width: 30, height: 8))
        #expect(s.showsError)
        #expect(shown[0] == " " + BrowseScreen.errorTitle.prefix(29))
        let words = shown.dropFirst().dropLast().joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("styles/boom.lua:3: unexpected symbol near ','"))
        #expect(words.contains("traceback: [C]: in ? (showing the last good version)"))
        #expect(s.message == "styles/boom.lua:3: unexpected symbol near ','")
        #expect(shown.last?.hasPrefix(" t.yaml  row 1/30  browse  st") == true)
        s.handle(.character("j"))
        #expect(!s.showsError && s.focus == IndexPath(0, 0))
        #expect(text(screen.frame(s, width: 30, height: 8))[0] == "❯row 0")
        // The same error again (a render failing at every frame) does not reopen it.
        s.report(CellarError(error), note: "showing the last good version")
        _ = screen.frame(s, width: 30, height: 8)
        #expect(!s.showsError)
        // After a good reload, a save that brings it back shows it again.
        s.reloaded("reloaded styles/boom.lua")
        s.report(CellarError(error), note: "showing the last good version")
        _ = screen.frame(s, width: 30, height: 8)
        #expect(s.showsError)
    }

    @Test func anErrorThatFitsTheStatusLineOpensNoOverlay() {
        let s = session()
        let screen = BrowseScreen(fileName: "t.yaml", useColor: false)
        s.report(CellarError("a.lua:1: no"))
        let shown = text(screen.frame(s, width: 40, height: 6))
        #expect(!s.showsError && s.errorDetail == nil)
        #expect(shown[0] == "❯row 0" && shown.last?.hasSuffix("browse  a.lua:1: no") == true)
        // An error naming no place stays in the status line, however long.
        s.report(CellarError("row 3 has no leading swipe actions (neither the delegate nor the style gives any)"))
        _ = screen.frame(s, width: 40, height: 6)
        #expect(!s.showsError && s.errorDetail == nil)
    }

    @Test func anErrorIsLocatedWhenItStartsWithFileAndLine() {
        #expect(BrowseSession.isLocated("Styles/a.lua:3: boom"))
        #expect(BrowseSession.isLocated("t.yaml:4:7: bad key"))
        #expect(!BrowseSession.isLocated("row [0, 3]: has no leading swipe actions"))
        #expect(!BrowseSession.isLocated("no place here"))
    }

    @Test func theOverlayHoldsAtMostAKilobyteOfTheError() {
        let long = String(repeating: "é", count: 2000)
        let bounded = BrowseSession.bounded(long)
        #expect(bounded.hasPrefix(String(repeating: "é", count: 512)))
        #expect(bounded.hasSuffix("… (cut at 1024 bytes)"))
        #expect(bounded.utf8.count <= BrowseSession.errorDetailLimit + 32)
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
