import CellarText

/// UIKit's UIListContentConfiguration.TextProperties, in terminal terms.
public struct TextProperties: Hashable, Sendable {
    /// 0 = unlimited.
    public var numberOfLines: Int = 1
    public var lineBreakMode: LineBreakMode = .truncatingTail
    public var alignment: TextAlignment = .leading
    public var color: Color = .semantic(.label)
    public var attributes: TextAttributes = []
    public var transform: TextTransform = .none
    public init() {}
    public var textStyle: TextStyle { TextStyle(attributes: attributes, foreground: color) }
}

/// UIKit's UIListContentConfiguration: what the built-in styles draw.
public struct ListContentConfiguration: Hashable, Sendable {
    public var text: String?
    public var secondaryText: String?
    /// An emoji or glyph drawn at the leading edge.
    public var image: String?
    public var textProperties = TextProperties()
    public var secondaryTextProperties: TextProperties = {
        var p = TextProperties()
        p.color = .semantic(.secondaryLabel)
        return p
    }()
    public var imageToTextPadding = 1
    public var textToSecondaryTextHorizontalPadding = 1
    public var textToSecondaryTextVerticalPadding = 0
    public var directionalLayoutMargins = Insets.zero
    public init(text: String? = nil, secondaryText: String? = nil, image: String? = nil) {
        self.text = text
        self.secondaryText = secondaryText
        self.image = image
    }
}
