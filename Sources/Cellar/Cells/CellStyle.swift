import CellarText

/// What a style sees when it lays out a cell.
public struct LayoutContext: Sendable {
    /// Columns available to the content (margins, indentation and accessory already taken).
    public var width: Int
    /// The table's style (plain, grouped, inset grouped), which styles may draw differently.
    public var tableStyle: TableStyle
    /// The indentation and trailing margin the table has taken from the row, in columns.
    public var layoutMargins: Insets
    /// The cell's selection, highlight, editing and custom state.
    public var state: CellState
    /// The table draws East Asian Ambiguous characters two columns wide.
    public var ambiguousWide: Bool
    /// The row being laid out (nil for a header or footer view).
    public var indexPath: IndexPath? {
        get { row < 0 ? nil : IndexPath(section, row) }
        set {
            section = newValue?.section ?? -1
            row = newValue?.row ?? -1
        }
    }
    /// `indexPath` as Ints (-1: none). A context is made and copied for
    /// every row laid out, and Foundation's type is copied and released by calls.
    package var section = -1
    package var row = -1
    /// How many rows the row's section has (0 for a header or footer view).
    /// A table read from a pipe knows its last section's rows as they arrive.
    public var rowsInSection: Int
    /// Whether the table is drawn for a light or a dark background.
    public var appearance: Appearance
    /// The row is the first of its section.
    public var isFirstInSection: Bool { row == 0 }
    /// The row is the last of its section.
    public var isLastInSection: Bool { row >= 0 && row == rowsInSection - 1 }

    /// Creates a context for laying out content `width` columns wide.
    public init(
        width: Int, tableStyle: TableStyle = .plain, layoutMargins: Insets = .zero,
        state: CellState = .normal, ambiguousWide: Bool = false,
        indexPath: IndexPath? = nil, rowsInSection: Int = 0, appearance: Appearance = .light
    ) {
        self.width = width
        self.tableStyle = tableStyle
        self.layoutMargins = layoutMargins
        self.state = state
        self.ambiguousWide = ambiguousWide
        self.rowsInSection = rowsInSection
        self.appearance = appearance
        self.indexPath = indexPath
    }
}

/// A cell style: built-in Swift styles and Lua styles both conform.
public protocol CellStyle: AnyObject {
    var reuseIdentifier: String { get }
    /// "built-in" or the style file path.
    var source: String { get }
    /// The row keys the style reads; nil = it does not say (no check).
    /// Documents reject other keys, so a typo is an error, not a blank field.
    var rowKeys: [String]? { get }
    /// A new cell (storage set up).
    func makeCell() throws -> Cell
    /// Resets what is not content (UIKit: alpha, editing, selection).
    func prepareForReuse(_ cell: Cell) throws
    /// Row data in.
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws
    /// Row data in, field by field, for a style that need not build the
    /// row's `Value` (a Lua style's row table). The cell must end as
    /// `configure(_:row:at:)` with `fields.value()` leaves it.
    func configure(_ cell: Cell, fields: some RowFieldReader, at indexPath: IndexPath) throws
    /// The view tree for the cell in a state.
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode
    /// A height the style insists on; nil = automatic (measured).
    func height(for cell: Cell, width: Int) throws -> Int?
    /// The cell's state for its row is known (UIKit's updateConfiguration(using:)):
    /// called before widths are measured, so a style may set state-dependent
    /// accessories here.
    func updateConfiguration(_ cell: Cell, state: CellState) throws
    /// The content laid out without a view tree, for the common case; nil =
    /// the general path (`content(for:state:context:)`, then `height(for:width:)`).
    /// It must draw exactly what the general path draws. Only Cellar's
    /// built-in styles provide one (`BuiltinDirectLayout` has no public
    /// initialiser); a row laid out this way is measured from it.
    func directLayout(of cell: Cell, width: Int, engine: LayoutEngine) -> BuiltinDirectLayout?
    /// The style's answer before a tap selects the row (a Lua `will_select`
    /// hook), as a delegate's willSelectRowAt: the row to select (the tapped
    /// one, or another: a redirect) or nil to refuse the tap. The delegate
    /// is asked after it, about the row the style chose.
    func willSelect(_ cell: Cell, at indexPath: IndexPath) throws -> IndexPath?
    func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws
    func didDeselect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws
    func accessoryTapped(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws
    /// The style's answer for the row's editing control (a Lua
    /// `editing_style` hook); nil = the delegate's editingStyleForRowAt.
    /// Asked only while the table edits.
    func editingStyle(for cell: Cell, state: CellState) throws -> EditingStyle?
    /// The style's swipe actions for one edge (a Lua `swipe_actions` hook);
    /// nil = no opinion (UIKit's default), [] = none.
    func swipeActions(for cell: Cell, state: CellState, edge: SwipeEdge) throws -> [ContextualAction]?
    /// A normal swipe action without a handler was performed on the row (a
    /// Lua `on_swipe_action` hook), which may change the row's data.
    func swipeActionPerformed(_ cell: Cell, row: inout Value, at indexPath: IndexPath, title: String, edge: SwipeEdge)
        throws
    /// Whether the style's rows draw their selection (a Lua style's
    /// `selection_style`); a data source may set a row's own on its cell.
    var selectionStyle: SelectionStyle { get }
    /// Whether the style draws each row from that row alone: no hook keeps
    /// anything from one row for another (in the style's own variables, or
    /// in cell fields a later row's configure does not set again). A long
    /// render may then draw its rows with two instances of the style at once
    /// (`TableView.renderStream(sharedWith:…)`), to the same bytes. False
    /// unless the style says so.
    var drawsRowsIndependently: Bool { get }
    /// Whether the style lays out `cell.content` itself (a style that sets
    /// the cell's content at configure time and returns it from
    /// `content(for:state:context:)`). When false, as for Cellar's own
    /// styles, a `content` tree the app sets on a cell is drawn in place of
    /// the style's layout. True unless the style says otherwise, so a style
    /// keeps the content it draws.
    var readsCellContent: Bool { get }
}

extension CellStyle {
    /// Unknown styles keep their rows to one table.
    public var drawsRowsIndependently: Bool { false }
    /// Unknown styles lay out the cell's content themselves.
    public var readsCellContent: Bool { true }
}

extension CellStyle {
    /// Built-in styles report "built-in" as their source.
    public var source: String { "built-in" }
    /// The fields become one `Value`.
    public func configure(_ cell: Cell, fields: some RowFieldReader, at indexPath: IndexPath) throws {
        try configure(cell, row: fields.value(), at: indexPath)
    }
    /// No declared row keys: any key is accepted.
    public var rowKeys: [String]? { nil }
    /// Resets alpha and state to normal, keeping content, as UITableViewCell's prepareForReuse.
    public func prepareForReuse(_ cell: Cell) throws { Cell.resetNonContent(cell) }
    /// No fixed height: rows are measured.
    public func height(for cell: Cell, width: Int) throws -> Int? { nil }
    /// Does nothing when the state changes.
    public func updateConfiguration(_ cell: Cell, state: CellState) throws {}
    /// No shortcut: the general layout path draws the cell.
    public func directLayout(of cell: Cell, width: Int, engine: LayoutEngine) -> BuiltinDirectLayout? { nil }
    /// Selects the row tapped, unredirected.
    public func willSelect(_ cell: Cell, at indexPath: IndexPath) throws -> IndexPath? { indexPath }
    /// Does nothing to the row when it is selected.
    public func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {}
    /// Does nothing to the row when it is deselected.
    public func didDeselect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {}
    /// Does nothing to the row when its detail button is tapped.
    public func accessoryTapped(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {}
    /// No opinion: the delegate's editingStyleForRowAt decides.
    public func editingStyle(for cell: Cell, state: CellState) throws -> EditingStyle? { nil }
    /// No opinion: the table's default swipe actions.
    public func swipeActions(for cell: Cell, state: CellState, edge: SwipeEdge) throws -> [ContextualAction]? { nil }
    /// Does nothing when a swipe action is performed.
    public func swipeActionPerformed(
        _ cell: Cell, row: inout Value, at indexPath: IndexPath, title: String, edge: SwipeEdge
    ) throws {}
    /// Rows draw their selection, as UITableViewCell.SelectionStyle.default.
    public var selectionStyle: SelectionStyle { .default }
}
