import CellarText

/// A cell object that lives on across reuse (UIKit's UITableViewCell).
/// Everything on it persists from row to row unless `prepareForReuse` resets it.
///
/// Hot fields. The table and the styles read a cell's fields several times
/// per row, and Swift checks accesses to a class's stored properties for
/// exclusivity at run time unless it can prove they never overlap. Cellar's
/// one mechanism against this is `@exclusivity(unchecked)` on the hot stored
/// properties of its classes (`Cell`, `TableView`, `ReusePool` and its
/// queues, `RowStates`). The invariant that makes it safe: a table and its
/// cells are used from one thread at a time, and no access to one of these
/// fields is held open across a call that could reach the same field (no
/// field is passed `inout` to a style hook, a data source or a delegate).
///
/// The attribute only reaches accesses compiled in Cellar: another module
/// accesses a `final` public stored property in place, with the run-time
/// check. So the fields styles in other modules set or read on every row
/// (`storage`, `accessory`, `editingAccessory`, `indentationLevel`, `alpha`)
/// are not `final`: those modules reach them through Cellar's accessors (and
/// being `public`, not `open`, no subclass can override them, so Cellar's own
/// reads are direct). The fields Cellar reads in place, one part at a time,
/// on every row (`state`, `listConfiguration`, …) are `final`, so that those
/// reads copy nothing.
///
/// The class is `open`, as UITableViewCell is: an app subclasses it
/// (`class FoodCell: Cell`), registers the class
/// (`TableView.register(_:forCellReuseIdentifier:)`) and overrides
/// `prepareForReuse()`, `updateConfiguration(using:)` and
/// `configurationState`. A cell of Cellar's own (`isSubclass` false, every
/// document row) never calls those hooks: the table tests one flag
/// (`takesUpdatePass`) per row (see `Cell+Configuration`).
open class Cell {
    /// The identifier the cell was dequeued with, whose queue it returns to
    /// (a style registered under several identifiers keeps their cells apart).
    @exclusivity(unchecked) public internal(set) final var reuseIdentifier: String

    /// Selection etc.; the table sets it before drawing, prepareForReuse resets it.
    @exclusivity(unchecked) public final var state: CellState = .normal
    /// What the cell shows at its trailing edge outside editing, as UITableViewCell's accessoryType or accessoryView.
    @exclusivity(unchecked) public var accessory: Accessory = .none
    /// What the cell shows at its trailing edge while editing, as UITableViewCell's editingAccessoryType.
    @exclusivity(unchecked) public var editingAccessory: Accessory = .none
    /// How many indentation steps the content is moved in, as UITableViewCell's indentationLevel.
    @exclusivity(unchecked) public var indentationLevel = 0
    /// Below 1 the row is drawn dimmed, as UIView's alpha; prepareForReuse resets it to 1.
    @exclusivity(unchecked) public var alpha: Double = 1
    /// What is drawn behind the row's content, as UITableViewCell's
    /// backgroundConfiguration; nil (the default) draws nothing of its own.
    /// Not reset by prepareForReuse (UIKit keeps it): whoever sets it sets it for every row.
    @exclusivity(unchecked) public final var backgroundConfiguration: BackgroundConfiguration? {
        didSet { noteDecorations() }
    }
    /// Called with the cell and its state whenever the table brings the
    /// state up to date, after the style's `updateConfiguration`, as
    /// UITableViewCell's configurationUpdateHandler: a data source that sets
    /// cells up itself can make the background (or anything else) follow
    /// the state here without writing a style.
    @exclusivity(unchecked) public final var configurationUpdateHandler: ((Cell, CellState) -> Void)? {
        didSet { noteDecorations() }
    }
    /// Whether a background configuration or an update handler is set: the
    /// one flag a row without them costs the table (reading the optional
    /// configuration in place costs several times more, and reading the
    /// closure retains its context).
    @exclusivity(unchecked) final var isDecorated = false
    /// UIKit's selectionStyle: `.none` draws no selection (the row is still selected).
    @exclusivity(unchecked) public final var selectionStyle: SelectionStyle = .default
    /// The row's editing control as the data source set it on the cell (a
    /// document's `editingStyle` row key); nil = ask the style, then the
    /// delegate (see `TableView.editingStyle(at:)`).
    @exclusivity(unchecked) public final var editingStyle: EditingStyle?
    /// Set by a style during didSelect to deselect the row once the
    /// selection is done (UIKit apps call deselectRow(at:animated:) in
    /// didSelectRowAt for rows that act like buttons); the table clears it.
    @exclusivity(unchecked) public final var requestsDeselection = false
    /// Columns from the row's leading edge where its separator starts; nil =
    /// the table's `separatorInset` (UITableViewCell.separatorInset overrides the table's).
    @exclusivity(unchecked) public final var separatorInset: Int?
    /// Laid-out content the app sets (UIKit: views added to the cell's
    /// contentView). It takes the place of what Cellar's styles lay out
    /// (a style that draws it itself says so: `CellStyle.readsCellContent`)
    /// and of a list configuration set before it; setting a content
    /// configuration afterwards clears it. Not reset by prepareForReuse.
    @exclusivity(unchecked) public final var content: ViewNode? {
        didSet {
            if content != nil { dropCustomConfiguration() }
            noteOwnContent()
        }
    }
    /// The list configuration the built-in styles draw, kept apart from other
    /// content configurations so that the styles read it in place on every
    /// row (`contentConfiguration` is the UIKit-shaped door to it).
    @exclusivity(unchecked) package final var listConfiguration: ListContentConfiguration? {
        // Widths measured ahead hold for the labels as exchanged in, not after a change
        // (no `oldValue`: the configuration is still changed in place).
        didSet { measuredLabels.current = false }
    }
    /// A content configuration other than a list configuration, as set
    /// (see `contentConfiguration`).
    @exclusivity(unchecked) final var customConfiguration: (any ContentConfiguration)?
    /// The content view `customConfiguration` made, reused while the
    /// configurations set are of one type, as UIKit reuses a cell's content view.
    @exclusivity(unchecked) public internal(set) final var contentView: (any ContentView)?
    /// The configuration type that made `contentView`.
    @exclusivity(unchecked) final var contentViewType: ObjectIdentifier?
    /// A custom configuration or a `content` tree is set: the row draws it,
    /// not its style's layout.
    @exclusivity(unchecked) final var drawsOwnContent = false
    /// The cell is of a subclass (its hooks may be overridden) or has a
    /// custom configuration: the table runs `updateConfigurationIfNeeded()`
    /// for it. False for every cell Cellar's styles make.
    @exclusivity(unchecked) final var takesUpdatePass = false
    /// The cell is an instance of a subclass of `Cell`.
    @exclusivity(unchecked) final var isSubclass = false
    /// `setNeedsUpdateConfiguration()` was called, or the cell was handed
    /// out again: the next layout runs the configuration update.
    @exclusivity(unchecked) final var needsUpdateConfiguration = true
    /// The state the last configuration update ran with.
    @exclusivity(unchecked) final var updatedState = CellState.normal
    /// The configuration update is running: a configuration set now is
    /// applied when it ends (it asks for no other update).
    @exclusivity(unchecked) final var isUpdatingConfiguration = false
    /// Whether a state change applies `updated(for:)` of the content
    /// configuration to the content view, as UITableViewCell's
    /// automaticallyUpdatesContentConfiguration (the configuration as set
    /// stays what `contentConfiguration` returns).
    public final var automaticallyUpdatesContentConfiguration = true
    /// Widths of `listConfiguration`'s labels measured ahead, if any (see `MeasuredLabels`).
    @exclusivity(unchecked) package final var measuredLabels = MeasuredLabels()
    /// The style's own per-cell object (a Lua table reference, …).
    @exclusivity(unchecked) public var storage: AnyObject?
    /// The row the cell was last configured for; set by the table.
    public internal(set) final var indexPath: IndexPath? {
        get { placeRow < 0 ? nil : IndexPath(placeSection, placeRow) }
        set {
            placeSection = newValue?.section ?? 0
            placeRow = newValue?.row ?? -1
        }
    }
    /// `indexPath` kept as Ints (row -1: none). It is set for every row
    /// configured, and Foundation's type is copied and released by calls.
    @exclusivity(unchecked) final var placeSection = 0
    @exclusivity(unchecked) final var placeRow = -1
    /// The style that made this cell (set by the table when the cell is created).
    @exclusivity(unchecked) public internal(set) final var style: CellStyle? {
        didSet { hasBuiltinStyle = style is BuiltinCellStyle }
    }
    /// `style` is a built-in one: its rows are configured from parsed rows
    /// and it has no configuration update to run (read per row, where a
    /// cast or a call on the style would be one each).
    @exclusivity(unchecked) final var hasBuiltinStyle = false

    /// Creates an empty cell; styles create cells through `makeCell()`.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        noteSubclass()
    }

    /// Creates an empty cell, as UITableViewCell's init: the initialiser a
    /// registered class is made with (the table then sets its reuse identifier).
    public required init() {
        reuseIdentifier = ""
        noteSubclass()
    }

    /// Hands row data to the cell's style (what a document row does).
    public func configure(with row: Value, at indexPath: IndexPath) throws {
        try configuringStyle().configure(self, row: row, at: indexPath)
    }

    /// Hands a row's fields to the cell's style, read as it takes them (see `RowFieldReader`).
    public func configure(withFields fields: some RowFieldReader, at indexPath: IndexPath) throws {
        try configuringStyle().configure(self, fields: fields, at: indexPath)
    }

    // MARK: Hooks a subclass overrides (see `Cell+Configuration`)

    /// The cell's state as the table last brought it up to date (selection,
    /// highlight, editing, swipe, custom states), as UITableViewCell's
    /// configurationState. A subclass may override it to add custom states
    /// of its own (`state[key] = …`); the override is what
    /// `updateConfiguration(using:)` and `updated(for:)` are given.
    open var configurationState: CellConfigurationState { state }

    /// Override to set the content (and anything else) for `state`, as
    /// UITableViewCell's updateConfiguration(using:). Called before the cell
    /// is first drawn for a row, when its state changes and after
    /// `setNeedsUpdateConfiguration()`; only for subclasses. The base
    /// implementation does nothing: the configuration set is already updated
    /// for the state when it runs.
    open func updateConfiguration(using state: CellConfigurationState) {}

    /// Override to reset what a subclass keeps, as UITableViewCell's
    /// prepareForReuse; called before a queued cell is handed out again
    /// (after the style's reset, so Cellar's reset holds whether or not the
    /// override calls `super`). The base implementation resets alpha and state.
    open func prepareForReuse() { Cell.resetNonContent(self) }

    private func configuringStyle() throws -> any CellStyle {
        guard let style else {
            throw CellarError("cell '\(Sanitizer.excerpt(reuseIdentifier))' has no style")
        }
        return style
    }
}

extension Cell {
    private func noteSubclass() {
        isSubclass = type(of: self) != Cell.self
        takesUpdatePass = isSubclass
    }

    private func noteDecorations() {
        isDecorated = backgroundConfiguration != nil || configurationUpdateHandler != nil
    }

    /// The row keys a document's data source sets on every cell it
    /// configures, so a reused cell keeps no other row's: the selection style
    /// (nil: the style's), the editing control and the background. Set here,
    /// in Cellar, so the writes skip the run-time exclusivity checks another
    /// module's would pay (see the type's comment).
    package func setRowKeys(
        selectionStyle: SelectionStyle?, editingStyle: EditingStyle?, background: BackgroundConfiguration?
    ) {
        // A built-in style's is the default: not asked through the protocol.
        self.selectionStyle = selectionStyle ?? (hasBuiltinStyle ? .default : style?.selectionStyle ?? .default)
        self.editingStyle = editingStyle
        // Not decorated means no background: nothing to clear.
        if isDecorated || background != nil { backgroundConfiguration = background }
    }

    /// UIKit's prepareForReuse: alpha, editing and selection state go back to
    /// their defaults; content stays (cellForRowAt must set it again).
    public static func resetNonContent(_ cell: Cell) {
        // Written only when changed: this runs for every reused row.
        if cell.alpha != 1 { cell.alpha = 1 }
        if cell.state.isNotNormal { cell.state = .normal }
    }
}
