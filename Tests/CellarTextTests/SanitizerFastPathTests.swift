import Testing

@testable import CellarText

/// `Sanitizer.isClean` tests eight bytes at a time; it must agree with a
/// byte-by-byte reading of the rules wherever the unsafe byte falls.
@Suite struct SanitizerFastPathTests {
    /// The rules one byte at a time: a C0 control, DEL, a C1 control, a line
    /// or paragraph separator or a bidi override or isolate anywhere makes text unclean.
    static func referenceIsClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { s in
            s.value < 0x20 || (0x7F...0x9F).contains(s.value) || (0x2028...0x202E).contains(s.value)
                || (0x2066...0x2069).contains(s.value)
        }
    }

    @Test func agreesWithTheRulesByteByByte() {
        // Near misses share lead bytes with unsafe ones: U+00A0 and U+00C0
        // (0xC2/0xC3), U+2027, U+202F, U+2065, U+206A and → (0xE2).
        let pieces = [
            "a", "abcdefg", "한글", "🍎", " ", "\u{A0}", "\u{C0}", "é", "\u{2027}", "\u{202F}", "\u{2065}",
            "\u{206A}", "→", "…", "\u{1B}", "\t", "\n", "\u{7F}", "\u{85}", "\u{9F}", "\u{202A}", "\u{202E}",
            "\u{2066}", "\u{2069}", "\u{0}", "\u{1F}", "\u{2028}", "\u{2029}",
        ]
        var rng = MixedStrings.SplitMix64(state: 99)
        var checked = 0
        for _ in 0..<20_000 {
            var s = ""
            for _ in 0..<rng.below(12) {
                // Mostly safe pieces, so that one unsafe piece lands at every offset.
                s += rng.below(6) == 0 ? rng.pick(pieces) : rng.pick(Array(pieces.prefix(13)))
            }
            #expect(
                Sanitizer.isClean(s) == Self.referenceIsClean(s),
                "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
            checked += Sanitizer.isClean(s) ? 1 : 0
        }
        #expect(checked > 1000)  // both answers are well represented
    }
}
