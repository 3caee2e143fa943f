/// Concrete colours for pictures of a canvas (SVG, HTML). Semantic colours go
/// through the same `ANSIPalette` the ANSI writer uses, so a picture shows
/// what a terminal with this theme shows; the palette's indices are then
/// looked up here (the 16 basic colours per theme, the xterm cube and grey
/// ramp for the rest).
public struct Theme: Sendable {
    /// The theme's name ("light", "dark"), as `named(_:)` looks it up.
    public var name: String
    /// Maps semantic colours to concrete ones before the theme's own colours apply.
    public var palette: ANSIPalette
    /// The terminal's default foreground and background.
    public var foreground: UInt32
    /// The page colour behind unstyled text, as 0xRRGGBB.
    public var background: UInt32
    /// The 16 basic colours as 0xRRGGBB.
    public var basic: [UInt32]
    /// The 24 greys (232-255) run from light to dark: the palette's greys
    /// are subtle backgrounds on a dark terminal and must stay subtle on a
    /// light page.
    public var lightGreys = false
    /// The theme's own colours for selected and highlighted rows, by the
    /// semantic background the table gives them. Cellar draws a selection
    /// in inverse video, which on a terminal turns the row the terminal's
    /// text colour: a light bar on a dark terminal, but a dark bar on a
    /// light page. A theme with a colour here draws such a cell on that
    /// colour in its own text colour instead, as UIKit's light appearance
    /// draws a selected cell (a light grey behind unchanged text).
    public var selection: [SemanticColor: UInt32] = [:]

    /// Dark text on a white page.
    public static let light = Theme(
        name: "light", palette: .default, foreground: 0x1C1C1E, background: 0xFFFFFF,
        basic: [
            0x000000, 0xC91B00, 0x00A33F, 0xB58900, 0x0050D0, 0xA626A4, 0x0089A8, 0xD8D8DC,
            0x8A8A8E, 0xE0413A, 0x34C759, 0xD9A400, 0x3A7BFF, 0xC04CC0, 0x1AAFC8, 0xFFFFFF,
        ],
        lightGreys: true, selection: [.selectedBackground: 0xD1D1D6, .highlightedBackground: 0xE5E5EA])

    /// Light text on a near-black page.
    public static let dark = Theme(
        name: "dark", palette: .default, foreground: 0xE5E5EA, background: 0x1C1C1E,
        basic: [
            0x000000, 0xFF453A, 0x32D74B, 0xFFD60A, 0x0A84FF, 0xBF5AF2, 0x64D2FF, 0xC7C7CC,
            0x8E8E93, 0xFF6961, 0x4AE06A, 0xFFE03D, 0x409CFF, 0xDA8FFF, 0x70D7FF, 0xFFFFFF,
        ])

    /// Every theme, in the order they are listed.
    public static let all = [light, dark]

    /// The theme called `name`, or nil when there is none.
    public static func named(_ name: String) -> Theme? { all.first { $0.name == name } }

    /// 0xRRGGBB of a colour, nil for the default (the caller knows which
    /// default, foreground or background, it means).
    public func rgb(_ color: Color, background isBackground: Bool) -> UInt32? {
        switch palette.resolve(color.resolved(dark: name == Self.dark.name), background: isBackground) {
        case .default, .semantic: return nil
        case .rgb(let r, let g, let b): return UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        case .palette(let n): return Self.indexed(lightGreys && n >= 232 ? 255 - (n - 232) : n, basic: basic)
        case .dynamic(let light, let dark): return (name == Self.dark.name ? dark : light) & 0xFF_FFFF
        }
    }

    /// xterm's 256 colours: the 16 basic ones, a 6×6×6 cube, 24 greys.
    static func indexed(_ n: UInt8, basic: [UInt32]) -> UInt32 {
        if n < 16 { return Int(n) < basic.count ? basic[Int(n)] : 0 }
        if n >= 232 {
            let v = UInt32(8 + 10 * (Int(n) - 232))
            return v << 16 | v << 8 | v
        }
        let i = Int(n) - 16
        func level(_ k: Int) -> UInt32 { k == 0 ? 0 : UInt32(55 + 40 * k) }
        return level(i / 36) << 16 | level(i / 6 % 6) << 8 | level(i % 6)
    }

    /// `#rrggbb`.
    public static func hex(_ rgb: UInt32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for shift in stride(from: 20, through: 0, by: -4) { out.append(digits[Int(rgb >> UInt32(shift) & 0xF)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
