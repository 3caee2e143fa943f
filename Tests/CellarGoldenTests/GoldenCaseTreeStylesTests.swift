import CellarTestSupport
import Foundation
import Testing

/// `cellar test` finds a case tree's Lua styles in the `Styles` folder its
/// cases live in, from any working directory; without one, the error says
/// how to give it.
@Suite struct GoldenCaseTreeStylesTests {
    static let style = """
        return {
          identifier = "shout",
          layout = function(config, ctx) return ui.label(string.upper(config.text or "")) end,
        }
        """
    static let caseText = """
        style: shout
        width: 16
        table:
          sections:
            - rows:
                - {cell: shout, text: hello}
        """

    func suite() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        try dir.write("suite/Styles/shout.lua", Self.style)
        try dir.write("suite/Styles/cases/loud.case.yaml", Self.caseText)
        return dir
    }

    @Test func aCaseTreeFindsItsStylesFromItsParent() throws {
        let dir = try suite()
        var run = try CellarCLI.run(["test", "--update", "suite/Styles"], in: dir.path)
        #expect(run.status == 0 && run.lastLine == "1 passed, 0 failed, 1 new", "\(run.stdout)\(run.stderr)")
        #expect(dir.read("suite/Styles/cases/loud.golden")?.contains(" HELLO") == true)
        // From inside the tree, and from above it with the case file itself.
        run = try CellarCLI.run(["test", "."], in: dir.path + "/suite/Styles/cases")
        #expect(run.status == 0 && run.lastLine == "1 passed, 0 failed", "\(run.stdout)\(run.stderr)")
        run = try CellarCLI.run(["test", "suite/Styles/cases/loud.case.yaml"], in: dir.path)
        #expect(run.status == 0 && run.lastLine == "1 passed, 0 failed", "\(run.stdout)\(run.stderr)")
    }

    @Test func aCaseOutsideAnyStylesFolderIsToldAboutStyles() throws {
        let dir = try ScratchDirectory()
        try dir.write("elsewhere/loud.case.yaml", Self.caseText)
        let run = try CellarCLI.run(["test", "elsewhere"], in: dir.path)
        #expect(run.status == 1)
        #expect(run.stdout.contains("style 'shout' is not registered"), "\(run.stdout)")
        #expect(run.stdout.contains("--styles DIR"), "\(run.stdout)")
    }
}
