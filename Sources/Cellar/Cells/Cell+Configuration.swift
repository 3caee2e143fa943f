/// UITableViewCell's configuration API: content configurations of any
/// type, the configuration state, and the update hooks a subclass overrides.
///
/// The update pass. UIKit calls `updateConfiguration(using:)` before a cell
/// is first shown and again when its state changes or the app asks for it
/// (`setNeedsUpdateConfiguration()`). Cellar does the same when it lays a
/// row out (`RowRenderer.content`), for a cell that `takesUpdatePass` (a
/// subclass, or a custom content configuration): the subclass's override
/// and the `configurationUpdateHandler` run, then the configuration the cell
/// holds, wherever it was set (in `cellForRowAt` or inside the pass), is
/// updated for the state (`automaticallyUpdatesContentConfiguration`, true
/// by default, as UIKit's) and goes to the content view. The cell keeps the
/// configuration as it was set, so updates for the state never stack.
extension Cell {
    /// The cell's content as UIKit's contentConfiguration: a
    /// `ListContentConfiguration` (what the built-in styles draw) or any
    /// other `ContentConfiguration`, whose content view then draws the row in
    /// place of the style's layout. Setting one clears `content`; a list
    /// configuration drops the custom one's content view, and another type
    /// makes a new view while one of the same type is reused.
    public final var contentConfiguration: (any ContentConfiguration)? {
        get { listConfiguration ?? customConfiguration }
        set {
            if let list = newValue as? ListContentConfiguration {
                listContentConfiguration = list
            } else if let newValue {
                listConfiguration = nil
                setCustomConfiguration(newValue)
            } else {
                listContentConfiguration = nil
            }
        }
    }

    /// The list configuration, modified in place
    /// (`cell.listContentConfiguration?.text = …` copies nothing). Setting or
    /// modifying it replaces a custom configuration or `content` set before.
    public final var listContentConfiguration: ListContentConfiguration? {
        get { listConfiguration }
        set {
            if drawsOwnContent { dropOwnContent() }
            listConfiguration = newValue
        }
        _modify {
            if drawsOwnContent { dropOwnContent() }
            yield &listConfiguration
        }
    }

    /// A list configuration with nothing set, as UITableViewCell's
    /// defaultContentConfiguration (the cell's style decides how it looks).
    public func defaultContentConfiguration() -> ListContentConfiguration { ListContentConfiguration() }

    /// Asks for `updateConfiguration(using:)` at the next layout of the
    /// cell's row, as UITableViewCell's setNeedsUpdateConfiguration (call it
    /// when a property the configuration is made from changes).
    public final func setNeedsUpdateConfiguration() {
        needsUpdateConfiguration = true
        takesUpdatePass = true
    }

    /// A queued cell is handed out again: a subclass's prepareForReuse
    /// runs, and the next layout updates the configuration.
    final func handedOutAgain() {
        if isSubclass { prepareForReuse() }
        needsUpdateConfiguration = true
    }

    /// Runs the update pass when it is due (see the extension's comment).
    /// Only for cells that `takesUpdatePass`: the table tests that flag.
    final func updateConfigurationIfNeeded() {
        let handler = isDecorated ? configurationUpdateHandler : nil
        // A handler runs on every layout, as it does for other cells.
        guard needsUpdateConfiguration || updatedState != state || handler != nil else { return }
        updatedState = state
        let current = isSubclass ? configurationState : state
        isUpdatingConfiguration = true
        if isSubclass { updateConfiguration(using: current) }
        handler?(self, current)
        isUpdatingConfiguration = false
        needsUpdateConfiguration = false
        let set = customConfiguration
        applyToContentView(automaticallyUpdatesContentConfiguration ? set?.updated(for: current) : set)
        takesUpdatePass = isSubclass || customConfiguration != nil
    }

    /// What the row draws when the cell draws its own content (or has no
    /// style): the content view's tree, else `content`, else the list
    /// configuration as UIKit's cell configuration lays it out (text, the
    /// secondary text under it).
    final func ownContentNode(in context: LayoutContext) -> ViewNode {
        if let contentView { return contentView.node(in: context) }
        if let content { return content }
        if let list = listConfiguration { return ListContentView.layout(list, width: context.width) }
        return .empty
    }

    private func setCustomConfiguration(_ configuration: any ContentConfiguration) {
        if content != nil { content = nil }
        customConfiguration = configuration
        // Set inside the pass, it is applied when the pass ends.
        if !isUpdatingConfiguration { needsUpdateConfiguration = true }
        takesUpdatePass = true
        noteOwnContent()
    }

    /// A new configuration goes to the content view when it is of the type
    /// that made the view (`contentView.configuration = new`), else a new
    /// view is made from it.
    private func applyToContentView(_ configuration: (any ContentConfiguration)?) {
        guard let configuration else {
            contentView = nil
            contentViewType = nil
            return
        }
        let type = ObjectIdentifier(Swift.type(of: configuration))
        if let view = contentView, contentViewType == type {
            view.configuration = configuration
        } else {
            contentView = configuration.makeContentView()
            contentViewType = type
        }
    }

    /// Clears the custom configuration and its view.
    final func dropCustomConfiguration() {
        guard customConfiguration != nil || contentView != nil else { return }
        customConfiguration = nil
        contentView = nil
        contentViewType = nil
        takesUpdatePass = isSubclass
    }

    private func dropOwnContent() {
        if content != nil { content = nil }
        dropCustomConfiguration()
        noteOwnContent()
    }

    /// Whether the row draws `ownContentNode(in:)` rather than `style`'s
    /// layout: a custom configuration, or `content` on a cell whose style
    /// does not lay the content out itself (`CellStyle.readsCellContent`).
    /// Inlined: asked twice for every row, and nearly always false at the first test.
    @inline(__always)
    final func ownContentReplaces(_ style: CellStyle?) -> Bool {
        drawsOwnContent && (customConfiguration != nil || !(style?.readsCellContent ?? false))
    }

    final func noteOwnContent() {
        drawsOwnContent = content != nil || customConfiguration != nil
    }
}
