/// Colours by meaning; writers map them to a palette.
public enum SemanticColor: UInt8, Sendable, CaseIterable {
    case label, secondaryLabel, tertiaryLabel, placeholder
    case tint, separator, destructive, success, warning
    case background, secondaryBackground, selectedBackground, highlightedBackground
}

/// A colour as a writer sees it: the terminal default, a semantic name,
/// a 256-colour palette index or a true colour.
public enum Color: Hashable, Sendable {
    case `default`
    case semantic(SemanticColor)
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// Character attributes a cell of the canvas can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let inverse = TextAttributes(rawValue: 1 << 4)
    public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}

/// What a drawn character looks like: attributes plus colours.
public struct TextStyle: Hashable, Sendable {
    public var attributes: TextAttributes
    public var foreground: Color
    public var background: Color
    public init(attributes: TextAttributes = [], foreground: Color = .default, background: Color = .default) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }
    public static let plain = TextStyle()

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
        }
    }
}

/// What the ANSI writer sends for each semantic colour. The default keeps
/// text in the terminal's own colours and uses the 16 basic colours where
/// a hue is meant, so it follows the user's theme.
public struct ANSIPalette: Hashable, Sendable {
    public var foreground: [SemanticColor: Color]
    public var background: [SemanticColor: Color]

    public init(foreground: [SemanticColor: Color], background: [SemanticColor: Color]) {
        self.foreground = foreground
        self.background = background
    }

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
    public func resolve(_ color: Color, background isBackground: Bool) -> Color {
        guard case .semantic(let name) = color else { return color }
        let mapped = (isBackground ? background : foreground)[name] ?? .default
        if case .semantic = mapped { return .default }
        return mapped
    }
}
