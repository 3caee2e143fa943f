import CellarTestSupport
import Foundation
import Testing

/// The synopses people read first (README's `cellar render`, GoldenTests'
/// `cellar test`) name every flag the command's `--help` lists.
@Suite struct UsageDocsCLITests {
    /// The `--flag` names of a command's `--help` (`--[no-]x` counts as both spellings' stem).
    func helpFlags(_ command: String) throws -> Set<String> {
        let run = try CellarCLI.run([command, "--help"], in: CellarCLI.packageRoot)
        #expect(run.status == 0)
        // A flag's line starts with its spellings (`--a/--no-a <value>`); its description follows.
        let names = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  --") }.map {
            $0.split(separator: " ")[0]
        }
        return flags(in: names.joined(separator: "\n")).subtracting(["--help", "--version"])
    }

    func flags(in text: String) -> Set<String> {
        let words = text.split(whereSeparator: { " \n[]|/…=<>,`(".contains($0) })
        return Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
    }

    /// The fenced block of `file` whose first line starts with `start`.
    func synopsis(_ file: String, _ start: String) throws -> String {
        let text = try String(contentsOfFile: CellarCLI.packageRoot + "/" + file, encoding: .utf8)
        let blocks = text.components(separatedBy: "```")
        return try #require(blocks.first { $0.drop { $0 == "\n" }.hasPrefix(start) }, "\(file): no \(start) block")
    }

    @Test(arguments: [
        ("render", "README.md", "cellar render FILE"),
        ("test", "Sources/Cellar/Cellar.docc/GoldenTests.md", "cellar test [PATH…]"),
    ])
    func theSynopsisNamesEveryFlag(command: String, file: String, start: String) throws {
        let documented = flags(in: try synopsis(file, start))
        let missing = try helpFlags(command).subtracting(documented)
        #expect(missing.isEmpty, "\(file) leaves out \(missing.sorted())")
    }
}
