import CellarTestSupport
import CellarText
import Foundation
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// The YAML parse on a second thread (`YAMLEventsAhead`) against its plain
/// twin on this thread (`YAMLEvents`): the same JSON form byte for byte, or
/// the same located error, for every example, golden case table, fuzz seed
/// and regression, texts cut short, and big generated tables.
@Suite struct YAMLEventsAheadTests {
    /// The JSON form of `bytes`, or its error as printed, parsed ahead (`ahead`) or on this thread.
    static func convert(_ bytes: [UInt8], ahead: Bool) -> String {
        YAMLReadings.form(bytes, titles: true, aheadFrom: ahead ? 0 : Int.max)
    }

    static func compare(_ bytes: [UInt8], _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let difference = YAMLReadings.readerMismatch(bytes)
        #expect(difference == nil, "\(what): \(difference ?? "")", sourceLocation: sourceLocation)
    }

    static func texts() throws -> [(name: String, bytes: [UInt8])] {
        var out = try StreamedDifferentialTests.tables().map { ($0.name, Array($0.text.utf8)) }
        let root = StreamedDifferentialTests.root
        for dir in ["Fuzzing/corpus/yaml", "Fuzzing/regressions/yaml", "Fuzzing/corpus/document", "Styles/cases"] {
            let files = FileManager.default.enumerator(atPath: root + "/" + dir)?.allObjects as? [String] ?? []
            for file in files.sorted() where !file.hasSuffix("/") {
                guard let data = FileManager.default.contents(atPath: root + "/" + dir + "/" + file) else { continue }
                out.append((dir + "/" + file, [UInt8](data)))
            }
        }
        return out
    }

    @Test func aThreadStartsWhereThereIsASecondCore() {
        let bytes = Array("a: 1\n".utf8)
        let started = bytes.withUnsafeBufferPointer { YAMLEventsAhead($0, path: "t.yaml", minimumBytes: 0) != nil }
        #expect(started == WorkerThread.hasSecondCore)
        let small = bytes.withUnsafeBufferPointer { YAMLEventsAhead($0, path: "t.yaml") != nil }
        #expect(!small)
    }

    @Test func everyExampleCaseAndSeedGivesTheSameFormOrError() throws {
        let texts = try Self.texts()
        #expect(texts.count > 150)
        var errors = 0
        for (name, bytes) in texts {
            Self.compare(bytes, name)
            if Self.convert(bytes, ahead: false).hasPrefix("error:") { errors += 1 }
            // Cut short, most texts end in an error somewhere inside.
            for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 1] where cut > 0 && cut < bytes.count {
                Self.compare(Array(bytes[..<cut]), "\(name) cut at \(cut)")
            }
        }
        #expect(errors > 5)
    }

    /// Tables of many batches: errors, and the refusals the reader makes itself, late in the text.
    @Test func bigTablesGiveTheSameFormOrError() {
        var rows = ""
        for i in 0..<30_000 {
            rows += i % 3 == 0 ? "      - {text: \"Row \(i) 한글\", secondaryText: \(i)}\n" : "      - text: row \(i)\n"
            if i % 1000 == 7 {
                rows += "      - text: 'it''s'\n        height: !!int \"2\"\n        image: |\n          🍊\n"
            }
        }
        let big = Array(("sections:\n  - header: Fruit\n    rows:\n" + rows).utf8)
        #expect(big.count > 4 * YAMLEventBatch.size)
        Self.compare(big, "big")
        #expect(!Self.convert(big, ahead: true).hasPrefix("error:"))
        let endings = [
            "      - {text: a, text: b}\n", "      - [unclosed\n", "      - *x\n", "---\nb: 1\n",
            "      - {text: !!int x}\n", "      - {[k]: 1}\n", "  \t- bad\n", "      - \"\\q\"\n",
        ]
        for ending in endings {
            let text = big + Array(ending.utf8)
            let plain = Self.convert(text, ahead: false)
            #expect(plain.hasPrefix("error: t.yaml:"), "\(ending)")
            #expect(Self.convert(text, ahead: true) == plain, "\(ending)")
        }
        // A failure early, with batches still to come, ends the thread as the reader stops.
        let early = Array(("sections:\n  - rows:\n      - {a: 1, a: 2}\n" + rows).utf8)
        #expect(Self.convert(early, ahead: false) == "error: t.yaml:3:16: duplicate key 'a'")
        #expect(Self.convert(early, ahead: true) == Self.convert(early, ahead: false))
    }
}
