import CellarText

/// UIKit's UIListContentConfiguration.TextProperties, in terminal terms.
public struct TextProperties: Hashable, Sendable {
    /// 0 = unlimited.
    public var numberOfLines: Int = 1
    /// How text that does not fit is wrapped or truncated, as TextProperties' lineBreakMode.
    public var lineBreakMode: LineBreakMode = .truncatingTail
    /// Where lines sit within the text's width, as TextProperties' alignment.
    public var alignment: TextAlignment = .leading
    /// The foreground colour, as TextProperties' color.
    public var color: Color = .semantic(.label)
    /// Bold, italic, underline and other attributes the text is drawn with (UIKit's font, in terminal terms).
    public var attributes: TextAttributes = []
    /// A case change applied before layout, as TextProperties' transform.
    public var transform: TextTransform = .none
    /// Creates properties with UIKit's defaults: one line, truncating at the tail, label colour.
    public init() {}
    /// The colour and attributes together, as the layout engine draws them.
    public var textStyle: TextStyle { TextStyle(attributes: attributes, foreground: color) }
}

/// UIKit's UIListContentConfiguration: what the built-in styles draw.
public struct ListContentConfiguration: Hashable, Sendable {
    /// The primary text, as UIListContentConfiguration's text.
    public var text: String?
    /// The detail or subtitle text, as UIListContentConfiguration's secondaryText.
    public var secondaryText: String?
    /// An emoji or glyph drawn at the leading edge.
    public var image: String?
    /// How the primary text is drawn, as UIListContentConfiguration's textProperties.
    public var textProperties = TextProperties()
    /// How the secondary text is drawn (secondary label colour by default), as secondaryTextProperties.
    public var secondaryTextProperties = secondaryTextDefaults
    /// Columns between the image and the text, as imageToTextPadding.
    public var imageToTextPadding = 1
    /// Columns between text and secondary text when they share a line, as textToSecondaryTextHorizontalPadding.
    public var textToSecondaryTextHorizontalPadding = 1
    /// Lines between text and secondary text when stacked, as textToSecondaryTextVerticalPadding.
    public var textToSecondaryTextVerticalPadding = 0
    /// Extra margins around the content, as directionalLayoutMargins.
    public var directionalLayoutMargins = Insets.zero
    /// The secondary text's properties by default: the secondary label colour.
    static var secondaryTextDefaults: TextProperties {
        var p = TextProperties()
        p.color = .semantic(.secondaryLabel)
        return p
    }
}

// Built through the memberwise initialiser: one in the type's body that sets
// each field has the finished configuration copied and the original destroyed
// (a retain and release of each string), once for every row a document parses.
extension ListContentConfiguration {
    /// Creates a configuration with optional text, secondary text and image.
    public init(text: String? = nil, secondaryText: String? = nil, image: String? = nil) {
        // `textProperties` (its default) names the memberwise initialiser, not this one.
        self.init(text: text, secondaryText: secondaryText, image: image, textProperties: TextProperties())
    }
}
