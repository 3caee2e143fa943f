import CellarTestSupport
import Foundation
import Testing

@testable import cellar

/// `RenderQuickParse` (the accelerator) against ArgumentParser's parse of
/// `render` (its plain twin): over hand-picked and generated argument lists,
/// whatever the quick parse reads is the settings of the command
/// ArgumentParser gives, value for value, and it knows every option `render`
/// declares.
@Suite struct RenderQuickParseTests {
    /// Values each option is tried with: good ones, and ones ArgumentParser
    /// (or `validate()`) refuses.
    static let values: [String: [String]] = [
        "width": ["80", "0", "abc", "+5", "007", ""],
        "height": ["10", "0", "x"],
        "offset": ["3", "x"],
        "color": ["never", "always", "auto", "Never"],
        "format": ["plain", "svg", "html", "ansi", "pdf"],
        "theme": ["dark", "light", "sepia"],
        "title": ["T", "", "a=b", "한글"],
        "styles": ["Styles", "a", ""],
        "max-file-size": ["64M", "1000", "0", "1T", "x"],
        "input-format": ["json", "yaml", "xml"],
        "cell": ["subtitle", ""],
        "section-by": ["group", ""],
        "extra-keys": ["ignore", "error", "warn"],
        "table-style": ["plain", "insetGrouped", "fancy"],
        "row-height": ["automatic", "3", "0", "-1", "x", "100000"],
        "estimated-row-height": ["1", "0", "x"],
    ]

    /// Arguments that are not options of `render`, or not as given.
    static let strays: [[String]] = [
        ["--"], ["-h"], ["--help"], ["--bogus"], ["-w", "80"], ["---width", "80"], ["--=x"], ["help"],
        ["--version"], ["--width="], ["--stats=true"], ["--no-split=false"], ["-"], [""], ["second.json"],
        ["--Width", "80"], ["--width", "-"], ["--title", "-x"], ["--title=-x"], ["--title=--stats"],
    ]

    /// The option's arguments in every spelling the tests try.
    static func spellings(_ name: String) -> [[String]] {
        switch RenderQuickParse.reader(named: name[...]) {
        case .flag: return [["--" + name], ["--" + name + "=1"]]
        case .value:
            let values = Self.values[name] ?? ["1"]
            return values.map { ["--" + name, $0] } + values.map { ["--" + name + "=" + $0] } + [["--" + name]]
        case nil: return []
        }
    }

    /// A few hundred argument lists: the file anywhere (or twice, or never)
    /// among options in every spelling, repeated, and strays.
    static func corpus() -> [[String]] {
        var generator = SeededGenerator(seed: 25)
        let pieces = RenderQuickParse.options.map(\.name).sorted().flatMap(spellings) + strays
        var lists: [[String]] = [["t.json"], [], ["-"], ["--", "t.json"], ["t.json", "--"]]
        lists += pieces.map { ["t.json"] + $0 } + pieces.map { $0 + ["t.json"] }
        for _ in 0..<1500 {
            var list: [String] = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                list += pieces.randomElement(using: &generator) ?? []
            }
            if Int.random(in: 0..<8, using: &generator) != 0 {
                list.insert("t.json", at: Int.random(in: 0...list.count, using: &generator))
            }
            lists.append(list)
        }
        return lists
    }

    @Test func readsWhatArgumentParserReads() throws {
        var read = 0
        for arguments in Self.corpus() {
            guard let quick = RenderQuickParse.parse(arguments) else { continue }
            read += 1
            let plain = try? RenderCommand.parse(arguments)
            guard (try? quick.validate()) != nil else {
                #expect(plain == nil, "validate() refuses \(arguments) only after the quick parse")
                continue
            }
            let expected = try #require(plain, "ArgumentParser refuses \(arguments), the quick parse reads it")
            #expect(quick == expected.settings, "\(arguments)")
        }
        // The corpus must exercise the quick parse, not only its refusals.
        #expect(read > 300)
    }

    /// The forms scripts write are read by hand, not left to ArgumentParser.
    @Test(arguments: RenderQuickParse.options.map(\.name).sorted())
    func readsEveryOptionInBothSpellings(name: String) throws {
        let good = Self.values[name]?.first
        let forms: [[String]] =
            good.map { [["--" + name, $0], ["--" + name + "=" + $0]] } ?? [["--" + name]]
        for form in forms {
            // --offset needs --height.
            for arguments in [["t.json", "--height", "9"] + form, ["--height", "9"] + form + ["t.json"]] {
                let quick = try #require(RenderQuickParse.parse(arguments), "\(arguments)")
                #expect(quick == (try RenderCommand.parse(arguments)).settings, "\(arguments)")
                // Each option changes the settings (a value read but not kept would pass the line above).
                #expect(quick != (try RenderCommand.parse(["t.json", "--height", "9"])).settings, "\(arguments)")
            }
        }
    }

    /// A file alone gives every property its declared default, as ArgumentParser does.
    @Test func aFileAloneHasEveryDefault() throws {
        let quick = try #require(RenderQuickParse.parse(["t.json"]))
        #expect(quick == (try RenderCommand.parse(["t.json"])).settings)
        #expect(quick == RenderSettings(file: "t.json"))
    }

    /// The quick parse's table names exactly `render`'s options, as
    /// ArgumentParser describes them (`--experimental-dump-help`).
    @Test func knowsEveryOptionOfRender() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(RenderCommand._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        var declared: Set<String> = []
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            guard argument["kind"] as? String != "positional" else { continue }
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                if let text = name["name"] as? String { declared.insert(text) }
            }
        }
        let names = RenderQuickParse.options.map(\.name)
        #expect(names.count == Set(names).count, "a name listed twice")
        #expect(declared.subtracting(["help", "version"]) == Set(names))
    }
}
