import CellarTestSupport
import Foundation
import Testing

/// `cellar render` reading standard input and JSON Lines/CSV, with the
/// document's top-level keys given as flags.
@Suite struct RenderInputCLITests {
    func render(_ arguments: [String], stdin: String? = nil) throws -> CellarCLI.Run {
        let dir = try ScratchDirectory()
        var stdinPath: String?
        if let stdin {
            try dir.write("input", stdin)
            stdinPath = dir.path + "/input"
        }
        try dir.write("Styles/.keep", "")
        return try CellarCLI.run(["render"] + arguments, in: dir.path, stdinPath: stdinPath)
    }

    static let lines =
        "{\"name\": \"Ann\", \"team\": \"Apps\"}\n{\"name\": \"Bob\", \"team\": \"Apps\"}\n{\"name\": \"Cy\", \"team\": \"Build\"}\n"

    @Test func readsCSVFromStandardInputWithFlags() throws {
        let csv = "text,secondaryText,team\nAnn,Apps lead,Apps\nBob,Apps,Apps\nCy,Builds,Build\n"
        let run = try render(
            [
                "-", "--width", "24", "--cell", "value1", "--section-by", "team", "--index-titles",
                "--table-style", "grouped",
            ], stdin: csv)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                 Apps                  A
                ────────────────────── B
                 Ann        Apps lead
                 ─────────────────────
                 Bob             Apps
                ──────────────────────

                 Build
                ──────────────────────
                 Cy            Builds
                ──────────────────────

                """)
    }

    @Test func inputFormatOverridesTheGuess() throws {
        let jsonl = Self.lines.replacingOccurrences(of: "name", with: "text")
        // The rows' other keys are expected here; without the flag they are an error.
        let strict = try render(["-", "--width", "12", "--input-format", "jsonl", "--row-height", "1"], stdin: jsonl)
        #expect(strict.status == 1 && strict.stdout.isEmpty)
        #expect(
            strict.stderr.hasPrefix("cellar: <stdin>:1:17: style 'default' does not read row key"), "\(strict.stderr)")
        let run = try render(
            ["-", "--width", "12", "--input-format", "jsonl", "--row-height", "1", "--extra-keys", "ignore"],
            stdin: jsonl)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == " Ann\n ───────────\n Bob\n ───────────\n Cy\n")
        let typo = try render(
            ["-", "--input-format", "jsonl", "--width", "20"], stdin: #"{"cell":"subtitle","txt":"Apple"}"# + "\n")
        #expect(typo.status == 1)
        #expect(
            typo.stderr == "cellar: <stdin>:1:20: style 'subtitle' does not read row key 'txt' — did you mean 'text'?\n"
        )
        let asCSV = try render(["-", "--input-format", "csv"], stdin: jsonl)
        #expect(asCSV.status == 1)
        #expect(asCSV.stderr.hasPrefix("cellar: <stdin>:1:2: a quote inside an unquoted field"))
    }

    @Test func badFlagsAreRefusedInWords() throws {
        let run = try render(["-", "--estimated-row-height", "0"], stdin: Self.lines)
        #expect(run.status == 1)
        #expect(run.stderr == "cellar: --estimated-row-height must be from 1 to 10000 (got 0)\n")
        let style = try render(["-", "--table-style", "fancy"], stdin: Self.lines)
        #expect(style.status != 0 && style.stderr.contains("fancy"))
        // A negative number is a value out of range, not an option.
        for (option, message) in [
            ("--width", "--width must be from 1 to 10000 (got -1)"),
            ("--height", "--height must be from 0 to 100000 (got -1)"),
            ("--estimated-row-height", "--estimated-row-height must be from 1 to 10000 (got -1)"),
        ] {
            let negative = try render(["-", option, "-1"], stdin: Self.lines)
            #expect(negative.status == 1 && negative.stderr == "cellar: \(message)\n", "\(negative.stderr)")
        }
    }
}
