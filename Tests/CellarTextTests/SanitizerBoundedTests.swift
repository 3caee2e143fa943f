import Testing

@testable import CellarText

/// `Sanitizer.bounded`: the one shortener every message line goes through.
@Suite struct SanitizerBoundedTests {
    @Test func aShortMessageIsKeptAsItIs() {
        let text = String(repeating: "é", count: Sanitizer.messageLimit / 2)
        #expect(Sanitizer.bounded(text) == text)
    }

    @Test func aLongMessageKeepsWholeCharactersWithinTheLimitAndSaysHowLongItWas() {
        let text = String(repeating: "사과 ", count: 2000) + "END"
        let cut = Sanitizer.bounded(text)
        #expect(cut.hasSuffix("… (\(text.utf8.count) bytes)"))
        let kept = cut.dropLast("… (\(text.utf8.count) bytes)".count)
        #expect(kept.utf8.count <= Sanitizer.messageLimit && kept.utf8.count > Sanitizer.messageLimit - 8)
        #expect(text.hasPrefix(kept) && !cut.contains("END"))
    }

    @Test func aBoundedLineIsAlsoSanitised() {
        let line = Sanitizer.boundedLine("\u{1B}]0;x\u{7}" + String(repeating: "E", count: 5000))
        #expect(line.hasPrefix("␛]0;x␇") && line.hasSuffix("… (5006 bytes)") && line.utf8.count < 1100)
    }
}
