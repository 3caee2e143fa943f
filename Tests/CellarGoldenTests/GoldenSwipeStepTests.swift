import Cellar
import CellarTestSupport
import Testing

@testable import CellarGolden

/// The golden steps of swipe actions: parsed into TableActions, written back
/// by the recorder, and failing a case with a clear message when the row
/// has no such action.
@Suite struct GoldenSwipeStepTests {
    @Test func parsesTheSwipeSteps() throws {
        let text = """
            table: t.yaml
            width: 30
            steps:
              - swipe: {row: [0, 1], edge: trailing}
              - swipe: {row: [0, 1], edge: leading, full: true}
              - focus_swipe_action: {row: [0, 1], title: Flag}
              - tap_swipe_action: {row: [0, 1], title: "Flag ✨"}
              - end_swipe
            """
        let c = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        #expect(
            c.steps.map(\.title) == [
                "swipe [0, 1] trailing", "swipe [0, 1] leading full", "focus_swipe_action [0, 1] Flag",
                "tap_swipe_action [0, 1] Flag ✨", "end_swipe",
            ])
        guard case .user(.swipe(IndexPath(0, 1), .leading, true)) = c.steps[1].action else {
            Issue.record("step 1 is not a full leading swipe")
            return
        }
    }

    static let badSteps: [(step: String, location: String, message: String)] = [
        ("swipe: {row: [0, 1], edge: left}", "b.case.yaml:4:32", "unknown edge 'left'"),
        ("swipe: {row: [0, 1]}", "b.case.yaml:4:12", "swipe needs 'edge'"),
        ("swipe: {row: [0, 1], edge: leading, full: yes please}", "b.case.yaml:4:", "full"),
        ("tap_swipe_action: {row: [0, 1]}", "b.case.yaml:4:23", "tap_swipe_action needs 'title'"),
        ("tap_swipe_action: {row: [0, 1], title: X, edge: leading}", "b.case.yaml:4:", "unknown field 'edge'"),
        ("end_swipe: [0, 1]", "b.case.yaml:4:5", "takes no argument"),
    ]

    @Test(arguments: 0..<badSteps.count)
    func badStepsAreOneLocatedMessage(_ i: Int) {
        let bad = Self.badSteps[i]
        do {
            _ = try GoldenCaseParser.parse(
                "width: 4\ntable: t.yaml\nsteps:\n  - \(bad.step)\n", path: "b.case.yaml", name: "b")
            Issue.record("expected an error for \(bad.step)")
        } catch let e as CellarError {
            #expect(e.description.hasPrefix(bad.location), "\(e.description)")
            #expect(e.message.contains(bad.message), "\(e.description)")
        } catch {
            Issue.record("not a CellarError: \(error)")
        }
    }

    @Test func recordedSwipeStepsParseBackToTheSameActions() throws {
        let actions: [TableAction] = [
            .swipe(IndexPath(0, 1), edge: .trailing, full: false), .swipe(IndexPath(0, 2), edge: .leading, full: true),
            .focusSwipeAction(IndexPath(0, 2), title: "Read \"it\""), .tapSwipeAction(IndexPath(0, 2), title: "Flag"),
            .endSwipe,
        ]
        var recorder = GoldenRecorder(tablePath: "t.yaml", width: 40, height: 9)
        for action in actions { recorder.record(action) }
        #expect(recorder.steps[0] == "swipe: {row: [0, 1], edge: trailing}")
        #expect(recorder.steps[1] == "swipe: {row: [0, 2], edge: leading, full: true}")
        let parsed = try GoldenCaseParser.parse(
            recorder.caseText(casePath: "s.case.yaml"), path: "s.case.yaml", name: "s")
        #expect(parsed.steps.map(\.title) == actions.map(GoldenStep.title))
    }

    @Test func aSwipeTheRowCannotDoFailsTheCase() throws {
        let dir = try ScratchDirectory()
        let table =
            "width: 20\ntable:\n  sections:\n    - rows:\n        - {text: A, editable: false}\n        - {text: B}\n"
        try dir.write("noactions.case.yaml", table + "steps:\n  - swipe: {row: [0, 0], edge: trailing}\n")
        try dir.write(
            "notshown.case.yaml",
            table
                + "steps:\n  - swipe: {row: [0, 1], edge: trailing}\n  - tap_swipe_action: {row: [0, 1], title: Flag}\n"
        )
        let runner = GoldenRunner(
            options: .init(update: true, filter: nil, isCI: false, terminalWidth: 120, workers: 1),
            makeRegistry: { Registry() })
        let summary = try runner.run(paths: [dir.path])
        #expect(summary.closingLine == "0 passed, 2 failed")
        let reports = Dictionary(uniqueKeysWithValues: summary.results.map { ($0.name, $0.report) })
        let p = dir.path
        #expect(
            reports["noactions"]?.contains(
                "\(p)/noactions.case.yaml:8:5: swipe [0, 0] trailing: row [0, 0] has no trailing swipe actions") == true
        )
        #expect(
            reports["notshown"]?.contains(
                "\(p)/notshown.case.yaml:9:5: tap_swipe_action [0, 1] Flag: row [0, 1] shows no swipe action 'Flag' (it shows: 'Delete')"
            )
                == true)
    }
}
