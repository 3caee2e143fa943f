import CellarText

/// The accessory types' glyphs, their widths known for each ambiguous-width
/// setting: a row with a type accessory reads its width from here instead
/// of measuring the glyph when it is laid out and again when it is drawn,
/// and draws it as clean text (the glyphs are constants without control
/// characters).
///
/// Invariant: `width(of:ambiguousWide:)` equals `DisplayWidth.of(type.glyph)`
/// with that setting, for every type (`AccessoryGlyphsTests`); with the
/// accelerators off (`CELLAR_ACCELERATORS=off`) the glyph is measured and
/// drawn through the sanitising path instead, and the differential CLI test
/// compares the two.
enum AccessoryGlyphs {
    /// Widths by `AccessoryType.allCases` index, ambiguous characters narrow or wide (ⓘ is
    /// ambiguous). Written out: measuring them loads the Unicode tables, which a table of
    /// ASCII text never needs otherwise. `AccessoryGlyphsTests` holds them to the measured widths.
    private static let narrowWidths = [0, 1, 1, 1, 3]
    private static let wideWidths = [0, 1, 1, 2, 4]

    /// The glyph's display width: looked up, or measured with the accelerators off.
    @inline(__always)
    static func width(of type: AccessoryType, ambiguousWide: Bool) -> Int {
        guard Accelerators.enabled else { return DisplayWidth.of(type.glyph, ambiguousWide: ambiguousWide) }
        let i = type.index
        return ambiguousWide ? wideWidths[i] : narrowWidths[i]
    }

    /// Draws the glyph of `type` ending before column `end` on line `y`,
    /// measured with `ambiguousWide` (the setting the row was laid out with).
    static func draw(
        _ type: AccessoryType, into canvas: inout Canvas, end: Int, y: Int, style: TextStyle, ambiguousWide: Bool
    ) {
        let x = end - width(of: type, ambiguousWide: ambiguousWide)
        if Accelerators.enabled {
            canvas.draw(clean: type.glyph, x: x, y: y, maxWidth: max(0, canvas.width - x), style: style)
        } else {
            canvas.text(type.glyph, x: x, y: y, style: style)
        }
    }
}
