import Testing

@testable import Cellar

/// Accessory types read by the length of their name answer as `init(rawValue:)` does.
@Suite struct AccessoryTypeNamesTests {
    static let candidates: [String] =
        AccessoryType.allCases.map(\.rawValue) + [
            "", "None", "nonE", "nont", "disclosureindicator", "disclosureIndicatoR", "checkmarks", "checkMark",
            "detailbutton", "detailDisclosureButtoN", "detailButton ", " checkmark", "한글한글", "chéckmark",
            "accessory", "textLabel",
        ]

    @Test(arguments: candidates)
    func namedAnswersAsRawValue(name: String) {
        #expect(AccessoryType.named(name) == AccessoryType(rawValue: name))
        var copy = name
        let fromBytes = copy.withUTF8 { AccessoryType.named(utf8: $0) }
        #expect(fromBytes == AccessoryType(rawValue: name))
    }

    @Test func sharedNamesAreTheRawValues() {
        #expect(AccessoryType.names == AccessoryType.allCases.map(\.rawValue))
        for t in AccessoryType.allCases { #expect(AccessoryType.names[t.index] == t.rawValue) }
    }
}
