/// UIKit's UIContentConfiguration: a value that describes a cell's content
/// and makes the view that draws it. Set one as `cell.contentConfiguration`;
/// the cell makes the view (`makeContentView()`) and hands later
/// configurations of the same type to that view.
public protocol ContentConfiguration {
    /// A new content view showing this configuration.
    func makeContentView() -> any ContentView
    /// The configuration as it looks in `state` (the cell's
    /// `CellConfigurationState` when a cell asks).
    func updated(for state: any ConfigurationState) -> Self
}

/// UIKit's UIContentView: the view a content configuration makes. Cellar
/// draws text, so the view answers with a view tree (`ViewNode`, what the
/// built-in styles and Lua layouts draw with) laid out at the row's width.
public protocol ContentView: AnyObject {
    /// The configuration shown; setting it applies a new one to the view.
    var configuration: any ContentConfiguration { get set }
    /// The view's content laid out for `context` (width, state, table style).
    func node(in context: LayoutContext) -> ViewNode
}

extension ListContentConfiguration: ContentConfiguration {
    /// A view laying the configuration out as UIKit's cell configuration
    /// (text, with the secondary text under it). A cell keeps a list
    /// configuration apart and draws it without a view.
    public func makeContentView() -> any ContentView { ListContentView(configuration: self) }

    /// The configuration unchanged: the table draws selection and highlight itself.
    public func updated(for state: any ConfigurationState) -> ListContentConfiguration { self }
}

/// UIKit's UIListContentView: draws a `ListContentConfiguration`.
public final class ListContentView: ContentView {
    /// The list configuration shown.
    public var listConfiguration: ListContentConfiguration
    /// The configuration shown; a configuration of another type leaves it as it was.
    public var configuration: any ContentConfiguration {
        get { listConfiguration }
        set { if let list = newValue as? ListContentConfiguration { listConfiguration = list } }
    }

    /// A view showing `configuration`.
    public init(configuration: ListContentConfiguration) { listConfiguration = configuration }

    /// Text, and the secondary text under it when there is one.
    public func node(in context: LayoutContext) -> ViewNode { Self.layout(listConfiguration, width: context.width) }

    /// UIKit's cell configuration: the default style's layout, or the
    /// subtitle style's when there is secondary text.
    static func layout(_ c: ListContentConfiguration, width: Int) -> ViewNode {
        BuiltinCellStyle.layout(c.secondaryText == nil ? .default : .subtitle, c, width: width)
    }
}
