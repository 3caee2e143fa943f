import CellarTestSupport
import Testing

/// `cellar render --ambiguous-wide / --no-ambiguous-wide` end to end: the
/// flag turns the option on or off over what the table file says.
@Suite struct RenderAmbiguousCLITests {
    static let table = "separatorStyle: none\nsections:\n  - rows:\n      - {text: '±°', accessory: checkmark}\n"
    /// The row as a one-column-ambiguous and a two-column-ambiguous terminal need it.
    static let narrow = " ±°       ✓\n"
    static let wide = " ±°     ✓\n"

    func render(_ arguments: [String], file: String = table) throws -> CellarCLI.Run {
        let dir = try ScratchDirectory()
        try dir.write("t.yaml", file)
        return try CellarCLI.run(
            ["render", "--width", "12", "--color", "never"] + arguments + ["t.yaml"],
            in: dir.path)
    }

    @Test func theFlagTurnsTheOptionOn() throws {
        let plain = try render([])
        #expect(plain.status == 0 && plain.stdout == Self.narrow)
        let wide = try render(["--ambiguous-wide"])
        #expect(wide.status == 0 && wide.stdout == Self.wide, "\(wide.stderr)")
    }

    @Test func theFlagOverridesTheFile() throws {
        let file = "ambiguousWide: true\n" + Self.table
        #expect(try render([], file: file).stdout == Self.wide)
        #expect(try render(["--no-ambiguous-wide"], file: file).stdout == Self.narrow)
        #expect(try render(["--ambiguous-wide"], file: "ambiguousWide: false\n" + Self.table).stdout == Self.wide)
    }

    @Test func aTypoInTheFileIsOneLocatedMessage() throws {
        let run = try render(["--ambiguous-wide"], file: "ambiguousWid: true\n" + Self.table)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr == "cellar: t.yaml:1:1: unknown key 'ambiguousWid' — did you mean 'ambiguousWide'?\n")
    }

    @Test func helpMentionsTheFlag() throws {
        let dir = try ScratchDirectory()
        let run = try CellarCLI.run(["render", "--help"], in: dir.path)
        #expect(run.stdout.contains("--ambiguous-wide/--no-ambiguous-wide"))
        #expect(run.stdout.contains("two columns wide"))
    }
}
