import Cellar
import Testing

@testable import CellarDocuments

/// A mapping's keys met so far (`SeenKeys`): a repeat is found among a few keys and among many, and among known
/// keys kept by their place.
@Suite struct SeenKeysTests {
    @Test func aRepeatIsFoundAmongFewAndMany() {
        for count in [1, 2, 5, 1_000] {
            var seen = SeenKeys()
            for i in 0..<count {
                let first = seen.insert("key \(i)", place: nil)
                #expect(first, "\(count) keys, key \(i)")
            }
            for i in [0, count / 2, count - 1] {
                let again = seen.insert("key \(i)", place: nil)
                #expect(!again, "\(count) keys, again \(i)")
            }
            let another = seen.insert("another", place: nil)
            let anotherAgain = seen.insert("another", place: nil)
            #expect(another && !anotherAgain)
        }
    }

    @Test func knownKeysRepeatByTheirPlace() {
        var seen = SeenKeys()
        // A place past the bits is kept as its text.
        let keys: [(String, Int?)] = [("header", 3), ("footer", 4), ("misspelt", nil), ("far", 64)]
        let firsts = keys.map { seen.insert($0.0, place: $0.1) }
        let agains = keys.map { seen.insert($0.0, place: $0.1) }
        let rows = seen.insert("rows", place: 0)
        #expect(firsts == [true, true, true, true])
        #expect(agains == [false, false, false, false])
        #expect(rows)
    }

    /// A table's key and a section's key, each given twice.
    @Test(arguments: [
        (#"{"sections": [], "style": "plain", "sections": []}"#, "t.json:1:36: duplicate key 'sections'"),
        (#"{"sections": [{"header": "A", "rows": [], "header": "B"}]}"#, "t.json:1:43: duplicate key 'header'"),
    ])
    func aRepeatedKeyIsLocated(text: String, message: String) {
        do {
            _ = try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
            Issue.record("read with a key twice: \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }
}

/// Names found by their bytes (`NamesByLength`): each name is itself, and
/// bytes of another length, another spelling or an escape are none of them.
@Suite struct NamesByLengthTests {
    @Test func eachNameIsFoundAndNothingElse() {
        let names = ["rows", "cell", "header", "footer", "indexTitle", "x"]
        let table = NamesByLength(names)
        func find(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { table.place($0) }.map { table.names[$0] }
        }
        for (place, name) in names.enumerated() {
            #expect(find(name) == name)
            #expect(Array(name.utf8).withUnsafeBufferPointer { table.place($0) } == place)
        }
        for other in ["", "row", "rowss", "Rows", "headerView", "cel\u{6C}", "indexTitles", "\\u0078", "xx"]
        where !names.contains(other) {
            #expect(find(other) == nil, "\(other)")
        }
        #expect(Array("footer".utf8).withUnsafeBufferPointer { table.contains($0) })
        #expect(!Array("footers".utf8).withUnsafeBufferPointer { table.contains($0) })
    }

    @Test func escapedSectionKeysAreTheirTextAndStillRepeat() throws {
        // An escaped key is decoded, not looked up by its bytes: it is the same key and its repeat is found.
        let text = #"{"sections": [{"\u0068eader": "A", "rows": [{"text": "r"}]}]}"#
        let doc = try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
        #expect(doc.sections.first?.header == "A")
        let twice = #"{"sections": [{"header": "A", "rows": [], "\u0068eader": "B"}]}"#
        #expect(throws: (any Error).self) {
            try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(twice.utf8), format: .json))
        }
    }
}
