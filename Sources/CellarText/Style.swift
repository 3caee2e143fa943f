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
}
