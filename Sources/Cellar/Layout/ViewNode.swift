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
    public var text: String
    /// 0 = unlimited.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    public var alignment: TextAlignment
    public var transform: TextTransform
    public var style: TextStyle
    public var width: Sizing

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
    public enum Axis: Hashable, Sendable { case horizontal, vertical }
    public enum Alignment: Hashable, Sendable { case leading, center, trailing, top, bottom, fill }
    public var axis: Axis
    public var spacing: Int
    public var alignment: Alignment
    public var width: Sizing
    public var children: [ViewNode]

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

    public static func horizontal(_ children: [ViewNode], spacing: Int = 1) -> Stack {
        Stack(axis: .horizontal, spacing: spacing, alignment: .top, children: children)
    }
    public static func vertical(_ children: [ViewNode], spacing: Int = 0) -> Stack {
        Stack(axis: .vertical, spacing: spacing, alignment: .fill, children: children)
    }
}

/// Margins in columns (leading/trailing) and lines (top/bottom).
public struct Insets: Hashable, Sendable {
    public var top: Int
    public var leading: Int
    public var bottom: Int
    public var trailing: Int
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = Insets()
}
