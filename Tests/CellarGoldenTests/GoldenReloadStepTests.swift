import Cellar
import Testing

@testable import CellarGolden

/// `reload: {table: TEXT, then: [...]}`: a document saved under `browse
/// --record`, written back with the text the session started from, read
/// back exactly, and played with the new rows in one frame.
@Suite struct GoldenReloadStepTests {
    static let start = """
        sections:
          - rows:
              - {text: Apple}
              - {text: Banana}
              - {text: Cherry}

        """
    static let saved = """
        sections:
          - rows:
              - {text: Avocado}
              - {text: Apple}
              - {text: Banana}
              - {text: Cherry}

        """

    func recorded(start: String = start, saved: String = saved) -> GoldenRecorder {
        var recorder = GoldenRecorder(tablePath: "t.yaml", width: 20, height: 8)
        recorder.startText = start
        recorder.record(.focusRow(IndexPath(0, 1)))
        recorder.record(.selectRow(IndexPath(0, 1)))
        recorder.recordReload(text: saved, then: [.selectRow(IndexPath(0, 2)), .focusRow(IndexPath(0, 2))])
        recorder.record(.focusRow(IndexPath(0, 3)))
        return recorder
    }

    @Test func theCaseHoldsTheStartTextAndReadsBackStepForStep() throws {
        let recorder = recorded()
        let text = recorder.caseText(casePath: "s.case.yaml")
        #expect(text.contains("table: |2\n  sections:\n"), "\(text)")
        #expect(text.contains("  - reload:\n      table: |2\n        sections:\n"), "\(text)")
        #expect(text.contains("      then:\n        - select: [0, 2]\n        - focus: [0, 2]\n"), "\(text)")
        #expect(try GoldenRecorder.readBack(text, casePath: "s.case.yaml") == recorder.steps.map(Optional.some))
    }

    @Test func textsABlockCannotHoldAreQuotedAndStillReadBack() throws {
        for saved in [
            "rows: [{text: a}]", "rows:\n  - {text: \"tab\tand trailing \"}  \n", "rows: []\n\n\n",
            "rows:\n  \n  - {text: a}\n", "rows: [{text: \"\u{7}\"}]\n",
        ] {
            let recorder = recorded(saved: saved)
            let text = recorder.caseText(casePath: "s.case.yaml")
            #expect(
                try GoldenRecorder.readBack(text, casePath: "s.case.yaml") == recorder.steps.map(Optional.some),
                "\(text)")
        }
    }

    @Test func theReloadStepPlaysTheNewRowsInOneFrame() throws {
        let text = recorded().caseText(casePath: "s.case.yaml")
        let scenario = try GoldenCaseParser.parse(text, path: "s.case.yaml", name: "s")
        let golden = try GoldenScenario.play(scenario, registry: Registry())
        let frames = golden.components(separatedBy: "=== ").dropFirst().map { String($0) }
        #expect(frames.count == 5)
        // Banana was selected; after the save it is row 2 and still selected and focused (➤).
        #expect(frames[3].hasPrefix("3: reload the table"))
        #expect(frames[3].contains("Avocado") && frames[3].contains("➤Banana"), "\(frames[3])")
        #expect(frames[4].contains("❯Cherry"), "\(frames[4])")
        #expect(!frames[2].contains("Avocado"))
    }

    /// An error in a document given as text names the text (its lines
    /// are its own), after the step that holds it.
    @Test func anErrorInAReloadsTableNamesTheText() throws {
        let text = recorded(saved: "sections:\n  - rows:\n      - {txet: a}\n").caseText(casePath: "s.case.yaml")
        let scenario = try GoldenCaseParser.parse(text, path: "s.case.yaml", name: "s")
        do {
            _ = try GoldenScenario.play(scenario, registry: Registry())
            Issue.record("a bad document played")
        } catch let e as CellarError {
            #expect(e.location?.line == 14, "\(e)")
            #expect(e.description.contains("reload the table: s.case.yaml (reload's table):3:"), "\(e)")
        }
    }

    @Test func aBadReloadIsLocated() throws {
        let bad = "table: t.yaml\nwidth: 20\nsteps:\n  - reload: {tabel: x}\n"
        #expect(throws: CellarError.self) { try GoldenCaseParser.parse(bad, path: "s.case.yaml", name: "s") }
        do { _ = try GoldenCaseParser.parse(bad, path: "s.case.yaml", name: "s") } catch let e as CellarError {
            #expect(e.message.contains("did you mean 'table'"), "\(e)")
            #expect(e.location?.line == 4)
        }
        let then = "table: t.yaml\nwidth: 20\nsteps:\n  - reload: {table: \"rows: []\", then: [delete: [[0, 0]]]}\n"
        do { _ = try GoldenCaseParser.parse(then, path: "s.case.yaml", name: "s") } catch let e as CellarError {
            #expect(e.message.contains("a user's actions only"), "\(e)")
        }
    }
}
