import CellarTestSupport
import Foundation
import Testing

/// A style's error, log line or any input quoted in a message is at most
/// about 1 KB on every path, cut with `… (N bytes)`: render's stderr,
/// `cellar test`'s output and failure text, and the report.
@Suite struct BoundedMessagesCLITests {
    static let huge = 100_000
    static let style = """
        return {
          identifier = "loud",
          configure = function(c, row)
            print(string.rep("P", \(huge)))
            error(string.rep("E", \(huge)))
          end,
        }
        """
    static let table = "sections:\n  - rows:\n      - {cell: loud}\n"

    /// No line anywhere holds a long run of the style's text, and the cut says so.
    func expectBounded(_ text: String, _ what: String) {
        for line in text.split(separator: "\n") {
            #expect(line.utf8.count < 1200, "\(what): a line of \(line.utf8.count) bytes")
        }
        #expect(text.contains("bytes)"), "\(what): \(text.prefix(300))")
    }

    func scratch() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        try dir.write("styles/loud.lua", Self.style)
        try dir.write("t.yaml", Self.table)
        try dir.write("cases/a.case.yaml", "width: 20\ntable: ../t.yaml\n")
        return dir
    }

    @Test func renderStderrAndTheLogAreBounded() throws {
        let dir = try scratch()
        let run = try CellarCLI.run(["render", "t.yaml", "--styles", "styles", "--width", "20", "--log"], in: dir.path)
        #expect(run.status == 1)
        expectBounded(run.stderr, "render")
        #expect(run.stderr.contains("cellar: log: loud") && run.stderr.contains("loud.lua:5:"))
        // The style's text is cut, not the place it failed, and the cut gives the length raised.
        #expect(
            run.stderr.contains("… (\(Self.huge) bytes) — in configure, row [0, 0]\n"), "\(run.stderr.suffix(200))")
    }

    @Test func testOutputAndTheReportAreBounded() throws {
        let dir = try scratch()
        let run = try CellarCLI.run(
            ["test", "cases", "--styles", "styles", "--report", "out"], in: dir.path, ci: true)
        #expect(run.status == 1 && run.lastLine == "0 passed, 1 failed")
        expectBounded(run.stdout, "test")
        let page = try #require(dir.read("out/index.html"))
        #expect(!page.contains(String(repeating: "E", count: 2000)) && page.contains("bytes)"))
    }

    /// A style's identifier and description are input too: a log line and
    /// `cellar styles` quote them bounded.
    @Test func aLongIdentifierOrDescriptionIsQuotedBounded() throws {
        let dir = try ScratchDirectory()
        try dir.write(
            "styles/long.lua",
            """
            return {
              identifier = string.rep("z", \(Self.huge)),
              description = string.rep("desc\\n", \(Self.huge)),
              configure = function(c, row) print("hi") end,
            }
            """)
        try dir.write("t.yaml", "sections:\n  - rows:\n      - {cell: \(String(repeating: "z", count: Self.huge))}\n")
        let run = try CellarCLI.run(["render", "t.yaml", "--styles", "styles", "--width", "20", "--log"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        #expect(run.stderr.hasPrefix("cellar: log: zzz") && run.stderr.hasSuffix("z… row [0, 0]: hi\n"))
        #expect(run.stderr.utf8.count < 200)
        let styles = try CellarCLI.run(["styles", "--styles", "styles"], in: dir.path)
        #expect(styles.status == 0)
        // The description is cut at 1 KB, then its line breaks drawn as `␊`.
        let line = try #require(styles.stdout.split(separator: "\n").first { $0.hasPrefix("zzz") })
        #expect(line.utf8.count < 2_000 && line.hasSuffix("bytes)") && line.contains("z… "), "\(line.prefix(200))")
    }
}
