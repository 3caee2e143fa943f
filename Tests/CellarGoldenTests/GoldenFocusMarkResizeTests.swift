import Cellar
import Testing

@testable import CellarGolden

/// The two case features `cellar browse --record` needs so a recorded case
/// draws what the person saw: `focus_mark: true` (the table draws browse's
/// focus mark) and the `resize` step (the terminal's new size).
@Suite struct GoldenFocusMarkResizeTests {
    static let table = """
        table:
          style: plain
          separatorStyle: none
          sections:
            - header: Fruit
              rows: [{text: Apple}, {text: Banana}, {text: Cherry}]
            - header: Kale
              rows: [{text: Leek}, {text: Onion}, {text: Pea}]
        """

    func play(_ text: String) throws -> [String] {
        let scenario = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        let out = try GoldenScenario.play(scenario, registry: Registry())
        // One entry per frame, its header dropped.
        return out.components(separatedBy: "=== ").dropFirst().map {
            $0.split(separator: "\n").dropFirst().joined(separator: "\n")
        }
    }

    @Test func focusMarkDrawsTheFocusedRowAsBrowseShowsIt() throws {
        let steps = "steps:\n  - focus: [0, 1]\n  - select: [0, 1]\n  - focus: [0, 2]\n"
        let frames = try play(Self.table + "\nwidth: 20\nheight: 4\nfocus_mark: true\n" + steps)
        #expect(frames[0] == " Fruit ─────────────\n Apple\n Banana\n Cherry")
        #expect(frames[1] == " Fruit ─────────────\n Apple\n❯Banana\n Cherry")
        #expect(frames[2] == " Fruit ─────────────\n Apple\n➤Banana\n Cherry")
        #expect(frames[3] == " Fruit ─────────────\n Apple\n▌Banana\n❯Cherry")
        // Without the key the table draws no focus mark (existing goldens stay as they are).
        let plain = try play(Self.table + "\nwidth: 20\nheight: 4\n" + steps)
        #expect(plain[1] == frames[0])
        #expect(plain[3] == " Fruit ─────────────\n Apple\n▌Banana\n Cherry")
    }

    @Test func leadingSwipeButtonsKeepTheirFirstColumnFromTheMarks() throws {
        let table = """
            table:
              separatorStyle: none
              sections:
                - rows:
                    - {text: Apple, leadingSwipeActions: [{title: Read}], trailingSwipeActions: [{title: Flag}]}
            """
        let steps = """
            steps:
              - focus: [0, 0]
              - swipe: {row: [0, 0], edge: leading}
              - focus_swipe_action: {row: [0, 0], title: Read}
              - swipe: {row: [0, 0], edge: trailing}
            """
        let frames = try play(table + "\nwidth: 20\nheight: 1\nfocus_mark: true\n" + steps)
        // The focused button's bracket stays; trailing buttons leave the mark's column alone.
        #expect(frames[2] == " Read  Apple")
        #expect(frames[3] == "[Read] Apple")
        #expect(frames[4] == "❯              Flag")
        // A selected row's ▌ gives way too.
        let selected = try play(
            table.replacingOccurrences(of: "{text: Apple,", with: "{text: Apple, selected: true,")
                + "\nwidth: 20\nheight: 1\nfocus_mark: true\n" + steps)
        #expect(selected[3] == "[Read] Apple")
        #expect(selected[4] == "➤              Flag")
    }

    @Test func theFocusMarkStaysVisibleOverAStickyHeader() throws {
        // Scrolled one line in: the sticky "Fruit" header covers Apple's line.
        let frames = try play(
            Self.table + "\nwidth: 20\nheight: 3\nfocus_mark: true\nsteps:\n  - focus: [0, 0]\n  - scroll: 1\n")
        #expect(frames[2].hasPrefix("❯Fruit ─"))
    }

    @Test func resizeTakesTheNewSizeAndKeepsTheFocusInView() throws {
        let text =
            Self.table + """

                width: 20
                height: 8
                focus_mark: true
                steps:
                  - focus: [1, 2]
                  - resize: {width: 12, height: 3}
                  - resize: {width: 16, height: 8}
                """
        let scenario = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        #expect(scenario.focusMark)
        #expect(scenario.steps.map(\.title).last == "resize to width 16, height 8")
        let frames = try play(text)
        // Pea is the last of 8 lines; at 3 lines the view scrolls as little as shows it.
        #expect(frames[2] == " Kale ──────\n Onion\n❯Pea")
        // Growing again, the whole table fits: the offset comes back to the
        // top (no blank lines under the content), and the focus stays in view.
        #expect(frames[3].split(separator: "\n").count == 8)
        #expect(frames[3].hasPrefix(" Fruit ─"))
        #expect(frames[3].hasSuffix("❯Pea"))
    }

    @Test func resizeIsBoundedLikeTheCasesViewport() {
        func problem(_ step: String) -> String {
            do {
                let text = Self.table + "\nwidth: 20\nsteps:\n  - " + step + "\n"
                _ = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
                return "no error"
            } catch { return "\(error)" }
        }
        #expect(problem("resize: {width: 0, height: 3}").contains("resize's width must be at least 1"))
        #expect(problem("resize: {width: 10000, height: 100000}").contains("at most 400 lines high"))
        #expect(problem("resize: {width: 10}").contains("resize needs 'height'"))
        #expect(problem("resize: {width: 10, height: 2, depth: 1}").contains("unknown field 'depth'"))
        #expect(problem("resize").contains("needs an argument"))
        #expect(problem("resize: {width: 10, height: 2}") == "no error")
    }

    @Test func theRecorderWritesTheFocusMarkAndResizesThatParseBack() throws {
        var recorder = GoldenRecorder(tablePath: "t.yaml", width: 64, height: 11)
        recorder.record(.focusRow(IndexPath(0, 0)))
        recorder.recordResize(width: 48, height: 7)
        recorder.styleDirectories = ["my styles", "x\ny"]
        let text = recorder.caseText(casePath: "c.case.yaml")
        // The session's style directories, in a comment that stays one line.
        #expect(text.contains("\n# run with: cellar test --styles \"my styles\" --styles \"x\\ny\" CASE\n"))
        #expect(text.contains("focus_mark: true\n") && text.contains("  - resize: {width: 48, height: 7}\n"))
        let parsed = try GoldenCaseParser.parse(text, path: "c.case.yaml", name: "c")
        #expect(parsed.focusMark)
        #expect(parsed.steps.map(\.title) == ["focus [0, 0]", "resize to width 48, height 7"])
    }
}
