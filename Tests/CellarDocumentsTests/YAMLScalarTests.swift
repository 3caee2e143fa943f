import Cellar
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// The YAML 1.2 core schema, exactly, read the same by both readings of a
/// YAML document: the node tree (`YAMLNode`, `NodeReader.value`: cases,
/// inline tables, the Swift API) and the JSON form the streamed reader
/// indexes (`YAMLToJSON`, read back by `JSONBytes`).
@Suite struct YAMLScalarTests {
    typealias Outcome = YAMLReadings.Outcome

    /// A whole document's value by the node tree and by the JSON form; or the error.
    static func read(_ text: String) -> (tree: Outcome, json: Outcome) {
        (YAMLReadings.tree(Array(text.utf8)), YAMLReadings.json(Array(text.utf8)))
    }

    /// Both readings of the whole `text` give `expected`.
    static func checkText(
        _ text: String, _ expected: Value, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (tree, json) = read(text)
        #expect(tree == .value(expected), "\(text.debugDescription) by the node tree", sourceLocation: sourceLocation)
        #expect(json == .value(expected), "\(text.debugDescription) by the JSON form", sourceLocation: sourceLocation)
    }

    /// Both readings of the whole `text` refuse it with `message`.
    static func refuseText(
        _ text: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (tree, json) = read(text)
        #expect(tree == .error(message), "\(text.debugDescription) by the node tree", sourceLocation: sourceLocation)
        #expect(json == .error(message), "\(text.debugDescription) by the JSON form", sourceLocation: sourceLocation)
    }

    /// `v: <yaml>` reads as `v` = `expected` both ways.
    static func check(_ yaml: String, _ expected: Value, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        checkText("v: \(yaml)\n", .object(["v": expected]), sourceLocation: sourceLocation)
    }

    /// `v: <yaml>` is refused with `message` both ways.
    static func refuse(_ yaml: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        refuseText("v: \(yaml)\n", message, sourceLocation: sourceLocation)
    }

    @Test func nullInItsFourSpellingsAndNothing() {
        for s in ["null", "Null", "NULL", "~", ""] { Self.check(s, .null) }
        for s in ["nULL", "none", "None", "nil", "'null'", "\"~\""] {
            Self.check(s, .string(s.trimmingCharacters(in: ["'", "\""])))
        }
    }

    @Test func boolInItsThreeSpellings() {
        for s in ["true", "True", "TRUE"] { Self.check(s, .bool(true)) }
        for s in ["false", "False", "FALSE"] { Self.check(s, .bool(false)) }
        // YAML 1.1's other flags are text in 1.2.
        for s in ["NO", "no", "yes", "Yes", "on", "OFF", "y", "n", "tRUE"] { Self.check(s, .string(s)) }
    }

    @Test func integersDecimalOctalHex() {
        // The decimal pattern is [-+]?[0-9]+: a leading zero is a decimal digit, not octal (YAML 1.1 read 668).
        let numbers: KeyValuePairs<String, Int> = [
            "0": 0, "-17": -17, "+17": 17, "01234": 1234, "0o17": 15, "0x1F": 31, "0xff": 255,
        ]
        for (s, n) in numbers { Self.check(s, .int(n)) }
        for s in ["0b11", "1_000", "0o8", "0x", "-0x1F", "0O17", "0X1F", "1,000", "+", "1-2", "0x1FFFFFFFFFFFFFFFF"] {
            Self.check(s, .string(s))
        }
        // Too large for an Int: its text, as a JSON document's number of the same digits reads (so a value draws as
        // written, `99999999999999999999`, not `1e+20`, from either format).
        for s in ["99999999999999999999", "-9223372036854775809"] {
            Self.check(s, .string(s))
            Self.check("!!int \(s)", .string(s))
            let json = Array("{\"v\": \(s)}".utf8).withUnsafeBufferPointer {
                var j = JSONBytes($0)
                return try? j.value()
            }
            #expect(json == .object(["v": .string(s)]))
        }
        Self.check("9223372036854775807", .int(.max))
        Self.check("!!float 99999999999999999999", .double(1e20))
    }

    @Test func floatsAndTheirSpecialSpellings() {
        let numbers: KeyValuePairs<String, Double> = [
            "1.5": 1.5, "-1.5": -1.5, "1e3": 1000, "1E-2": 0.01, ".5": 0.5, "5.": 5, "+.5e+2": 50,
            ".inf": .infinity, ".Inf": .infinity, ".INF": .infinity, "+.inf": .infinity,
            "-.inf": -.infinity, "-.Inf": -.infinity, "-.INF": -.infinity,
        ]
        for (s, d) in numbers { Self.check(s, .double(d)) }
        for s in ["inf", "INF", "-.nan", ".iNf", "1e", "e3", "1.2.3", ".", "1_0.5", "10:30", "1:20:30"] {
            Self.check(s, .string(s))
        }
    }

    /// `.nan` is a number by both readings (the JSON form carries it as
    /// `JSONText.notANumber`), and only a YAML document's form reads it so.
    @Test func notANumberIsANumberByBothReadings() {
        for s in [".nan", ".NaN", ".NAN"] {
            let (tree, json) = Self.read("a: \(s)\nb: [\(s), x]\n")
            for outcome in [tree, json] {
                guard case .value(let v) = outcome, case .double(let a)? = v["a"],
                    case .array(let list)? = v["b"], case .double(let b)? = list.first
                else {
                    Issue.record("\(s): \(outcome)")
                    continue
                }
                #expect(a.isNaN && b.isNaN)
            }
            #expect(YAMLReadings.mismatch(Array("a: \(s)\n".utf8)) == nil)
        }
        #expect(YAMLReadings.mismatch(Array("a: .nan\n".utf8)) == nil)
        #expect(YAMLReadings.same(.value(.double(.nan)), .value(.string("nan"))) == false)
        let spelt = Array(String(describing: JSONText.notANumber).utf8)
        #expect(
            spelt.withUnsafeBufferPointer {
                var j = JSONBytes($0)
                return try? j.value()
            } == .double(-0.0))
        #expect(
            spelt.withUnsafeBufferPointer {
                var j = JSONBytes($0, yamlForm: true)
                return try? j.value()
            }?.doubleValue?
            .isNaN == true)
    }

    @Test func notANumberIsANumberByTheNodeTree() {
        for s in [".nan", ".NaN", ".NAN"] {
            let node = YAMLNode.scalar(.init(string: s, isPlain: true, tag: nil, mark: .init(line: 1, column: 1)))
            guard case .double(let d) = try? NodeReader(path: "t").value(node) else {
                Issue.record("\(s) is not a number")
                continue
            }
            #expect(d.isNaN)
        }
    }

    @Test func quotedAndBlockScalarsAreText() {
        Self.check("'1'", .string("1"))
        Self.check("\"true\"", .string("true"))
        Self.check("|\n  12\n", .string("12\n"))
        Self.check(">-\n  null\n", .string("null"))
    }

    @Test func tagsOnPlainAndQuotedScalars() {
        Self.check("!!str 12", .string("12"))
        Self.check("!!str ~", .string("~"))
        Self.check("!!bool \"true\"", .bool(true))
        Self.check("!!int \"7\"", .int(7))
        Self.check("!!int '0x10'", .int(16))
        Self.check("!!float 7", .double(7))
        Self.check("!!float \"1e3\"", .double(1000))
        Self.check("!!null ''", .null)
        Self.check("! 12", .string("12"))
        Self.check("!<tag:yaml.org,2002:int> 3", .int(3))
    }

    @Test func aTaggedValueOfTheWrongTypeIsALocatedError() {
        // Refused once the text has parsed: a syntax error after it comes first, by both readings.
        Self.refuseText(
            "a: !!int x\nb: [\n",
            "t.yaml:2:4: malformed YAML/JSON: the flow sequence '[' is not closed before the text ends")
        Self.refuse("!!int \"seven\"", "t.yaml:1:4: 'seven' is not a whole number (tagged !!int)")
        Self.refuse("!!bool yes", "t.yaml:1:4: 'yes' is not a flag (true or false) (tagged !!bool)")
        Self.refuse("!!float x", "t.yaml:1:4: 'x' is not a number (tagged !!float)")
        Self.refuse("!!null 0", "t.yaml:1:4: '0' is not a null (null, ~ or nothing) (tagged !!null)")
        Self.refuse(
            "!foo 1",
            "t.yaml:1:4: unknown tag '!foo': Cellar reads !!str, !!int, !!float, !!bool and !!null")
    }

    /// A mapping or list takes only its own type's tag: a scalar's, or another, is a located error, in flow and
    /// block style alike.
    @Test func aCollectionTakesOnlyItsOwnTag() {
        Self.check("!!map {a: b}", .object(["a": .string("b")]))
        Self.check("!!seq [a]", .array([.string("a")]))
        Self.checkText("v: !!seq\n  - a\n", .object(["v": .array([.string("a")])]))
        Self.refuse("!!str {a: b}", "t.yaml:1:4: a mapping cannot be tagged '!!str': only !!map names its type")
        Self.refuse("!local [a]", "t.yaml:1:4: a list cannot be tagged '!local': only !!seq names its type")
        Self.refuse("!!map [a]", "t.yaml:1:4: a list cannot be tagged '!!map': only !!seq names its type")
        Self.refuseText(
            "- !!int\n  text: a\n", "t.yaml:1:3: a mapping cannot be tagged '!!int': only !!map names its type")
    }
}
