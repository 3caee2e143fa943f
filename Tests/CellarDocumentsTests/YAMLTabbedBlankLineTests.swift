import Cellar
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// A line of blanks with a tab (a comment may end it) below a plain scalar
/// is a comment to YAML, which libfyaml refuses when the tab starts short of
/// the scalar's indentation (`LibFYAMLParser`): read as YAML reads it, by both
/// readings and by the block scanner alike; the errors around it still stand.
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

    /// Every mend reads the text up to its line again: past a budget of a few times the text, the error stands.
    @Test func mendsAreBounded() {
        let text = "a:\n" + String(repeating: "  - b\n\t\n", count: 2000)
        let (tree, json) = YAMLScalarTests.read(text)
        #expect(tree == json)
        guard case .error(let message) = json else {
            Issue.record("read: \(json)")
            return
        }
        #expect(message.hasSuffix(LibFYAMLParser.refusedTab))
        let line = message.split(separator: ":").dropFirst().first.flatMap { Int($0) } ?? 0
        #expect(line > 100 && line < 4001, "\(message)")
    }

    @Test func lineStartsAsLibFYAMLCountsLines() {
        let text: [UInt8] = Array("a\nb\r\nc\rd\n".utf8)
        text.withUnsafeBufferPointer { t in
            #expect((1...5).map { LibFYAMLParser.start(ofLine: $0, in: t) } == [0, 2, 5, 7, 9])
            #expect(LibFYAMLParser.start(ofLine: 6, in: t) == nil)
        }
        Array(" \t \t# x\n  x\t\n\t".utf8).withUnsafeBufferPointer { t in
            #expect(LibFYAMLParser.blankLineTab(from: 0, in: t) == 1)
            #expect(LibFYAMLParser.blankLineTab(from: 8, in: t) == nil)
            #expect(LibFYAMLParser.blankLineTab(from: 13, in: t) == 13)
        }
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
    /// A line one column short, met once the mends have spent the budget: an error of Cellar's own at its tab,
    /// not libfyaml's reading of the scalar on below it.
    @Test func aTabOneColumnShortPastTheBudgetIsAnError() {
        // Each mend rereads the text up to its line: a long first line makes every one cost as much.
        let padding = "# " + String(repeating: "x", count: 200_000) + "\n"
        let short = "  - c\n  \t\n    d\n"
        func text(_ refused: Int) -> String {
            padding + "a:\n" + String(repeating: "  - b\n\t\n", count: refused) + short
        }
        func starts(_ t: String) -> [Int] {
            let bytes = Array(t.utf8)
            return bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == 0x0A && bytes[$0...].starts(with: [0x09, 0x0A]) }
        }
        // As many refused lines as the budget takes, and not the short line after them.
        var refused = 1
        while true {
            let t = text(refused + 1)
            let budget = 8 * t.utf8.count + (1 << 20)
            if starts(t).reduce(0, +) > budget { break }
            refused += 1
        }
        let t = text(refused)
        let budget = 8 * t.utf8.count + (1 << 20)
        let shortLine = Array(t.utf8).count - "  \t\n    d\n".utf8.count
        #expect(starts(t).reduce(0, +) <= budget && starts(t).reduce(0, +) + shortLine > budget)
        let line = 4 + 2 * refused  // the padding, `a:`, two lines a refused one, then `  - c`
        S.refuse(
            t,
            "t.yaml:\(line):3: malformed YAML/JSON: a line of blanks whose tab stands in the indentation ends the text"
                + " above it, which the lines below cannot go on")
    }
}
