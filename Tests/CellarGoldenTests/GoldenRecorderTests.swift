import Cellar
import Testing

@testable import CellarGolden

@Suite struct GoldenRecorderTests {
    @Test func recordedStepsParseBackToTheSameActions() throws {
        let actions: [TableAction] = [
            .focusRow(IndexPath(0, 0)), .selectRow(IndexPath(0, 1)), .deselectRow(IndexPath(0, 1)),
            .tapAccessory(IndexPath(1, 0)), .setEditing(true), .tapDeleteControl(IndexPath(0, 2)),
            .confirmDelete(IndexPath(0, 2)), .tapInsertControl(IndexPath(0, 3), row: .object(["text": .string("new")])),
            .reorder(from: IndexPath(0, 0), to: IndexPath(1, 2)), .tapIndexTitle("K\"\\\u{1B}"), .scrollToOffset(12),
            .scrollToRow(IndexPath(2, 0)), .setEditing(false), .reloadData,
        ]
        var recorder = GoldenRecorder(tablePath: "tables/t.yaml", width: 40, height: 9)
        for action in actions { recorder.record(action) }
        let text = recorder.caseText(casePath: "cases/s.case.yaml")
        #expect(text.contains("table: \"../tables/t.yaml\""))
        let parsed = try GoldenCaseParser.parse(text, path: "cases/s.case.yaml", name: "s")
        #expect(parsed.width == 40 && parsed.height == 9)
        #expect(parsed.steps.map(\.title) == actions.map(GoldenStep.title))
        guard case .user(.tapInsertControl(_, let row)) = parsed.steps[7].action else {
            Issue.record("step 7 is not tap_insert_control")
            return
        }
        #expect(row == .object(["text": .string("new")]))
        guard case .user(.tapIndexTitle(let title)) = parsed.steps[9].action else {
            Issue.record("step 9 is not tap_index_title")
            return
        }
        #expect(title == "K\"\\\u{1B}")
    }
}
