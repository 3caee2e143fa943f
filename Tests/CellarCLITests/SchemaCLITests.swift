import Cellar
@_spi(Fuzzing) import CellarDocuments
import CellarTestSupport
import Foundation
import Testing

/// `cellar schema`: the JSON Schema editors check tables with names every key Cellar reads, takes every
/// example, and refuses what Cellar refuses, as `jsonschema` (Python, the oracle) reads it.
@Suite struct SchemaCLITests {
    static func schema() throws -> [String: Any] {
        let run = try CellarCLI.run(["schema"], in: CellarCLI.packageRoot)
        #expect(run.status == 0 && run.stderr.isEmpty)
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
    }

    static func keys(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys)
    }

    @Test func everyKeyOfTheSchemaIsDeclared() throws {
        let schema = try Self.schema()
        let definitions = schema["definitions"] as? [String: Any]
        #expect(Self.keys(schema) == Set(TableSchema.document.map(\.name)))
        #expect(Self.keys(definitions?["section"]) == Set(TableSchema.section.map(\.name)))
        #expect(Self.keys(definitions?["row"]) == Set(TableSchema.row.map(\.name)))
    }

    /// A YAML or JSON text as Cellar reads it, in JSON (a YAML text through its JSON form's reading).
    static func json(_ text: String) throws -> Any {
        guard case .value(let v) = YAMLReadings.json(Array(text.utf8)) else { return NSNull() }
        func plain(_ v: Value) -> Any {
            switch v {
            case .null, .bytes: NSNull()
            case .bool(let b): b
            case .int(let i): i
            case .double(let d): d
            case .string(let s): s
            case .array(let a): a.map(plain)
            case .object(let o): o.mapValues(plain)
            }
        }
        return plain(v)
    }

    /// The documents `jsonschema` finds invalid, by name; nil (with a reason) without python3 and jsonschema.
    static func invalid(_ documents: [String: String]) throws -> (Set<String>?, String) {
        let dir = try ScratchDirectory()
        let run = try CellarCLI.run(["schema"], in: dir.path)
        try dir.write("schema.json", run.stdout)
        let all = try documents.mapValues(json)
        try dir.write(
            "documents.json", String(decoding: try JSONSerialization.data(withJSONObject: all), as: UTF8.self))
        let script = """
            import json, sys, jsonschema
            schema = json.load(open("schema.json"))
            jsonschema.Draft7Validator.check_schema(schema)
            v = jsonschema.Draft7Validator(schema)
            docs = json.load(open("documents.json"))
            print(json.dumps(sorted(n for n, d in docs.items() if not v.is_valid(d))))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return (nil, "python3 could not be started: \(error)") }
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let names = try? JSONDecoder().decode([String].self, from: printed)
        else { return (nil, "the jsonschema oracle failed: \(message)") }
        return (Set(names), "")
    }

    /// Skipped without the oracle, but in CI, whose `Scripts/test` installs it.
    static func oracle(_ documents: [String: String]) throws -> Set<String>? {
        let (found, reason) = try invalid(documents)
        if found == nil && ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("the schema test needs python3 + jsonschema in CI: \(reason)")
        }
        return found
    }

    @Test func everyExampleIsValidAndEveryMistakeIsNot() throws {
        let root = CellarCLI.packageRoot + "/Examples/"
        var documents: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: root)
        where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
            documents[name] = try String(contentsOfFile: root + name, encoding: .utf8)
        }
        #expect(documents.count >= 15)
        let row = "sections:\n  - rows:\n      - "
        // Each is refused by Cellar too (below), one mistake a document.
        let mistakes = [
            "misspelt key": row + "{cell: subtitle, text: a, txt: b}\n",
            "undrawn key": row + "{cell: default, text: a, secondaryText: b}\n",
            "accessory": row + "{text: a, accessory: chevron}\n",
            "height": row + "{text: a, height: -1}\n",
            "indentation": row + "{text: a, indentation: 1.5}\n",
            "state": row + "{text: a, selected: yes}\n",
            "section key": "sections:\n  - headr: H\n    rows: []\n",
            "top key": "sectionz: []\n",
            "table style": "style: fancy\nsections: []\n",
            "estimate": "estimatedSectionHeaderHeight: automatic\nsections: []\n",
        ]
        // Tables Cellar draws that a schema could wrongly refuse.
        let right = [
            "undrawn null": row + "{cell: default, text: a, secondaryText: null}\n",
            "whole float": "estimatedRowHeight: 2.0\n" + row + "{text: a, height: 1.0, indentation: 2.0}\n",
            "own style": "register: {FoodCell: subtitle}\n" + row + "{cell: FoodCell, text: a, secondaryText: b}\n",
            "lua row": row + "{cell: keyValue, key: k, value: v}\n",
        ]
        for (name, text) in right { documents[name] = text }
        guard let invalid = try Self.oracle(documents.merging(mistakes) { a, _ in a }) else { return }
        #expect(invalid == Set(mistakes.keys), "\(invalid.sorted())")
        let dir = try ScratchDirectory.withStyles()
        let styles = CellarCLI.packageRoot + "/Styles"
        for (name, text) in right {
            try dir.write("t.yaml", text)
            let run = try CellarCLI.run(["render", "t.yaml", "--width", "30", "--styles", styles], in: dir.path)
            #expect(run.status == 0, "\(name): \(run.stderr)")
        }
        for (name, text) in mistakes {
            try dir.write("t.yaml", text)
            let run = try CellarCLI.run(["render", "t.yaml", "--width", "30"], in: dir.path)
            #expect(run.status == 1, "\(name): Cellar takes what the schema refuses")
        }
    }
}
