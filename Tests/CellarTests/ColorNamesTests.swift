import Testing

@testable import Cellar

/// An unknown colour is answered with the colour meant: one of Cellar's own written as Swift writes a
/// member (`.label`), UIKit's system colours and plain hues by the role that draws them, else the closest.
@Suite struct ColorNamesTests {
    static let role = " (Cellar names a colour by its role, drawn in the terminal's palette; '#rrggbb' is an exact one)"

    @Test func swiftSpellingsOfCellarsOwnColours() {
        #expect(ColorNames.unknown(".label") == "unknown colour '.label' — did you mean 'label'?")
        #expect(ColorNames.unknown("UIColor.tint") == "unknown colour 'UIColor.tint' — did you mean 'tint'?")
    }

    @Test func uikitsColoursAndHuesByTheirRole() {
        #expect(
            ColorNames.unknown(".systemRed") == "unknown colour '.systemRed' — did you mean 'destructive'?" + Self.role)
        #expect(
            ColorNames.unknown("UIColor.systemBlue") == "unknown colour 'UIColor.systemBlue' — did you mean 'tint'?"
                + Self.role)
        #expect(ColorNames.unknown("green") == "unknown colour 'green' — did you mean 'success'?" + Self.role)
        #expect(ColorNames.unknown("white") == "unknown colour 'white' — did you mean '#ffffff'?")
        // Every colour it answers with is one a document may write.
        for known in Set(ColorNames.meant.values) where !known.hasPrefix("#") {
            #expect(ColorNames.choices.contains(known), "\(known)")
        }
    }

    @Test func anythingElseByItsSpelling() {
        #expect(ColorNames.unknown("tnt") == "unknown colour 'tnt' — did you mean 'tint'?")
        #expect(ColorNames.unknown("purple").hasPrefix("unknown colour 'purple' (expected one of: label, "))
    }
}
