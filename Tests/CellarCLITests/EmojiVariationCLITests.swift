import CellarTestSupport
import Foundation
import Testing

/// `CELLAR_EMOJI_VS16=narrow` makes `render` count ✈️ (U+2708 U+FE0F) one
/// column, as tmux before 3.4 draws it, so the accessory stays at the
/// trailing edge there; golden cases never follow it.
@Suite struct EmojiVariationCLITests {
    static let table = "sections:\n  - rows:\n      - {text: \"✈️ Airplane\", accessory: checkmark}\n"

    @Test func narrowVS16PadsTheRowByOneColumn() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        let wide = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path)
        let narrow = try CellarCLI.run(
            ["render", "t.yaml", "--width", "20"], in: dir.path, environment: ["CELLAR_EMOJI_VS16": "narrow"])
        #expect(wide.status == 0 && narrow.status == 0)
        let first = { (run: CellarCLI.Run) in run.stdout.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(first(wide) == " ✈️ Airplane      ✓")
        #expect(first(narrow) == " ✈️ Airplane       ✓")
    }

    @Test func goldenCasesDrawTheSameWhateverTheTerminal() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        try dir.write("Styles/vs.case.yaml", "table: ../t.yaml\nwidth: 20\n")
        let update = try CellarCLI.run(["test", "--update"], in: dir.path)
        #expect(update.status == 0, "\(update.stdout)")
        let run = try CellarCLI.run(["test"], in: dir.path, environment: ["CELLAR_EMOJI_VS16": "narrow"])
        #expect(run.status == 0 && run.lastLine.hasSuffix("1 passed, 0 failed"), "\(run.stdout)")
    }
}
