import Cellar
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// A line of blanks with a tab (a comment may end it) is a comment to YAML
/// but inside a scalar over lines; libfyaml refuses one below a plain scalar
/// when the tab starts short of the scalar's indentation, and reads one a
/// column short as the scalar's (`LibFYAMLParser`). Read as YAML reads it, by
/// both readings and by the block scanner alike, in time linear in the text;
/// the errors around it still stand.
@Suite struct YAMLTabbedBlankLineTests {
    typealias S = YAMLSyntaxTests

    @Test func blankLinesWithTabsBelowAPlainScalarAreComments() {
        let cd = S.o(["b": .string("c"), "d": .string("e")])
        S.check("a:\n  b: c\n\t\n  d: e\n", S.o(["a": cd]))
        S.check("a:\n  b: c\n\t# note\n  d: e\n", S.o(["a": cd]))
        S.check("a:\n  b: c\n \t\t# note\n  d: e\n", S.o(["a": cd]))
        S.check("a:\r\n  b: c\r\n\t\r\n  d: e\r\n", S.o(["a": cd]))
        S.check("a:\n  - b\n\t# note\n  - c\n", S.o(["a": .array([.string("b"), .string("c")])]))
        // A scalar over two lines, then the comment.
        S.check("a:\n  b: c\n   c\n\t\n  d: e\n", S.o(["a": S.o(["b": .string("c c"), "d": .string("e")])]))
    }

    /// Each line is mended in turn: the events read before one are not read twice, an anchor above holds.
    @Test func severalLinesAndAnAnchorAcrossThem() {
        let text = "a:\n  b: &x c\n\t\n  d: e\n\t\t# f\n  g: *x\n\t\n"
        S.check(text, S.o(["a": S.o(["b": .string("c"), "d": .string("e"), "g": .string("c")])]))
        YAMLBlockScannerTests.expectSame(text, "mended lines")
        YAMLBlockScannerTests.expectSame(
            "sections:\n  - rows:\n      - text: Apple\n\t# fruit\n      - text: 배\n\t\n", "a table's rows")
    }

    /// The comment ends the scalar: a line below it is not the scalar's, and what YAML refuses stays refused.
    @Test func errorsAroundTheLineStand() {
        S.refuse("a:\n  b: c\n\t\n   d\n", "t.yaml:4:4: malformed YAML/JSON: invalid value after mapping")
        // A tab before content is indentation; one below a block scalar is the block scalar's.
        S.refuse("a:\n  b: c\n\td: e\n", "t.yaml:3:2: malformed YAML/JSON: invalid tab used as indentation")
        S.refuse(
            "a:\n  b: |\n    x\n\t\n  c: d\n",
            "t.yaml:4:1: malformed YAML/JSON: invalid tab character as indent instead of space")
    }
}

extension YAMLTabbedBlankLineTests {
    /// A tab one column short of the scalar's indentation: libfyaml reads the line as an empty line of the
    /// scalar, YAML as a comment that ends it, so a line below that goes on the scalar is an error.
    @Test func aTabOneColumnShortEndsThePlainScalar() {
        S.refuse("a:\n  b: c\n  \t\n   d\n", "t.yaml:4:4: malformed YAML/JSON: invalid value after mapping")
        S.refuse(
            "a:\n  - c\n  \t\n    d\n", "t.yaml:4:5: malformed YAML/JSON: invalid scalar at the end of block sequence")
        // With the tab at the indentation or past it, the line is an empty line of the scalar.
        S.check("a:\n  b: c\n   \t\n   d\n", S.o(["a": S.o(["b": .string("c\nd")])]))
        // Below the scalar, with nothing going on after it, the line is a comment either way.
        S.check("a:\n  b: c\n   d\n  \t\n  e: f\n", S.o(["a": S.o(["b": .string("c d"), "e": .string("f")])]))
    }
}

extension YAMLTabbedBlankLineTests {
    /// Lines made comments at once, however many: a table with one below every row reads whole, and the block
    /// scanner reads it without libfyaml.
    @Test func manyLinesReadInOnePass() {
        let text = "a:\n" + String(repeating: "  - b\n\t\n", count: 2000)
        S.check(text, S.o(["a": .array(Array(repeating: .string("b"), count: 2000))]))
        let rows =
            "sections:\n- rows:\n" + String(repeating: "  - text: Apple\n\t# fruit\n    secondaryText: 1\n", count: 500)
        #expect(YAMLBlockScannerTests.nodesReadAlone(rows) == 0)
        YAMLBlockScannerTests.expectSame(rows, "a table's rows")
        // Below a plain value, a line whose tab stands at the block's column or short of it ends the value.
        let texts = [
            "a:\n  b: \"c\"\n\t\n  d: e\n", "a:\n  b: \"c\"\n \t# x\n  d: e\n", "a: 1\n\t\nb: 2\n",
            "a:\n  b: c\n\t# x\n  d: e\n",
            "a:\n  b: c\n  \t\n  d: e\n",
        ]
        for text in texts {
            #expect(YAMLBlockScannerTests.nodesReadAlone(text) == 0, "\(text)")
            YAMLBlockScannerTests.expectSame(text, text)
        }
    }

    /// Where the line is a scalar's, it is read as written: an empty line of a plain scalar that goes on (its
    /// tab past the collection's column), of a flow scalar, a tab in a literal's text.
    @Test func linesInsideScalarsAreTheirs() {
        S.check("a:\n  b: c\n     \t\n   d\n", S.o(["a": S.o(["b": .string("c\nd")])]))
        S.check("a:\n  - b\n    \t\n    c\n", S.o(["a": .array([.string("b\nc")])]))
        S.check("a: [x\n\t\n y]\n", S.o(["a": .array([.string("x\ny")])]))
        S.check("a: [x,\n\t\n y]\n", S.o(["a": .array([.string("x"), .string("y")])]))
        S.check("a: |\n  x\n  \t\n  y\n", S.o(["a": .string("x\n\t\ny\n")]))
        S.check("a: \"x\n   \t\n   y\"\n", S.o(["a": .string("x\ny")]))
        // Past a tab at or short of the column, a tab further on is a comment's all the same.
        S.refuse(
            "a:\n  - b\n  \t\n    \t\n    c\n",
            "t.yaml:5:5: malformed YAML/JSON: invalid scalar at the end of block sequence")
        // With a comment, the line ends the scalar wherever its tab stands: nothing is read again.
        S.refuse("a:\n  b: c\n     \t# x\n   d\n", "t.yaml:4:4: malformed YAML/JSON: invalid value after mapping")
        #expect(!readsAgain("a:\n  b: c\n     \t# x\n   d\n") && readsAgain("a:\n  b: c\n     \t\n   d\n"))
        // Below a block scalar, such a line is neither its text nor a comment (`l-chomped-empty`).
        S.refuse(
            "a: |\n  x\n\t# c\nb: 1\n",
            "t.yaml:3:1: malformed YAML/JSON: invalid tab character as indent instead of space")
    }

    /// Whether libfyaml's events of `text` read a line made a comment again, as written.
    func readsAgain(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            guard var events = try? YAMLEvents(bytes, path: "t.yaml") else { return false }
            var batch = YAMLEventBatch()
            while (try? events.read(into: &batch)) == false {}
            return events.readLinesAgain
        }
    }

    /// Each scalar with such a line reads the text up to it again: past a budget of a few times the text and
    /// 16 MB, an error of Cellar's own stands at the line.
    @Test func readingAgainIsBounded() {
        // A long first line makes each reading cost as much.
        let padding = "# " + String(repeating: "x", count: 1_000_000) + "\n"
        let few = padding + "a:\n" + String(repeating: "  - b\n    \t\n    c\n", count: 5)
        S.check(few, S.o(["a": .array(Array(repeating: .string("b\nc"), count: 5))]))
        let many = padding + "a:\n" + String(repeating: "  - b\n    \t\n    c\n", count: 50)
        let (tree, json) = YAMLScalarTests.read(many)
        #expect(tree == json)
        guard case .error(let message) = json else {
            Issue.record("read: \(json)")
            return
        }
        let reason = "cannot read: too many lines of blanks with a tab inside texts over lines (each is read again)"
        #expect(message.hasSuffix(reason + "; write them without the tab"))
        // Each a scalar's line, past the first few.
        let line = message.split(separator: ":").dropFirst().first.flatMap { Int($0) } ?? 0
        #expect(line > 10 && line < 150 && (line - 4) % 3 == 0, "\(message)")
    }

    @Test func blankLinesWithTabsAreFoundInOnePass() {
        func tabs(_ text: String) -> [Int] {
            Array(text.utf8).withUnsafeBufferPointer { LibFYAMLParser.tabsToMend(in: $0).map(\.offset) }
        }
        #expect(tabs(" \t \t# x\n  x\t\n\t") == [1, 13])
        #expect(tabs("a\r\t\rb\r\n \t\r\n") == [2, 8])
        #expect(tabs("a: b\t# c\n\tc: d\n\t#\t\n") == [15])
        #expect(tabs("no tab\n") == [])
    }
}
