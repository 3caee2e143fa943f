import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarGolden

/// What the recorder writes, the case reader reads back: every title,
/// state and row of a session, whatever characters it holds.
@Suite struct GoldenRecorderRoundTripTests {
    /// Characters a YAML reader refuses or takes for something else, and their neighbours.
    static let hostile: [String] = [
        "A\u{FEFF}B", "C" + nonchar(0xFFFE) + "D", "E\u{2028}F", "G\u{2029}H", nonchar(0xFFFF), "\u{85}NEL",
        "tab\there", "cr\rlf\n",
        "\u{1B}[31m", "\u{7F}\u{9B}", "\u{202E}evil", "\u{2066}iso\u{2069}", nonchar(0xFDD0),
        nonchar(0x1FFFE) + nonchar(0x10FFFF),
        "quote\"back\\slash", "#not a comment", "- not a list", "{not: a map}", "'single'", ": colon", "",
        "한글 🍎 e\u{301}", "\u{0}nul", "trailing space ", "\u{FEFF}leading",
    ]

    /// Swift refuses noncharacters in literals.
    static func nonchar(_ value: UInt32) -> String { Unicode.Scalar(value).map { String($0) } ?? "" }

    static func session(_ texts: [String]) -> GoldenRecorder {
        var recorder = GoldenRecorder(tablePath: "t.yaml", width: 30, height: 8)
        for (i, text) in texts.enumerated() {
            let at = IndexPath(0, i)
            recorder.record(.tapSwipeAction(at, title: text))
            recorder.record(.focusSwipeAction(at, title: text))
            recorder.record(.tapIndexTitle(text))
            recorder.record(.setCustomStates(at, [CustomStateChange(key: text, value: .string(text))]))
            recorder.record(
                .tapInsertControl(at, row: .object([text: .array([.string(text), .bytes(Array(text.utf8))])])))
        }
        recorder.recordResize(width: 31, height: 9)
        return recorder
    }

    /// The session reads back step for step.
    func expectReadBack(_ texts: [String], _ what: String) throws {
        let recorder = Self.session(texts)
        let text = recorder.caseText(casePath: "s.case.yaml")
        let read = try GoldenRecorder.readBack(text, casePath: "s.case.yaml")
        #expect(read == recorder.steps.map(Optional.some), "\(what)")
    }

    @Test func hostileTitlesStatesAndRowsReadBack() throws {
        for text in Self.hostile { try expectReadBack([text], text.debugDescription) }
    }

    @Test func randomSessionsReadBack() throws {
        var random = SeededGenerator(seed: 26)
        for round in 0..<200 {
            let texts = (0..<3).map { _ in Self.text(&random) }
            try expectReadBack(texts, "round \(round): \(texts.map(\.debugDescription))")
        }
    }

    @Test func aSessionTheReaderCannotReadBackIsNotWritten() throws {
        let dir = try ScratchDirectory()
        var recorder = GoldenRecorder(tablePath: dir.path + "/t.yaml", width: 30, height: 8)
        // A terminal past the viewport limit (10,000 × 1,000 cells): the case reader refuses that resize.
        recorder.recordResize(width: 10_000, height: 1_000)
        #expect(throws: CellarError.self) { try recorder.write(to: dir.path + "/s.case.yaml") }
        #expect(dir.files().isEmpty)
    }

    @Test func aWrittenSessionIsReadByCellarTest() throws {
        let dir = try ScratchDirectory()
        var recorder = Self.session(["fine"])
        recorder.tablePath = dir.path + "/t.yaml"
        try recorder.write(to: dir.path + "/s.case.yaml")
        #expect(dir.exists("s.case.yaml"))
        // Written by `cellar test` as a session would be: it plays (a missing table is the only complaint).
        let run = try CellarCLI.run(["test", "s.case.yaml"], in: dir.path)
        #expect(!run.stdout.contains("cannot read") && run.stdout.contains("no such table document"), "\(run.stdout)")
    }

    /// Up to 8 scalars from every region: ASCII, controls, separators, specials, planes past the BMP.
    static func text(_ random: inout SeededGenerator) -> String {
        let regions: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x80...0xFF, 0x2000...0x206F, 0xFDD0...0xFDEF, 0xFEFF...0xFEFF, 0xFFF0...0xFFFF,
            0xAC00...0xD7A3, 0x1F300...0x1FAFF, 0x1FFFE...0x1FFFF, 0x10FFFE...0x10FFFF,
        ]
        var out = String.UnicodeScalarView()
        for _ in 0..<Int(random.next() % 9) {
            let region = regions[Int(random.next() % UInt64(regions.count))]
            let value = region.lowerBound + UInt32(random.next() % UInt64(region.count))
            if let scalar = Unicode.Scalar(value) { out.append(scalar) }
        }
        return String(out)
    }
}
