import Testing

@testable import CellarText

/// A semantic colour is found by the name documents write, the case's own
/// name, and nothing else is one.
@Suite struct SemanticColorNameTests {
    @Test func everyCaseIsFoundByItsName() {
        for c in SemanticColor.allCases {
            #expect(SemanticColor.named(String(describing: c)) == c)
        }
        #expect(SemanticColor.names.count == SemanticColor.allCases.count)
        #expect(SemanticColor.named("secondaryLabel") == .secondaryLabel)
        #expect(SemanticColor.named("systemBlue") == nil)
        #expect(SemanticColor.named("Tint") == nil)
        #expect(SemanticColor.named("") == nil)
    }
}
