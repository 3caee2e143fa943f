import Cellar
import CellarText
import Foundation
import Testing

@testable import CellarLua

/// The `background(config, state)` hook and `cell.alpha`.
@Suite struct LuaBackgroundTests {
    static let style = """
        return {
          identifier = "mail",
          configure = function(cell, row)
            cell.title = row.title
            cell.flagged = row.flagged
            if row.read then cell.alpha = 0.5 end
          end,
          prepare_for_reuse = function(cell) cell.alpha = 1 end,
          background = function(config, state)
            if state.reordering then return {color = "tint"} end
            if state.focused then return {color = "#102030"} end
            if config.flagged then return {color = "warning", selected_color = 5} end
            return nil
          end,
          layout = function(config) return ui.label(config.title) end,
        }
        """

    func table(_ source: String, rows: String, height: Int? = 6) throws -> TableView {
        let dir = try styleDirectory(["mail.lua": source])
        let registry = try luaRegistry([dir.styles])
        return try luaTable("sections: [{rows: [\(rows)]}]", registry, width: 12, height: height)
    }

    @Test func theHookSeesConfigAndStateAndItsAnswerIsTheCellsBackground() throws {
        let t = try table(Self.style, rows: "{cell: mail, title: a, flagged: true}, {cell: mail, title: b}")
        _ = try t.renderText()
        let flagged = t.cellForRow(at: IndexPath(0, 0))?.backgroundConfiguration
        #expect(
            flagged
                == BackgroundConfiguration(backgroundColor: .semantic(.warning), selectedBackgroundColor: .palette(5)))
        #expect(t.cellForRow(at: IndexPath(0, 1))?.backgroundConfiguration == nil)
        try t.perform(.focusRow(IndexPath(0, 1)))
        _ = try t.renderText()
        #expect(t.cellForRow(at: IndexPath(0, 1))?.backgroundConfiguration?.backgroundColor == .rgb(0x10, 0x20, 0x30))
        t.setEditing(true)
        try t.perform(.beginReorder(IndexPath(0, 0)))
        _ = try t.renderText()
        #expect(t.cellForRow(at: IndexPath(0, 0))?.backgroundConfiguration?.backgroundColor == .semantic(.tint))
    }

    @Test func aBadAnswerIsLocatedInTheHook() throws {
        let bad = Self.style.replacingOccurrences(of: "selected_color = 5", with: "selected_colour = 5")
        let t = try table(bad, rows: "{cell: mail, title: a, flagged: true}")
        let e = cellarError { _ = try t.renderText() }
        #expect(
            e?.message.contains("background: background.selected_colour: unknown key") == true,
            "\(String(describing: e))")
        #expect(e?.message.contains("did you mean 'selected_color'") == true)
        #expect(e?.location?.line == 9)
    }

    @Test func alphaDimsTheRowAndPrepareForReuseResetsIt() throws {
        // Two rows in view at a time (three lines): the read rows' cells show the unread rows after the scroll.
        let rows =
            "{cell: mail, title: r1, read: true}, {cell: mail, title: r2, read: true}, "
            + "{cell: mail, title: u1}, {cell: mail, title: u2}"
        func dimmedAfterScroll(reset: Bool) throws -> [Bool] {
            let source =
                reset
                ? Self.style
                : Self.style.replacingOccurrences(of: "function(cell) cell.alpha = 1 end", with: "function(cell) end")
            let t = try table(source, rows: rows, height: 3)
            _ = try t.renderText()
            #expect(t.cellForRow(at: IndexPath(0, 0))?.alpha == 0.5)
            try t.perform(.scrollToOffset(5))
            #expect(capture0(t) == ["u1", "u2"])
            let capture = CapturingWriter()
            try t.render(to: capture)
            // Lines 0 and 2 are the unread rows' titles.
            return [0, 2].map { capture.lines[$0][1].style.attributes.contains(.dim) }
        }
        #expect(try dimmedAfterScroll(reset: true) == [false, false])
        // Without the reset the cells keep alpha from the rows they showed, as in UIKit.
        #expect(try dimmedAfterScroll(reset: false) == [true, true])
    }

    /// The titles a viewport shows on its lines 0 and 2.
    func capture0(_ t: TableView) -> [String] {
        let lines = (try? renderLines(t)) ?? []
        return [0, 2].map { lines.indices.contains($0) ? lines[$0].trimmingCharacters(in: .whitespaces) : "" }
    }

    @Test func alphaOutOfRangeIsAnError() throws {
        let bad = Self.style.replacingOccurrences(of: "cell.alpha = 0.5", with: "cell.alpha = 2")
        let t = try table(bad, rows: "{cell: mail, title: a, read: true}")
        let e = cellarError { _ = try t.renderText() }
        #expect(
            e?.message.contains("cell.alpha must be a number from 0 to 1, got 2") == true, "\(String(describing: e))")
    }
}
