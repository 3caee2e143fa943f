import CellarTestSupport
import Foundation
import Testing

/// The command line as a style author meets it: offsets, filters, the style
/// list and the style log.
@Suite struct AuthorCLITests {

    static let table = "separatorStyle: none\nsections:\n  - rows:\n      - text: a\n      - text: b\n      - text: c\n"

    /// UIKit clamps the content offset: past the end shows the last screenful, not blank lines.
    @Test func anOffsetPastTheEndIsClamped() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        let run = try CellarCLI.run(
            ["render", "t.yaml", "--width", "10", "--height", "2", "--offset", "50"], in: dir.path)
        #expect(run.status == 0)
        #expect(lines(run.stdout) == [" b", " c"])
    }

    /// Every unknown style key on a line of its own, in the order the file
    /// defines them, keys sharing a line too.
    @Test func unknownStyleKeysAreOneLineEachInFileOrder() throws {
        let dir = try ScratchDirectory()
        try dir.write("styles/k.lua", "return {\n  identifier = \"k\",\n  zzz = 1,\n  layuot = 2, aaa = 3,\n}\n")
        let run = try CellarCLI.run(["styles", "--styles", "styles"], in: dir.path)
        #expect(run.status == 1)
        let keys = lines(run.stderr).map { line in
            line.hasPrefix("cellar: styles/k.lua:")
                ? line.split(separator: "'").dropFirst().first.map(String.init) : nil
        }
        #expect(keys == ["zzz", "layuot", "aaa"], "\(run.stderr)")
    }

    @Test func anOffsetWithoutAHeightIsAnError() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        let run = try CellarCLI.run(["render", "t.yaml", "--width", "10", "--offset", "1"], in: dir.path)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "cellar: --offset needs --height: without a viewport the whole table is drawn\n")
    }

    @Test func aFilterThatMatchesNothingFails() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        try dir.write("Styles/a.case.yaml", "table: ../t.yaml\nwidth: 20\n")
        let run = try CellarCLI.run(["test", "--filter", "nosuch"], in: dir.path, ci: true)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no case name contains 'nosuch' (--filter); nothing was run"))
    }

    static let printer = """
        return {
          identifier = "printer",
          description = "Prints while it configures 🍎",
          configure = function(cell, row) print("configuring", row.title) cell.text = row.title end,
        }
        """

    @Test func stylesListsDescriptions() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/printer.lua", Self.printer)
        let run = try CellarCLI.run(["styles"], in: dir.path)
        #expect(run.status == 0)
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("printer") })
        #expect(line.hasSuffix("Prints while it configures 🍎"))
        #expect(run.stdout.contains("UIKit's value1"))
    }

    /// print is dropped unless asked for; then each line names the style and row.
    @Test func printGoesToStderrUnderLog() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/printer.lua", Self.printer)
        try dir.write(
            "p.yaml",
            "sections:\n  - rows:\n      - {cell: printer, title: a}\n      - {cell: printer, title: \"b\\e[31m\"}\n")
        let quiet = try CellarCLI.run(["render", "p.yaml", "--width", "20"], in: dir.path)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let logged = try CellarCLI.run(["render", "p.yaml", "--width", "20", "--log"], in: dir.path)
        #expect(logged.status == 0)
        #expect(
            logged.stderr
                == "cellar: log: printer row [0, 0]: configuring a\ncellar: log: printer row [0, 1]: configuring b␛[31m\n"
        )
    }

    /// A hook handed the state (`will_select` here, called through
    /// `callConfigHook`) runs once per tap and logs under its own row.
    @Test func printInAStateHookNamesItsRow() throws {
        let dir = try ScratchDirectory()
        try dir.write(
            "Styles/chooser.lua",
            """
            return {
              identifier = "chooser",
              configure = function(cell, row) cell.text = row.title end,
              will_select = function(config, state, event) print("choosing", config.text) return true end,
            }
            """)
        try dir.write(
            "Styles/cases/chooser.case.yaml",
            "width: 20\ntable:\n  sections:\n    - rows:\n        - {cell: chooser, title: a}\n"
                + "        - {cell: chooser, title: b}\nsteps:\n  - select: [0, 0]\n")
        let run = try CellarCLI.run(["test"], in: dir.path, environment: ["CELLAR_LOG": "1"])
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("choosing") }
        #expect(lines.count == 1, "\(run.stdout)\(run.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("cellar: log: chooser row [0, 0]:") }, "\(run.stderr)")
    }

    /// A style whose `height` and `background` hooks print, or fail on the row titled `fail …`.
    static let measured = """
        return {
          identifier = "measured",
          configure = function(cell, row) cell.text = row.title end,
          height = function(config, width)
            print("height " .. config.text)
            if config.text == "fail height" then error("no height") end
            return 1
          end,
          background = function(config, state)
            print("background " .. config.text)
            if config.text == "fail background" then error("no background") end
            return nil
          end,
        }
        """

    /// `height` (handed no state) and `background` (whose answer is kept per
    /// configuration and state) log under their style and row, as every hook
    /// does: also when a step runs them again for a row after another row's.
    @Test func printInHeightAndBackgroundNamesItsRow() throws {
        let dir = try ScratchDirectory()
        try dir.write("Styles/measured.lua", Self.measured)
        try dir.write(
            "Styles/cases/measured.case.yaml",
            "width: 20\ntable:\n  sections:\n    - rows:\n        - {cell: measured, title: a}\n"
                + "        - {cell: measured, title: b}\nsteps:\n  - select: [0, 0]\n  - select: [0, 1]\n")
        let run = try CellarCLI.run(["test"], in: dir.path, environment: ["CELLAR_LOG": "1"])
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("cellar: log:") }
        let rows = ["a": "row [0, 0]", "b": "row [0, 1]"]
        for hook in ["height", "background"] {
            let logged = lines.filter { $0.contains(": \(hook) ") }
            // Row a's again after row b's: the second selection redraws both.
            #expect(logged.count >= 4 && logged.last?.hasSuffix(" b") == true, "\(run.stderr)")
            for line in logged {
                let title = String(line.suffix(1))
                #expect(line == "cellar: log: measured \(rows[title] ?? ""): \(hook) \(title)", "\(run.stderr)")
            }
        }
    }

    /// An error raised in `height` or `background` names the style file's line, the hook and the row.
    @Test(arguments: [("height", 6), ("background", 11)])
    func anErrorInHeightOrBackgroundIsLocated(hook: String, line: Int) throws {
        let dir = try ScratchDirectory()
        try dir.write("Styles/measured.lua", Self.measured)
        try dir.write(
            "m.yaml",
            "sections:\n  - rows:\n      - {cell: measured, title: a}\n      - {cell: measured, title: fail \(hook)}\n")
        let run = try CellarCLI.run(["render", "m.yaml", "--width", "20"], in: dir.path)
        #expect(run.status != 0)
        #expect(run.stderr == "cellar: Styles/measured.lua:\(line): no \(hook) — in \(hook), row [0, 1]\n")
    }
}
