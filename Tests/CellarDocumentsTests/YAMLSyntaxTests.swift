import Cellar
import CellarTestSupport
import Foundation
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// YAML 1.2 syntax as the spec reads it, for the constructs a table holds:
/// each input (written for this test, after the spec's chapter 2 examples
/// and the constructs libyaml 0.2.5 misread) gives the exact value, or the
/// exact located error, by both readings (`YAMLScalarTests.read`).
@Suite struct YAMLSyntaxTests {
    typealias S = YAMLScalarTests

    static func check(
        _ text: String, _ expected: Value, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        S.checkText(text, expected, sourceLocation: sourceLocation)
    }

    static func refuse(_ text: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        S.refuseText(text, message, sourceLocation: sourceLocation)
    }

    static func o(_ pairs: KeyValuePairs<String, Value>) -> Value {
        .object(Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) }))
    }

    @Test func questionMarkAndColonInsidePlainScalars() {
        // `?foo` is a plain scalar (no space after `?`), not an explicit key.
        Self.check("{ ?foo: bar }\n", Self.o(["?foo": .string("bar")]))
        Self.check("[?x]\n", .array([.string("?x")]))
        Self.check("{x: :x}\n", Self.o(["x": .string(":x")]))
        Self.check("a: b:c\n", Self.o(["a": .string("b:c")]))
        Self.check("a: http://x.org/a?b\n", Self.o(["a": .string("http://x.org/a?b")]))
    }

    @Test func flowCollectionsAcrossLines() {
        Self.check("{\"foo\"\n: \"bar\"}\n", Self.o(["foo": .string("bar")]))
        Self.check("[a,\n b,\n  c]\n", .array([.string("a"), .string("b"), .string("c")]))
        Self.check(
            "{a: [1, 2],\n b: {c: d}}\n", Self.o(["a": .array([.int(1), .int(2)]), "b": Self.o(["c": .string("d")])]))
        Self.check("{a: one\n  two}\n", Self.o(["a": .string("one two")]))
    }

    /// A flow collection in a block is indented past the block on every line with content, a plain
    /// scalar's later lines too, which libfyaml 0.7.12 does not check (it reads `c d` below). A line of
    /// blanks may be indented less, and a top-level flow collection's lines start anywhere.
    @Test func flowPlainScalarLinesAreIndentedPastTheirBlock() {
        let message = { (spaces: Int) in
            "malformed YAML/JSON: a plain scalar's lines in a flow collection must be indented more than the"
                + " block collection around it (here \(spaces) \(spaces == 1 ? "space" : "spaces") or more)"
        }
        Self.refuse("- {a: c\nd}\n", "t.yaml:2:1: " + message(1))
        Self.refuse("x:\n  - {a: c\n  d}\n", "t.yaml:3:3: " + message(3))
        Self.refuse("x:\n  - [c\r\n  d]\r\n", "t.yaml:3:3: " + message(3))
        Self.refuse("x: [c\nd]\n", "t.yaml:2:1: " + message(1))
        Self.refuse("x:\n  y: [{a: b\n  c}]\n", "t.yaml:3:3: " + message(3))
        Self.refuse("x:\n  - {a: c\n\n  d}\n", "t.yaml:4:3: " + message(3))
        Self.check("x:\n  - {a: c\n   d}\n", Self.o(["x": .array([Self.o(["a": .string("c d")])])]))
        Self.check("x:\n  - {a: c\n\n \n   \td}\n", Self.o(["x": .array([Self.o(["a": .string("c\n\nd")])])]))
        Self.check("x:\n  - {a: c\n    # note\n   }\n", Self.o(["x": .array([Self.o(["a": .string("c")])])]))
        Self.check("x: [c,\n d]\n", Self.o(["x": .array([.string("c"), .string("d")])]))
        Self.check("- {a: c\n  d}\n", .array([Self.o(["a": .string("c d")])]))
        Self.check("{a: c\nd}\n", Self.o(["a": .string("c d")]))
    }

    static let tabIndentsACollection =
        "malformed YAML/JSON: a tab after '-', '?' or ':' cannot indent a collection on its line; write spaces"

    @Test func tabsAsSeparation() {
        Self.check("foo:\n \tbar\n", Self.o(["foo": .string("bar")]))
        Self.check("a:\tb\n", Self.o(["a": .string("b")]))
        Self.check("[a,\tb]\n", .array([.string("a"), .string("b")]))
        // After an entry's dash a tab separates a scalar (the test suite's Y79Y/010), but may not indent
        // a mapping on the dash's line (libfyaml 0.7.12 reads one).
        Self.check("-\t-1\n- \tb\n", .array([.int(-1), .string("b")]))
        let message = Self.tabIndentsACollection
        Self.refuse("-\ta: b\n", "t.yaml:1:2: " + message)
        Self.refuse("x:\n  - a: b\n  - \tc: d\n", "t.yaml:3:5: " + message)
        Self.refuse("- - \ta: b\n", "t.yaml:1:5: " + message)
        Self.check("- a:\tb\n  c:\td\n", .array([Self.o(["a": .string("b"), "c": .string("d")])]))
        // After an explicit key's `?` and value's `:` too (libfyaml 0.7.12 refuses both), but not before a
        // collection on the line (Y79Y/006 to 009); inside a text, the tab is the text's.
        Self.check("? a\n:\tb\n", Self.o(["a": .string("b")]))
        Self.check("x:\n  ?\ta\n  :\t[b, c]\n", Self.o(["x": Self.o(["a": .array([.string("b"), .string("c")])])]))
        Self.check("? a\n:\t\"b\"  # c\n", Self.o(["a": .string("b")]))
        // The same after an entry's `- ` on the line (libfyaml then refuses a later key: "Indentation used tabs
        // for ':' indicator"; found comparing the block scanner with libfyaml on generated texts).
        Self.check("k:\n- ?\tx\nj: 1\n", Self.o(["k": .array([Self.o(["x": .null])]), "j": .int(1)]))
        Self.check("k:\n  - ?\tx\n    :\ty\n", Self.o(["k": .array([Self.o(["x": .string("y")])])]))
        Self.check("- - ?\tx\n", .array([.array([Self.o(["x": .null])])]))
        Self.refuse("?\ta:\n", "t.yaml:1:2: " + message)
        Self.refuse("? a\n:\t- b\n", "t.yaml:2:2: " + message)
        Self.refuse("? -\n:\t-\n", "t.yaml:2:2: " + message)
        Self.check("a: |\n  :\tx\n  ?\ty\n", Self.o(["a": .string(":\tx\n?\ty\n")]))
        Self.check("a: \"x\n  :\ty\"\n", Self.o(["a": .string("x :\ty")]))
        Self.check("a: x\n  ?\ty\n", Self.o(["a": .string("x ?\ty")]))
    }

    /// libfyaml 0.7.12 refuses a tab between a block indicator and another ("cannot use tab for indentation of
    /// block entry"), and after a key's `:` frees its broken parser (a crash: `? a:⇥|`); such a tab is a space
    /// to it, as to YAML but before a collection on the line.
    @Test func tabsBeforeABlockIndicatorAreSpaces() {
        Self.check("-\t|\n  x\n- \t>-\n  y\n", .array([.string("x\n"), .string("y")]))
        Self.check("a:\t|\n  x\n", Self.o(["a": .string("x\n")]))
        Self.refuse("?\n    &x\tc: \t:\n", "t.yaml:2:11: " + Self.tabIndentsACollection)
        Self.refuse(
            "? d\n? c:\t- a\n\t?", "t.yaml:2:6: malformed YAML/JSON: block sequence on the same line as a mapping key")
        let keys = "keys must be plain text"
        Self.refuse("? a:\t|\n    x\n: b\n", "t.yaml:1:3: " + keys)
        Self.refuse("? -: \t|", "t.yaml:1:3: " + keys)
        Self.refuse("- ? \"a\":\t\t>\n", "t.yaml:1:5: " + keys)
        Self.refuse("? a:\t- b\n", "t.yaml:1:6: malformed YAML/JSON: block sequence on the same line as a mapping key")
        // After `?` and a tab, the key's mapping is refused (Y79Y/008).
        Self.refuse("x:\n  ?\ta:\t|\n    b\n  : c\n", "t.yaml:2:4: " + Self.tabIndentsACollection)
        // Inside a quoted key the tab is the text's.
        Self.check("? \"a:\t|\"\n: b\n", Self.o(["a:\t|": .string("b")]))
    }

    /// libfyaml 0.7.12 misreads two `''` escapes in a row; Cellar decodes them (`YAMLQuoted`).
    @Test func singleQuotedEscapesAndFolding() {
        Self.check("'''''a'\n", .string("''a"))
        Self.check("a: '''''''Int'\n", Self.o(["a": .string("'''Int")]))
        Self.check("a: 'it''s'\n", Self.o(["a": .string("it's")]))
        // Folded across lines as the spec's example 7.5 is (at the top level, so no indentation is due).
        Self.check("' x''\n   y  \n\n \t z '\n", .string(" x' y\nz "))
        Self.check("'x''\n\n'\n", .string("x'\n"))
        Self.check("' 1st''\n\n 2nd \n\t3rd '\n", .string(" 1st'\n2nd 3rd "))
        Self.check("a: 'x''\n\n  '\n", Self.o(["a": .string("x'\n")]))
    }

    /// libfyaml 0.7.12 misreads double-quoted text over lines whose line ends
    /// in an escape (stray bytes after the text, or the text after empty lines
    /// lost); Cellar decodes it (`YAMLQuoted`), as the spec's examples 7.5 and 7.6 read.
    @Test func doubleQuotedFoldingAndEscapedLineBreaks() {
        Self.check(
            "\"folded \nto a space,\t\n \nto a line feed, or \t\\\n \\ \tnon-content\"\n",
            .string("folded to a space,\nto a line feed, or \t \tnon-content"))
        Self.check(
            "\" 1st non-empty\n\n 2nd non-empty \n\t3rd non-empty \"\n",
            .string(" 1st non-empty\n2nd non-empty 3rd non-empty "))
        Self.check("a: \"x\\ \n  y\"\n", Self.o(["a": .string("x  y")]))
        Self.check("a: \"x\\\n  y\"\n", Self.o(["a": .string("xy")]))
        Self.check("a: \"x\\\n\n\n  y\"\n", Self.o(["a": .string("x\n\ny")]))
        Self.check("a: \"x\\t\n  \\u00e9\\\n  \"\n", Self.o(["a": .string("x\t é")]))
    }

    @Test func blockScalarWhitespace() {
        // A kept block's last line of spaces beyond the indentation is content.
        Self.check("a: |+\n  x\n   \n", Self.o(["a": .string("x\n \n")]))
        Self.check("a: |+\n  x\n\n", Self.o(["a": .string("x\n\n")]))
        Self.check("a: |-\n  x\n\n", Self.o(["a": .string("x")]))
        Self.check("a: >\n  one\n  two\n\n  three\n", Self.o(["a": .string("one two\nthree\n")]))
        Self.check("a: |2\n   x\n", Self.o(["a": .string(" x\n")]))
        // Clipped, a last line without a line break keeps none (libfyaml 0.7.12 adds one).
        Self.check("a: |\n  x", Self.o(["a": .string("x")]))
        Self.check("a: >\n  x\n  y", Self.o(["a": .string("x y")]))
        Self.check("a: |2\n   x", Self.o(["a": .string(" x")]))
        Self.check("- |\n  x", .array([.string("x")]))
        Self.check("a: |+\n  x", Self.o(["a": .string("x")]))
        Self.check("a: |2-\n   x", Self.o(["a": .string(" x")]))
        Self.check("a: |\n  x\n  ", Self.o(["a": .string("x\n")]))
        Self.check("a: |\n  x\n# c", Self.o(["a": .string("x\n")]))
        Self.check("a: |\n  x\r\n", Self.o(["a": .string("x\n")]))
        // Lines that end in a lone CR, as in LF.
        Self.check(
            "a:\r  b: |\r    x\r  c: >\r    y\r    z\r",
            Self.o(["a": Self.o(["b": .string("x\n"), "c": .string("y z\n")])]))
        // No lines at the input's end: an empty text (libfyaml 0.7.12 gives a NUL from past the input).
        for header in ["|", "|+", "|-", ">", ">+"] {
            Self.check("a: \(header)\n", Self.o(["a": .string("")]))
            Self.check("- \(header)", .array([.string("")]))
        }
    }

    /// A block scalar's text is Cellar's reading of its lines (`YAMLBlockScalar`), where libfyaml 0.7.12
    /// misreads lines of spaces and, near the input's end, gives a NUL from past it. Each read as PyYAML and
    /// ruamel.yaml read it.
    @Test func blockScalarLinesOfSpaces() {
        // A last line of spaces without a line break: content past the indentation, else nothing.
        Self.check("- |\n  x\n   y\n   ", .array([.string("x\n y\n ")]))
        Self.check("a: |+\n ", Self.o(["a": .string("")]))
        Self.check("a:\n  b: >+\n   ", Self.o(["a": Self.o(["b": .string("")])]))
        Self.check("a: |\n  ", Self.o(["a": .string("")]))
        Self.check("a:\n  b: |\n     ", Self.o(["a": Self.o(["b": .string("")])]))
        // An explicit indentation: a line of spaces past it is content, before the first text too.
        Self.check("a:\n  b: |2\n   \n     ", Self.o(["a": Self.o(["b": .string("\n ")])]))
        Self.check("a:\n  - |2\n     \n", Self.o(["a": .array([.string(" \n")])]))
        Self.check("a: |1+\n   \nk: 1\n", Self.o(["a": .string("  \n"), "k": .int(1)]))
        Self.check("- >2-\n    \n\n", .array([.string("  ")]))
        Self.check("a:\n  b: >2-\n      \n     \n\n", Self.o(["a": Self.o(["b": .string("  \n ")])]))
        // Folded: a line that starts with a blank keeps its line breaks, and the empty lines before it.
        Self.check(
            "a:\n  - >+\n     w v\n    \n     \tz\n     \tz\n\n",
            Self.o(["a": .array([.string("w v\n\n\tz\n\tz\n\n")])]))
        Self.check("a: >+\n w v\n \n  k: 1\n", Self.o(["a": .string("w v\n\n k: 1\n")]))
        // The header's comment may hold `>` or `|`; CR LF lines read as LF.
        Self.check("a: |  # c > d\n  t\n", Self.o(["a": .string("t\n")]))
        Self.check("a: > #x|\r\n  t\r\n  u\r\n", Self.o(["a": .string("t u\n")]))
        // A leading empty line deeper than the first text is an error.
        Self.refuse(
            "a: |\n    \n  x\n",
            "t.yaml:2:1: malformed YAML/JSON: block scalar with wrongly indented line after spaces only")
    }

    /// A block scalar ends, empty, before a line indented no deeper than
    /// its key or dash, where libfyaml 0.7.12 takes that line (and, near
    /// the end of the input, bytes from outside it) as its text. Its empty
    /// lines are its text when it keeps them (`+`).
    @Test func emptyBlockScalarsEndBeforeALineAtTheirKeysIndentation() {
        Self.check("  a: |\n  b: 1\n", Self.o(["a": .string(""), "b": .int(1)]))
        Self.check("a:\n  b: |\n  c: 1\n", Self.o(["a": Self.o(["b": .string(""), "c": .int(1)])]))
        Self.check("a:\n  - |\n  - x\n", Self.o(["a": .array([.string(""), .string("x")])]))
        Self.check("a:\n  b: |+\n\n  c: 1\n", Self.o(["a": Self.o(["b": .string("\n"), "c": .int(1)])]))
        Self.check("a:\n  b: |+2\n  \n\n  c: 1\n", Self.o(["a": Self.o(["b": .string("\n\n"), "c": .int(1)])]))
        Self.check("a:\r\n  b: |+\r\n\r\n  c: 1\r\n", Self.o(["a": Self.o(["b": .string("\n"), "c": .int(1)])]))
        Self.check("a:\n  b: >-  # note\n  c: 1\n", Self.o(["a": Self.o(["b": .string(""), "c": .int(1)])]))
        // A tag, an anchor and its alias, an explicit key, and three in a row, the last at the input's end.
        Self.check(
            "a:\n  b: !!str |\n  c: |\n  d: >\n",
            Self.o(["a": Self.o(["b": .string(""), "c": .string(""), "d": .string("")])]))
        Self.check("a:\n  - &x |\n  - *x\n", Self.o(["a": .array([.string(""), .string("")])]))
        Self.check("a:\n  ? |\n  : v\n", Self.o(["a": Self.o(["": .string("v")])]))
        // A plain `x`, where the scalar was, would be a number or a key; it stays a text.
        Self.check("a:\n  - |\n  - |-\n", Self.o(["a": .array([.string(""), .string("")])]))
        Self.refuse("a:\n  b: !!int |\n  c: 1\n", "t.yaml:2:6: '' is not a whole number (tagged !!int)")
        // The line after it is read as YAML reads it: here a key over two lines, refused.
        Self.refuse(
            "  b: |\n  x\n      01: 0o8\n        my key: 50%",
            "t.yaml:2:3: malformed YAML/JSON: this line has no ': ' after a key, so it reads as text where a key must "
                + "be; a key and its value are written 'key: value'")
        Self.check("a: |\nb: 1\n", Self.o(["a": .string(""), "b": .int(1)]))
        Self.check("  a: |\n   x\n", Self.o(["a": .string("x\n")]))
        Self.check("- a: |\n   x\n", .array([Self.o(["a": .string("x\n")])]))
        Self.check("a:\n  b: |\n\n    x\n  c: 1\n", Self.o(["a": Self.o(["b": .string("\nx\n"), "c": .int(1)])]))
    }

    /// An implicit key holds at most 1024 characters, its quotes and properties too; a longer one is written
    /// after `? `.
    @Test func implicitKeysHoldAtMost1024Characters() {
        let message = "malformed YAML/JSON: a key holds at most 1024 characters unless written after '? '"
        let k1024 = String(repeating: "k", count: 1024)
        Self.check("\(k1024): 1\n", Self.o([k1024: .int(1)]))
        Self.refuse("\(k1024)k: 1\n", "t.yaml:1:1: " + message)
        // Characters, not bytes: 1,024 syllables of Hangul are 3,072 bytes.
        let hangul = String(repeating: "한", count: 1024)
        Self.check("a:\n  \(hangul): 1\n", Self.o(["a": Self.o([hangul: .int(1)])]))
        Self.refuse("a:\n  \(hangul)한: 1\n", "t.yaml:2:3: " + message)
        let k1022 = String(repeating: "k", count: 1022)
        Self.check("\"\(k1022)\": 1\n", Self.o([k1022: .int(1)]))
        Self.refuse("\"\(k1022)k\": 1\n", "t.yaml:1:1: " + message)
        Self.refuse("!!str \(k1022): 1\n", "t.yaml:1:1: " + message)
        Self.refuse("{x: 1, \(k1024)k: 2}\n", "t.yaml:1:8: " + message)
        // An explicit key, and a long value, have no limit.
        Self.check("? \(k1024)k\n: 1\n", Self.o([k1024 + "k": .int(1)]))
        Self.check("- ? \(k1024)k\n  : 1\n", .array([Self.o([k1024 + "k": .int(1)])]))
        Self.check("a: \(k1024)k\n", Self.o(["a": .string(k1024 + "k")]))
    }

    /// From the spec's chapter 2: sequences of scalars, mappings of scalars,
    /// their flow forms, comments, quoted scalars' escapes.
    @Test func specChapterTwoShapes() {
        Self.check(
            "- Mark McGwire\n- Sammy Sosa\n- Ken Griffey\n",
            .array([.string("Mark McGwire"), .string("Sammy Sosa"), .string("Ken Griffey")]))
        Self.check(
            "hr:  65    # Home runs\navg: 0.278 # Batting average\nrbi: 147   # Runs Batted In\n",
            Self.o(["hr": .int(65), "avg": .double(0.278), "rbi": .int(147)]))
        Self.check(
            "- [name        , hr, avg  ]\n- [Mark McGwire, 65, 0.278]\n",
            .array([
                .array([.string("name"), .string("hr"), .string("avg")]),
                .array([.string("Mark McGwire"), .int(65), .double(0.278)]),
            ]))
        Self.check(
            "Mark McGwire: {hr: 65, avg: 0.278}\n",
            Self.o(["Mark McGwire": Self.o(["hr": .int(65), "avg": .double(0.278)])]))
        Self.check(
            "unicode: \"Sosa did fine.\\u263A\"\ncontrol: \"\\b1998\\t1999\"\nsingle: '\"Howdy!\" he cried.'\nquoted: ' # Not a ''comment''.'\n",
            Self.o([
                "unicode": .string("Sosa did fine.\u{263A}"), "control": .string("\u{8}1998\t1999"),
                "single": .string("\"Howdy!\" he cried."), "quoted": .string(" # Not a 'comment'."),
            ]))
        Self.check(
            "plain:\n  This unquoted scalar\n  spans many lines.\n",
            Self.o(["plain": .string("This unquoted scalar spans many lines.")]))
        Self.check(
            "canonical: 12345\noctal: 0o14\nhexadecimal: 0xC\n",
            Self.o(["canonical": .int(12345), "octal": .int(12), "hexadecimal": .int(12)]))
        Self.check(
            "canonical: 1.23015e+3\nexponential: 12.3015e+02\nfixed: 1230.15\nnegative infinity: -.inf\n",
            Self.o([
                "canonical": .double(1230.15), "exponential": .double(1230.15), "fixed": .double(1230.15),
                "negative infinity": .double(-.infinity),
            ]))
        Self.check(
            "null:\nbooleans: [ true, false ]\nstring: '012345'\n",
            Self.o(["null": .null, "booleans": .array([.bool(true), .bool(false)]), "string": .string("012345")]))
    }

    @Test func invalidConstructsAreLocatedErrors() {
        Self.refuse(
            "[-]\n",
            "t.yaml:1:2: malformed YAML/JSON: plain scalar cannot start with '-' followed by ,[]{} (in flow context)")
        Self.refuse(
            "key: \"value\"# comment\n",
            "t.yaml:1:13: malformed YAML/JSON: invalid comment without whitespace after double-quoted scalar")
        Self.refuse(
            "a: b: c\n",
            "t.yaml:1:5: malformed YAML/JSON: a value holding ':' before a space or the line's end must be quoted (a: \"b: c\")"
        )
    }

    /// An anchor's or alias's error is at its `&` or `*`, and an unclosed quote's at the quote, where
    /// libfyaml marks the byte after it (test suite SR86, SU74, GT5M, 4JVG, CQ3W).
    @Test func syntaxErrorsAreAtTheirIndicator() {
        Self.refuse("a: &x *y\n", "t.yaml:1:7: malformed YAML/JSON: unexpected alias")
        Self.refuse("a: &x b\n&y *x : c\n", "t.yaml:2:4: malformed YAML/JSON: unexpected alias")
        Self.refuse("- a\n&x\n- b\n", "t.yaml:2:1: malformed YAML/JSON: invalid anchor indent for sequence")
        Self.refuse(
            "a: !!str &x &y b\n", "t.yaml:1:13: malformed YAML/JSON: two anchors for a single value while in mapping")
        let open = "malformed YAML/JSON: this quote opens a text that is not closed on its line: end the text with "
        Self.refuse("a: \"abc\n", "t.yaml:1:4: \(open)the same quote (a: \"abc\")")
        Self.refuse("a: 'abc\n", "t.yaml:1:4: \(open)the same quote (a: 'abc')")
        Self.refuse("a: \"한글\n", "t.yaml:1:4: \(open)the same quote (a: \"한글\")")
        // A flow collection the text ends in is named at its bracket (libfyaml: where the text ends).
        let notClosed = "malformed YAML/JSON: the flow %@ is not closed before the text ends"
        let sequence = notClosed.replacingOccurrences(of: "%@", with: "sequence '['")
        let mapping = notClosed.replacingOccurrences(of: "%@", with: "mapping '{'")
        Self.refuse("a: [b\n", "t.yaml:1:4: " + sequence)
        Self.refuse("a: [b, {c: d}\n# note\n\n", "t.yaml:1:4: " + sequence)
        Self.refuse("rows:\n  - {text: a,\n     secondaryText: b\n", "t.yaml:2:5: " + mapping)
        // Not where the text ends: libfyaml's own words.
        Self.refuse("a: {b: c d: e}\n", "t.yaml:1:11: malformed YAML/JSON: missing comma in flow mapping")
    }

    /// A byte order mark may open the text only; YAML 1.2 allows it in no scalar, nor
    /// any character outside its printable set (`YAMLCharacters`).
    @Test func forbiddenCharactersAreLocated() {
        Self.check("\u{FEFF}a: b\n", Self.o(["a": .string("b")]))
        Self.refuse(
            "{a: x\u{FEFF}y}\n", "t.yaml:1:6: YAML allows a byte order mark (U+FEFF) only where the text starts")
        Self.refuse(
            "a: \"x\u{FEFF}\"\n", "t.yaml:1:6: YAML allows a byte order mark (U+FEFF) only where the text starts")
        Self.refuse(
            "a: 한\u{1}\n",
            "t.yaml:1:5: YAML does not allow the character U+0001 (write it as an escape in double quotes)")
        // A lone CR ends a line as LF does, and CR LF is one break.
        for br in ["\r", "\r\n"] {
            Self.refuse(
                "a:\(br)  b: c\(br)  d: x\u{1}\(br)",
                "t.yaml:3:7: YAML does not allow the character U+0001 (write it as an escape in double quotes)")
        }
        Self.refuse(
            "a: x\u{7F}\n",
            "t.yaml:1:5: YAML does not allow the character U+007F (write it as an escape in double quotes)")
        Self.refuse(
            "a:\n  x\u{80}\n",
            "t.yaml:2:4: YAML does not allow the character U+0080 (write it as an escape in double quotes)")
        Self.refuse(
            "a: \u{FFFE}\n",
            "t.yaml:1:4: YAML does not allow the character U+FFFE (write it as an escape in double quotes)")
        // Whichever comes first, a forbidden character or invalid UTF-8, both readings name it.
        #expect(YAMLReadings.mismatch([0x00, 0xFE]) == nil)
        Self.refuse(
            "a: \u{1}", "t.yaml:1:4: YAML does not allow the character U+0001 (write it as an escape in double quotes)")
        #expect(YAMLReadings.tree(Array("a: ".utf8) + [0xFE, 0x01]) == .error("t.yaml:1:4: invalid UTF-8"))
        Self.check("a: \"x\\uFEFFy\"\n", Self.o(["a": .string("x\u{FEFF}y")]))
        Self.check("a: x\u{85}y\u{A0}z\n", Self.o(["a": .string("x\u{85}y\u{A0}z")]))
    }

    /// The word-at-a-time ASCII pass of `YAMLCharacters` against a byte loop, every byte at every place.
    @Test func forbiddenCharacterScanAgainstAByteLoop() {
        for b in UInt8(0)...0x7F {
            for place in 0..<17 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
                bytes[place] = b
                let allowed = b == 0x09 || b == 0x0A || b == 0x0D || (0x20..<0x7F).contains(b)
                let got = bytes.withUnsafeBufferPointer { YAMLCharacters.firstForbidden($0)?.offset }
                #expect(got == (allowed ? nil : place), "byte \(b) at \(place)")
            }
        }
    }

    /// Characters outside ASCII (every 97th scalar and each edge of a range) are refused or passed
    /// as YAML's printable set says, and as the block scanner's subset says, whatever their lead
    /// byte; a broken sequence after any lead is invalid UTF-8.
    @Test func charactersOutsideASCIIAgainstTheRule() {
        let edges: [UInt32] = [
            0x80, 0x84, 0x85, 0x86, 0x9F, 0xA0, 0xA1, 0x7FF, 0x800, 0xFFF, 0x1000, 0x1FFF, 0x2000, 0x2028, 0x2029,
            0x2FFF, 0x3000, 0xCFFF, 0xD000, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1F34A, 0x10FFFF,
        ]
        let scalars = edges + Array(stride(from: UInt32(0x80), to: 0x11_0000, by: 97))
        for c in scalars {
            guard let scalar = Unicode.Scalar(c) else { continue }
            let bytes = Array("ab \(Character(scalar)) cd\n".utf8)
            let printable = c == 0x85 || (0xA0...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c) || c >= 0x10000
            let yaml = printable && c != 0xFEFF
            let subset = yaml && ![0x85, 0xA0, 0x2028, 0x2029].contains(c)
            let fragment = yaml && ![0x85, 0x2028, 0x2029].contains(c)
            bytes.withUnsafeBufferPointer { text in
                #expect((YAMLCharacters.firstForbidden(text)?.offset) == (yaml ? nil : 3), "U+\(String(c, radix: 16))")
                let declined = YAMLCharacters.firstForbidden(text, reader: .scanner)?.offset
                #expect(declined == (subset ? nil : 3), "U+\(String(c, radix: 16))")
                let cut = YAMLCharacters.firstForbidden(text, reader: .fragment)?.offset
                #expect(cut == (fragment ? nil : 3), "U+\(String(c, radix: 16))")
            }
        }
        for broken: [UInt8] in [
            [0xE3, 0x41, 0x41], [0xEC, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xE1, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xED, 0xA0, 0x80], [0xED, 0x95, 0x9C, 0xED, 0xBF, 0xBF], [0xEA, 0xB0, 0x80, 0xEA, 0xB0],
        ] {
            let bytes = Array("ab ".utf8) + broken + Array(" cd\n".utf8)
            let got = bytes.withUnsafeBufferPointer { YAMLCharacters.firstForbidden($0)?.message }
            #expect(got == "invalid UTF-8", "\(broken)")
        }
    }

    /// An alias is a copy of the node its anchor was last put on (the spec's example 2.10 among them).
    @Test func aliasesAreCopiesOfTheirNodes() {
        let sammy = "hr:\n  - Mark McGwire\n  # Following node labeled SS\n  - &SS Sammy Sosa\n"
        Self.check(
            sammy + "rbi:\n  - *SS # Subsequent occurrence\n  - Ken Griffey\n",
            Self.o([
                "hr": .array([.string("Mark McGwire"), .string("Sammy Sosa")]),
                "rbi": .array([.string("Sammy Sosa"), .string("Ken Griffey")]),
            ]))
        // A collection, with a tagged scalar and a quoted one inside; an anchor put again names the later node.
        let row = Self.o(["n": .string("10"), "q": .string("a\tb")])
        Self.check(
            "a: &r {n: !!str 10, q: \"a\\tb\"}\nb: [*r, &r 1, *r]\n",
            Self.o(["a": row, "b": .array([row, .int(1), .int(1)])]))
        // An alias as a key, and an anchor inside an anchored node.
        Self.check(
            "a: &o [&k key, x]\n*k : *o\n",
            Self.o(["a": .array([.string("key"), .string("x")]), "key": .array([.string("key"), .string("x")])]))
        // A copy's errors are located at the alias that made it.
        Self.refuse("a: &k b\nb: 1\n*k : 2\n", "t.yaml:3:1: duplicate key 'b'")
        Self.refuse("a: &t x\nb: !!int *t\n", "t.yaml:2:10: malformed YAML/JSON: unexpected alias")
    }

    @Test func aliasesThatCannotBeCopiedAreRefused() {
        Self.refuse("a: [&s [*s]]\n", "t.yaml:1:9: the alias '*s' is inside the node it names")
        // Nested past the bound only once copied.
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        Self.refuse(
            "a: &d \(deep)\nb: \(String(repeating: "[", count: 250))*d\(String(repeating: "]", count: 250))\n",
            "t.yaml:2:254: nested more than \(YAMLEvents.maximumNesting) levels deep")
    }

    @Test func refusalsOfTheTreeAreTheJSONForms() {
        Self.refuse("a: 1\nb: 2\na: 3\n", "t.yaml:3:1: duplicate key 'a'")
        Self.refuse("a: *x\n", "t.yaml:1:4: the alias '*x' names no anchor before it")
        Self.refuse("a: 1\n---\nb: 2\n", "t.yaml:2:1: a table is one YAML document: a second one starts here")
        // A bare document after `...` (spec 9.2) starts at its first node, as libfyaml gives its start no mark.
        Self.refuse("a: 1\n...\nb: 2\n", "t.yaml:3:1: a table is one YAML document: a second one starts here")
        Self.refuse(
            "a: 1\n...\n# note\n\n  \"b\"\n", "t.yaml:5:3: a table is one YAML document: a second one starts here")
        let texts = [
            "a: 1\n...\nb: 2\n", "a: 1\n...\n# note\n\n  \"b\"\n", "a: 1\n: b\n", "rows:\n  - text: a\n    : x\n",
            "rows:\n  - {text: a, : x}\n",
        ]
        for text in texts {
            #expect(YAMLReadings.readerMismatch(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
        // A key written as nothing is null (spec 7.4.2), not the empty text; `""` and `!!str` are.
        let missing = "a key is missing: nothing is written before its ':' (an empty key is written \"\")"
        Self.refuse(": a\n", "t.yaml:1:1: " + missing)
        Self.refuse("a: 1\n: b\n", "t.yaml:2:1: " + missing)
        Self.refuse("rows:\n  - text: a\n    : x\n", "t.yaml:3:5: " + missing)
        Self.refuse("{a: 1, : b}\n", "t.yaml:1:8: " + missing)
        Self.refuse("? \n: a\n", "t.yaml:1:1: " + missing)
        S.checkText("\"\": a\n", Self.o(["": .string("a")]))
        S.checkText("!!str : a\n", Self.o(["": .string("a")]))
        // Other scalars are keys by their text: a table's keys are names.
        S.checkText("~: a\n1: b\n", Self.o(["~": .string("a"), "1": .string("b")]))
        // A key that is not text and a mistyped tagged value: the first in the text, once it has parsed.
        Self.refuse("{a: {[x]: 1}, [y]: 2}\n", "t.yaml:1:6: keys must be plain text")
        Self.refuse("{a: !!int x, [k]: 1}\n", "t.yaml:1:5: 'x' is not a whole number (tagged !!int)")
        Self.refuse("{[k]: 1, a: !!int x}\n", "t.yaml:1:2: keys must be plain text")
    }

    /// Every example, golden case and fuzz seed reads the same both ways, value or error.
    @Test func everyExampleCaseAndSeedReadsTheSameBothWays() throws {
        let root = CellarCLI.packageRoot
        var files: [String] = []
        for dir in ["Examples", "Styles", "Fuzzing/corpus"] {
            let all = FileManager.default.enumerator(atPath: root + "/" + dir)?.allObjects as? [String] ?? []
            files += all.filter { $0.hasSuffix(".yaml") }.map { root + "/" + dir + "/" + $0 }
        }
        #expect(files.count > 60)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(YAMLReadings.mismatch(bytes) == nil, "\(file)")
        }
    }
}
