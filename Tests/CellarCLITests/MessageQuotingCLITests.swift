import CellarTestSupport
import Foundation
import Testing

/// Input text quoted in messages and golden headers is bounded (`Sanitizer.excerpt`):
/// a long value gives one short line, and short values read as they always did.
@Suite struct MessageQuotingCLITests {
    static let long = String(repeating: "x", count: 5_000)
    static let excerpt = String(repeating: "x", count: 63) + "…"

    func render(_ dir: ScratchDirectory, _ name: String, _ text: String, width: Int = 30) throws -> CellarCLI.Run {
        try dir.write(name, text)
        return try CellarCLI.run(["render", name, "--width", String(width)], in: dir.path)
    }

    @Test func aLongCellValueIsQuotedShortInBothFormats() throws {
        let dir = try ScratchDirectory.withStyles()
        for (name, text) in [
            ("t.json", #"{"sections": [{"rows": [{"text": "a", "cell": "\#(Self.long)"}]}]}"#),
            ("t.yaml", "sections:\n  - rows:\n      - {text: a, cell: \(Self.long)}\n"),
        ] {
            let run = try render(dir, name, text)
            #expect(run.status == 1 && run.stdout.isEmpty)
            #expect(run.stderr.utf8.count < 500, "\(name): \(run.stderr.utf8.count) bytes")
            #expect(run.stderr.contains("unable to dequeue a cell with identifier \(Self.excerpt) - register"))
            #expect(run.stderr.contains("`register: {\(Self.excerpt): STYLE}`"))
        }
        // A short identifier reads as before.
        let run = try render(dir, "s.yaml", "sections:\n  - rows:\n      - {text: a, cell: fancyCell}\n")
        #expect(
            run.stderr.hasPrefix(
                "cellar: s.yaml:3:9: unable to dequeue a cell with identifier fancyCell - register a Lua style under it "
                    + "(a style file in a --styles directory, or a document's `register: {fancyCell: STYLE}`)"))
    }

    @Test func longKeysAndValuesElsewhereAreQuotedShort() throws {
        let dir = try ScratchDirectory.withStyles()
        let rows = [
            #"{"text": "a", "background": {"\#(Self.long)": 1}}"#,
            #"{"text": "a", "trailingSwipeActions": [{"title": "t", "\#(Self.long)": 1}]}"#,
            #"{"text": "a", "movable": "\#(Self.long)"}"#, #"{"text": "a", "\#(Self.long)": 1}"#,
            #"{"text": "a", "height": "\#(Self.long)"}"#,
        ]
        for row in rows {
            let run = try render(dir, "t.json", #"{"sections": [{"rows": [\#(row)]}]}"#)
            #expect(run.status == 1)
            #expect(run.stderr.utf8.count < 500 && run.stderr.contains(Self.excerpt), "\(run.stderr.prefix(200))")
        }
        let run = try render(dir, "t.json", #"{"sections": [], "\#(Self.long)": 1, "\#(Self.long)": 2}"#)
        #expect(run.stderr.utf8.count < 500 && run.stderr.contains(Self.excerpt), "\(run.stderr.prefix(200))")
    }

    /// The quoted text is sanitised first, then cut, so escapes never reach the terminal.
    @Test func aLongValueWithEscapesIsSanitisedAndCut() throws {
        let dir = try ScratchDirectory.withStyles()
        let value = String(repeating: "\\u001b[31m", count: 500)
        let run = try render(dir, "t.json", #"{"sections": [{"rows": [{"text": "a", "cell": "\#(value)"}]}]}"#)
        #expect(run.status == 1 && !run.stderr.contains("\u{1B}"))
        #expect(run.stderr.contains("identifier ␛[31m␛[31m") && run.stderr.contains("…"))
        #expect(run.stderr.utf8.count < 600)
    }

    @Test func aPaletteColourOutOfRangeSaysTheValue() throws {
        let dir = try ScratchDirectory.withStyles()
        var run = try render(dir, "t.json", #"{"sections": [{"rows": [{"text": "a", "background": {"color": 300}}]}]}"#)
        #expect(run.stderr == "cellar: t.json:1:63: background.color: palette colour must be 0–255 (got 300)\n")
        run = try render(dir, "t.yaml", "sections:\n  - rows:\n      - text: a\n        textProperties: {color: -1}\n")
        #expect(run.stderr.hasSuffix("textProperties.color: palette colour must be 0–255 (got -1)\n"), "\(run.stderr)")
        let swipe = #"{"text": "a", "trailingSwipeActions": [{"title": "t", "color": 256}]}"#
        run = try render(dir, "t.json", #"{"sections": [{"rows": [\#(swipe)]}]}"#)
        #expect(run.stderr.hasSuffix("trailingSwipeActions[0].color: palette colour must be 0–255 (got 256)\n"))
    }

    /// A fixed section view height too tall to draw is refused at its key, as `rowHeight` is.
    @Test func sectionHeightsThatCannotBeDrawnAreLocated() throws {
        let dir = try ScratchDirectory.withStyles()
        let yaml =
            "sectionHeaderHeight: 5000\nsections:\n  - headerView: {view: value1, title: x}\n    rows: [{text: a}]\n"
        var run = try render(dir, "t.yaml", yaml, width: 1000)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(
            run.stderr.hasPrefix(
                "cellar: t.yaml:1:22: a section header view 5000 lines tall cannot be drawn 1000 columns"))
        let json = #"{"sectionFooterHeight": 5000, "sections": [{"footerView": {"view": "value1"}, "rows": []}]}"#
        run = try render(dir, "t.json", json, width: 1000)
        #expect(run.stderr.hasPrefix("cellar: t.json:1:25: a section footer view 5000 lines tall"), "\(run.stderr)")
        // Narrow enough, it draws; without a view to size, the setting is not refused.
        run = try render(dir, "t.yaml", yaml, width: 100)
        #expect(run.status == 0)
        run = try render(
            dir, "n.yaml", "sectionHeaderHeight: 5000\nsections:\n  - header: x\n    rows: []\n", width: 1000)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// A long swipe title in a step shows shortened in the golden frame's header.
    @Test func aLongSwipeTitleIsShortInTheGoldenHeader() throws {
        let dir = try ScratchDirectory.withStyles()
        let title = String(repeating: "y", count: 300)
        try dir.write(
            "t.yaml", "sections:\n  - rows:\n      - text: a\n        trailingSwipeActions: [{title: \(title)}]\n")
        try dir.write(
            "Styles/s.case.yaml",
            "table: ../t.yaml\nwidth: 30\nsteps:\n  - swipe: {row: [0, 0], edge: trailing}\n"
                + "  - focus_swipe_action: {row: [0, 0], title: \(title)}\n")
        let run = try CellarCLI.run(["test", "--update"], in: dir.path)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let golden = dir.files().first { $0.hasSuffix(".golden") }.flatMap(dir.read) ?? ""
        let short = "focus_swipe_action [0, 0] " + String(repeating: "y", count: 63) + "…"
        #expect(golden.contains(short), "\(golden.prefix(600))")
        #expect(!golden.contains(String(repeating: "y", count: 64)))
    }
}
