import CellarTestSupport
import Foundation
import Testing

/// Every accelerator against its plain twin (`CELLAR_ACCELERATORS=off`),
/// end to end: every example, every golden case, the fuzz corpora and
/// generated tables long enough for each fast path to start (threads, the
/// load index) give the same bytes on stdout and stderr and the same exit
/// status both ways.
@Suite(.serialized) struct AcceleratorsDifferentialCLITests {
    static let root = CellarCLI.packageRoot
    static let off: [String: String?] = ["CELLAR_ACCELERATORS": "off"]

    /// The files of `directory` under the package root whose extension is a table format.
    static func tables(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []
        return names.filter { ["yaml", "yml", "json", "jsonl", "csv", "tsv"].contains(($0 as NSString).pathExtension) }
            .sorted().map { directory + "/" + $0 }
    }

    /// Runs `arguments` both ways in `directory`; they must agree.
    func expectSame(
        _ arguments: [String], in directory: String = root, environment: [String: String?] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let fast = try CellarCLI.run(arguments, in: directory, environment: environment)
        let plain = try CellarCLI.run(
            arguments, in: directory, environment: environment.merging(Self.off) { $1 })
        #expect(fast.status == plain.status, "\(arguments)", sourceLocation: sourceLocation)
        #expect(fast.stdout == plain.stdout, "\(arguments)", sourceLocation: sourceLocation)
        #expect(fast.stderr == plain.stderr, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test(arguments: tables(in: "Examples"))
    func everyExampleDrawsTheSame(path: String) throws {
        // Rows-only examples carry columns for other tools (see Examples/README.md).
        let extra =
            ["jsonl", "csv", "tsv"].contains((path as NSString).pathExtension) ? ["--extra-keys", "ignore"] : []
        try expectSame(["render", path, "--width", "60", "--color", "never"] + extra)
        try expectSame(["render", path, "--width", "44", "--color", "always", "--theme", "light"] + extra)
        try expectSame(
            ["render", path, "--width", "60", "--height", "8", "--offset", "3", "--estimated-row-height", "1"] + extra)
    }

    @Test(
        arguments: tables(in: "Fuzzing/corpus/document") + tables(in: "Fuzzing/corpus/yaml")
            + tables(in: "Fuzzing/regressions/document"))
    func everyFuzzSeedDrawsOrFailsTheSame(path: String) throws {
        try expectSame(["render", path, "--width", "50", "--color", "never"])
    }

    /// `render` parsed as its own root must answer as the root does: the
    /// same help, the same errors, the same table.
    @Test(arguments: [
        ["render", "Examples/settings.yaml", "--width", "0"],
        ["render", "Examples/settings.yaml", "--width", "abc"],
        ["render", "Examples/settings.yaml", "--bogus"],
        ["render"],
        ["render", "--help"],
        ["render", "Examples/settings.yaml", "-h"],
        ["render", "Examples/settings.yaml", "--offset", "3"],
        ["render", "Examples/settings.yaml", "--version"],
        ["render", "Examples/settings.yaml", "--width", "30", "--", "extra"],
        ["render", "--width", "30", "Examples/settings.yaml"],
    ])
    func renderArgumentsParseTheSame(arguments: [String]) throws {
        try expectSame(arguments)
    }

    @Test func everyGoldenCasePassesBothWays() throws {
        try expectSame(["test", "Styles"], environment: ["CI": "true"])
        let plain = try CellarCLI.run(["test", "Styles"], in: Self.root, ci: true, environment: Self.off)
        #expect(plain.status == 0 && plain.lastLine.hasSuffix(" 0 failed"), "\(plain.stdout.suffix(2000))")
    }

    /// Long enough for the prefetch thread, the background writer and the
    /// load index (its threshold lowered) to start, in every format.
    @Test func longTablesDrawTheSameThroughEveryFastPath() throws {
        let dir = try ScratchDirectory()
        let rows = (0..<12_000).map { i -> String in
            let kind = ["default", "subtitle", "value1", "value2"][i % 4]
            let accessory = ["disclosureIndicator", "checkmark", "detailButton", "none"][i % 4]
            let extra = i % 3 == 0 ? ", \"image\": \"🍊\"" : i % 7 == 0 ? ", \"height\": 2" : ""
            return "{\"cell\": \"\(kind)\", \"text\": \"Row \(i) 한글\", \"secondaryText\": \"d\(i % 89) ✈️\", "
                + "\"accessory\": \"\(accessory)\"\(extra)}"
        }
        try dir.write("t.jsonl", rows.joined(separator: "\n") + "\n")
        try dir.write(
            "t.json", "{\"sections\": [{\"header\": \"헤더\", \"rows\": [\n" + rows.joined(separator: ",\n") + "]}]}\n")
        try dir.write("t.yaml", "sections:\n  - header: 헤더\n    rows:\n" + rows.map { "      - \($0)\n" }.joined())
        for name in ["t.jsonl", "t.json", "t.yaml"] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: dir.path + "/" + name)
        }
        let cache: [String: String?] = ["CELLAR_CACHE_DIR": dir.path + "/cache", "CELLAR_LOAD_INDEX_MIN_SIZE": "0"]
        for name in ["t.jsonl", "t.json", "t.yaml"] {
            // Twice: the first run writes the load index, the second reads it.
            for _ in 0..<2 {
                try expectSame(["render", name, "--width", "50", "--color", "never"], in: dir.path, environment: cache)
            }
            try expectSame(
                ["render", name, "--width", "50", "--height", "20", "--offset", "9000", "--estimated-row-height", "1"],
                in: dir.path, environment: cache)
        }
    }
}
