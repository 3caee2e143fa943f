/// Colours by meaning; writers map them to a palette.
public enum SemanticColor: UInt8, Sendable, CaseIterable {
    case label, secondaryLabel, tertiaryLabel, placeholder
    case tint, separator, destructive, success, warning
    case background, secondaryBackground, selectedBackground, highlightedBackground

    /// The cases' names, in order. Written out, not taken from reflection,
    /// which demangles the type's metadata the first time a name is asked:
    /// a process's first colour name would cost more than its whole start.
    public static let names = [
        "label", "secondaryLabel", "tertiaryLabel", "placeholder", "tint", "separator", "destructive", "success",
        "warning", "background", "secondaryBackground", "selectedBackground", "highlightedBackground",
    ]
    private static let byName = Dictionary(uniqueKeysWithValues: zip(names, allCases))

    /// The colour named `name`, as documents and styles write it.
    public static func named(_ name: String) -> SemanticColor? { byName[name] }

    /// The name documents and styles write for this colour.
    public var name: String { Self.names[Int(rawValue)] }
}

/// A colour as a writer sees it: the terminal default, a semantic name,
/// a 256-colour palette index, a true colour, or a true colour per
/// appearance.
public enum Color: Hashable, Sendable {
    case `default`
    case semantic(SemanticColor)
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)
    /// Two true colours, 0xRRGGBB, one for a light and one for a dark
    /// appearance (UIKit's dynamic colour). A canvas stores the variant of
    /// the appearance it is drawn for (`Canvas.dark`), so writers and
    /// golden marks only ever see the resolved `.rgb`.
    case dynamic(light: UInt32, dark: UInt32)

    /// The colour drawn in a dark (or light) appearance: a `.dynamic`
    /// colour's variant, any other colour unchanged.
    @inline(__always)
    public func resolved(dark: Bool) -> Color {
        guard case .dynamic(let light, let darkRGB) = self else { return self }
        return Color(rgb: dark ? darkRGB : light)
    }

    /// The true colour 0xRRGGBB (bits above 24 are ignored).
    public init(rgb v: UInt32) {
        self = .rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }
}

/// Character attributes a cell of the canvas can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The attribute bits, one per attribute.
    public let rawValue: UInt8
    /// Creates attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold or bright text (SGR 1).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Faint text (SGR 2).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic text (SGR 3).
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined text (SGR 4).
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let inverse = TextAttributes(rawValue: 1 << 4)
    /// Struck-through text (SGR 9).
    public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}

/// What a drawn character looks like: attributes plus colours.
public struct TextStyle: Hashable, Sendable {
    /// Bold, dim, italic and the other character attributes.
    public var attributes: TextAttributes
    /// The colour of the characters.
    public var foreground: Color
    /// The colour behind the characters.
    public var background: Color
    /// Creates a style; everything left out is the terminal default.
    public init(attributes: TextAttributes = [], foreground: Color = .default, background: Color = .default) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }
    /// No attributes, default colours.
    public static let plain = TextStyle()

    /// The style drawn in a dark (or light) appearance: each `.dynamic`
    /// colour replaced by its variant.
    @inline(__always)
    public func resolved(dark: Bool) -> TextStyle {
        TextStyle(
            attributes: attributes, foreground: foreground.resolved(dark: dark),
            background: background.resolved(dark: dark))
    }

    /// The whole style as one integer (two styles are equal exactly when
    /// these are): attributes, then each colour in 26 bits.
    @inline(__always)
    var packed: UInt64 {
        UInt64(attributes.rawValue) << 52 | UInt64(foreground.packed) << 26 | UInt64(background.packed)
    }
}

extension Color {
    /// A 2-bit case tag over a 24-bit payload.
    @inline(__always)
    var packed: UInt32 {
        switch self {
        case .default: return 0
        case .semantic(let name): return 1 << 24 | UInt32(name.rawValue)
        case .palette(let index): return 2 << 24 | UInt32(index)
        case .rgb(let r, let g, let b): return 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        // A canvas resolves before it packs (`Canvas.styleID`); this only
        // keeps the key total.
        case .dynamic(let light, _): return 3 << 24 | light & 0xFF_FFFF
        }
    }
}

/// What the ANSI writer sends for each semantic colour. The default keeps
/// text in the terminal's own colours and uses the 16 basic colours where
/// a hue is meant, so it follows the user's theme.
public struct ANSIPalette: Hashable, Sendable {
    /// The colour sent for each semantic colour used as a foreground.
    public var foreground: [SemanticColor: Color]
    /// The colour sent for each semantic colour used as a background.
    public var background: [SemanticColor: Color]

    /// Creates a palette from the two maps; a semantic colour missing from a map resolves to the default.
    public init(foreground: [SemanticColor: Color], background: [SemanticColor: Color]) {
        self.foreground = foreground
        self.background = background
    }

    /// The terminal's own colours for text and the 16 basic colours where a hue is meant.
    public static let `default` = ANSIPalette(
        foreground: [
            .label: .default, .secondaryLabel: .palette(8), .tertiaryLabel: .palette(8),
            .placeholder: .palette(8), .tint: .palette(4), .separator: .palette(8),
            .destructive: .palette(1), .success: .palette(2), .warning: .palette(3),
            .background: .palette(0), .secondaryBackground: .palette(8),
            .selectedBackground: .palette(7), .highlightedBackground: .palette(7),
        ],
        background: [
            .label: .palette(7), .secondaryLabel: .palette(8), .tertiaryLabel: .palette(8),
            .placeholder: .palette(8), .tint: .palette(4), .separator: .palette(8),
            .destructive: .palette(1), .success: .palette(2), .warning: .palette(3),
            .background: .default, .secondaryBackground: .palette(236),
            .selectedBackground: .palette(238), .highlightedBackground: .palette(237),
        ])

    /// A concrete colour (never `.semantic`) for a foreground or background.
    /// A `.dynamic` colour that reaches a writer unresolved draws its
    /// light variant (canvases resolve theirs, see `Canvas.dark`).
    public func resolve(_ color: Color, background isBackground: Bool) -> Color {
        guard case .semantic(let name) = color else { return color.resolved(dark: false) }
        let mapped = (isBackground ? background : foreground)[name] ?? .default
        if case .semantic = mapped { return .default }
        return mapped
    }
}
