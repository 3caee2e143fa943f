import CellarTestSupport
import Foundation
import Testing

/// `cellar gallery`: every style in every state, as text, as a page, and
/// as a check.
@Suite struct GalleryCLITests {
    /// A style with samples whose layout fails only when the row is selected.
    static let brittle = """
        return {
          identifier = "brittle",
          samples = { { title = "Milk" }, { title = "Eggs" } },
          update = function(config, state)
            if state.selected then error("boom when selected") end
          end,
          layout = function(config) return ui.label { text = config.title } end,
        }
        """

    /// A style without samples: the gallery takes its rows from its golden case.
    static let plain = """
        return {
          identifier = "plainRow",
          layout = function(config) return ui.label { text = config.word } end,
        }
        """

    @Test func theShippedStylesPassTheCheck() throws {
        let run = try CellarCLI.run(["gallery", "--styles", "Styles", "--check"], in: CellarCLI.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("gallery: ") && run.stdout.contains("every one fits"))
    }

    @Test func theCheckNamesTheStyleStateAndWidthThatFail() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/brittle.lua", Self.brittle)
        let run = try CellarCLI.run(["gallery", "--check", "--widths", "20"], in: dir.path)
        #expect(run.status == 1)
        let problems = run.stderr.split(separator: "\n")
        #expect(problems.count == 1, "\(run.stderr)")
        #expect(
            problems.first?.hasPrefix("cellar gallery: brittle (Styles/brittle.lua), selected at 20 columns: ") == true)
        #expect(run.stderr.contains("Styles/brittle.lua:5") && run.stderr.contains("boom when selected"))
    }

    /// The text gallery is coloured as `render` is: not into a pipe unless asked
    /// (`--color always`), and always into `gallery.ans`, a file for the terminal.
    @Test func theTextGalleryColoursAsRenderDoes() throws {
        let dir = try ScratchDirectory.withStyles()
        // Without NO_COLOR (the test runner may set it), so that the pipe alone decides.
        let piped = try CellarCLI.run(["gallery", "--widths", "24"], in: dir.path, environment: ["NO_COLOR": nil])
        #expect(piped.status == 0 && piped.stdout.contains("normal\n") && !piped.stdout.contains("\u{1B}"))
        let asked = try CellarCLI.run(["gallery", "--widths", "24", "--color", "always"], in: dir.path)
        #expect(asked.stdout.contains("\u{1B}["))
        let file = try CellarCLI.run(
            ["gallery", "--widths", "24", "--format", "ansi", "--out", "g"], in: dir.path,
            environment: ["NO_COLOR": nil])
        #expect(file.status == 0, "\(file.stderr)")
        let ans = try String(contentsOfFile: dir.path + "/g/gallery.ans", encoding: .utf8)
        #expect(ans.contains("\u{1B}["), "\(ans.prefix(80).debugDescription)")
    }

    /// Every state is drawn, each under its caption; a failing state shows
    /// its error in its place and the others still draw.
    @Test func theTextGalleryDrawsEveryStateUnderItsCaption() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/brittle.lua", Self.brittle)
        let run = try CellarCLI.run(["gallery", "--widths", "24", "--format", "ansi"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let states = [
            "normal", "highlighted", "selected", "disabled", "editing", "swiped leading", "swiped trailing", "focused",
            "reordering",
        ]
        for state in states { #expect(text.contains("\n\(state)\n"), "\(state)") }
        #expect(text.contains("━━ brittle (Styles/brittle.lua) at 24 columns\n"))
        #expect(text.contains("❯Milk"))  // focused
        #expect(text.contains("⊖ Milk"))  // editing
        #expect(text.contains("boom when selected"))
        #expect(text.contains("no leading swipe actions"))
    }

    @Test func aStyleWithoutSamplesIsShownWithItsGoldenCasesRows() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/plain.lua", Self.plain)
        try dir.write(
            "Styles/cases/plainRow/one.case.yaml",
            "table:\n  sections:\n    - rows:\n        - {cell: plainRow, word: Kumquat}\n        - {text: other}\nwidth: 20\n"
        )
        let run = try CellarCLI.run(["gallery", "--widths", "20"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Kumquat") && !run.stdout.contains("other"))
        let page = try CellarCLI.run(["gallery", "--widths", "20", "--format", "html"], in: dir.path)
        #expect(page.stdout.contains("rows of Styles/cases/plainRow/one.case.yaml"))
    }

    /// One page: a contents list linking every style's section, and one
    /// picture per theme and width, each a standalone SVG.
    @Test func thePageHasContentsAndAPicturePerThemeAndWidth() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/brittle.lua", Self.brittle)
        let run = try CellarCLI.run(["gallery", "--out", "out", "--widths", "20", "--widths", "40"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote out/gallery.html\n")
        let page = try String(contentsOfFile: dir.path + "/out/gallery.html", encoding: .utf8)
        for id in ["default", "subtitle", "value1", "value2", "brittle"] {
            #expect(page.contains("<li><a href=\"#style-\(id)\">\(id)</a>"))
            #expect(page.contains("<section class=\"style\" id=\"style-\(id)\">"))
        }
        let pictures = page.components(separatedBy: "<img ").count - 1
        #expect(pictures == 5 * 2 * 2)
        #expect(page.contains("alt=\"brittle, dark, 40 columns\""))
        #expect(!page.contains("<script"))
    }

    /// The page's dark pictures are drawn for a dark table: a colour pair
    /// shows its dark variant there, its light one in the light pictures.
    @Test func eachThemesPicturesDrawItsVariantOfAColourPair() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write(
            "Styles/paired.lua",
            """
            return {
              identifier = "paired",
              samples = { { title = "Milk" } },
              layout = function(config)
                return ui.label { text = config.title, color = {light = "#a1b2c3", dark = "#c3b2a1"} }
              end,
            }
            """)
        for (theme, shown, hidden) in [("light", "#a1b2c3", "#c3b2a1"), ("dark", "#c3b2a1", "#a1b2c3")] {
            let run = try CellarCLI.run(
                ["gallery", "--out", theme, "--widths", "20", "--theme", theme], in: dir.path)
            #expect(run.status == 0, "\(run.stderr)")
            let page = try String(contentsOfFile: dir.path + "/\(theme)/gallery.html", encoding: .utf8)
            let section = page.components(separatedBy: "id=\"style-paired\"").dropFirst().first ?? ""
            let svg = section.matches(of: #/base64,([A-Za-z0-9+\/=]+)"/#).compactMap {
                Data(base64Encoded: String($0.1)).map { String(decoding: $0, as: UTF8.self) }
            }.joined()
            #expect(svg.contains(shown) && !svg.contains(hidden), "\(theme)")
        }
    }

    @Test func samplesMustBeAListOfRowTables() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write(
            "Styles/bad.lua",
            "return {\n  identifier = \"bad\",\n  samples = \"Milk\",\n  layout = function() end,\n}\n")
        let run = try CellarCLI.run(["gallery", "--check"], in: dir.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Styles/bad.lua: samples must be a list of at most 8 row tables"), "\(run.stderr)")
    }

    /// A header/footer view style is drawn as a section's header, in its one
    /// state; without samples its views come from a case's `headerView`s.
    @Test func aHeaderFooterStyleIsShownWithItsCasesViews() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write(
            "Styles/day.lua",
            "return {\n  identifier = \"day\",\n  kind = \"header_footer\",\n"
                + "  layout = function(config) return ui.label { text = \"DAY \" .. config.date } end,\n}\n")
        try dir.write(
            "Styles/cases/day/one.case.yaml",
            "table:\n  sections:\n    - headerView: {view: day, date: Monday}\n      rows: [{text: a}]\nwidth: 20\n")
        let run = try CellarCLI.run(["gallery", "--widths", "20"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let day = try #require(text.range(of: "━━ day (Styles/day.lua) at 20 columns\n"))
        #expect(text[day.upperBound...].hasPrefix("normal\n DAY Monday"))
        #expect(!text[day.upperBound...].contains("\nselected\n"))
    }
}
