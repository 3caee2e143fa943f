import CellarText

/// UIKit's UIImageView as a cell subclass's outlet: an image (an emoji or a
/// glyph, as Cellar's images are) that the cell lays out with `node`.
public struct ImageView: Hashable, Sendable {
    /// The image shown, or nil for none, as UIImageView's image.
    public var image: String?
    /// The colour and attributes the glyph is drawn with.
    public var style: TextStyle

    /// An image view showing `image`.
    public init(image: String? = nil, style: TextStyle = .plain) {
        self.image = image
        self.style = style
    }

    /// The image as a view tree node; nothing when there is no image.
    public var node: ViewNode {
        guard let image, !image.isEmpty else { return .empty }
        return .image(glyph: image, style: style)
    }
}
