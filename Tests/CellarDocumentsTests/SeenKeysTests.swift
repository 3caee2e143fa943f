import Testing

@testable import CellarDocuments

/// A mapping's keys met so far (`SeenKeys`): a repeat is found among a
/// few keys and among many, where the list gives way to a set.
@Suite struct SeenKeysTests {
    @Test func aRepeatIsFoundAmongFewAndMany() {
        for count in [1, 2, SeenKeys.inline, SeenKeys.inline + 1, 1_000] {
            var seen = SeenKeys()
            for i in 0..<count {
                let first = seen.insert("key \(i)")
                #expect(first, "\(count) keys, key \(i)")
            }
            for i in [0, count / 2, count - 1] {
                let again = seen.insert("key \(i)")
                #expect(!again, "\(count) keys, again \(i)")
            }
            let another = seen.insert("another")
            let anotherAgain = seen.insert("another")
            #expect(another && !anotherAgain)
        }
    }

    @Test func aSectionsRepeatedKeyIsLocated() {
        let text = "{\"sections\": [{\"header\": \"A\", \"rows\": [], \"header\": \"B\"}]}"
        do {
            _ = try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
            Issue.record("a section with its header twice was read")
        } catch {
            #expect("\(error)" == "t.json:1:43: duplicate key 'header'")
        }
    }
}
