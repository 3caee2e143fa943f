import CellarTestSupport
import Testing

/// `--theme` picks a colour pair's variant in every format, for a Lua
/// style's node and for a document's `background`; a plain hex draws the
/// same in both themes.
@Suite struct ColorPairCLITests {
    static let style = """
        return {
          identifier = "pair",
          layout = function(config)
            return ui.hstack {
              ui.label { text = "P", color = {light = "#a1b2c3", dark = "#c3b2a1"}, width = "fit" },
              ui.label { text = "H", color = "#123456" },
            }
          end,
        }
        """
    static let table = """
        sections:
          - rows:
              - {cell: pair}
              - {text: Plum, background: {color: {light: "#f0f0f0", dark: "#303030"}}}
        """

    func render(_ arguments: [String]) throws -> CellarCLI.Run {
        let dir = try ScratchDirectory()
        try dir.write("Styles/pair.lua", Self.style)
        try dir.write("t.yaml", Self.table)
        return try CellarCLI.run(
            ["render", "--width", "12", "--styles", "Styles"] + arguments + ["t.yaml"], in: dir.path)
    }

    @Test func theThemePicksTheVariant() throws {
        for format in ["svg", "html"] {
            let light = try render(["--format", format, "--theme", "light"])
            let dark = try render(["--format", format, "--theme", "dark"])
            #expect(light.status == 0 && dark.status == 0, "\(light.stderr)\(dark.stderr)")
            #expect(light.stdout.contains("#a1b2c3") && !light.stdout.contains("#c3b2a1"))
            #expect(dark.stdout.contains("#c3b2a1") && !dark.stdout.contains("#a1b2c3"))
            #expect(light.stdout.contains("#f0f0f0") && dark.stdout.contains("#303030"))
            #expect(light.stdout.contains("#123456") && dark.stdout.contains("#123456"))
        }
        let ansiLight = try render(["--format", "ansi", "--theme", "light"])
        let ansiDark = try render(["--format", "ansi", "--theme", "dark"])
        #expect(ansiLight.stdout.contains("38;2;161;178;195") && ansiDark.stdout.contains("38;2;195;178;161"))
        #expect(ansiLight.stdout.contains("48;2;240;240;240") && ansiDark.stdout.contains("48;2;48;48;48"))
    }

    @Test func aBadPairInADocumentIsLocated() throws {
        let dir = try ScratchDirectory()
        try dir.write("t.yaml", "sections:\n  - rows:\n      - {text: a, background: {color: {light: \"#fff\"}}}\n")
        let run = try CellarCLI.run(["render", "t.yaml"], in: dir.path)
        #expect(run.status != 0)
        #expect(run.stderr.contains("t.yaml:3"), "\(run.stderr)")
        #expect(run.stderr.contains("'light' must be \"#rrggbb\""), "\(run.stderr)")
    }
}
