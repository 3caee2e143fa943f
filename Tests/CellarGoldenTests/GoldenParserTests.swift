import CellarDocuments
import CellarTestSupport
import Testing

@testable import Cellar
@testable import CellarGolden

@Suite struct GoldenParserTests {
    static let full = """
        description: every step kind
        style: value1
        table: ../tables/foods.yaml
        width: 40
        height: 6
        offset: 2
        stats: true
        steps:
          - render
          - select: [0, 1]
          - deselect: [0, 1]
          - highlight: [0, 2]
          - unhighlight: [0, 2]
          - tap_accessory: [1, 0]
          - set_state: {at: [0, 3], state: {favourite: true, count: 3, note: later}}
          - begin_editing
          - delete: [[0, 1], [0, 2]]
          - insert: {at: [0, 0], row: {cell: default, text: New}}
          - move: {from: [0, 1], to: [0, 4]}
          - end_editing
          - scroll: 10
          - scroll: {row: [0, 20]}
          - scroll: {offset: 3}
          - reload
        """

    @Test func parsesEveryFieldAndStepKind() throws {
        let c = try GoldenCaseParser.parse(Self.full, path: "Styles/x/cases/all.case.yaml", name: "x/cases/all")
        #expect(c.style?.value == "value1")
        #expect(c.style?.location == SourceLocation(file: "Styles/x/cases/all.case.yaml", line: 2, column: 8))
        #expect(c.width == 40 && c.height == 6 && c.offset == 2 && c.stats)
        guard case .file(let path, _) = c.table else {
            Issue.record("expected a table path")
            return
        }
        #expect(path == "Styles/x/tables/foods.yaml")
        #expect(c.goldenPath == "Styles/x/cases/all.golden")
        #expect(
            c.steps.map(\.title) == [
                "render", "select [0, 1]", "deselect [0, 1]", "highlight [0, 2]", "unhighlight [0, 2]",
                "tap_accessory [1, 0]", "set_state [0, 3] favourite=true count=3 note=later", "begin_editing",
                "delete [0, 1] [0, 2]", "insert [0, 0]", "move [0, 1] to [0, 4]", "end_editing",
                "scroll to offset 10", "scroll to row [0, 20]", "scroll to offset 3", "reload",
            ])
        // Values are read as table documents read them.
        if case .user(.setCustomStates(_, let pairs)) = c.steps[6].action {
            #expect(pairs.map(\.value) == [.bool(true), .int(3), .string("later")])
        } else {
            Issue.record("expected set_state")
        }
        if case .insert(let rows) = c.steps[9].action {
            #expect(rows.first?.row == .object(["cell": .string("default"), "text": .string("New")]))
        } else {
            Issue.record("expected insert")
        }
        #expect(c.steps[1].location.line == 10 && c.steps[1].location.column == 5)
    }

    @Test func parsesTheUserActionsOfEditingMovingAndTheIndex() throws {
        let text = """
            table: t.yaml
            width: 30
            steps:
              - tap_delete_control: [0, 1]
              - confirm_delete: [0, 1]
              - tap_insert_control: [0, 2]
              - tap_insert_control: {at: [0, 2], row: {cell: default, text: Typed}}
              - reorder: {from: [0, 0], to: [1, 0]}
              - tap_index_title: "#"
            """
        let c = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        #expect(
            c.steps.map(\.title) == [
                "tap_delete_control [0, 1]", "confirm_delete [0, 1]", "tap_insert_control [0, 2]",
                "tap_insert_control [0, 2]", "reorder [0, 0] to [1, 0]", "tap_index_title #",
            ])
        if case .user(.tapInsertControl(_, let row?)) = c.steps[3].action {
            #expect(row == .object(["cell": .string("default"), "text": .string("Typed")]))
        } else {
            Issue.record("expected tap_insert_control with a row")
        }
        #expect(
            throws: CellarError(
                "unknown field 'too' — did you mean 'to'?",
                at: SourceLocation(file: "c.case.yaml", line: 1, column: 60))
        ) {
            _ = try GoldenCaseParser.parse(
                "{table: t.yaml, width: 3, steps: [{reorder: {from: [0, 0], too: [0, 1]}}]}",
                path: "c.case.yaml", name: "c")
        }
    }

    @Test func inlineTableKeepsTheCaseFilesPositions() throws {
        let text = """
            width: 30
            table:
              style: plain
              sections:
                - rows:
                    - {cell: default, text: "한국어"}
            steps: [render]
            """
        let c = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        guard case .inline(let inline, let location) = c.table else {
            Issue.record("expected inline")
            return
        }
        #expect(location.line == 3 && location.column == 3)
        // Only the table survives, at its own lines and columns.
        let lines = inline.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7)
        #expect(lines[0].allSatisfy { $0 == " " } && lines[6].allSatisfy { $0 == " " })
        #expect(lines[3] == "  sections:")
        let root = try #require(try YAMLNode.compose(inline, path: "c.case.yaml"))
        #expect(root["sections"]?.mark.line == 5)  // the value: "- rows" at 5:5
        #expect(root["sections"]?.mark.column == 5)
        #expect(root["style"]?.string == "plain")
    }

    @Test func errorsInAnInlineTableAreLocatedInTheCaseFile() throws {
        let text = "width: 30\nsteps: [render]\ntable:\n  sections:\n    - heder: Fruits\n      rows: []\n"
        let c = try GoldenCaseParser.parse(text, path: "i.case.yaml", name: "i")
        guard case .inline(let inline, _) = c.table else {
            Issue.record("expected inline")
            return
        }
        do {
            _ = try streamedDocument(inline, path: "i.case.yaml")
            Issue.record("expected an error")
        } catch let e as CellarError {
            #expect(e.location == SourceLocation(file: "i.case.yaml", line: 5, column: 7))
            #expect(e.message.contains("did you mean 'header'?"), "\(e)")
        }
    }

    @Test func flowStyleCaseWithInlineTable() throws {
        let c = try GoldenCaseParser.parse("{table: {sections: []}, width: 10}", path: "f.case.yaml", name: "f")
        guard case .inline(let inline, _) = c.table else {
            Issue.record("expected inline")
            return
        }
        let root = try #require(try YAMLNode.compose(inline, path: "f.case.yaml"))
        #expect(root["sections"] != nil)
    }

    static let badCases: [(text: String, location: String, message: String)] = [
        ("table: t.yaml\nwidht: 40\n", "b.case.yaml:2:1", "unknown key 'widht' — did you mean 'width'?"),
        ("table: t.yaml\n", "b.case.yaml:1:1", "the case has no 'width'"),
        ("width: 0\ntable: t.yaml\n", "b.case.yaml:1:8", "width must be at least 1"),
        ("width: 4\ntable: t.yaml\nsteps:\n  - select: [0]\n", "b.case.yaml:4:13", "index path [section, row]"),
        ("width: 4\ntable: t.yaml\nsteps:\n  - select: [0, -1]\n", "b.case.yaml:4:17", "row must be at least 0"),
        ("width: 4\ntable: t.yaml\nsteps:\n  - selct: [0, 1]\n", "b.case.yaml:4:5", "did you mean 'select'?"),
        ("width: 4\ntable: t.yaml\nsteps:\n  - select\n", "b.case.yaml:4:5", "needs an argument"),
        (
            "width: 4\ntable: t.yaml\nsteps:\n  - scroll: {offset: 1, row: [0, 1]}\n", "b.case.yaml:4:13",
            "one of 'offset' or 'row'"
        ),
        ("width: 4\ntable: t.yaml\nsteps:\n  - move: {from: [0, 1]}\n", "b.case.yaml:4:11", "move needs 'to'"),
        ("width: 4\ntable: [1]\n", "b.case.yaml:2:8", "table must be a document path or an inline document"),
        ("width: 4\ntable: t.yaml\nsteps: [\n", "b.case.yaml:3:8", "malformed YAML"),
        ("width: 4\nwidth: 5\ntable: t.yaml\n", "b.case.yaml:", "duplicate key 'width'"),
    ]

    @Test(arguments: 0..<badCases.count)
    func badInputIsOneLocatedMessage(_ i: Int) {
        let bad = Self.badCases[i]
        do {
            _ = try GoldenCaseParser.parse(bad.text, path: "b.case.yaml", name: "b")
            Issue.record("expected an error for case \(i)")
        } catch let e as CellarError {
            #expect(e.description.hasPrefix(bad.location), "\(e.description)")
            #expect(e.message.contains(bad.message), "\(e.description)")
            #expect(!e.description.contains("\n"))
        } catch {
            Issue.record("not a CellarError: \(error)")
        }
    }
}
