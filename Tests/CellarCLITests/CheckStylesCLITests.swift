import CellarTestSupport
import Testing

/// `--check-styles` and `CELLAR_DEBUG=1` end to end: a style that keeps the
/// `row` table from configure and reads it in a later layout fails at that
/// line in debug mode, in `render` and in `test`; without it, it renders.
@Suite struct CheckStylesCLITests {
    static let located = "Styles/stash.lua:9: 'row' was kept past its call (it was given to configure, row [0, 0])"

    func scratch() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        try dir.write("Styles/stash.lua", StashStyle.source)
        try dir.write("t.yaml", StashStyle.twoRows)
        try dir.write(
            "Styles/cases/stash.case.yaml",
            "width: 30\ntable:\n" + StashStyle.twoRows.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
                + "\n")
        return dir
    }

    @Test func renderChecksStylesWithTheFlagOrTheEnvironment() throws {
        let dir = try scratch()
        let plain = try CellarCLI.run(
            ["render", "--width", "30", "t.yaml"], in: dir.path, environment: ["CELLAR_DEBUG": nil])
        #expect(plain.status == 0 && plain.stdout.contains("second after second"), "\(plain.stderr)")
        let flagged = try CellarCLI.run(["render", "--width", "30", "--check-styles", "t.yaml"], in: dir.path)
        #expect(flagged.status == 1 && flagged.stdout.isEmpty)
        #expect(flagged.stderr.hasPrefix("cellar: " + Self.located), "\(flagged.stderr)")
        #expect(flagged.stderr.hasSuffix(" — in layout, row [0, 1]\n"))
        let env = try CellarCLI.run(
            ["render", "--width", "30", "t.yaml"], in: dir.path, environment: ["CELLAR_DEBUG": "1"])
        #expect(env.status == 1 && env.stderr == flagged.stderr)
    }

    @Test func testChecksStylesWithTheFlag() throws {
        let dir = try scratch()
        let plain = try CellarCLI.run(["test"], in: dir.path, environment: ["CELLAR_DEBUG": nil])
        #expect(plain.lastLine == "0 passed, 1 failed, 1 new", "\(plain.stdout)\(plain.stderr)")
        _ = try CellarCLI.run(["test", "--accept"], in: dir.path)
        let flagged = try CellarCLI.run(["test", "--check-styles"], in: dir.path)
        #expect(flagged.status == 1 && flagged.stdout.contains(Self.located), "\(flagged.stdout)\(flagged.stderr)")
    }
}
