import CellarTestSupport
import Testing

/// `cellar render --format plain|ansi|svg|html`, `--theme`, `--title`, for
/// the whole table and a viewport.
@Suite struct RenderFormatCLITests {
    static let table = """
        style: insetGrouped
        sections:
          - header: Fruit
            rows:
              - {text: 사과, accessory: checkmark, selected: true}
              - {text: Pear}
              - {text: Plum}
        """

    func render(_ arguments: [String]) throws -> CellarCLI.Run {
        let dir = try ScratchDirectory()
        try dir.write("t.yaml", Self.table)
        return try CellarCLI.run(["render", "--width", "20"] + arguments + ["t.yaml"], in: dir.path)
    }

    @Test func plainAndANSIAreTodaysOutputs() throws {
        let plain = try render(["--format", "plain", "--color", "always"])
        let never = try render(["--color", "never"])
        let always = try render(["--color", "always"])
        #expect(plain.status == 0 && plain.stdout == never.stdout)
        let ansi = try render(["--format", "ansi"])
        #expect(ansi.stdout == always.stdout && ansi.stdout.contains("\u{1B}["))
    }

    @Test func svgOfTheWholeTableAndOfAViewport() throws {
        let whole = try render(["--format", "svg"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let lines =
            try render(["--color", "never"]).stdout.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(whole.stdout.hasPrefix("<svg ") && whole.stdout.contains("viewBox=\"0 0 200 \(lines * 20)\""))
        #expect(whole.stdout.contains(">Fruit</tspan>"))
        let viewport = try render(["--format", "svg", "--height", "2", "--offset", "2"])
        #expect(viewport.stdout.contains("viewBox=\"0 0 200 40\"") && !viewport.stdout.contains("Fruit"))
        #expect(viewport.stdout.contains("사과"))
    }

    @Test func htmlIsOneSelfContainedPage() throws {
        let page = try render(["--format", "html", "--theme", "dark", "--title", "Fruit <list> & co"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>") && page.stdout.hasSuffix("</html>\n"))
        #expect(page.stdout.contains("<title>Fruit &lt;list&gt; &amp; co</title>"))
        #expect(page.stdout.contains("background:#1c1c1e"))
        #expect(!page.stdout.contains("<script") && !page.stdout.contains("https://"))
    }

    @Test func badChoicesAreRefused() throws {
        let bad = try render(["--format", "pdf"])
        #expect(bad.status != 0 && bad.stderr.contains("pdf"))
        let sepia = try render(["--format", "svg", "--theme", "sepia"])
        #expect(sepia.status != 0)
    }
}
