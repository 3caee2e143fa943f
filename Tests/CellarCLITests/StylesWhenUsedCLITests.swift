import CellarTestSupport
import Foundation
import Testing

/// `render` loads the Lua styles only when the table uses one: a table of
/// built-in styles starts without compiling them, so a broken style it does
/// not use is not its error; a table that uses any Lua style loads them all
/// and names the broken one as before.
@Suite struct StylesWhenUsedCLITests {
    static let broken = "return { identifier = \"broken\", layout = function( end }\n"
    static let good = "return { identifier = \"shout\", configure = function(cell, row) cell.text = row.text end }\n"

    func directory() throws -> ScratchDirectory {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/broken.lua", Self.broken)
        try dir.write("Styles/shout.lua", Self.good)
        return dir
    }

    @Test func aTableOfBuiltinStylesNeverLoadsTheLuaOnes() throws {
        let dir = try directory()
        try dir.write(
            "t.yaml",
            "register: {plainRow: value1}\nsections:\n  - rows:\n      - {cell: plainRow, text: Wi-Fi, secondaryText: On}\n"
                + "      - {text: Plain}\n")
        let run = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Wi-Fi") && run.stdout.contains("Plain"))
    }

    @Test(arguments: [
        "sections:\n  - rows:\n      - {cell: shout, text: hi}\n",
        "register: {loud: shout}\nsections:\n  - rows:\n      - {cell: loud, text: hi}\n",
        "sections:\n  - headerView: {view: shout}\n    rows:\n      - {text: hi}\n",
        "sections:\n  - rows:\n      - {cell: shuot, text: hi}\n",
    ])
    func aTableUsingAnyOtherStyleLoadsThemAll(table: String) throws {
        let dir = try directory()
        try dir.write("t.yaml", table)
        let run = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path)
        #expect(run.status == 1 && run.stderr.contains("broken.lua:1:"), "\(run.stderr)")
    }
}
