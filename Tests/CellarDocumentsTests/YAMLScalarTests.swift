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

    /// `v`'s value in the document `v: <yaml>`, by both readings; or the error.
    static func both(_ yaml: String) -> (tree: Outcome, json: Outcome) {
        func v(_ o: Outcome) -> Outcome {
            if case .value(.object(let m)) = o { return .value(m["v"] ?? .null) }
            return o
        }
        let (tree, json) = read("v: \(yaml)\n")
        return (v(tree), v(json))
    }

    /// Both readings give `expected`.
    static func check(_ yaml: String, _ expected: Value, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (tree, json) = both(yaml)
        #expect(tree == .value(expected), "\(yaml.debugDescription) by the node tree", sourceLocation: sourceLocation)
        #expect(json == .value(expected), "\(yaml.debugDescription) by the JSON form", sourceLocation: sourceLocation)
    }

    /// Both readings refuse with `message`.
    static func refuse(_ yaml: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (tree, json) = both(yaml)
        #expect(tree == .error(message), "\(yaml.debugDescription) by the node tree", sourceLocation: sourceLocation)
        #expect(json == .error(message), "\(yaml.debugDescription) by the JSON form", sourceLocation: sourceLocation)
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
        Self.check("0", .int(0))
        Self.check("-17", .int(-17))
        Self.check("+17", .int(17))
        // The decimal pattern is [-+]?[0-9]+: a leading zero is a decimal digit, not octal (YAML 1.1 read 668).
        Self.check("01234", .int(1234))
        Self.check("0o17", .int(15))
        Self.check("0x1F", .int(31))
        Self.check("0xff", .int(255))
        for s in ["0b11", "1_000", "0o8", "0x", "-0x1F", "0O17", "0X1F", "1,000", "+", "1-2"] {
            Self.check(s, .string(s))
        }
        // Too large for an Int: the float pattern matches it too.
        Self.check("99999999999999999999", .double(1e20))
        Self.check("0x1FFFFFFFFFFFFFFFF", .string("0x1FFFFFFFFFFFFFFFF"))
    }

    @Test func floatsAndTheirSpecialSpellings() {
        Self.check("1.5", .double(1.5))
        Self.check("-1.5", .double(-1.5))
        Self.check("1e3", .double(1000))
        Self.check("1E-2", .double(0.01))
        Self.check(".5", .double(0.5))
        Self.check("5.", .double(5))
        Self.check("+.5e+2", .double(50))
        for s in [".inf", ".Inf", ".INF", "+.inf"] { Self.check(s, .double(.infinity)) }
        for s in ["-.inf", "-.Inf", "-.INF"] { Self.check(s, .double(-.infinity)) }
        for s in ["inf", "INF", "-.nan", ".iNf", "1e", "e3", "1.2.3", ".", "1_0.5", "10:30", "1:20:30"] {
            Self.check(s, .string(s))
        }
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
        Self.refuse("!!int \"seven\"", "t.yaml:1:4: 'seven' is not a whole number (tagged !!int)")
        Self.refuse("!!bool yes", "t.yaml:1:4: 'yes' is not a flag (true or false) (tagged !!bool)")
        Self.refuse("!!float x", "t.yaml:1:4: 'x' is not a number (tagged !!float)")
        Self.refuse("!!null 0", "t.yaml:1:4: '0' is not a null (null, ~ or nothing) (tagged !!null)")
        Self.refuse(
            "!foo 1",
            "t.yaml:1:4: unknown tag '!foo': Cellar reads !!str, !!int, !!float, !!bool and !!null")
    }
}
