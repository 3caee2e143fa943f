import CellarTestSupport
import Foundation
import Testing

/// `render` shares a long table of styles that declare `independent_rows`
/// between two tables on both cores: the output is the one-table render's
/// byte for byte (`--no-split`), `--stats` adds the tables' counts up (one
/// cell each), a failing style fails alike, and whatever needs one table
/// (`--log`) gets one.
@Suite struct SharedRenderCLITests {
    static let twoCores = ProcessInfo.processInfo.activeProcessorCount > 1

    /// A JSON Lines table of `rows` keyValue rows (Hangul, emoji, wrapping values).
    func table(rows: Int, in dir: ScratchDirectory) throws -> String {
        let lines = (0..<rows).map { i in
            "{\"cell\": \"keyValue\", \"key\": \"키 \(i % 50)\", \"value\": \"Value \(i) 🍷 \(String(repeating: "한글 ", count: i % 4))\"}"
        }
        return try dir.write("rows.jsonl", lines.joined(separator: "\n") + "\n")
    }

    func render(
        _ arguments: [String], in dir: ScratchDirectory, styles: String? = nil, log: String? = nil
    ) throws -> CellarCLI.Run {
        try CellarCLI.run(
            ["render"] + arguments + [
                "--styles", styles ?? CellarCLI.packageRoot + "/Styles", "--width", "50", "--stats",
            ],
            in: dir.path, environment: ["CELLAR_CACHE_DIR": dir.path + "/cache", "CELLAR_LOG": log])
    }

    /// The `cells_created[keyValue]` line of `--stats`.
    func cellsCreated(_ run: CellarCLI.Run, _ id: String = "keyValue") -> String? {
        run.stderr.split(separator: "\n").first { $0.hasPrefix("cells_created[\(id)]:") }.map(String.init)
    }

    @Test func aLongTableRendersTheSameInTwoParts() throws {
        let dir = try ScratchDirectory()
        let file = try table(rows: 12_000, in: dir)
        for color in ["never", "always"] {
            let one = try render([file, "--no-split", "--color", color], in: dir)
            let two = try render([file, "--color", color], in: dir)
            #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
            #expect(two.stdout == one.stdout, "--color \(color)")
            #expect(one.stdout.contains("Value 11999 🍷 한글 한글 한글"))
            #expect(one.stderr.contains("rows_configured: 12000") && two.stderr.contains("rows_configured: 12000"))
            #expect(cellsCreated(one) == "cells_created[keyValue]: 1")
            #expect(cellsCreated(two) == "cells_created[keyValue]: \(Self.twoCores ? 2 : 1)")
        }
    }

    /// `--log` (or `CELLAR_LOG=1`) keeps the styles' print lines in row order: one table.
    @Test func whatNeedsOnePartGetsOne() throws {
        let dir = try ScratchDirectory()
        let file = try table(rows: 12_000, in: dir)
        let expected = try render([file, "--no-split"], in: dir).stdout
        let logged = try render([file, "--log"], in: dir)
        let loggedByEnvironment = try render([file], in: dir, log: "1")
        for run in [logged, loggedByEnvironment] {
            #expect(run.status == 0 && run.stdout == expected, "\(run.stderr)")
            #expect(cellsCreated(run) == "cells_created[keyValue]: 1")
        }
    }

    /// A style failing in either table's run: the same message and status, and no output (the table is held).
    @Test func aFailureInTheSecondPartFailsAlike() throws {
        // Runs of 4,096 items: row 5,000 is in the second table's run, row 11,000 in the first's.
        for failAt in [5_000, 11_000] {
            let dir = try ScratchDirectory.withStyles()
            try dir.write(
                "Styles/failing.lua",
                """
                return {
                  identifier = "failing",
                  independent_rows = true,
                  configure = function(cell, row)
                    if row.n == \(failAt) then error("no row " .. row.n) end
                    cell.n = row.n
                  end,
                  layout = function(config, ctx) return ui.label { text = "#" .. config.n } end,
                }
                """)
            let file = try dir.write(
                "failing.jsonl", (0..<12_000).map { "{\"cell\": \"failing\", \"n\": \($0)}\n" }.joined())
            let one = try render([file, "--no-split"], in: dir, styles: dir.styles)
            let two = try render([file], in: dir, styles: dir.styles)
            #expect(one.status != 0 && two.status == one.status)
            #expect(one.stderr.contains("failing.lua") && one.stderr.contains("no row \(failAt)"), "\(one.stderr)")
            #expect(two.stderr == one.stderr)
            #expect(one.stdout.isEmpty && two.stdout.isEmpty)
        }
    }
}
