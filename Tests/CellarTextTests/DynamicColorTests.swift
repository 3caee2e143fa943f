import Testing

@testable import CellarText

/// `Color.dynamic`: a canvas stores the variant of its appearance, so the
/// ANSI, SVG and HTML writers (and golden marks) draw what the theme says.
@Suite struct DynamicColorTests {
    static let pair = Color.dynamic(light: 0xFF9500, dark: 0xFF9F0A)

    func canvas(dark: Bool) -> Canvas {
        var c = Canvas(width: 4, height: 1)
        c.dark = dark
        c.draw("ab", x: 0, y: 0, style: TextStyle(foreground: Self.pair, background: Self.pair))
        c.draw("cd", x: 2, y: 0, style: TextStyle(foreground: .rgb(1, 2, 3)))
        return c
    }

    @Test func aCanvasStoresTheVariantOfItsAppearance() {
        #expect(
            canvas(dark: false)[0, 0].style
                == TextStyle(foreground: .rgb(0xFF, 0x95, 0), background: .rgb(0xFF, 0x95, 0)))
        #expect(
            canvas(dark: true)[1, 0].style
                == TextStyle(foreground: .rgb(0xFF, 0x9F, 0x0A), background: .rgb(0xFF, 0x9F, 0x0A)))
        // A plain true colour is the same in both.
        #expect(canvas(dark: false)[2, 0].style == canvas(dark: true)[2, 0].style)
        #expect(!canvas(dark: true).styleTable.contains { $0.foreground == Self.pair })
    }

    @Test func writersDrawTheResolvedColour() throws {
        for (dark, rgb, hex) in [(false, "255;149;0", "#ff9500"), (true, "255;159;10", "#ff9f0a")] {
            let ansi = MemorySink()
            let writer = ANSIWriter(sink: ansi, palette: .default)
            try writer.write(canvas(dark: dark))
            try writer.flush()
            #expect(ansi.string.contains("38;2;" + rgb) && ansi.string.contains("48;2;" + rgb))
            let svg = MemorySink()
            let picture = SVGWriter(sink: svg, theme: dark ? .dark : .light)
            try picture.write(canvas(dark: dark))
            try picture.flush()
            #expect(svg.string.contains(hex), "\(svg.string)")
        }
    }

    @Test func aThemeResolvesAnUnresolvedPairByItsName() {
        #expect(Theme.light.rgb(Self.pair, background: false) == 0xFF9500)
        #expect(Theme.dark.rgb(Self.pair, background: true) == 0xFF9F0A)
        #expect(ANSIPalette.default.resolve(Self.pair, background: false) == .rgb(0xFF, 0x95, 0))
        #expect(Color(rgb: 0x123456) == .rgb(0x12, 0x34, 0x56))
    }
}
