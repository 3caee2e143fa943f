import CellarText

/// A section header or footer view, as UITableViewHeaderFooterView: reused
/// through a queue per reuse identifier, it shows either its own content
/// (a view tree set directly, or laid out by the cell style registered under
/// its identifier) or, like UIKit's default header, just its `title`, drawn
/// exactly as the table draws section titles.
public final class HeaderFooterView {
    /// The identifier the view was dequeued under, whose queue it returns to.
    public let reuseIdentifier: String
    /// The text shown when the view has no content of its own, as textLabel.text.
    public var title: String = ""
    /// The view's own content, as a custom contentView; it wins over the style's and the title.
    public var content: ViewNode?
    /// The section the view currently heads or ends; set by the table.
    public internal(set) var section: Int = 0
    /// The style registered for the identifier; nil for a plain view (title or `content`).
    public let style: CellStyle?
    /// The style's object for this view (its Lua table, its content
    /// configuration), living across reuse as the view does.
    let host: Cell?

    /// A plain view: it shows `content`, else its `title`.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        style = nil
        host = nil
    }

    /// A view showing `content` (a table's header or footer, say: no queue to return to).
    public convenience init(content: ViewNode) {
        self.init(reuseIdentifier: "")
        self.content = content
    }

    /// A view showing `title`, wrapped to the table's width when it is a table's header or footer.
    public convenience init(title: String) {
        self.init(reuseIdentifier: "")
        self.title = title
    }

    /// A view laid out by `style` (what a registered identifier dequeues).
    init(reuseIdentifier: String, style: CellStyle) throws {
        self.reuseIdentifier = reuseIdentifier
        self.style = style
        let cell = try style.makeCell()
        cell.style = style
        host = cell
    }

    /// Runs before a queued view is handed out again: the style's
    /// prepareForReuse (a Lua `prepare_for_reuse`). As in UIKit, content
    /// stays: viewForHeaderInSection sets it again.
    public func prepareForReuse() throws {
        if let style, let host { try style.prepareForReuse(host) }
    }

    /// Hands the section's data to the view's style (its `configure`); the
    /// data's `title` becomes the view's title, and a built-in style's `text`
    /// when the data gives none.
    public func configure(with data: Value) throws {
        title = data["title"]?.stringValue ?? ""
        guard let style, let host else { return }
        var data = data
        if style is BuiltinCellStyle, case .object(var o) = data, o["text"] == nil, let t = o["title"] {
            o["text"] = t
            data = .object(o)
        }
        try style.configure(host, row: data, at: IndexPath(section, 0))
    }

    /// The view tree at a width, or nil when the view shows its title.
    func laidOut(
        width: Int, tableStyle: TableStyle, ambiguousWide: Bool, appearance: Appearance
    ) throws -> ViewNode? {
        if let content { return content }
        guard let style, let host else { return nil }
        let context = LayoutContext(
            width: width, tableStyle: tableStyle, ambiguousWide: ambiguousWide, appearance: appearance)
        return try style.content(for: host, state: .normal, context: context)
    }

    /// Lines a laid-out view takes: the style's own height, else the tree measured.
    func measuredLines(_ node: ViewNode, width: Int, engine: LayoutEngine) throws -> Int {
        if content == nil, let style, let host, let h = try style.height(for: host, width: width) { return h }
        return max(1, engine.measure(node, width: width))
    }
}
