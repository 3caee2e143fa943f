import Cellar
import Testing

@testable import CellarDocuments

/// The quick test of which plain scalars can be anything but text
/// (`YAMLScalar.mayResolve`) never passes over one the core schema
/// resolves: checked against the schema itself on seeded strings of the
/// bytes its patterns are made of, and of bytes they are not.
@Suite struct YAMLScalarTests {
    static func mayResolve(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { YAMLScalar.mayResolve($0) }
    }

    @Test func textItPassesOverIsText() {
        let pieces = [
            "0", "1", "9", "12", "a", "e", "E", "x", "b", "o", "O", "t", "r", "u", "n", "N", "l", "y", "s", "f", "F",
            "_", "+", "-", ".", ":", "~", "<", "=", " ", "\t", "T", "Z", "inf", "nan", "null", "true", "yes", "off",
            "2001-12-14", "/", "#", "한", "🍎", "@", ",", "é",
        ]
        var rng = YAMLSubsetCorpus.Seeded(state: 99)
        var passedOver = 0
        for _ in 0..<20_000 {
            let text = (0..<rng.below(5)).map { _ in rng.pick(pieces) }.joined()
            guard !Self.mayResolve(text) else { continue }
            passedOver += 1
            #expect(YAMLScalar.plain(text, tag: nil) == .string(text), "\(text.debugDescription)")
        }
        #expect(passedOver > 5_000)
    }

    @Test func wordsWithCharactersOutsideASCIIAreText() {
        #expect(!Self.mayResolve("0 🍎"))
        #expect(!Self.mayResolve("12 한글"))
        #expect(Self.mayResolve("12"))
        #expect(Self.mayResolve("2001-12-14 21:59:43.10 -5"))
        #expect(Self.mayResolve(""))
    }
}
