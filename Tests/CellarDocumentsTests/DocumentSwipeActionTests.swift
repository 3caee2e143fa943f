import Cellar
import CellarTestSupport
import Testing

@testable import CellarDocuments

/// The row keys `leadingSwipeActions` and `trailingSwipeActions`.
@Suite struct DocumentSwipeActionTests {
    static let document = """
        separatorStyle: none
        sections:
          - rows:
              - text: mail
                trailingSwipeActions: [{title: Delete, style: destructive}, {title: Flag, color: orange}]
                leadingSwipeActions: [{title: Read, color: blue}]
              - {text: plain}
              - {text: fixed, editable: false}
        """

    func table() throws -> (TableView, StreamedDataSource) {
        let ds = StreamedDataSource(document: try streamedDocument(Self.document, path: "t.yaml"))
        let t = ds.makeTableView(registry: Registry())
        t.width = 24
        t.viewportHeight = 3
        return (t, ds)
    }

    @Test func theKeysGiveTheRowsActions() throws {
        let (t, _) = try table()
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        #expect(t.swipeActionTitles == ["Delete", "Flag"])
        #expect(lines(try t.renderText())[0].hasSuffix(" Flag  Delete"))
        try t.perform(.swipe(IndexPath(0, 0), edge: .leading, full: false))
        #expect(t.swipeActionTitles == ["Read"])
        // A row without the key: UIKit's Delete; one that cannot be edited: none.
        try t.perform(.swipe(IndexPath(0, 1), edge: .trailing, full: false))
        #expect(t.swipeActionTitles == ["Delete"])
        #expect(throws: CellarError.self) { try t.perform(.swipe(IndexPath(0, 2), edge: .trailing, full: false)) }
    }

    @Test func aNormalActionIsRecordedAsTheRowsStateAndDeleteRemovesTheRow() throws {
        let (t, _) = try table()
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: false))
        try t.perform(.tapSwipeAction(IndexPath(0, 0), title: "Flag"))
        _ = try t.renderText()
        #expect(t.cellForRow(at: IndexPath(0, 0))?.state.custom == ["swipeAction": .string("Flag")])
        try t.perform(.swipe(IndexPath(0, 0), edge: .trailing, full: true))
        #expect(t.numberOfRows(inSection: 0) == 2)
        #expect(lines(try t.renderText()).prefix(2) == [" plain", " fixed"])
    }

    @Test func badActionsAreLocated() throws {
        func error(_ actions: String) -> CellarError? {
            do {
                _ = try streamedDocument(
                    "sections: [{rows: [{text: a, trailingSwipeActions: \(actions)}]}]", path: "t.yaml")
            } catch let e as CellarError { return e } catch { return nil }
            return nil
        }
        #expect(
            error("[{title: Flag}, {title: X, style: destrutive}]")
                == CellarError(
                    "trailingSwipeActions[1].style: unknown value 'destrutive' — did you mean 'destructive'?",
                    at: SourceLocation(file: "t.yaml", line: 1, column: 86)))
        #expect(
            error("[{title: Flag, color: orang}]")
                == CellarError(
                    "trailingSwipeActions[0].color: unknown colour 'orang' — did you mean 'orange'?",
                    at: SourceLocation(file: "t.yaml", line: 1, column: 74)))
        #expect(
            error("Flag")?.message
                == "trailingSwipeActions: must be a list of actions, e.g. [{title: Flag, color: orange}]")
        #expect(
            error("[{style: normal}]")?.message
                == "trailingSwipeActions[0].title: an action needs a title (a text, not empty)")
    }
}
