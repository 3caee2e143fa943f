import Cellar
import Testing

@testable import CellarDocuments

/// libyaml parsing on a second thread (`YAMLEventsAhead`) gives the JSON
/// form, and the error, that parsing on the caller's thread gives: for every
/// refusal the eager reader makes, for long documents that span many
/// batches, with an error near their end, and when the conversion stops
/// early while the parser is still ahead (its thread ended, its events freed).
@Suite struct YAMLParseAheadTests {
    static func converted(_ text: String, ahead: Bool) -> String {
        let bytes = Array(text.utf8)
        do {
            let json = try bytes.withUnsafeBufferPointer {
                try YAMLToJSON.convert(.bytes($0), path: "t.yaml", capacity: bytes.count, parseAhead: ahead)
            }
            return String(decoding: json, as: UTF8.self)
        } catch { return "error: \(error)" }
    }

    static func rows(_ n: Int, then tail: String = "") -> String {
        var text = "sections:\n  - header: 한글\n    rows:\n"
        for i in 0..<n { text += "      - {cell: value1, text: \"Row \(i) 🍎\", secondaryText: '\(i % 97)'}\n" }
        return text + tail
    }

    @Test func everyRefusalAndExampleConvertsAlike() {
        for text in StreamedYAMLTests.bad + [Self.rows(3)] {
            #expect(Self.converted(text, ahead: true) == Self.converted(text, ahead: false), "\(text.prefix(70))")
        }
    }

    @Test func longDocumentsConvertAlike() {
        // About ten events a row: many batches of events, and a full queue.
        let long = Self.rows(20_000)
        let json = Self.converted(long, ahead: true)
        #expect(json.hasPrefix("{\"sections\""))
        #expect(json == Self.converted(long, ahead: false))
    }

    @Test func anErrorNearTheEndIsTheSameError() {
        let broken = Self.rows(20_000, then: "  - rows: [{text: [b}]\n")
        let got = Self.converted(broken, ahead: true)
        #expect(got.hasPrefix("error: "))
        #expect(got.contains(":20004:"), "\(got)")
        #expect(got == Self.converted(broken, ahead: false))
    }

    @Test func stoppingEarlyEndsTheParser() {
        // A second document is refused at its start, while the parser is
        // far ahead in it (and waits on a full queue).
        let early = "sections: []\n---\n" + Self.rows(20_000)
        let got = Self.converted(early, ahead: true)
        #expect(got.contains("expected a single document"), "\(got)")
        #expect(got == Self.converted(early, ahead: false))
    }
}
