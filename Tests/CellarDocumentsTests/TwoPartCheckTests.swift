import Cellar
import Testing

@testable import CellarDocuments

/// The load's check of JSON Lines on two threads
/// (`StreamedDocument.checkedInTwoParts`) keeps what the check on one
/// thread keeps (rows, sections, selection, heights, editing rows, where
/// each identifier is first used), wherever the halves meet; and a file
/// with an error in either half is left to the check on one thread, which
/// reports the first error.
@Suite struct TwoPartCheckTests {
    static func input(_ lines: [String]) -> DocumentInput {
        DocumentInput(path: "t.jsonl", bytes: Array((lines.joined(separator: "\n") + "\n").utf8), format: .jsonl)
    }

    /// Rows of two identifiers, some selected, highlighted, with a height or
    /// an editing key, in groups of `group` rows (a section each with `--section-by`).
    static func rows(_ count: Int, group: Int) -> [String] {
        (0..<count).map { i in
            var keys = [
                "\"cell\": \"\(i < count / 3 ? "subtitle" : i % 2 == 0 ? "value1" : "subtitle")\"",
                "\"text\": \"Row \(i) 한글\"", "\"group\": \"g\(i / group)\"",
            ]
            if i % 97 == 5 { keys.append("\"selected\": true") }
            if i % 89 == 7 { keys.append("\"highlighted\": true") }
            if i % 83 == 3 { keys.append("\"height\": \(1 + i % 3)") }
            if i % 79 == 11 { keys.append("\"editable\": false") }
            if i == count - 1 { keys[0] = "\"cell\": \"default\"" }
            return "{" + keys.joined(separator: ", ") + "}"
        }
    }

    static func expectSame(_ a: StreamedDocument, _ b: StreamedDocument) {
        #expect(Array(a.found.rowOffsets) == Array(b.found.rowOffsets))
        #expect(
            a.sections.map { [$0.firstRow, $0.rowCount, $0.offset] }
                == b.sections.map { [$0.firstRow, $0.rowCount, $0.offset] })
        #expect(a.sections.map(\.header) == b.sections.map(\.header))
        #expect(a.found.selectedRows == b.found.selectedRows && a.found.highlightedRows == b.found.highlightedRows)
        #expect(a.found.declaredHeights.storedCodes == b.found.declaredHeights.storedCodes)
        #expect(a.found.editingRows.storedWords == b.found.editingRows.storedWords)
        #expect(a.found.identifiers == b.found.identifiers)
    }

    @Test(arguments: [1, 7, 500, 5_000])
    func theTwoPartsKeepWhatOneCheckKeeps(group: Int) throws {
        for sectionBy in [nil, "group"] {
            let options = TableOptions(sectionBy: sectionBy)
            let input = Self.input(Self.rows(3_000, group: group))
            let one = try StreamedDocument.load(input, options: options)
            let two = try #require(try StreamedDocument.checkedInTwoParts(input, options: options, minimumBytes: 0))
            Self.expectSame(one, two)
            #expect(one.rowCount == 3_000 && two.rowsCheckedApart > 1_000)
        }
    }

    @Test func anErrorInEitherHalfIsLeftToTheCheckOnOneThread() throws {
        for bad in [100, 2_900] {
            var lines = Self.rows(3_000, group: 10)
            lines[bad] = "{\"text\": \"Row\", \"image\": 3, }"
            let input = Self.input(lines)
            #expect(try StreamedDocument.checkedInTwoParts(input, options: TableOptions(), minimumBytes: 0) == nil)
            #expect(throws: CellarError.self) { try StreamedDocument.load(input, options: TableOptions()) }
        }
    }

    // MARK: CSV and TSV

    /// The rows of `rows(_:group:)` as records, every key a column, some
    /// text quoted with a doubled quote; the record `spanning` with a text
    /// of `lines` lines (quoted: a record over many lines of the file).
    static func records(
        _ count: Int, group: Int, format: InputFormat = .csv, spanning: Int? = nil, lines: Int = 0,
        badRecord: Int? = nil
    ) -> DocumentInput {
        let s = format == .csv ? "," : "\t"
        var out = ["cell", "text", "group", "selected", "highlighted", "height", "editable"].joined(separator: s)
        for i in 0..<count {
            let cell = i == count - 1 ? "default" : i < count / 3 ? "subtitle" : i % 2 == 0 ? "value1" : "subtitle"
            var text = "Row \(i) 한글"
            if format == .csv && i % 13 == 0 { text = "\"Row \(i), \"\"quoted\"\"\"" }
            if i == spanning { text = "\"" + (0..<lines).map { "line \($0)" }.joined(separator: "\n") + "\"" }
            var fields = [
                cell, text, "g\(i / group)", i % 97 == 5 ? "true" : "", i % 89 == 7 ? "true" : "",
                i % 83 == 3 ? "\(1 + i % 3)" : "", i % 79 == 11 ? "false" : "",
            ]
            if i == badRecord { fields.removeLast() }
            out += "\n" + fields.joined(separator: s)
        }
        return DocumentInput(path: "t.\(format.rawValue)", bytes: Array((out + "\n").utf8), format: format)
    }

    @Test(arguments: [InputFormat.csv, .tsv])
    func recordsCheckedInTwoPartsAreWhatOneCheckKeeps(format: InputFormat) throws {
        for (sectionBy, group) in [(nil, 1), ("group", 7), ("group", 500)] {
            let options = TableOptions(sectionBy: sectionBy)
            let input = Self.records(3_000, group: group, format: format)
            let one = try StreamedDocument.load(input, options: options)
            let two = try #require(try StreamedDocument.checkedInTwoParts(input, options: options, minimumBytes: 0))
            Self.expectSame(one, two)
            #expect(one.rowCount == 3_000 && two.rowsCheckedApart > 1_000)
        }
    }

    @Test func aQuotedFieldOverTheMiddleLeavesTheRecordsToOneThread() throws {
        // A text of 3,000 lines in the middle record: the later part's first line is inside it.
        let input = Self.records(3_000, group: 7, spanning: 1_500, lines: 3_000)
        #expect(try StreamedDocument.checkedInTwoParts(input, options: TableOptions(), minimumBytes: 0) == nil)
        let one = try StreamedDocument.load(input, options: TableOptions())
        #expect(one.rowCount == 3_000)
        #expect(try one.row(1_500)["text"]?.stringValue?.hasPrefix("line 0\nline 1\n") == true)
    }

    @Test func aRecordErrorInEitherPartIsLeftToTheCheckOnOneThread() throws {
        for bad in [100, 2_900] {
            let input = Self.records(3_000, group: 7, badRecord: bad)
            #expect(try StreamedDocument.checkedInTwoParts(input, options: TableOptions(), minimumBytes: 0) == nil)
            #expect(throws: CellarError.self) { try StreamedDocument.load(input, options: TableOptions()) }
        }
    }

    // MARK: JSON tables

    /// A JSON table of `sections` sections of `rows` rows each (`pretty`: a
    /// row over several lines, some starting with a brace inside the row).
    static func table(sections: Int, rows: Int, pretty: Bool = false, badRow: Int? = nil) -> DocumentInput {
        var all = Self.rows(sections * rows, group: 10)
        if let badRow { all[badRow] = "{\"text\": \"Row\", \"image\": 3, }" }
        if pretty {
            all = all.map {
                $0.replacingOccurrences(of: "\"group\"", with: "\n  \"textProperties\":\n{\"bold\": true}, \"group\"")
            }
        }
        let body = (0..<sections).map { s in
            "{\"header\": \"S\(s)\", \"rows\": [\n" + all[(s * rows)..<((s + 1) * rows)].joined(separator: ",\n")
                + "\n]}"
        }
        let text =
            "{\"style\": \"grouped\", \"allowsMultipleSelection\": true, \"sections\": [" + body.joined(separator: ", ")
            + "], \"rowHeight\": \"automatic\"}\n"
        return DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json)
    }

    /// The document's state after a scan on one thread and on two.
    static func scannedBothWays(_ input: DocumentInput) throws -> (StreamedDocument, StreamedDocument) {
        let one = StreamedDocument(input, options: TableOptions())
        try one.scan(twoPartMinimumBytes: Int.max)
        let two = StreamedDocument(input, options: TableOptions())
        try two.scan(twoPartMinimumBytes: 0)
        return (one, two)
    }

    static func keySets(_ d: StreamedDocument) -> Set<String> {
        let k = d.found.rowKeySets
        return Set(
            k.entries.map { e in
                k.identifiers[e.identifier] + ":"
                    + k.names.indices.filter { e.keys & (1 << UInt64($0)) != 0 }.map { k.names[$0] }.sorted().joined(
                        separator: ",")
            })
    }

    @Test(arguments: [1, 2, 3])
    func aJSONTableTakesTheRowsCheckedApartAsOneCheckReadsThem(sections: Int) throws {
        let (one, two) = try Self.scannedBothWays(Self.table(sections: sections, rows: 3_000 / sections))
        Self.expectSame(one, two)
        #expect(two.rowsCheckedApart > 400)
        #expect(Self.keySets(one) == Self.keySets(two) && one.found.rowKeySets.rows == two.found.rowKeySets.rows)
        #expect(one.found.rowKeySets.complete == two.found.rowKeySets.complete)
        #expect(
            one.found.rowLists.map { [$0.start, $0.end, $0.firstRow, $0.rowCount] }
                == two.found.rowLists.map { [$0.start, $0.end, $0.firstRow, $0.rowCount] })
        #expect(one.style == two.style && one.rowHeight == two.rowHeight)
    }

    /// Short sections: the second thread goes on from its first `rows` list
    /// to each one after, passing the sections' other keys (titles, an empty
    /// list, a header view), and the scan takes each list's rows from it.
    @Test func theSecondThreadChecksTheRowsOfEverySectionAfterItsFirst() throws {
        let table = String(
            decoding: Self.table(sections: 30, rows: 100).bytes.withUnsafeBufferPointer { Array($0) }, as: UTF8.self)
        // Some sections with keys after their rows, an empty one, and one with a header view.
        let joints = [
            "\n], \"footer\": \"end\", \"indexTitle\": \"E\"}, {}, {\"rows\": []}, {\"header\"",
            "\n]}, {\"headerView\": {\"view\": \"x\", \"n\": [1, {\"rows\": [{}]}]}, \"header\"",
            "\n]}, {\"header\"",
        ]
        let pieces = table.components(separatedBy: "\n]}, {\"header\"")
        var text = pieces[0]
        for (i, piece) in pieces.dropFirst().enumerated() { text += joints[i % 3] + piece }
        let (one, two) = try Self.scannedBothWays(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
        Self.expectSame(one, two)
        #expect(Self.keySets(one) == Self.keySets(two))
        // About half the rows, from many sections, not the hundred of one.
        #expect(two.rowsCheckedApart >= 1_000, "\(two.rowsCheckedApart) rows checked apart")
    }

    /// The second thread reads its sections' lists with one document and one
    /// quick check, as one scan does: the segments' rows follow one another in
    /// its findings, the key sets are the part's, and a nested value is decoded
    /// once, not once a list.
    @Test func theSecondThreadReadsEveryListWithOneCheck() throws {
        let rows = (0..<2_000).map {
            #"{"text": "Row \#($0)", "background": {"color": "tint"}, "accessory": "checkmark"}"#
        }
        let body = stride(from: 0, to: rows.count, by: 10).map {
            "{\"header\": \"S\($0)\", \"rows\": [\n" + rows[$0..<($0 + 10)].joined(separator: ",\n") + "\n]}"
        }
        let text = "{\"sections\": [" + body.joined(separator: ", ") + "]}\n"
        let input = DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json)
        let start = try #require(
            input.bytes.withUnsafeBufferPointer { b in
                (b.count / 2..<b.count - 1).first { b[$0] == 0x0A && b[$0 + 1] == UInt8(ascii: "{") }.map { $0 + 1 }
            })
        let part = StreamedDocument.LaterPart(StreamedDocument(input, options: TableOptions()), from: start)
        part.check()
        #expect(part.passed && part.segments.count >= 90)
        #expect(part.document.found.rowKeySets.entries.isEmpty)
        let ranges = part.segments.map(\.rows)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == part.document.rowCount)
        #expect(part.keySets.rows == part.document.rowCount)
        #expect(part.document.quickCheckDecodedValues == (Accelerators.enabled ? 1 : 0))
        let (one, two) = try Self.scannedBothWays(input)
        Self.expectSame(one, two)
        #expect(Self.keySets(one) == Self.keySets(two) && one.found.rowKeySets.rows == two.found.rowKeySets.rows)
        #expect(two.rowsCheckedApart >= 900)
    }

    /// Where the second thread starts follows the sections: this thread walks
    /// every later section and takes its rows, so with short sections the second
    /// checks more than half the rows; with one long section, about half.
    @Test func theSecondThreadTakesMoreRowsWhenSectionsAreShort() throws {
        let (_, long) = try Self.scannedBothWays(Self.table(sections: 1, rows: 3_000))
        let (oneShort, short) = try Self.scannedBothWays(Self.table(sections: 300, rows: 10))
        Self.expectSame(oneShort, short)
        #expect((1_350...1_650).contains(long.rowsCheckedApart), "\(long.rowsCheckedApart) of 3,000 rows checked apart")
        #expect(short.rowsCheckedApart > 1_750, "\(short.rowsCheckedApart) of 3,000 rows checked apart")
    }

    /// Rows over several lines: the line near the middle may start inside a
    /// row; whatever the second thread made of it, the table is the same.
    @Test func aTableOfRowsOverSeveralLinesIsTheSame() throws {
        let (one, two) = try Self.scannedBothWays(Self.table(sections: 2, rows: 1_500, pretty: true))
        Self.expectSame(one, two)
        #expect(Self.keySets(one) == Self.keySets(two))
    }

    /// A bad row before or after the middle, or a bad key after the last
    /// list (which the second thread does not read), fails as on one thread.
    @Test func aJSONTableWithAnErrorFailsAsOnOneThread() throws {
        var inputs = [100, 2_900].map { Self.table(sections: 1, rows: 3_000, badRow: $0) }
        var bytes = Self.table(sections: 1, rows: 3_000).bytes.withUnsafeBufferPointer { Array($0) }
        bytes.insert(contentsOf: Array(", \"stlye\": 1".utf8), at: bytes.count - 2)
        inputs.append(DocumentInput(path: "t.json", bytes: bytes, format: .json))
        for input in inputs {
            func failure(_ minimum: Int) -> String {
                do {
                    try StreamedDocument(input, options: TableOptions()).scan(twoPartMinimumBytes: minimum)
                    return "no error"
                } catch { return "\(error)" }
            }
            let one = failure(Int.max)
            #expect(one.contains("t.json:"), "\(one)")
            #expect(failure(0) == one)
        }
    }

    /// A YAML table's JSON form has a row to a line, so its check is shared as a JSON table's
    /// is, with the same findings, and a bad row after the middle fails at its YAML mark.
    @Test func aYAMLTablesFormIsCheckedInTwoPartsAsOnOneThread() throws {
        func yaml(badRow: Int?) -> [UInt8] {
            var text = "style: grouped\nallowsMultipleSelection: true\nsections:\n"
            for s in 0..<3 {
                text += "  - header: S\(s)\n    rows:\n"
                for r in 0..<1_000 {
                    let n = s * 1_000 + r
                    text +=
                        n == badRow
                        ? "      - {text: Row, selected: maybe}\n"
                        : "      - {cell: \(["subtitle", "value1"][n % 2]), text: Row \(n) 한글, selected: \(n % 97 == 0)}\n"
                }
            }
            return Array(text.utf8)
        }
        func scanned(_ text: [UInt8], twoPartsFrom minimum: Int) throws -> StreamedDocument {
            let input = DocumentInput(path: "t.yaml", bytes: text, format: .yaml)
            let form = try text.withUnsafeBufferPointer { try YAMLToJSON.convert($0, path: "t.yaml") }
            let doc = StreamedDocument(input, json: form, options: TableOptions())
            try doc.scan(twoPartMinimumBytes: minimum)
            return doc
        }
        let one = try scanned(yaml(badRow: nil), twoPartsFrom: Int.max)
        let two = try scanned(yaml(badRow: nil), twoPartsFrom: 0)
        Self.expectSame(one, two)
        #expect(two.rowsCheckedApart > 400)
        #expect(Self.keySets(one) == Self.keySets(two))
        func failure(_ twoPartsFrom: Int) -> String {
            do {
                _ = try scanned(yaml(badRow: 2_500), twoPartsFrom: twoPartsFrom)
                return "no error"
            } catch { return "\(error)" }
        }
        // Row 2,500: the 501st of the third section.
        #expect(failure(Int.max).hasPrefix("t.yaml:2510:"), "\(failure(Int.max))")
        #expect(failure(0) == failure(Int.max))
    }
}
