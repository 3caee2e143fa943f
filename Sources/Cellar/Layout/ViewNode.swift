import CellarText

/// The one vocabulary every style (Swift built-in or Lua) lays out with.
public enum ViewNode: Hashable, Sendable {
    case label(Label)
    /// A leading image given as an emoji or glyph.
    case image(glyph: String, style: TextStyle)
    /// Children laid out horizontally or vertically.
    case stack(Stack)
    /// Flexible space, at least `minLength` columns (horizontal) or lines (vertical).
    case spacer(minLength: Int)
    /// Margins around a child.
    indirect case padding(Insets, ViewNode)
    case empty
}

/// A run of text with UIKit's text properties.
public struct Label: Hashable, Sendable {
    /// The text shown, as UILabel's text.
    public var text: String
    /// 0 = unlimited.
    public var numberOfLines: Int
    /// How text that does not fit is wrapped or truncated, as UILabel's lineBreakMode.
    public var lineBreakMode: LineBreakMode
    /// Where lines sit within the label's width, as UILabel's textAlignment.
    public var alignment: TextAlignment
    /// A case change applied to the text before it is laid out (uppercase, lowercase, capitalized).
    public var transform: TextTransform
    /// The bold, dim, color and other attributes the text is drawn with.
    public var style: TextStyle
    /// How wide the label is when it is a child of a horizontal stack.
    public var width: Sizing

    /// Creates a label for `text` with UILabel's defaults: one line, truncating at the tail.
    public init(
        _ text: String, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .truncatingTail,
        alignment: TextAlignment = .leading, transform: TextTransform = .none,
        style: TextStyle = .plain, width: Sizing = .flexible
    ) {
        self.text = text
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
        self.transform = transform
        self.style = style
        self.width = width
    }

    /// Creates a label as `init(_:…)` does, with the text as a labelled argument.
    public init(
        text: String, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .truncatingTail,
        alignment: TextAlignment = .leading, transform: TextTransform = .none,
        style: TextStyle = .plain, width: Sizing = .flexible
    ) {
        self.init(
            text, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, alignment: alignment,
            transform: transform, style: style, width: width)
    }
}

/// How wide a child of a horizontal stack is.
public enum Sizing: Hashable, Sendable {
    /// Takes a share of the space left over.
    case flexible
    /// As wide as its content (capped by the space available).
    case fit
    /// Exactly this many columns.
    case fixed(Int)
}

/// A horizontal or vertical arrangement of children.
public struct Stack: Hashable, Sendable {
    /// The direction children are laid out in, as UIStackView's axis.
    public enum Axis: Hashable, Sendable { case horizontal, vertical }
    /// Where children sit across the stack's axis, as UIStackView's alignment.
    public enum Alignment: Hashable, Sendable { case leading, center, trailing, top, bottom, fill }
    /// Whether children run left to right or top to bottom.
    public var axis: Axis
    /// Columns (horizontal) or lines (vertical) between adjacent children, as UIStackView's spacing.
    public var spacing: Int
    /// Where children sit across the axis.
    public var alignment: Alignment
    /// How wide the stack is when it is itself a child of a horizontal stack.
    public var width: Sizing
    /// The arranged views, in order, as UIStackView's arrangedSubviews.
    public var children: [ViewNode]

    /// Creates a stack of `children` along `axis`.
    public init(
        axis: Axis, spacing: Int = 0, alignment: Alignment = .fill, width: Sizing = .flexible,
        children: [ViewNode]
    ) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.width = width
        self.children = children
    }

    /// A top-aligned horizontal stack with one column between children.
    public static func horizontal(_ children: [ViewNode], spacing: Int = 1) -> Stack {
        Stack(axis: .horizontal, spacing: spacing, alignment: .top, children: children)
    }
    /// A vertical stack whose children fill its width, with no lines between them.
    public static func vertical(_ children: [ViewNode], spacing: Int = 0) -> Stack {
        Stack(axis: .vertical, spacing: spacing, alignment: .fill, children: children)
    }
}

/// Margins in columns (leading/trailing) and lines (top/bottom).
public struct Insets: Hashable, Sendable {
    /// Lines above the content.
    public var top: Int
    /// Columns before the content.
    public var leading: Int
    /// Lines below the content.
    public var bottom: Int
    /// Columns after the content.
    public var trailing: Int
    /// Creates insets; sides left out are zero.
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No margin on any side.
    public static let zero = Insets()
}
