import CellarText

/// A cell object that lives on across reuse (UIKit's UITableViewCell).
/// Everything on it persists from row to row unless `prepareForReuse` resets it.
public final class Cell {
    public let reuseIdentifier: String

    // The fields live in internal stored properties behind public computed
    // ones. Every access to a public stored class property is checked for
    // exclusivity at run time (~80 instructions each: other modules might
    // overlap accesses). When every access in the module is short, as these
    // are, whole-module optimisation removes the checks on the internal
    // ones, and the table reads a cell's fields a dozen times per row.
    var _state: CellState = .normal
    var _accessory: Accessory = .none
    var _editingAccessory: Accessory = .none
    var _indentationLevel = 0
    var _alpha: Double = 1
    var _content: ViewNode?
    var _contentConfiguration: ListContentConfiguration?
    var _storage: AnyObject?
    var _indexPath: IndexPath?
    var _style: CellStyle?

    /// Selection etc.; the table sets it before drawing, prepareForReuse resets it.
    public var state: CellState { get { _state } set { _state = newValue } }
    public var accessory: Accessory { get { _accessory } set { _accessory = newValue } }
    public var editingAccessory: Accessory { get { _editingAccessory } set { _editingAccessory = newValue } }
    public var indentationLevel: Int { get { _indentationLevel } set { _indentationLevel = newValue } }
    public var alpha: Double { get { _alpha } set { _alpha = newValue } }
    /// Laid-out content, if the style sets it at configure time.
    public var content: ViewNode? { get { _content } set { _content = newValue } }
    /// UIKit's UIListContentConfiguration, used by the built-in styles and
    /// settable directly by Swift data sources (`cell.contentConfiguration = …`).
    /// Modified in place (`cell.contentConfiguration?.text = …` copies nothing).
    public var contentConfiguration: ListContentConfiguration? {
        get { _contentConfiguration }
        set { _contentConfiguration = newValue }
        _modify { yield &_contentConfiguration }
    }
    /// The style's own per-cell object (a Lua table reference, …).
    public var storage: AnyObject? { get { _storage } set { _storage = newValue } }
    public var indexPath: IndexPath? { _indexPath }
    /// The style that made this cell (set by the table when the cell is created).
    public var style: CellStyle? { _style }
    /// Set for cells of the built-in styles, so the table can take their
    /// direct layout path without a dynamic cast per row.
    var builtinKind: BuiltinCellStyle.Kind?

    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Hands row data to the cell's style (what a document row does).
    public func configure(with row: Value, at indexPath: IndexPath) throws {
        guard let style else {
            throw CellarError("cell '\(reuseIdentifier)' has no style")
        }
        try style.configure(self, row: row, at: indexPath)
    }
}

/// What a style sees when it lays out a cell.
public struct LayoutContext: Sendable {
    /// Columns available to the content (margins, indentation and accessory already taken).
    public var width: Int
    public var tableStyle: TableStyle
    public var layoutMargins: Insets
    public var state: CellState
    /// The table draws East Asian Ambiguous characters two columns wide.
    public var ambiguousWide: Bool
    public init(width: Int, tableStyle: TableStyle = .plain, layoutMargins: Insets = .zero,
                state: CellState = .normal, ambiguousWide: Bool = false) {
        self.width = width; self.tableStyle = tableStyle
        self.layoutMargins = layoutMargins; self.state = state
        self.ambiguousWide = ambiguousWide
    }
}

/// A cell style: built-in Swift styles and Lua styles both conform.
public protocol CellStyle: AnyObject {
    var reuseIdentifier: String { get }
    /// "built-in" or the style file path.
    var source: String { get }
    /// A new cell (storage set up).
    func makeCell() throws -> Cell
    /// Resets what is not content (UIKit: alpha, editing, selection).
    func prepareForReuse(_ cell: Cell) throws
    /// Row data in.
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws
    /// The view tree for the cell in a state.
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode
    /// A height the style insists on; nil = automatic (measured).
    func height(for cell: Cell, width: Int) throws -> Int?
    /// The cell's state for its row is known (UIKit's updateConfiguration(using:)):
    /// called before widths are measured, so a style may set state-dependent
    /// accessories here.
    func updateConfiguration(_ cell: Cell, state: CellState) throws
    func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws
    func didDeselect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws
    func accessoryTapped(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws
}

extension CellStyle {
    public var source: String { "built-in" }
    public func prepareForReuse(_ cell: Cell) throws { Cell.resetNonContent(cell) }
    public func height(for cell: Cell, width: Int) throws -> Int? { nil }
    public func updateConfiguration(_ cell: Cell, state: CellState) throws {}
    public func didSelect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {}
    public func didDeselect(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {}
    public func accessoryTapped(_ cell: Cell, row: inout Value, at indexPath: IndexPath) throws {}
}

extension Cell {
    /// UIKit's prepareForReuse: alpha, editing and selection state go back to
    /// their defaults; content stays (cellForRowAt must set it again).
    public static func resetNonContent(_ cell: Cell) {
        // Written only when changed: this runs for every reused row.
        if cell._alpha != 1 { cell._alpha = 1 }
        if cell._state.isNotNormal { cell._state = .normal }
    }
}
