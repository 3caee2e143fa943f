import Testing

@testable import CellarText

/// A semantic colour is found by the name documents write, the case's own
/// name, and nothing else is one.
@Suite struct SemanticColorNameTests {
    @Test func everyCaseIsFoundByItsName() {
        // The names are written out: each must be its case's own, in case order.
        #expect(SemanticColor.names == SemanticColor.allCases.map { String(describing: $0) })
        for c in SemanticColor.allCases {
            #expect(SemanticColor.named(String(describing: c)) == c)
            #expect(c.name == String(describing: c))
        }
        #expect(SemanticColor.named("secondaryLabel") == .secondaryLabel)
        #expect(SemanticColor.named("systemBlue") == nil)
        #expect(SemanticColor.named("Tint") == nil)
        #expect(SemanticColor.named("") == nil)
    }
}
