import Testing

@testable import CellarDocuments

/// The commonest mistakes in a hand-written table are said in its writer's terms, at the line to fix, by both
/// readings (`YAMLScalarTests.refuseText`); what a rule cannot read keeps libfyaml's message.
@Suite struct YAMLMistakesTests {
    static func refuse(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        YAMLScalarTests.refuseText(text, "t.yaml:" + message, sourceLocation: sourceLocation)
    }

    static let unquoted = "malformed YAML/JSON: a value holding ':' before a space or the line's end must be quoted"
    static let stray =
        "malformed YAML/JSON: this ':' makes a key of the value before it, and a mapping cannot start on the line of its key"

    @Test func aValueHoldingAColonIsToBeQuoted() {
        Self.refuse("text: Time: 10:30\n", "1:11: \(Self.unquoted) (text: \"Time: 10:30\")")
        Self.refuse("- text: A: b  # a note\n", "1:10: \(Self.unquoted) (text: \"A: b\")")
        Self.refuse("a:\n  - header: ㄱ:\n", "2:14: \(Self.unquoted) (header: \"ㄱ:\")")
        // Too long to repeat, or with a quote the example would have to escape: the advice alone.
        Self.refuse("a: \(String(repeating: "x", count: 60)): b\n", "1:64: \(Self.unquoted)")
        Self.refuse("secondaryText: \(String(repeating: "x", count: 50)): b\n", "1:66: \(Self.unquoted)")
        Self.refuse("a: say \"hi\": b\n", "1:12: \(Self.unquoted)")
        // After a quoted, flow or tagged value, quotes would not help: the `:` is a stray one.
        Self.refuse("a: 'x': y\n", "1:7: \(Self.stray)")
        Self.refuse("a: \"x\":\n", "1:7: \(Self.stray)")
        Self.refuse("a: [x]: y\n", "1:7: \(Self.stray)")
        Self.refuse("a: &x b: c\n", "1:8: \(Self.stray)")
    }

    @Test func aKeyIndentedMoreThanTheOneAboveIsFoundOnItsLine() {
        let message =
            "malformed YAML/JSON: this line is indented more than the key above it, so it continues that key's value (at %@) and cannot hold a key; keys of one mapping start in one column"
        func said(_ at: String, _ value: String) -> String {
            at + ": " + message.replacingOccurrences(of: "%@", with: value)
        }
        Self.refuse("a: b\n  c: d\n", said("2:3", "1:4"))
        Self.refuse("- text: A\n    secondaryText: B\n", said("2:5", "1:9"))
        Self.refuse("a:\n  b: c\n   d\n   e: f\n", said("4:4", "2:6"))
        // A value with an anchor or a tag: the value is the node after them.
        Self.refuse("- header: &title Fruit\n    rows: []\n", said("2:5", "1:18"))
        Self.refuse("- header: !!str &t Fruit\n    rows: []\n", said("2:5", "1:20"))
        // A key over lines that was no key's value on its first line: a line with no key.
        Self.refuse("  b: |\n  x\n      01: 1\n", "2:3: \(Self.noColon)")
    }

    static let noColon =
        "malformed YAML/JSON: this line has no ': ' after a key, so it reads as text where a key must be; a key and its value are written 'key: value'"
    static let goOn = "; or, to go on with the value above, indent this line past its key"

    @Test func aKeyWithoutItsColonIsSaidSo() {
        // Before the next key, at the mapping's end, as an item's first key, or the table's first line.
        Self.refuse("- cell: value1\n  text Apples\n  image: x\n", "2:3: \(Self.noColon) (text: Apples)\(Self.goOn)")
        Self.refuse("- text: a\n  secondaryText 6\n", "2:3: \(Self.noColon) (secondaryText: 6)\(Self.goOn)")
        Self.refuse(
            "rows:\n  - text: a\n    selected true\n  - text: b\n", "3:5: \(Self.noColon) (selected: true)\(Self.goOn)")
        Self.refuse("- text Apples\n  cell: value1\n", "1:3: \(Self.noColon) (text: Apples)")
        Self.refuse("title Fruits\nsections: []\n", "1:1: \(Self.noColon) (title: Fruits)")
        // A line longer than a message quotes whole is not shown: a cut line could not be put back.
        let long = "Fruits of the season, picked this morning in the orchard by hand"
        Self.refuse("title \(long)\nsections: []\n", "1:1: \(Self.noColon)")
        Self.refuse("title:\(long)\nsections: []\n", "1:1: \(Self.noColon), with a space after the ':'")
        // With a comment after it, libfyaml marks the next key (or calls it misplaced); the line to fix is above.
        Self.refuse("rows:\n  - text Apples  # fruit\n    cell: value1\n", "2:5: \(Self.noColon) (text: Apples)")
        Self.refuse("- cell subtitle  # a\n  text: Apple\n", "1:3: \(Self.noColon) (cell: subtitle)")
        Self.refuse("style grouped  # a\nsections: []\n", "1:1: \(Self.noColon) (style: grouped)")
        // A line below that goes on with a value is no key: the line above is said, as libfyaml found it.
        Self.refuse(
            "- text a long text  # a\n    wrapped over\n\n    three lines\n  cell: x\n",
            "2:5: malformed YAML/JSON: invalid multiline plain key")
        // Text in no mapping's keys' column (here a list's, at its key's indentation) keeps libfyaml's words.
        Self.refuse("a:\n- b\nc\n", "3:1: malformed YAML/JSON: invalid value after mapping")
        Self.refuse(
            "- text:Apples\n  cell: value1\n", "1:3: \(Self.noColon), with a space after the ':' (text: Apples)")
        // No example where the line is not a word and a value; the hint only under a plain value in its column.
        Self.refuse("- text: |\n    a\n  new line here\n  cell: x\n", "3:3: \(Self.noColon) (new: line here)")
        Self.refuse("- text: a\n  ~~~\n  cell: x\n", "2:3: \(Self.noColon)\(Self.goOn)")
        // A row of one such line is text, not a mapping: the table says which key it starts with.
        for (row, written) in [("text Pear", "text: Pear"), ("cell:value2", "cell: value2"), ("Pear ripe", nil)] {
            let text = "sections:\n  - rows:\n      - \(row)\n"
            var said = "t.yaml:3:9: a row must be a mapping of keys to values"
            if let written { said += " ('\(row)' is text: a key and its value are written '\(written)')" }
            var got = "ok"
            do {
                _ = try StreamedDocument.load(DocumentInput(path: "t.yaml", bytes: Array(text.utf8), format: .yaml))
            } catch { got = "\(error)" }
            #expect(got == said)
        }
        // A line whose first token is not what libfyaml marks is no key without its colon.
        Self.refuse("- text: a\n  'b' c\n", "2:7: \(Self.afterQuotes)")
    }

    static let afterQuotes =
        "malformed YAML/JSON: this follows the closing quote of a quoted text, which holds all of its text: put the "
        + "whole text inside the quotes"

    @Test func textAfterAQuotedTextIsSaidSo() {
        Self.refuse("- text: \"Apples\" and pears\n", "1:18: \(Self.afterQuotes) (text: \"Apples and pears\")")
        Self.refuse("- text: 'it''s' ripe  # x\n", "1:17: \(Self.afterQuotes) (text: 'it''s ripe')")
        Self.refuse("header: '배'와 사과\n", "1:12: \(Self.afterQuotes) (header: '배와 사과')")
        // Quotes or escapes inside, a key after it, or a quoted text over lines: the advice alone.
        Self.refuse("- text: \"a\\\"\" b\n", "1:15: \(Self.afterQuotes)")
        Self.refuse("- \"a\" b: c\n", "1:7: \(Self.afterQuotes)")
        Self.refuse("a: \"x\n  y\" z\n", "2:6: \(Self.afterQuotes)")
    }

    @Test func misalignedKeysAndItemsAreSaidSo() {
        Self.refuse(
            "a:\n  b: c\n d: e\n",
            "3:2: malformed YAML/JSON: this key lines up with the keys of no mapping around it; keys of one mapping start in one column"
        )
        Self.refuse(
            "a:\n  b: 'c'\n   d: e\n",
            "3:4: malformed YAML/JSON: this key lines up with the keys of no mapping around it; keys of one mapping start in one column"
        )
        Self.refuse(
            "a:\n  - b\n - c\n",
            "3:2: malformed YAML/JSON: this '-' is not in the column of the list's items above it; items of one list start in one column"
        )
        Self.refuse(
            "a:\n  - b: c\n   d: e\n",
            "3:4: malformed YAML/JSON: this line is indented more than the '-' of the list item above it but less than that item's content"
        )
    }

    @Test func aLineInTheColumnOfAListOrOfKeysSaysWhichItIsIn() {
        let noItem =
            "malformed YAML/JSON: this line is in the column of the '-' of the list above it but is no item ('- '); "
            + "an item's keys line up with its first key, after the '- '"
        Self.refuse("sections:\n  - header: A\n  rows: []\n", "3:3: " + noItem)
        Self.refuse("a:\n  - b\n  c\n", "3:3: " + noItem)
        Self.refuse(
            "a:\n  - b: 1\n    c: 2\n    - d: 3\n",
            "4:5: malformed YAML/JSON: this '-' is in the column of a mapping's keys, not of a list's items; "
                + "items of one list start in one column")
        // The keys' column may be an item's first key's, after its `- `.
        Self.refuse(
            "sections:\n  - rows:\n      - {text: a}\n    - {text: b}\n",
            "4:5: malformed YAML/JSON: this '-' is in the column of a mapping's keys, not of a list's items; "
                + "items of one list start in one column")
        // A line deeper than the '-' above, after a scalar a comment line ended, is no item's: libfyaml's words.
        Self.refuse(
            "a:\n  - c\n  \t\n    d\n", "4:5: malformed YAML/JSON: invalid scalar at the end of block sequence")
        Self.refuse(
            "a:\n  - {b: 1}\n     - {c: 2}\n",
            "3:6: malformed YAML/JSON: this '-' is not in the column of the list's items above it; items of one list "
                + "start in one column")
    }

    /// Text after a flow collection that closed on its line is said as such, whatever libfyaml took it for.
    @Test func textAfterAClosingBracketIsSaidSo() {
        let after =
            "malformed YAML/JSON: this follows the '}' that closes a flow mapping on its line, where only a "
            + "comment may follow"
        let item = "; a list's next item goes on a line of its own, after '- '"
        Self.refuse("rows:\n  - {text: a} x\n", "2:15: " + after + item)
        Self.refuse("rows:\n  - {text: a}, {text: b}\n", "2:14: " + after + item)
        Self.refuse("a: {b: c} d\n", "1:11: " + after)
        Self.refuse(
            "a:\n  - [b] c\n",
            "2:9: malformed YAML/JSON: this follows the ']' that closes a flow list on its line, where only a comment "
                + "may follow" + item)
    }

    /// A table whose first line is indented, and a key left of it below: said so, the first line named.
    @Test func aTableIndentedAtItsFirstLineSaysSo() {
        let said =
            "malformed YAML/JSON: this key is indented less than the table's first line (at %@); the table's "
            + "own keys start in one column"
        func at(_ first: String) -> String { said.replacingOccurrences(of: "%@", with: first) }
        Self.refuse("  style: plain\nsections: []\n", "2:1: " + at("1:3"))
        Self.refuse("# a table\n\n--- # it starts\n   style: plain\n # a note\n sections: []\n", "6:2: " + at("4:4"))
        Self.refuse("  - a\nb: c\n", "2:1: " + at("1:3"))
    }

    /// A directive's error is at its `%`, where libfyaml marks its argument (test suite EB22).
    @Test func directivesAreLocatedAtTheirPercentSign() {
        Self.refuse(
            "%YAML 1.2\n---\na: b\n%YAML 1.2\n---\n",
            "4:1: malformed YAML/JSON: a directive after a document needs the document's end marker first ('...' on "
                + "a line of its own)")
        Self.refuse("%YAML 1.2\n%YAML 1.2\n---\na: 1\n", "2:1: malformed YAML/JSON: duplicate version directive")
        Self.refuse("%TAG ! a\n%TAG ! b\n---\na: 1\n", "2:1: malformed YAML/JSON: duplicate tag directive")
    }

    /// A quote never closed on its line, at the quote, with the line as meant (none in a flow mapping, whose
    /// brackets the line would need); a quote the line closes is another slip.
    @Test func anUnclosedQuoteIsSaidAtTheQuote() {
        let said =
            "malformed YAML/JSON: this quote opens a text that is not closed on its line: end the text with the "
            + "same quote"
        let overLines = "; a quoted text goes on to its next line only when that line is indented past its key"
        Self.refuse("text: \"Apples\n", "1:7: \(said) (text: \"Apples\")")
        Self.refuse("- text: 'Apples  \n- text: Pears\n", "1:9: \(said) (text: 'Apples')\(overLines)")
        Self.refuse("- text: \"Apples\n  and pears\"\n", "1:9: \(said) (text: \"Apples\")\(overLines)")
        Self.refuse("- {text: \"Apples, b: c}\n", "1:10: \(said)")
        Self.refuse("text: \"say \\\"hi\n", "1:7: \(said)")
        Self.refuse("text: \"'Apples\n", "1:7: \(said) (text: \"'Apples\")")
    }

    /// An apostrophe in a single-quoted text ends it: said at the apostrophe, with the text in double quotes,
    /// or, when it holds one, with the apostrophes doubled.
    @Test func anApostropheInSingleQuotesIsSaidSo() {
        let said =
            "malformed YAML/JSON: this apostrophe ends the single-quoted text: inside single quotes an apostrophe is "
            + "written twice (''), or the text is put in double quotes"
        Self.refuse("text: 'it's'\n", "1:10: \(said) (text: \"it's\")")
        Self.refuse("- note: 'say \"it's\"' # a note\n", "1:17: \(said) (note: 'say \"it''s\"')")
        Self.refuse("text: 'it's \(String(repeating: "x", count: 60))'\n", "1:10: \(said)")
    }

    /// JSON's comma after a quoted value in a block mapping or list, with the line without it.
    @Test func aCommaAfterABlockValueIsSaidSo() {
        let said =
            "malformed YAML/JSON: a ',' separates items only inside a flow mapping ({…}) or list ([…]); in a block "
            + "one each item is on a line of its own: take the ',' out"
        Self.refuse("- \"text\": \"Apples\",\n  \"cell\": \"subtitle\"\n", "1:19: \(said) (\"text\": \"Apples\")")
        Self.refuse("a: 'x' , # b\n", "1:8: \(said) (a: 'x')")
        Self.refuse("- \"a\",\n- \"b\"\n", "1:6: \(said)")
        // More than a comma after it is text after the quote.
        Self.refuse("a: \"x\", \"y\"\n", "1:7: \(Self.afterQuotes)")
    }

    /// A backslash double quotes do not read: how they read one, and the text in single quotes when that
    /// keeps what the others mean (no escape they know in it but a path's `\x`, `\u`, `\U`).
    @Test func anUnknownEscapeSaysHowBackslashesAreWritten() {
        let advice =
            "; inside double quotes a backslash starts an escape (\\n, \\\", \\\\…): write \\\\ for a backslash, or put "
            + "the text in single quotes"
        Self.refuse(
            "path: \"C:\\Users\\me\"\n",
            "1:10: malformed YAML/JSON: double-quoted scalar has invalid hex escape\(advice) (path: 'C:\\Users\\me')")
        Self.refuse(
            "a: \"x\\qy\"\n",
            "1:6: malformed YAML/JSON: invalid escape 'q' in double-quoted string\(advice) (a: 'x\\qy')")
        Self.refuse("a: \"\\t\\q\"\n", "1:7: malformed YAML/JSON: invalid escape 'q' in double-quoted string\(advice)")
        Self.refuse(
            "a: \"it's \\q\"\n", "1:10: malformed YAML/JSON: invalid escape 'q' in double-quoted string\(advice)")
    }

    /// A plain text starting with a character YAML keeps for itself (`@`, `` ` ``, `%`) is to be quoted.
    @Test func aTextStartingWithAReservedCharacterIsToBeQuoted() {
        func said(_ c: String) -> String { "malformed YAML/JSON: a text that starts with '\(c)' must be quoted" }
        Self.refuse("text: @home  # a note\n", "1:7: \(said("@")) (text: \"@home\")")
        Self.refuse("- text: `ls` and more\n", "1:9: \(said("`")) (text: \"`ls` and more\")")
        Self.refuse("a: %d\n", "1:4: \(said("%")) (a: \"%d\")")
        Self.refuse("- {text: @home}\n", "1:10: \(said("@"))")
    }

    /// Another of libfyaml's messages passes as it is.
    @Test func otherMessagesAreLibfyamls() {
        #expect(
            YAMLMistakes.explained("invalid value after mapping", at: 0, in: UnsafeBufferPointer(start: nil, count: 0))
                == nil)
        Self.refuse("a:\n- b\n'c'\n", "3:2: malformed YAML/JSON: invalid value after mapping")
    }
}
