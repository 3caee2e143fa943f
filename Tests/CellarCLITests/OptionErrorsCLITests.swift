import CellarTestSupport
import Foundation
import Testing

/// Every option of every subcommand, read from the command line tool's own
/// description of itself (`--experimental-dump-help`, derived from the
/// ArgumentParser commands, so a new option is walked too), given bad values:
/// a refusal is one line naming the option (or quoting its value) with exit
/// status 1, as `--width 0`'s; `--help` still prints the usage.
@Suite struct OptionErrorsCLITests {
    static let badValues = ["abc", "-1", "0", "1T", "", "file", "file/sub"]
    /// Free text that no value can make wrong, or that browse reads only
    /// after it has a terminal (the run without the option fails there first).
    static let acceptsAnything: Set = [
        "render --title", "browse --cell", "browse --section-by",
    ]

    struct Option { var command: String, name: String }

    static func options() throws -> [Option] {
        let run = try CellarCLI.run(["--experimental-dump-help"], in: CellarCLI.packageRoot)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        var out: [Option] = []
        for sub in command["subcommands"] as? [[String: Any]] ?? [] {
            guard let name = sub["commandName"] as? String, name != "help" else { continue }
            for argument in sub["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                if let long = names.max(by: { $0.count < $1.count }) { out.append(Option(command: name, name: long)) }
            }
        }
        return out
    }

    static func arguments(_ command: String, _ serial: Int) -> [String] {
        switch command {
        case "render", "browse": return [command, "t.yaml"]
        case "test": return [command, "cases"]
        case "new-style": return [command, "s\(serial)"]
        default: return [command]
        }
    }

    @Test func everyOptionRefusesABadValueInOneLine() throws {
        let dir = try ScratchDirectory()
        try dir.write("t.yaml", "sections:\n  - rows:\n      - text: hi\n")
        try dir.write("cases/a.case.yaml", "width: 20\ntable: ../t.yaml\n")
        try dir.write("file", "x")
        let options = try Self.options()
        #expect(Set(options.map(\.command)).isSuperset(of: ["render", "styles", "new-style", "test", "browse"]))
        #expect(options.contains { $0.command == "test" && $0.name == "jobs" })
        var serial = 0
        for option in options {
            let flag = "--" + option.name
            serial += 1
            let plain = try CellarCLI.run(Self.arguments(option.command, serial), in: dir.path)
            var refused = false
            for value in Self.badValues {
                serial += 1
                let run = try CellarCLI.run(
                    Self.arguments(option.command, serial) + ["\(flag)=\(value)"], in: dir.path)
                let what = "\(option.command) \(flag)=\(value)"
                #expect(run.status == 0 || run.status == 1, "\(what): exit \(run.status)")
                guard run.status != plain.status || run.stderr != plain.stderr else { continue }
                refused = true
                let lines = run.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(what): \(run.stderr)")
                #expect(
                    run.stderr.hasPrefix("cellar") && (run.stderr.contains(flag) || run.stderr.contains(value)),
                    "\(what): \(run.stderr)")
                #expect(!run.stderr.contains("Usage") && !run.stderr.contains("USAGE"), "\(what)")
            }
            #expect(refused || Self.acceptsAnything.contains("\(option.command) \(flag)"), "\(option.command) \(flag)")
        }
    }

    @Test func helpStillShowsTheUsage() throws {
        let dir = try ScratchDirectory()
        for command in ["render", "test", "browse", "styles", "new-style"] {
            let run = try CellarCLI.run([command, "--help"], in: dir.path)
            #expect(run.status == 0 && run.stdout.contains("USAGE: cellar \(command)"), "\(command)")
        }
        let run = try CellarCLI.run(["render", "t.yaml", "--max-file-size", "0"], in: dir.path)
        #expect(run.status == 1)
        #expect(run.stderr == "cellar: --max-file-size must be a size such as 64M, 2G or 1000000 (got '0')\n")
    }
}
