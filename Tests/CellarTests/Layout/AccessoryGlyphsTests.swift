import CellarText
import Testing

@testable import Cellar

/// The accessory glyphs' written-out widths are the measured ones.
@Suite struct AccessoryGlyphsTests {
    @Test(arguments: AccessoryType.allCases)
    func glyphWidthsAreMeasured(type: AccessoryType) {
        for wide in [false, true] {
            #expect(
                AccessoryGlyphs.width(of: type, ambiguousWide: wide) == DisplayWidth.of(type.glyph, ambiguousWide: wide)
            )
        }
    }
}
