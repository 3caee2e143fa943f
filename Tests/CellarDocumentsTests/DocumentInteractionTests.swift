import Cellar
import CellarTestSupport
import CellarText
import Testing

@testable import CellarDocuments

/// The document keys of editing, moving, the section index and selection.
@Suite struct DocumentInteractionTests {
    func table(_ yaml: String) throws -> (TableView, StreamedDataSource) {
        let ds = StreamedDataSource(document: try streamedDocument(yaml, path: "t.yaml"))
        let t = ds.makeTableView(registry: Registry())
        t.width = 24
        return (t, ds)
    }

    @Test func selectionFlagsDefaultToUIKits() throws {
        let (t, _) = try table("sections: [{rows: [{text: a}]}]")
        #expect(t.allowsSelection && !t.allowsMultipleSelection)
        #expect(!t.allowsSelectionDuringEditing && !t.allowsMultipleSelectionDuringEditing)
        let (m, _) = try table(
            "allowsMultipleSelection: true\nallowsSelectionDuringEditing: true\nsections: [{rows: [{text: a}]}]")
        #expect(m.allowsMultipleSelection && m.allowsSelectionDuringEditing)
    }

    @Test func selectableFalseRefusesATapAndKeepsTheSelection() throws {
        let (t, _) = try table(
            "sections: [{rows: [{text: a}, {text: b, selectable: false}, {text: c, selectable: true}]}]")
        try t.userSelectRow(at: IndexPath(0, 0))
        try t.userSelectRow(at: IndexPath(0, 1))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0)])
        try t.userSelectRow(at: IndexPath(0, 2))
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 2)])
        #expect(
            throws: CellarError(
                "selectable must be true or false (got 'sometimes')",
                at: SourceLocation(file: "t.yaml", line: 1, column: 42))
        ) {
            _ = try streamedDocument("sections: [{rows: [{text: a, selectable: sometimes}]}]", path: "t.yaml")
        }
    }

    @Test func badKeysAreLocated() throws {
        #expect(
            throws: CellarError(
                "movable must be true, false or withinSection (got 'sometimes')",
                at: SourceLocation(file: "t.yaml", line: 1, column: 39))
        ) {
            _ = try streamedDocument("sections: [{rows: [{text: a, movable: sometimes}]}]", path: "t.yaml")
        }
        #expect(
            throws: CellarError(
                "editingStyle: unknown value 'remove' (expected one of: none, delete, insert)",
                at: SourceLocation(file: "t.yaml", line: 1, column: 44))
        ) {
            _ = try streamedDocument("sections: [{rows: [{text: a, editingStyle: remove}]}]", path: "t.yaml")
        }
        #expect(
            throws: CellarError(
                "template must be a row (a mapping with 'cell' and its data)",
                at: SourceLocation(file: "t.yaml", line: 1, column: 40))
        ) {
            _ = try streamedDocument("sections: [{rows: [{text: a, template: New}]}]", path: "t.yaml")
        }
        #expect(
            throws: CellarError(
                "allowsSelection must be true or false (got 'yes please')",
                at: SourceLocation(file: "t.yaml", line: 1, column: 18))
        ) {
            _ = try streamedDocument("allowsSelection: yes please\nsections: []", path: "t.yaml")
        }
        #expect(
            throws: CellarError(
                "the section's indexTitle 'Q' is not in the table's indexTitles (A B)",
                at: SourceLocation(file: "t.yaml", line: 2, column: 12))
        ) {
            _ = try streamedDocument("indexTitles: [A, B]\nsections: [{indexTitle: Q, rows: []}]", path: "t.yaml")
        }
    }

    @Test func backgroundKeysAreCheckedWhereTheyAreWritten() throws {
        #expect(
            throws: CellarError(
                "background.selectedColour: unknown key 'selectedColour' — did you mean 'selectedColor'?",
                at: SourceLocation(file: "t.yaml", line: 3, column: 32))
        ) {
            _ = try streamedDocument(
                "sections:\n  - rows:\n      - {text: a, background: {selectedColour: tint}}", path: "t.yaml")
        }
        #expect(throws: CellarError.self) {
            _ = try streamedDocument("sections: [{rows: [{text: a, background: tint}]}]", path: "t.yaml")
        }
        // A good one is row-table data: set on the cell, not handed to the style.
        let (t, _) = try table("sections: [{rows: [{text: a, background: {color: warning}}, {text: b}]}]")
        t.viewportHeight = 4
        _ = try t.renderText()
        #expect(
            t.cellForRow(at: IndexPath(0, 0))?.backgroundConfiguration
                == BackgroundConfiguration(backgroundColor: .semantic(.warning)))
        #expect(t.cellForRow(at: IndexPath(0, 1))?.backgroundConfiguration == nil)
    }

    @Test func severalSelectedRowsNeedMultipleSelection() throws {
        let rows =
            "sections:\n  - rows:\n      - {text: a, selected: true}\n      - {text: b}\n      - {text: c, selected: true}\n"
        #expect(
            throws: CellarError(
                "row [0, 2] is selected, and so is row [0, 0], but the table selects one row at a time (UIKit's default): add 'allowsMultipleSelection: true' to select several",
                at: SourceLocation(file: "t.yaml", line: 5, column: 9))
        ) {
            _ = try streamedDocument(rows, path: "t.yaml")
        }
        let (t, _) = try table("allowsMultipleSelection: true\n" + rows)
        _ = try t.renderText()
        #expect(t.indexPathsForSelectedRows == [IndexPath(0, 0), IndexPath(0, 2)])
    }

    @Test func indexTitlesWithoutASectionGoToTheNearest() throws {
        let yaml = """
            indexTitles: [A, B, C, D, "#"]
            sections:
              - {indexTitle: B, rows: [{text: b}]}
              - {indexTitle: D, rows: [{text: d}]}
            """
        let (t, ds) = try table(yaml)
        let titles = try #require(ds.sectionIndexTitles(for: t))
        let sections = titles.enumerated().map { ds.tableView(t, sectionForSectionIndexTitle: $1, at: $0) }
        #expect(sections == [0, 0, 1, 1, 1])
    }

    @Test func insertWithoutTemplateOrRowSaysSo() throws {
        let (t, _) = try table("sections: [{rows: [{text: Add, editingStyle: insert}]}]")
        t.setEditing(true)
        #expect(
            throws: CellarError(
                "row [0, 0] has no 'template' row for its ⊕ to insert, and none was given",
                at: SourceLocation(file: "t.yaml", line: 1, column: 20))
        ) {
            try t.perform(.tapInsertControl(IndexPath(0, 0), row: nil))
        }
        try t.perform(.tapInsertControl(IndexPath(0, 0), row: .object(["text": .string("typed")])))
        let shown = lines(try t.renderText()).map { $0.trimmingCharacters() }
        #expect(shown == ["⊖ typed              ≡", "─", "⊕ Add                ≡"])
    }

    @Test func withinSectionRowsStayInTheirSection() throws {
        let yaml = """
            sections:
              - rows: [{text: a, movable: withinSection}, {text: b}, {text: c}]
              - rows: [{text: d}]
            """
        let (t, ds) = try table(yaml)
        #expect(
            ds.tableView(t, targetIndexPathForMoveFromRowAt: IndexPath(0, 0), toProposedIndexPath: IndexPath(1, 0))
                == IndexPath(0, 2))
        #expect(
            ds.tableView(t, targetIndexPathForMoveFromRowAt: IndexPath(0, 1), toProposedIndexPath: IndexPath(1, 0))
                == IndexPath(1, 0))
        #expect(
            ds.tableView(t, targetIndexPathForMoveFromRowAt: IndexPath(0, 0), toProposedIndexPath: IndexPath(0, 1))
                == IndexPath(0, 1))
    }

    @Test func rowKeysAreNotRowData() throws {
        let (_, ds) = try table(
            "sections: [{rows: [{text: a, editable: false, movable: false, selectionStyle: none, deselectAfterSelect: true, editingStyle: none, template: {text: t}}]}]"
        )
        #expect(ds.rowValue(at: IndexPath(0, 0)) == .object(["text": .string("a")]))
    }
}

extension String {
    /// Leading marker column and trailing spaces dropped; separators shortened to one "─".
    fileprivate func trimmingCharacters() -> String {
        var s = Substring(self).drop { $0 == " " }
        while s.hasSuffix(" ") { s.removeLast() }
        return s.allSatisfy({ $0 == "─" }) && !s.isEmpty ? "─" : String(s)
    }
}
