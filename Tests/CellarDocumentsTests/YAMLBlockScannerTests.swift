import Cellar
import CellarTestSupport
import Foundation
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

#if canImport(Glibc)
    import Glibc
#endif

/// The block scanner (`YAMLBlockScanner`) against its plain twin, libfyaml
/// (`YAMLEvents`): the same JSON form byte for byte, or the same located
/// error, for every example, case and fuzz seed, generated tables of every
/// core-schema edge case, and mutations of them that must make it decline.
@Suite struct YAMLBlockScannerTests {
    /// Whether the text is read by the scanner, with the nodes libfyaml reads alone for it
    /// (false: it declined the whole text, or the form ends in an error).
    static func scans(_ text: String) -> Bool { scans(Array(text.utf8)) }

    /// How many nodes the scanner had libfyaml read alone (`YAMLFragment`), or nil when it declined the whole text.
    static func nodesReadAlone(_ text: String) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = YAMLBlockScanner(bytes)
            var batch = YAMLEventBatch.reserved()
            do {
                while try !scanner.readLine(into: &batch) { batch.removeAll() }
            } catch { return nil }
            return scanner.nodesReadAlone
        }
    }

    static func scans(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { (try? YAMLToJSON.converter($0, path: "t.yaml", scanning: true)) != nil }
    }

    static func expectSame(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let difference = YAMLReadings.readerMismatch(Array(text.utf8))
        #expect(difference == nil, "\(what): \(text.prefix(400)): \(difference ?? "")", sourceLocation: sourceLocation)
    }

    /// Plain scalars of every kind the core schema tells apart, and texts that only look like them.
    static let plainValues = [
        "10:30", "01234", "NO", "no", "yes", "Yes", "0x1F", "0x1g", "0o17", "0o8", "0b11", ".inf", "-.Inf", "+.INF",
        ".nan", ".NaN", "~", "null", "Null", "NULL", "nULL", "true", "True", "TRUE", "tRUE", "false", "FALSE", "1e3",
        "1E-3", "-1.5", "+12", "-0", "1_000", "12.3 GB of 64 GB", "99999999999999999999", "3.", ".5", "1.2.3",
        "Row 7 한글", "🍊 emoji", "a:b", "a#b", "http://x.y/z?q=1", "-5", "-x", "don't", "say \"hi\"", "a, b",
        "x]", "x}", "그래요", "~x", "n", "t", "f", "fo o", "é", "a [b] {c}", "12:30:45", "-.5", "50%", "a | b",
        "a > b", "a & b", "a * b", "a ! b", "a ? b", "a % b", "a @ b", "#hash", "a\\b",
    ]
    /// Flow mappings take plain text without `#`, quotes, `[]{}`, `,` and `: `.
    static let flowPlainValues = plainValues.filter { v in !v.contains { "#\"',[]{}".contains($0) } }
    static let quotedValues = [
        "\"10:30\"", "'01234'", "\"true\"", "'null'", "\"\"", "''", "'it''s'", "''''", "'a''''b'",
        #""tab\there""#, #""q\"uote""#, #""back\\slash""#, #""\u00e9\U0001F34A\x41""#, #""\0\a\b\v\f\r\e\ \/""#,
        #""\N\_\L\P""#, "\"한글 🍊\"", "\"  spaced  \"", "'  spaced  '", #""a\nb""#, "\"# not a comment\"",
    ]
    static let keys = [
        "text", "secondaryText", "cell", "image", "accessory", "height", "키", "\"quoted key\"", "'k'", "my key", "01",
        "null", "\"\"",
    ]

    static func value(_ rng: inout SeededGenerator, flow: Bool) -> String {
        let plain = flow ? flowPlainValues : plainValues
        return Bool.random(using: &rng) ? plain.randomElement(using: &rng)! : quotedValues.randomElement(using: &rng)!
    }

    /// A table document in the subset: block rows, flow rows, flow lists,
    /// block scalars, comments, blank lines, trailing spaces, sequences indented under their
    /// key or at its indentation.
    static func table(_ seed: UInt64, rows: Int = 30) -> String {
        var rng = SeededGenerator(seed: seed)
        var lines = ["# generated \(seed)", seed % 3 == 0 ? "---" : "", "style: plain", "sections:"]
        let section = seed % 5 == 2 ? "" : "  "
        let entry = section + (seed % 4 == 1 ? "  " : "    ")
        for s in 0..<2 {
            lines.append(section + "- header: \(value(&rng, flow: false))")
            lines.append(section + (seed % 2 == 0 ? "  rows:" : "  rows:  # the rows"))
            for r in 0..<rows {
                let keys = Self.keys.shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
                let pad = Bool.random(using: &rng) ? "  " : ""
                if (r + s) % 2 == 0 {
                    let fields = keys.map { "\($0): \(value(&rng, flow: true))" }
                    lines.append(entry + "- {" + fields.joined(separator: ", ") + "}" + pad)
                } else {
                    for (k, key) in keys.enumerated() {
                        let value = value(&rng, flow: false)
                        // A tag before a comment tags an empty node, which the scanner leaves to libfyaml.
                        let tag = r % 4 == 1 && k == 0 && !value.hasPrefix("#") ? "!!str " : ""
                        lines.append(entry + (k == 0 ? "- " : "  ") + "\(key): \(tag)\(value)" + pad)
                    }
                    if r % 8 == 5 {
                        // A long text wrapped: on the key's line or the next, over lines and an empty one.
                        let first = Bool.random(using: &rng) ? " Wrapped 한글" : "\n" + entry + "    Wrapped"
                        lines.append(entry + "  long:" + first + pad)
                        lines.append(entry + "    " + flowPlainValues.randomElement(using: &rng)! + pad)
                        if Bool.random(using: &rng) { lines.append("") }
                        lines.append(entry + "     " + flowPlainValues.randomElement(using: &rng)!)
                    }
                    if r % 6 == 4 {
                        let header = ["|", ">", "|-", ">+", "| # note"].randomElement(using: &rng)!
                        lines.append(entry + "  note: " + header)
                        lines.append(entry + "    " + value(&rng, flow: false))
                        // An empty line, or one of spaces as editors leave them.
                        if Bool.random(using: &rng) {
                            lines.append(["", entry + "    ", "  "].randomElement(using: &rng)!)
                        }
                        lines.append(entry + "    " + value(&rng, flow: false))
                    }
                    if r % 5 == 2 {
                        let items = (0..<Int.random(in: 0...3, using: &rng)).map { i in
                            i == 1 ? "{k: \(value(&rng, flow: true))}" : value(&rng, flow: true)
                        }
                        // On one line, or over lines as a long list is written.
                        let separator = Bool.random(using: &rng) ? ", " : ",\n" + entry + "    "
                        lines.append(entry + "  list: [" + items.joined(separator: separator) + "]" + pad)
                    }
                }
                if r % 7 == 3 { lines.append(r % 2 == 0 ? "" : entry + "  # a comment") }
            }
            if s == 0 { lines.append(section + "  footer: \(value(&rng, flow: false))") }
        }
        lines.append("footer:")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func everyExampleCaseAndSeedGivesTheSameFormOrError() throws {
        var scanned = 0
        for (name, bytes) in try YAMLEventsAheadTests.texts() {
            Self.expectSame(String(decoding: bytes, as: UTF8.self), name)
            if Self.scans(String(decoding: bytes, as: UTF8.self)) { scanned += 1 }
            for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 1] where cut > 0 && cut < bytes.count {
                Self.expectSame(String(decoding: bytes[..<cut], as: UTF8.self), "\(name) cut at \(cut)")
            }
        }
        // Most shipped tables are in the subset.
        #expect(scanned > 40)
    }

    @Test func generatedTablesAreScannedWithTheSameForm() {
        for seed in 0..<120 as Range<UInt64> {
            let text = Self.table(seed)
            #expect(Self.scans(text), "\(seed): \(text)")
            Self.expectSame(text, "seed \(seed)")
            let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
            Self.expectSame(crlf, "seed \(seed) CRLF")
        }
    }

    /// Every scalar the generator knows, alone as a block value and in a flow mapping.
    @Test func everyScalarReadsAsLibfyamlReadsIt() {
        for v in Self.plainValues + Self.quotedValues {
            let block = "rows:\n  - text: \(v)\n    \(v): 1\n"
            #expect(Self.scans(block), "\(v)")
            Self.expectSame(block, v)
            Self.expectSame("a: \(v) # c\nb: {k: \(v)}\n", v)
        }
        for v in Self.flowPlainValues + Self.quotedValues {
            let flow = "- {text: \(v), \(v): x}\n- {\"j\":\(v)}\n"
            #expect(Self.scans(flow), "\(v)")
            Self.expectSame(flow, v)
        }
    }

    /// Block structures in the subset: sequences at their key's indentation,
    /// an entry's mapping holding a sequence, an indented root, comments
    /// between a key and its block, keys with no value.
    static let structures = [
        "- a:\n  - x\n  - y\n- b\n", "a:\n- 1\n- 2\nb: 3\n", "- a: 1\n  b:\n    c: 2\n- d\n", "  a: 1\n  b: 2\n",
        "a:\n  # c\n\n  b: 1\n", "a:   \nb: 1\n", "-   a: 1\n    b: 2\n-  c\n", "a: {}\nb: { }\n", "--- # c\na: 1\n",
        "a: 1\r\nb:\r\n  - x\r\n", "a:\n  b:\n    c:\nd:\n", "- {a: 1}\n", "a: 1\n# end",
        "a: [1, 2]\n", "a: []\nb: [ ]\n", "- [a, 'b', \"c\"]\n", "a: [{t: 1}, {u: 2, v: x}] # c\n", "a: [ x , y ]\n",
        "- text: a\n  swipeActions: [{title: Delete, style: destructive}, {title: \"Flag\", color: orange}]\n",
        "a: [{}, { }, '', \"\"]\n", "a: [x y, 10:30, a:b, -x]\n",
        // Block scalars as a mapping's value.
        "a: |\n  x\n  y\nb: 1\n", "a: |-\n  x\n\n  y\n\nb: 1\n", "a: |+\n  x\n\n\nb: 1\n", "a: |+\n  x\n",
        "a: >\n  x\n  y\n\n  z\nb: 1\n", "a: >-\n  one\n  two\n", "a: >+\n  one\n\n", "a: >\n  x\n\n\n  y\n",
        "a: | # c\n   x  \n   # not a comment\n# c\nb: 2\n", "a: |\n  10:30\n  true\n", "a: |\n  한글 🍊\n",
        "- text: |\n    Line 1\n    Line 2\n  secondaryText: >\n    folded\n    text\n",
        "rows:\n  - text: |\n      a\n       more\n\n  - b\n", "a: |\r\n  x\r\n\r\n  y\r\nb: >\r\n  z\r\n",
        "a: |\n  x\nb: |\n  y\n", "a:\n  b: |\n    x\n  c: 1\n", "a: >\n  'q' \"d\" {x} [y] #z\n",
        "a: |\n    deep\n  # trail\nb: 1\n",
        // Empty lines, and lines of spaces an editor leaves, before, inside and after the text.
        "a: |\n\n  x\n", "a: >\n\n  x\n", "a: |\n  \n  x\n", "a: >\n  \n\n  x\n  y\n", "a: |\n  x\n  \n  y\n",
        "a: |\n  x\n    \n  y\n", "a: >\n  x\n  \n  y\n", "a: |+\n  x\n  \n", "a: |+\n  x\n   \n",
        "a: |-\n  x\n  \nb: 1\n", "a: |\n  x\n \n  y\nb: 2\n", "a: |+\n  x\n     \n\n", "a: |\n \n  x\n",
        "- b: |\n\n\n    x\n\n  c: 1\n",
        // Quoted scalars going on over lines.
        "a: \"x\n  y\"\n", "a: 'x\n  y'\n", "a: \"x\\\n  y\"\n", "a: \"x  \n\n   y\"\n", "a: \"\n  y\"\n",
        "a: \"x\\t\n  y\"\n", "a: \"x\\ \n  y\"\n", "a: 'it''s\n  ok'\n", "a: 'x\n\n\n  y'\nb: 1\n",
        "- \"a\n  b\"\n- c\n", "a:\n  \"x\n   y\"\n", "a: \"x\n  y\" # c\nb: 1\n", "a: \"한글\n  🍊\"\n",
        "a: \"x\r\n  y\"\r\n", "- text: \"a long text\n    wrapped\"\n  secondaryText: x\n", "a: \"x\\\n\n  y\"\n",
        "a: \"x \\\n  y\"\n", "a: 'x  \n   y  '\n", "a: \"x\n  \\u00e9 y\"\n", "a: !!str \"1\n  2\"\n",
        "a: \"  x\n  y  \"\n", "a: 'x''\n  ''y'\n",
        // Flow collections over lines, each line deeper than the block around them.
        "a: [1,\n  2]\n", "a: [\n  1,\n  2\n  ]\n", "a: [\n  1,\n  2\n ]\n", "a: {\n  b: 1,\n  c: 2\n  }\n",
        "- [a,\n  b]\n", "- {a: 1,\n   b: 2}\n", "a: [a, # c\n  b]\n", "a: [\n  # c\n  a\n  ]\n", "a: [a\n  , b]\n",
        "a: [\n\n  a]\n", "a: [{t: 1},\n  {u: 2}]\n", "a: [{t: 1,\n  u: 2}]\n", "a: [a,\n  b] # c\nd: 1\n",
        "a:\n  b: [x,\n    y]\n  c: 1\n", "a: [x,\n  y]\r\n", "a: [\n  \"q\",\n  'r'\n  ]\n",
        "- text: x\n  swipeActions: [\n    {title: Delete, style: destructive},\n    {title: Flag}\n    ]\n",
        // The YAML 1.2 directive, and the document's end marked.
        "%YAML 1.2\n---\na: 1\n", "%YAML 1.2 # c\n--- # c\n- a\n", "%YAML   1.2\n---\na: 1\n", "a: 1\n...\n",
        "a: 1\n... # end\n\n# c\n", "a:\n...\n", "- a:\n  - b\n...\n", "\u{FEFF}%YAML 1.2\n---\na: 1\n",
        // A byte order mark where the text starts, as some editors write one.
        "\u{FEFF}a: 1\n", "\u{FEFF}- a\n", "\u{FEFF}---\na: 1\n", "\u{FEFF}\na: 1\n", "\u{FEFF}  a: 1\n  b: 2\n",
        // Flow collections as a flow mapping's values, as styled rows write them.
        "a: {b: {c: 1}}\n", "a: {b: [1, 2]}\n", "a: {b: {}, c: [ ], d: x}\n", "a: {b: {c: {d: 1}}}\n",
        "- {text: a, textProperties: {color: tint}, background: {color: secondaryBackground, selectedColor: tint}}\n",
        "- {t: a, actions: [{title: Delete, style: destructive}, {title: Flag}]}\n",
        "- {\"cell\": \"value1\", \"textProperties\": {\"color\": \"tint\"}, \"n\": [\"x\", {\"y\": 10:30}]}\n",
        "a: [{b: {c: d}}, {e: [f]}]\n",
        // Plain scalars going on over more-indented lines, as long texts are wrapped.
        "a: b\n  c\n", "a: b\n  c\n\n  d\ne: 1\n", "a: b\n\n\n  c\n", "a: b   \n   c   \n", "a: b\r\n  c\r\n",
        "- text: Row 0\n    한글 🍊\n  secondaryText: x\n", "a:\n  b\n", "a:\n  b\n  c\nd: 1\n", "a:\n  'q'\n",
        "- a\n  b\n- c\n", "a:\n- x\n  y\n", "a: x:y\n  z#w 10:30\n", "a: b\n  c\n  # note\nd: 1\n", "a: b\n\n",
        "a: b\n  c", "a: b\n c\n", "a: b\n  c\n\n", "a: b\n  - c\n", "a: b\n  [c]\n", "a: b\n  'c' \"d\" {e}\n",
        "- b\n  ? c\n", "a: b\n  !c &d *e |f >g %h @i `j ,k\n", "a: b\n  ---\n", "- a\n - b\n",
        "rows:\n  - text: one\n      two\n\n      three\n    cell: x\n",
        // Tags of the core schema, on block and flow scalars.
        "a: !!str 10:30\n", "a: !!int \"7\"\n", "- !!str 1\n", "a: {b: !!bool 'true', c: !!null ''}\n",
        "a: [!!str 1, !!float 2]\n", "a: !!str  x # c\n", "a: !!str x\n  y\n", "a:\n  - !!str 0123\n",
        "- {text: !!str 01234, secondaryText: x}\n",
        // An entry's node on the lines after its dash.
        "-\n  a: 1\n", "a:\n-\n  b: 1\n  c: 2\n- d\n", "- # c\n  - x\n-\n  y\n", "-\n  a: |\n    x\n",
    ]

    /// Anchors and aliases as PyYAML writes a list or mapping rows share, and as people write them.
    static let aliases = [
        "a: &x 1\nb: *x\n", "a: &id001\n- title: Delete\n  style: destructive\nb: *id001\n",
        "a: &x\n  - 1\nb: *x # c\n", "a:\n- &x\n  c: 1\n- *x\n", "- &x {t: 1, u: [2]}\n- *x\n",
        "a: &x [1, {b: 2}]\nc: [*x]\n".replacingOccurrences(of: "[*x]", with: "\n  - *x"),
        "a: &x |\n  text\nb: *x\n", "a: &x !!str 7\nb: *x\n", "a: &x 'q'\nb: *x\n", "a: &x.y-z_1 1\nb: *x.y-z_1\n",
        "a: &x 1\nb: &x 2\nc: *x\n", "a: &o\n  b: &i 1\n  c: *i\nd: *o\n", "a: &x\nb: *x\n",
        "a: &x\n  b\n  c\nd: *x\n",
        // In flow collections, as TableDocuments shows them.
        "- {text: Inbox, trailingSwipeActions: &delete [{title: Delete, style: destructive}]}\n"
            + "- {text: Archive, trailingSwipeActions: *delete}\n",
        "a: [&x 1, *x]\n", "a: {b: &x {c: 1}, d: *x}\n", "a: &x 1\nb: [*x, {c: *x}]\n", "a: [&x {b: 1},\n  *x ]\n",
        "a: {b: &x [1], c: *x}\n",
    ]

    /// A document that is one flow collection, as JSON texts are (YAML 1.2 reads every JSON text):
    /// its lines may start at any column. Anything after it but comments and `...` declines.
    @Test func aJSONTextIsScanned() throws {
        let texts = [
            "{\"a\": 1}\n", "[1, {\"b\": [2]}]\n", "{\"a\":1,\"b\":[{\"c\":\"d\"}]}", "{\n\"a\": 1\n}\n",
            "{\n  \"a\": [\n    {\"b\": null}\n  ]\n} # c\n...\n", "{\"a\": \"\\u00e9\\n\"}\n", "{}\n", "[]", "[a]\n",
            "{a: b, c: [d]}\n", "{\"a\": \"x\n  y\"}\n",
        ]
        let fruits = try #require(
            FileManager.default.contents(atPath: StreamedDifferentialTests.root + "/Examples/fruits.json"))
        for text in texts + [String(decoding: fruits, as: UTF8.self)] {
            #expect(Self.nodesReadAlone(text) == 0, "\(text.prefix(200))")
            Self.expectSame(text, text)
        }
        // Large enough to be handed on in batches as it is read, on one line or over many; a decline
        // or an error after the first batches has libfyaml read it all again.
        let rows = (0..<1500).map { #"{"cell": "value1", "text": "Row \#($0) 한글", "secondaryText": "\#($0)"}"# }
        for separator in [",", ",\n  "] {
            let table = "{\"sections\": [{\"rows\": [" + rows.joined(separator: separator) + "]}]}\n"
            #expect(Self.nodesReadAlone(table) == 0)
            Self.expectSame(table, "\(rows.count) rows")
            let anchored = "[&x {\"t\": [1]}, " + rows.joined(separator: separator) + ", *x, {\"u\": *x}]\n"
            #expect(Self.nodesReadAlone(anchored) == 0)
            Self.expectSame(anchored, "\(rows.count) rows between an anchor and its aliases")
            // An error in the first batch: the reader ahead is told to stop while it hands batches on.
            let early = "[{\"t\": 1, \"t\": 2}, " + rows.joined(separator: separator) + "]\n"
            Self.expectSame(early, "a repeated key, then \(rows.count) rows")
            for end in ["[[1]]]}]}\n", "{\"text\": 1, \"text\": 2}]}]}\n", "1]}]}\nmore: 1\n"] {
                let late = "{\"sections\": [{\"rows\": [" + rows.joined(separator: separator) + separator + end
                Self.expectSame(late, "\(rows.count) rows, then \(end)")
            }
        }
        // Also what flow collections decline anywhere: a lone escaped surrogate, a document marker at a
        // line's start (libfyaml refuses it there).
        for text in [
            "{a: 1}\nb: 2\n", "[1]\n[2]\n", "{a: 1} x\n", "[[1]]\n", "{a: 1}\n---\n", "{a: 1\n", "[a\nb: 1]\n",
            "{\"a\": \"\\ud83c\"}\n", "{\"a\": \"\\ud83c\\u0041\"}\n", "{\"a\": \"\\udf4a\\ud83c\"}\n",
            "[a,\n--- b]\n", "[a,\n...\n]\n", "{\"a\": 1,\n---\n\"b\": 2}\n",
        ] {
            #expect(Self.nodesReadAlone(text) == nil, "\(text)")
            Self.expectSame(text, text)
        }
    }

    /// A character past U+FFFF escaped as a UTF-16 surrogate pair, as JSON writers (Python's `json.dump`) do:
    /// one character, in quoted text anywhere.
    @Test func escapedSurrogatePairsAreOneCharacter() {
        for text in [
            "{\"a\": \"\\ud83c\\udf4a x\"}\n", "a: \"\\ud83c\\udf4a x\"\n", "b: [{a: \"\\uD83C\\uDF4A x\"}]\n",
        ] {
            #expect(Self.nodesReadAlone(text) == 0, "\(text)")
            Self.expectSame(text, text)
            guard case .value(let v) = YAMLReadings.json(Array(text.utf8)),
                case .array(let list)? = v["b"] ?? .array([v])
            else {
                Issue.record("\(text)")
                continue
            }
            #expect(list.first?["a"] == .string("🍊 x"), "\(text)")
        }
    }

    @Test func anchorsAndAliasesAreScanned() {
        for text in Self.aliases {
            #expect(Self.nodesReadAlone(text) == 0, "\(text)")
            Self.expectSameAloneAndAfterRows(text)
        }
        // Rows that share a list, as `yaml.dump` writes them: copies, not the keys or values around them.
        let shared =
            "- text: Row 0\n  trailingSwipeActions: &id001\n  - title: Delete\n- text: Row 1\n"
            + "  trailingSwipeActions: *id001\n"
        #expect(Self.nodesReadAlone(shared) == 0)
        guard case .value(let v) = YAMLReadings.json(Array(shared.utf8)), case .array(let rows) = v else {
            Issue.record("not a list")
            return
        }
        let actions = Value.array([.object(["title": .string("Delete")])])
        #expect(rows.map { $0["trailingSwipeActions"] } == [actions, actions])
        // An anchor in a node libfyaml reads alone would be hidden from the scanner's aliases:
        // the whole text goes to libfyaml (here `*x` is the later 2, not the scanner's 1).
        for text in ["a: &x 1\nb: &x\t2\nc: *x\n", "a: &x 1\nb: *x\t\n", "- &x a\t\n- *x\n", "a: &x\t1\n"] {
            #expect(Self.nodesReadAlone(text) == nil, "\(text)")
            Self.expectSame(text, text)
        }
    }

    @Test func blockStructuresReadAsLibfyamlReadsThem() {
        for text in Self.structures {
            #expect(Self.scans(text), "\(text)")
            Self.expectSame(text, text)
        }
    }

    /// Rows as PyYAML's `yaml.dump` writes them (6.0, width 80): long text
    /// wrapped plain or single-quoted, or double-quoted with escapes and `\`
    /// line continuations. Read by the scanner, as PyYAML reads them back.
    @Test func pythonDumpsAreScanned() throws {
        let escaped = #"""
            sections:
            - header: PyYAML wraps long text
              rows:
              - cell: default
                secondaryText: "apple long-word-here tab-like caf\xE9 \uD14D\uC2A4\uD2B8 na\xEF\
                  ve: \uD55C\uAE00 \uD55C\uAE00 'quote' caf\xE9 na\xEFve: tab-like na\xEFve: caf\xE9\
                  \ emoji #hash tab-like cherry \uD55C\uAE00 #hash"
                accessory: checkmark

            """#
        let unicode = #"""
            sections:
            - header: PyYAML wraps long text
              rows:
              - cell: default
                text: '''quote'' tab-like "dq" café colon emoji café naïve: naïve: 텍스트 café cherry
                  naïve:'
                secondaryText: tab-like emoji 한글 "dq" colon 텍스트 long-word-here 'quote' tab-like
                  'quote' cherry 텍스트 tab-like tab-like cherry

            """#
        for text in [escaped, unicode] {
            #expect(Self.scans(text))
            Self.expectSame(text, "PyYAML")
        }
        // As `yaml.safe_load` gives it.
        let row: (String) throws -> Value? = { text in
            guard case .value(let v) = YAMLReadings.json(Array(text.utf8)),
                case .array(let sections)? = v["sections"], case .array(let rows)? = sections.first?["rows"]
            else { return nil }
            return rows.first
        }
        #expect(
            try row(escaped)?["secondaryText"]
                == .string(
                    "apple long-word-here tab-like café 텍스트 naïve: 한글 한글 'quote' café naïve: tab-like naïve: café"
                        + " emoji #hash tab-like cherry 한글 #hash"))
        #expect(
            try row(unicode)?["secondaryText"]
                == .string(
                    "tab-like emoji 한글 \"dq\" colon 텍스트 long-word-here 'quote' tab-like 'quote' cherry 텍스트"
                        + " tab-like tab-like cherry"))
        #expect(
            try row(unicode)?["text"]
                == .string("'quote' tab-like \"dq\" café colon emoji café naïve: naïve: 텍스트 café cherry naïve:"))
    }

    /// Quoted and plain text in a flow collection over lines, as PyYAML
    /// writes rows in flow style (`default_flow_style=None`) past 80 columns:
    /// read, and the flow collection goes on after the text.
    @Test func textOverLinesInAFlowCollectionIsScanned() {
        let texts = [
            "- {a: x\n    y, b: c}\n", "- {a: x y\n    z w\n\n    v}\n", "- [x\n    y, z]\n", "- {a: x\n    y\n  }\n",
            "- {a: x\n    y  ,b: c}\n", "- {a: 1\n    2}\n", "- {a: x\n    한글 y}\n", "[a b\nc d]\n",
            "- {a: x\n    y:z}\n",
            """
            rows:
            - {cell: subtitle, text: Row with a very long title Row with a very long title Row
                with a very long title Row with a very long title Row with a very long title
                Row with a very long title, accessory: checkmark}

            """,
            "- {a: \"x\n    y\", b: c}\n", "- {a: \"x \\\n    \\ y\", b: c}\n", "- {a: 'x\n    y'}\n",
            "- [\"x\n    y\", z]\n", "- {a: \"x\n\n    y\"}\n", "- {a: \"x\n    y\"\n  }\n",
            "- {a: \"x\n    y\"  # c\n  }\n",
            "- {a: [\"x\n    y\"], b: {c: 'p\n    q'}}\n", "[\"x\ny\", \"p\n  q\"]\n", "- {a: \"x\\\n  y\"}\n",
            """
            rows:
            - {cell: subtitle, text: "Row 1 \\uD55C\\uAE00", secondaryText: "detail 1 \\uAC00\\uB098\\
                \\uB2E4", accessory: checkmark}
            - {cell: value1, text: "Row 2", secondaryText: "detail 2 \\uAC00\\uB098\\
                \\uB2E4", accessory: detailButton,
              selected: true}

            """,
        ]
        for text in texts {
            #expect(Self.nodesReadAlone(text) == 0, "\(text)")
            Self.expectSameAloneAndAfterRows(text)
        }
        // A key over lines, a line not deeper than the block, a document marker, a tab, a line starting
        // with an indicator, a comment or a `: `: libfyaml's reading.
        for text in [
            "- {a\n    b: 1}\n", "- {a: x\n  y}\n", "- {a: x\n    y\n}\n", "a:\n  - [x\n      y\n  ]\n",
            "- {a: x\ny}\n", "[x\n---\n]\n", "[x\n...\n]\n",
            "a:\n  - {b: x\n  y}\n", "a:\n  b: [x\n  y]\n", "a:\n  - {b: x\n\n \n  y}\n",
            "- {a: x\n    \ty}\n",
            "- {a: x\n    - y}\n", "- {a: x\n    #c\n    y}\n", "- {a: x\n    y # c\n  }\n", "- {a: x\n    y: z}\n",
            "- {a: x\n    y\n", "- [x\n    y: z]\n", "- {a: x\n    y [z]}\n", "- {a: x\n    'y'}\n",
            "- {a: x\n    :y}\n",
            "- {\"a\n    b\": 1}\n", "- [\"a\n    b\": 1]\n", "- {a: \"x\ny\"}\n", "[\"x\n---\ny\"]\n",
            "[\"x\n...\ny\"]\n", "[\"x\n---z\"]\n",
            "- {a: \"x\n    \ty\"}\n", "- {a: \"x\n    y\" z}\n", "- {a: \"x\n    y\"}\n- b\n", "[\"x\n\"]\n", "[\"x\n",
        ] {
            Self.expectSameAloneAndAfterRows(text)
        }
    }

    /// Texts outside the subset: the scanner declines each, or a node of it
    /// that libfyaml then reads alone, and the form or error is libfyaml's.
    static let outside = [
        "a: [1, 2,]\n", "a: [a: b]\n", "a: [\"a\": b]\n", "a: [1\n", "a: [\n  1,\n  2\n]\n", "a: {\n  b: 1\n}\n",
        "a: [\n]\n", "a: [a,\n  b] x\n", "a: [a,#c\n  b]\n", "a: [a,\nb]\n", "a: [\n  a\n",
        "- s: [\n    a\n  ]\n", "a: {b:\n  1}\n", "a: [[1]]\n", "a: [1] x\n",
        "a: [-]\n", "a: [?x]\n", "a: [1, , 2]\n", "a: [{b: 1]\n", "a: [1}\n", "a: {b: 1]\n", "- [a]]\n",
        "a: |2\n  x\n", "a: |\n    \n  x\n", "a: >\n  x\n    \n  y\n", "a: |\n  x\n  ", "a: >\n  x\n   more\n",
        "a: |\n  x", "a: |\nb: 1\n",
        "a: |x\n", "a: |#c\n", "- |\n  x\n", "a: |-+\n  x\n", "a: |\n  x\n y\n", "a:\n  b: |\n  x\n",
        "a: !str 1\n", "a: !<tag:yaml.org,2002:str> 1\n", "a: !!str\n  x\n",
        "a: !!str |\n  x\n", "a: !!str{x}\n", "- !!str a: b\n", "!!str a: b\n", "a: !!seq [x]\n", "a: [!!str]\n",
        "a: b\n  c: d\n", "a: b # c\n  d\n", "a: b\n  c #d\n", "- a: b\n  c\n",
        "a: \"b\"\n  c\n", "a: b\n  c:\n",
        "? a\n: b\n", "%YAML 1.1\n---\na: 1\n", "%YAML 1.2\na: 1\n", "%YAML 1.2\n  ---\na: 1\n",
        "%TAG ! tag:x,2000:\n---\na: 1\n",
        "%YAML 1.2\n%YAML 1.2\n---\na: 1\n", "%YAML 1.23\n---\na: 1\n", "%YAML 1.2#c\n---\na: 1\n", "a: 1\n...\nb: 2\n",
        "a: 1\n...\n---\nb: 2\n", "---\n...\n", "a: 1\n...\n...\n", "a: 1\n... x\n", "a: 1\n---\nb: 2\n", "a:\n\t- 1\n",
        "a: \"x\ny\"\n",
        "a: \"x\n  y\" z\n", "\"a\n  b\": 1\n", "a: \"x\n  y\n", "a: \"x\n---\n  y\"\n",
        "a: 'x\n  y\n", "a: 1\n b: 2\n", "a:\n  - 1\n - 2\n", "a: 1\n\u{FEFF}b: 2\n", "a: b\u{0085}c\n",
        "a: {b: 1,}\n", "a: {b: [[1]]}\n", "a: {b: {c: 1}\n", "a: {b: {c: 1},}\n", "a: {b: [1,]}\n",
        "a: {b: {c: 1}} x\n", "a: {b: 1\n", "- {a: 1} x\n", "a: b: c\n", "a: \"\\q\"\n", "a: \"\\uD800\"\n",
        "- - a\n", "a: 1\r\nb: 2\rc: 3\n", "a: 1 #\u{0001}\n", "a: {b}\n", "a: {b: }\n", "a\n",
        "", "# only\n", "---\n", "a: \"x\"y\n", "a:b\n", "a: {b:1}\n", "a: @x\n", "a: `x\n", "a: 1\nb\n",
        "a: x\u{2028}y\n",
        "a: x\u{00A0}y\n", "a: - x\n", "a: %x\n", "a: 1\n  # c\n   b\n", "a: {b: 1} # c\n  d\n",
        "...\na: 1\n", "--- a\n", "---\n---\na: 1\n",
        // Anchors and aliases it leaves out, and entries with no node.
        "- &x a: b\n", "&x a: b\n", "&x\na: 1\n", "a: *x y\n", "a: &x *y\n", "a: &x &y 1\n",
        "a: &x#c 1\n", "a: &x,y 1\n", "a: &x\n  &y b\n", "- &x |\n  t\n", "*x : 1\n", "a: &x 1\nb: *y\n",
        "a: *x\n", "a: &x [*x]\n", "a: [&x [1]]\n", "a: {&x b: 1}\n", "a: [&x 1, *x#c]\n", "a: [&x]\n",
        "a: {b: &x}\n", "a: [&x\n  1]\n", "a: {b: &x 1, c: *x: 2}\n", "a:\n-\n- b\n", "a:\n- &x\n- b\n", "- a\n-\n",
        "a: &é 1\nb: *é\n",
        // A flow or tagged collection where a member was read alone is no member.
        "sections: 1\n{a: b}\n", "sections: 1\n!!map {a: b}\n", "sections: 1\n!!map\n  a: b\n", "- x\n!!seq\n  - y\n",
    ]

    @Test func outsideTheSubsetItDeclines() {
        var alone = 0
        for text in Self.outside {
            let nodes = Self.nodesReadAlone(text)
            #expect(nodes != 0, "\(text)")
            if nodes != nil { alone += 1 }
            Self.expectSameAloneAndAfterRows(text)
        }
        #expect(alone > 30)
    }

    /// Each text scanned whole, alone and after rows, with libfyaml's form.
    static func expectScanned(_ texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for text in texts {
            #expect(Self.nodesReadAlone(text) == 0, "\(text)", sourceLocation: sourceLocation)
            Self.expectSameAloneAndAfterRows(text, sourceLocation: sourceLocation)
        }
    }

    /// The text gives libfyaml's form or error, alone and after rows.
    static func expectSameAloneAndAfterRows(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Self.expectSame(text, text, sourceLocation: sourceLocation)
        Self.expectSame("sections:\n  - rows:\n      - text: a\n" + text, text, sourceLocation: sourceLocation)
    }

    /// Generated tables with some lines edited by `edit`, and the fuzzers' seed `seedName`:
    /// each table gives libfyaml's form or its error, and the seed is scanned whole.
    static func expectTabbedTables(
        offset: UInt64, seedName: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ edit: (Substring, inout SeededGenerator) -> String?
    ) {
        for seed in 0..<20 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed &+ offset)
            let tabbed = Self.table(seed, rows: 12).split(separator: "\n", omittingEmptySubsequences: false).map {
                line in Bool.random(using: &rng) ? edit(line, &rng) ?? String(line) : String(line)
            }
            Self.expectSame(tabbed.joined(separator: "\n"), "seed \(seed) tabbed", sourceLocation: sourceLocation)
        }
        let corpus = StreamedDifferentialTests.root + "/Fuzzing/corpus/yaml/"
        let seed = FileManager.default.contents(atPath: corpus + seedName)
        #expect(
            seed.flatMap { Self.nodesReadAlone(String(decoding: $0, as: UTF8.self)) } == 0,
            sourceLocation: sourceLocation)
    }

    /// Tabs between a key and its value, as an editor aligning values puts
    /// them (`YAMLBlockText.tabbedLine`): the scanner reads the line, whatever
    /// the value is.
    @Test func tabsBetweenAKeyAndItsValueAreScanned() {
        Self.expectScanned([
            "a:\tb\n", "a:\t\tb\n", "a: \t b\n", "a:\t\"q\"\n", "a:\t'q'\n", "a:\t{b: c}\n", "a:\t[b, c]\n",
            "a:\t|\n  x\n", "a:\t>-\n  x\n  y\n", "a:\t&x 1\nb:\t*x\n", "a:\t!!str 1\n", "a:\t# c\n  b: 1\n",
            "a:\t\n  - x\n", "a:\t\n  b: c\n", "- a:\tb\n  c:\td\n", "-   a:\tb\n", "a:\tb\n  more\n", "a:\tb # c\n",
            "a:\t\n", "a:\t", "a:\t\r\nb:\tc\r\n", "a:\t\"multi\n  line\"\n", "a_b-c:\t1\n", "a:\t~\nb:\t10:30\n",
            "rows:\n- cell:\tsubtitle\n  text:\tRow 1 한글\n  secondaryText:\t01234\n",
            // A block scalar ends before such a line, or a comment with a tab, less indented.
            "- text:\t|\n    literal\n  image:\tx\n", "a: >\n  x\n\nb:\ty\n", "a: |-\n  x\n# c\t\nb: 1\n",
        ])
        // A tab, or tabs and spaces, after some keys' `:`.
        Self.expectTabbedTables(offset: 2000, seedName: "tab-aligned.yaml") { line, rng in
            line.firstRange(of: ": ").map {
                line.replacingCharacters(in: $0, with: [":\t", ":\t\t", ": \t "].randomElement(using: &rng)!)
            }
        }
    }

    /// Tabs after a plain value, or a quoted one or flow collection closed on its line, trailing or before a
    /// comment, as an editor aligning comments puts them (`YAMLBlockText.tabbedLine`): the scanner reads the
    /// line up to them. Where the cut could change the reading (a quote, `: ` or ` #` in a plain value, a tab
    /// in a quoted one, text after its end, a deeper line after a comment), libfyaml reads it.
    @Test func tabsAfterAValueAreScanned() {
        Self.expectScanned([
            "a: b\t\n", "a: b\t# c\n", "a: b \t # c\n", "a:\tb\t# c\n", "- a: b\t# c\n  c: d\n", "- b\t# c\n- d\n",
            "a: Don't\t# c\n", "a: say \"hi\"\t# c\n", "a: b\t\n  more\n", "a: 10:30\t# time\n", "a: b\t# c\t d\n",
            "a: b\t# c\n\nb: 1\n", "a: b\t# c\n# d\nb: 1\n", "a:\n  - b\t# c\n  - d\t\n", "a: b\t\r\nc: d\t# e\r\n",
            "rows:\n- cell: subtitle\t# the style\n  text: Row 1 한글\t\t# 제목\n  secondaryText: 01234\t\n",
            // After text over lines: the line that ends it is not read as more of it.
            "- a: wrapped\n    over\n  b: c\t# d\n", "a:\n  - w\n    x\n  - y\t# z\n", "a: 'q\n  r'\nb: c\t# d\n",
            // Quoted, closed on the line.
            "a: \"q\"\t# c\n", "a: 'q'\t\n", "a: 'it''s'\t# c\n", "a: \"say \\\"hi\\\"\"\t# c\n", "a: \"\"\t# empty\n",
            "a: \"10:30 # x\" \t# time\n", "a:\t\"q\"\t# c\n", "- \"q\"\t# c\n- 'r'  \t# d\n", "a: \"\\u00e9\\t\"\t\n",
            "a: \"q\"\t# c\n\nb: 'r'\t# d\n", "text:\t\"apple\"\t\n", "a: \"q\"\t# c\n    # d\nb: 1\n",
            // A comment going on below one, aligned with spaces.
            "a: b\t# c\n    # d\nb: 1\n",
            "- text: Apple\t\t# the title, which\n                # goes on here\n  image: x\n",
            // Flow collections, closed on the line.
            "a: [b, c]\t# c\n", "a: {b: c}\t\n", "a: []\t# empty\n", "a: {b: [c, d]}  \t# e\n",
            "- {cell: subtitle, text: Apple}\t# first\n- {text: 'it''s [x'}\t# q\n", "a: [\"x]\", 'y{']\t# c\n",
            "trailingSwipeActions: [{title: Delete, style: destructive}]\t# swipe\n", "a: {\"k]\": v}\t# c\n",
        ])
        let others = [
            "a: b\t# c\n  more\n", "- b\t# c\n  more\n", "a: b: c\t# d\n", "a: \"q\"\t# c\n  more\n",
            "a: \"q\" x\t# c\n", "a: \"q\tr\"\t# c\n", "a: \"q\\\"\t# c\n", "\"k\": v\t# c\n",
            "\"k\": v\t# c\n  more\n", "a: b\t# c\n    # d\n    more\n", "a: b\t# c\n\t\t# d\nb: 1\n",
            "a: [b\t# c\n  , d]\n",
            "a: [b] x\t# c\n", "a: [b #c]\t# d\n  e]\n", "a: [x'y]\t# c\n", "a: [b]\t# c\n  more\n", "[a]: b\t# c\n",
            "a: [b, \"c\td\"]\t# e\n", "a: [b, 'c]\t# d\n", "{a: b}\t# c\n", "- [b]\t# c\n  more\n", "a: 'q'\tx\n",
            "a: \"q\"\t# c\u{85}\n", "a: 'q''\t# c\n", "\"q\"\t# c\n", "a: b #x\t# c\n",
            "a: b\tc\n", "my key: b\t# c\n", "a: [b]\t# c\n", "a: |\t# c\n  x\n", "b\t# c\n", "a: b:\t# c\n",
            "a: -\t# c\n", "a: b\t# c\u{85}\n", "a: b\t#c\n", "- a: b\t# c\n    more\n", "a: 'x\t# y'\n",
            "a: b\t\n\tc\n", "a: 'x\t# y\n  z'\n", "a: \"x\t# y\n  z\"\n",
        ]
        for text in others {
            Self.expectSameAloneAndAfterRows(text)
        }
        // A comment below one that starts with a tab leaves that line to libfyaml, not the whole text.
        #expect(Self.nodesReadAlone("a: b\t# c\n\t\t# d\nb: 1\n") == 1)
        // Tabs, and comments after them, at the end of some lines.
        Self.expectTabbedTables(offset: 3000, seedName: "tab-comments.yaml") { line, rng in
            let tail = ["\t", "\t# note", " \t# note", "\t\t# 주석", "\t \t"].randomElement(using: &rng)!
            return line.isEmpty ? nil : line + tail
        }
    }

    /// Tabs inside a plain value, as text pasted from a spreadsheet's cells holds them
    /// (`YAMLBlockText.tabbedLine`): the value runs to its last character before a comment.
    @Test func tabsInsideAPlainValueAreScanned() {
        Self.expectScanned([
            "a: b\tc\n", "a: b \t c\n", "a:\tb\tc\t\n", "a: b\tc\t# d\n", "a: b\tc # d\n", "a: b\t\tc\td\n",
            "- b\tc\n- d\te\n", "- a: b\tc\n  d: e\tf\n", "a: b\tc#d\n", "a: 1\t2\n", "a: b\tc\n  more\n",
            "a: 한글\t🍎\n", "a: b\tc\r\nd: e\r\n", "a: true\t\n", "a: b\tc:d\n",
            "a:\n  b: c\td\n\t\n  d: e\n",
            "rows:\n- cell: subtitle\n  text: Apple\t3\t€1.20\t# a spreadsheet's row\n  secondaryText: 01234\tx\n",
        ])
        // Where the value could read otherwise (a key, a comment after a tab, a quote, a deeper line after a
        // comment), libfyaml reads it.
        for text in [
            "a: b\tc: d\n", "a: b\tc:\n", "a: b\tc:\td\n", "a: b\t\"c\"\n", "a: b\tc\t#d\n", "a: b\tc # d\n  more\n",
            "a: b\tc\u{A0}d\n", "a: b\tc\u{85}\n", "- b\tc\n  - d\n", "a: b\tc\n  - d\n", "a: \tb\tc\n",
            "a: b\tc\n\tmore\n", "- \tb\n", "- \tb\tc\n", "a:\n  - \tb c\n",
            // A tab after `-` makes it an entry's, as a space does (found by fuzzing: read as the text "-\tb").
            "-\tb\n", "- -\tb\n", "a:\n- -\tb\n", "a: -\tb\n", "a:\n  -\tb\n  -\tc: d\n", "a: -\tb",
        ] {
            Self.expectSameAloneAndAfterRows(text)
        }
        // A tab inside some values.
        Self.expectTabbedTables(offset: 4000, seedName: "tab-inside.yaml") { line, rng in
            guard let space = line.lastIndex(of: " "), line[line.index(after: space)...].allSatisfy(\.isLetter),
                line.index(after: space) < line.endIndex
            else { return nil }
            return line.replacingCharacters(
                in: space...space, with: ["\t", " \t", "\t\t "].randomElement(using: &rng)!)
        }
    }

    /// Nodes the scanner declines that libfyaml reads alone, among rows it
    /// reads itself: tabs, `?` keys, `- - a`, an entry's node on the next
    /// line, folded lines indented more, indentation indicators, long keys,
    /// U+00A0, flow collections the subset leaves out. The rest of the text
    /// stays with the scanner, and the form is libfyaml's.
    static let readAlone = [
        "'k':\tapple", "my key:\tapple", "text\t: apple", "text: \"a\tb\"",
        "text: 'a\tb'  \t# c", "text: a\tno\u{00A0}break",
        "detail: |\n          code\there\n          \tindented", "? text\n        : apple", "? [a, b]\n        : c",
        "list:\n        - - a\n          - b",
        "text: >\n          x\n            more\n          y",
        "text: |2\n           x", "\(String(repeating: "k", count: 1_020)): 1", "text: no\u{00A0}break",
        "list: [a: b, [c]]", "text: [1, 2,]", "text: !<tag:yaml.org,2002:str> 1", "text: !!str\n          x",
    ]

    @Test func aNodeTheScannerDeclinesIsReadAloneAndTheRestScanned() {
        for (k, node) in Self.readAlone.enumerated() {
            for at in [0, 3, 7] {
                var rows = (0..<8).map { "      - text: row \($0)\n        cell: subtitle\n" }
                rows[at] = "      - cell: subtitle\n        " + node + "\n"
                let text = "sections:\n  - header: 헤더\n    rows:\n" + rows.joined() + "footer: end\n"
                #expect(Self.nodesReadAlone(text) == 1, "\(k) at \(at): \(node)")
                Self.expectSame(text, "\(k) at \(at)")
            }
        }
        // The fuzzers' seed of such nodes takes this path.
        let seed = FileManager.default.contents(
            atPath: StreamedDifferentialTests.root + "/Fuzzing/corpus/yaml/read-alone.yaml")
        #expect((seed.flatMap { Self.nodesReadAlone(String(decoding: $0, as: UTF8.self)) } ?? 0) >= 6)
        // A comment with a tab past its `#` is passed as any comment; a node's line with one is read alone.
        #expect(Self.nodesReadAlone("# a\tb\na: 1\n") == 0)
        #expect(Self.nodesReadAlone("a: 1 # c\td\nb: 2\n") == 1)
    }

    /// A node read alone must read as in the whole text; what could read
    /// otherwise declines the whole text: a line another reader breaks
    /// elsewhere (a lone CR, U+0085, U+2028), a node left open where it is
    /// cut, a line starting with a tab (but a blank one between nodes; in a
    /// key's value libfyaml reads one by the key), a byte order mark, a node
    /// libfyaml reads again (`LibFYAMLParser`).
    @Test func aNodeThatCouldReadOtherwiseAloneDeclinesTheWholeText() {
        let wholes = [
            "a: 1\t\rb: 2\n", "a: x\t\u{0085}y\n", "a: x\t\u{2028}y\n", "- -\t\n- - a\n", "a:\t|\nb: 1\n",
            "a: !!str\t\nb: 1\n", "\ta: 1\n", "a: 1\n\tb: 2\n", "a: 1\n\u{FEFF}b:\t2\n",
            "a:\n  b:\n    c\n\t\n  - x\n",
            "a:\n  long:\n    Wrapped\n\t\n    more\nb: 1\n", "- a:\n    w\n\t\n    x\n- b\n",
            // An empty block scalar before its key's next: libfyaml reads that one again.
            "- text: |\n  cell: subtitle\n- text: b\n", "rows:\n  - text: |+\n\n    cell: subtitle\n",
        ]
        for text in wholes {
            #expect(Self.nodesReadAlone(text) == nil, "\(text)")
            Self.expectSame(text, text)
        }
    }

    /// Past `YAMLFragment.freeNodes`, one node read alone for each
    /// `bytesPerNode` bytes before it; more, and libfyaml reads the whole text.
    @Test func nodesReadAloneAreBounded() {
        func rows(_ count: Int, tabEvery: Int) -> String {
            "rows:\n"
                + (0..<count).map { $0 % tabEvery == 0 ? "- text: 'row\t\($0)'\n" : "- text: row \($0)\n" }.joined()
        }
        let free = YAMLFragment.freeNodes
        #expect(Self.nodesReadAlone(rows(free, tabEvery: 1)) == free)
        #expect(Self.nodesReadAlone(rows(free + 1, tabEvery: 1)) == nil)
        let sparse = rows(20_000, tabEvery: 200)
        #expect(Self.nodesReadAlone(sparse) == 100)
        Self.expectSame(sparse, "sparse")
        Self.expectSame(rows(free + 1, tabEvery: 1), "dense")
        // A node's events are held in one batch: one longer than `maximumBytes` declines the whole text.
        for (key, bytes) in [
            ("rows: # \t", YAMLFragment.maximumBytes - 100), ("rows: # \t", YAMLFragment.maximumBytes + 100),
        ] {
            var text = key + "\n"
            while text.utf8.count < bytes { text += "- text: row\n" }
            #expect(Self.nodesReadAlone(text) == (bytes < YAMLFragment.maximumBytes ? 1 : nil), "\(bytes)")
        }
    }

    /// A mapped file longer than a step of `DropBehind`, declined or
    /// failing at its end: libfyaml reads it again from the start, over
    /// pages the scanner gave back, to the same form or error.
    @Test func aLateDeclineOrErrorInAMappedFileReadsAgainFromTheStart() throws {
        let dir = try ScratchDirectory()
        let rows = (0..<120_000).map { "      - {text: \"Row \($0) 한글\", secondaryText: d\($0 % 89)}\n" }.joined()
        let body = "sections:\n  - header: 헤더\n    rows:\n" + rows
        #expect(body.utf8.count > DropBehind.step)
        let endings = [
            ("", true), ("? footer\n: x\n", true), ("footer: a\u{2028}b\n", false), ("sections: 2\n", false),
        ]
        for (ending, scanned) in endings {
            let path = try dir.write("t.yaml", body + ending)
            func form(scanning: Bool) throws -> String {
                let (fd, info) = try InputFile.openRegular(path, limit: Int.max)
                defer { close(fd) }
                let file = try DocumentBytes(file: fd, count: Int(info.st_size), path: "t.yaml", limit: Int.max)
                #expect(file.isMapped)
                do {
                    let out = try file.withUnsafeBufferPointer {
                        try YAMLToJSON.convert($0, path: "t.yaml", dropping: DropBehind(file), scanning: scanning)
                    }
                    return out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
                } catch { return "error: \(error)" }
            }
            #expect(Self.scans(body + ending) == scanned, "\(ending)")
            let plain = try form(scanning: false)
            #expect(try form(scanning: true) == plain, "\(ending)")
            #expect(plain.hasPrefix("error:") == ending.hasPrefix("sections"), "\(ending): \(plain.prefix(100))")
        }
    }

    /// The characters are checked a run of whole lines at a time (their pages
    /// given back behind): a character the whole text refuses is so just
    /// before and after a run's end, its error where the whole text's is; a
    /// byte order mark starting a later run is no text's first.
    @Test func textsCheckedInRunsOfLinesAreCheckedAsWhole() throws {
        let line = "      - {text: Row 한글, detail: d}\n"
        let lines = Array(String(repeating: line, count: 2 * DropBehind.step / line.utf8.count).utf8)
        let cut = try #require(lines[DropBehind.step...].firstIndex(of: 0x0A)) + 1
        for probe in Self.refused {
            for at in [cut - 2, cut, cut + 6] {
                var bytes = lines
                bytes.insert(contentsOf: probe, at: at)
                bytes.withUnsafeBufferPointer { text in
                    let whole = YAMLCharacters.firstForbidden(text).map {
                        "\(ByteLocation.error($0, in: text, path: "t"))"
                    }
                    var runs: String?
                    do { try YAMLCharacters.check(text, path: "t") } catch { runs = "\(error)" }
                    #expect(runs == whole, "\(probe) at \(at)")
                }
            }
        }
    }

    /// Characters the scanner declines: a byte order mark, U+0085, an invalid byte, a control, a tab, a lone CR, U+2028.
    static let refused: [[UInt8]] = [
        [0xEF, 0xBB, 0xBF], [0xC2, 0x85], [0xFF], [0x01], [0x09], [0x0D], [0xE2, 0x80, 0xA8],
    ]

    /// The scanner accepts lines a run at a time as it reaches them: a
    /// character it declines is declined just before and after a run's end,
    /// in a plain line or inside a block scalar read across it, and the text
    /// (or the node, for a tab) is then read by libfyaml to the same form or error.
    @Test func linesAcceptedInRunsAreDeclinedAsWhole() throws {
        let head = "sections:\n  - rows:\n"
        let row = "      - {text: Row 한글, detail: d}\n"
        let rows = String(repeating: row, count: 2 * YAMLBlockText.acceptStep / row.utf8.count)
        let block = "      - text: |\n" + String(repeating: "          line 한글\n", count: 600)
        let before = String(repeating: row, count: (YAMLBlockText.acceptStep - 3_000) / row.utf8.count)
        for body in [rows, before + block + rows] {
            let clean = Array((head + body).utf8)
            let scansClean = Self.scans(clean)
            #expect(scansClean)
            let cut = try #require(clean[YAMLBlockText.acceptStep...].firstIndex(of: 0x0A)) + 1
            for probe in Self.refused {
                for at in [cut - 2, cut, cut + 11] {
                    var bytes = clean
                    bytes.insert(contentsOf: probe, at: at)
                    // A tab inside a line (not inside a character): its node is read alone;
                    // starting a line: the whole text declines.
                    let alone = probe == [0x09] && at != cut && String(validating: bytes, as: UTF8.self) != nil
                    #expect(Self.scans(bytes) == alone, "\(probe) at \(at) of \(cut)")
                    let difference = YAMLReadings.readerMismatch(bytes)
                    #expect(difference == nil, "\(probe) at \(at): \(difference ?? "")")
                }
            }
        }
    }

    /// Long keys and deep nesting: read up to a bound, declined (or read alone) past it, the same either way.
    @Test func longKeysAndDeepNestingStayWithinBounds() {
        for length in [10, 999, 1000, 1023, 1024, 1100] {
            let key = String(repeating: "k", count: length)
            for text in ["\(key): 1\n", "- {\(key): 1}\n", "\"\(key)\": 1\n"] {
                // A key the scanner declines is read alone.
                #expect((Self.nodesReadAlone(text) == 0) == (length < 998), "\(length)")
                // Past 1,024 characters with its quotes, a key is refused.
                #expect(Self.scans(text) == (length <= (text.hasPrefix("\"") ? 1022 : 1024)), "\(length)")
                Self.expectSame(text, "key of \(length)")
            }
        }
        for depth in [10, 48, 49, 60] {
            let text = (0..<depth).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined() + "\n"
            #expect(Self.scans(text) == (depth <= YAMLBlockScanner.maximumDepth), "\(depth)")
            Self.expectSame(text, "depth \(depth)")
        }
        // Flow mappings inside flow mappings, on one line: bounded as blocks are.
        for depth in [10, 46, 47, 48, 60, 5_000] {
            let text =
                "a: " + String(repeating: "{b: ", count: depth) + "1" + String(repeating: "}", count: depth) + "\n"
            #expect(Self.scans(text) == (depth < YAMLBlockScanner.maximumDepth), "flow depth \(depth)")
            Self.expectSame(text, "flow depth \(depth)")
        }
    }

    /// Generated tables with one line changed: a repeated key, a line
    /// outside the subset, a deeper or shallower indentation, a line cut.
    @Test func mutatedTablesGiveTheSameFormOrError() {
        let insertions =
            Self.outside.filter { !$0.isEmpty } + [
                "  text: again\n", "      - {text: a, text: b}\n", "        text: x\n        text: y\n", "     - x\n",
                "      -  text: deeper\n", "  footer: 1\n", "sections: 2\n", "          more text\n", "   a: line\n",
                "            !!str x\n", "        x: !!str 1\n", "        text:\tx\n", "        text: x\t\n",
                "      - text:\tx\n", "      -\ttext: x\n", "\t\n", "  \t# c\n", "        \tx\n", "        ? k\n",
                "        : v\n", "      - - a\n", "      -\n", "        text: >\n          a\n            b\n",
            ] + Self.readAlone.map { "        " + $0 + "\n" }
        for seed in 0..<40 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed &+ 1000)
            var lines = Self.table(seed, rows: 8).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            let at = Int.random(in: 0..<lines.count, using: &rng)
            for insertion in insertions {
                var mutated = lines
                mutated.insert(insertion.hasSuffix("\n") ? String(insertion.dropLast()) : insertion, at: at)
                Self.expectSame(mutated.joined(separator: "\n"), "seed \(seed) + \(insertion) at \(at)")
            }
            let line = lines[at]
            if !line.isEmpty {
                lines[at] = String(line.prefix(Int.random(in: 0..<line.count, using: &rng)))
                Self.expectSame(lines.joined(separator: "\n"), "seed \(seed) line \(at) cut")
            }
        }
    }
}
