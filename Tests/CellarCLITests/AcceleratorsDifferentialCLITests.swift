import CellarTestSupport
import CellarText
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

    /// Runs `arguments` both ways in `directory` (the plain way: `plainEnvironment` added); they
    /// must agree (and succeed, with `succeeds`: a table that fails compares only its error).
    func expectSame(
        _ arguments: [String], in directory: String = root, environment: [String: String?] = [:],
        plainEnvironment: [String: String?] = off, succeeds: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let fast = try CellarCLI.run(arguments, in: directory, environment: environment)
        let plain = try CellarCLI.run(
            arguments, in: directory, environment: environment.merging(plainEnvironment) { $1 })
        if succeeds { #expect(fast.status == 0, "\(arguments): \(fast.stderr)", sourceLocation: sourceLocation) }
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

    /// `render` read by hand (`RenderQuickParse`) or parsed as its own root
    /// must answer as the root does: the same help, the same errors, the
    /// same table.
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
        ["render", "Examples/settings.yaml", "--width=40", "--color", "always", "--theme=dark", "--stats"],
        ["render", "Examples/settings.yaml", "--cell=", "subtitle", "--width", "40"],
        ["render", "Examples/settings.yaml", "Examples/settings.yaml"],
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
            // `default` has no detail text: a detail there is an error, which would be all the comparison saw.
            let detail = kind == "default" ? "" : "\"secondaryText\": \"d\(i % 89) ✈️\", "
            return "{\"cell\": \"\(kind)\", \"text\": \"Row \(i) 한글\", \(detail)"
                + "\"accessory\": \"\(accessory)\"\(extra)}"
        }
        try dir.write("t.jsonl", rows.joined(separator: "\n") + "\n")
        try dir.write(
            "t.json", "{\"sections\": [{\"header\": \"헤더\", \"rows\": [\n" + rows.joined(separator: ",\n") + "]}]}\n")
        try dir.write("t.yaml", "sections:\n  - header: 헤더\n    rows:\n" + rows.map { "      - \($0)\n" }.joined())
        try expectSameThroughEveryFastPath(["t.jsonl", "t.json", "t.yaml"], in: dir)
    }

    /// The shape of `Scripts/bench cli`'s mixed tables: sections with header
    /// and footer, every built-in style and accessory type, images, selected
    /// rows, per-row heights; CSV grouped by a column; YAML in block style. In colour too, so
    /// that every style the accessories and selections draw with is met.
    @Test func mixedTablesDrawTheSameThroughEveryFastPath() throws {
        let dir = try ScratchDirectory()
        try Self.writeMixedTables(in: dir)
        try expectSameThroughEveryFastPath(["m.json", "m.yaml", "m.csv"], in: dir, extra: ["--section-by", "group"])
    }

    /// Each of the documents' accelerators turned off alone
    /// (`CELLAR_ACCELERATORS=-name`), the others on: a mix that neither all
    /// on nor all off meets, which the bench measures (`--without`).
    @Test(arguments: Accelerators.Name.allCases)
    func eachAcceleratorOffAloneDrawsTheSame(name: Accelerators.Name) throws {
        let dir = try ScratchDirectory()
        try Self.writeMixedTables(in: dir)
        let cache: [String: String?] = ["CELLAR_CACHE_DIR": dir.path + "/cache", "CELLAR_LOAD_INDEX_MIN_SIZE": "0"]
        for file in ["m.json", "m.yaml", "m.csv"] {
            let grouped = file.hasSuffix(".csv") ? ["--section-by", "group"] : []
            // The first run writes the load index, which the second reads (but without it).
            try expectSame(
                ["render", file, "--width", "50", "--color", "never"] + grouped, in: dir.path, environment: cache,
                plainEnvironment: ["CELLAR_ACCELERATORS": "-" + name.rawValue], succeeds: true)
        }
    }

    /// `m.json`, `m.yaml` and `m.csv`: 12,000 rows in sections of 500, as `Scripts/bench cli`'s mixed shape.
    static func writeMixedTables(in dir: ScratchDirectory) throws {
        let accessories = ["disclosureIndicator", "checkmark", "detailButton", "detailDisclosureButton", "none"]
        func row(_ i: Int) -> String {
            let kind = ["default", "subtitle", "value1", "value2"][i % 4]
            var fields = ["\"cell\": \"\(kind)\"", "\"text\": \"Row \(i) 한글\""]
            if kind != "default" { fields.append("\"secondaryText\": \"detail \(i % 89) 가나다\"") }
            if i % 2 == 0, kind == "default" || kind == "subtitle" {
                fields.append("\"image\": \"\(["🍊", "📶", "✈️"][i % 3])\"")
            }
            fields.append("\"accessory\": \"\(accessories[i % accessories.count])\"")
            if i % 97 == 5 { fields.append("\"selected\": true") }
            if i % 10 == 3 { fields.append("\"height\": 2") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let sections = stride(from: 0, to: 12_000, by: 500).map { start in
            "{\"header\": \"Section \(start / 500) 헤더\", \"footer\": \"500 rows\", \"rows\": [\n"
                + (start..<start + 500).map(row).joined(separator: ",\n") + "]}"
        }
        try dir.write(
            "m.json", "{\"allowsMultipleSelection\": true, \"sections\": [" + sections.joined(separator: ",\n") + "]}\n"
        )
        // The same table as YAML in block style (rows as block mappings), as the block scanner reads it.
        let yamlSections = stride(from: 0, to: 12_000, by: 500).map { start in
            "  - header: Section \(start / 500) 헤더\n    footer: 500 rows\n    rows:\n"
                + (start..<start + 500).map { i in
                    let fields = row(i).dropFirst().dropLast().components(separatedBy: ", ")
                    return "      - " + fields.joined(separator: "\n        ") + "\n"
                }.joined()
        }
        try dir.write("m.yaml", "allowsMultipleSelection: true\nsections:\n" + yamlSections.joined())
        let csv = (0..<12_000).map { i in
            let kind = ["default", "subtitle", "value1", "value2"][i % 4]
            let image = i % 2 == 0 && i % 4 < 2 ? ["🍊", "📶", "✈️"][i % 3] : ""
            // A group written quoted on some rows, bare on others: the same section either way.
            let group = i % 7 == 3 ? "\"S\(i / 500) 긴 헤더 이름\"" : "S\(i / 500) 긴 헤더 이름"
            // `default` has no detail text: a detail there is an error, which would be all the comparison saw.
            let detail = kind == "default" ? "" : "d \(i % 89)"
            return "\(group),\(kind),Row \(i),\(detail),\(image),\(accessories[i % accessories.count]),"
                + (i == 5 ? "true" : "") + "," + (i % 10 == 3 ? "2" : "")
        }
        try dir.write(
            "m.csv",
            "group,cell,text,secondaryText,image,accessory,selected,height\n" + csv.joined(separator: "\n") + "\n")
    }

    /// Each file rendered whole (twice: the first run writes the load
    /// index, the second reads it), in colour, and as a deep estimated viewport.
    func expectSameThroughEveryFastPath(
        _ names: [String], in dir: ScratchDirectory, extra: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for name in names {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: dir.path + "/" + name)
        }
        let cache: [String: String?] = ["CELLAR_CACHE_DIR": dir.path + "/cache", "CELLAR_LOAD_INDEX_MIN_SIZE": "0"]
        for name in names {
            let grouped = name.hasSuffix(".csv") ? extra : []
            for _ in 0..<2 {
                try expectSame(
                    ["render", name, "--width", "50", "--color", "never"] + grouped, in: dir.path, environment: cache,
                    succeeds: true,
                    sourceLocation: sourceLocation)
            }
            try expectSame(
                ["render", name, "--width", "61", "--color", "always"] + grouped, in: dir.path, environment: cache,
                succeeds: true,
                sourceLocation: sourceLocation)
            try expectSame(
                ["render", name, "--width", "50", "--height", "20", "--offset", "9000", "--estimated-row-height", "1"]
                    + grouped, in: dir.path, environment: cache, succeeds: true, sourceLocation: sourceLocation)
        }
    }
}
