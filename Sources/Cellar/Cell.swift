import CellarText

/// A cell object that lives on across reuse (UIKit's UITableViewCell).
/// Everything on it persists from row to row unless `prepareForReuse` resets it.
public final class Cell {
    public let reuseIdentifier: String
    /// Selection etc.; the table sets it before drawing, prepareForReuse resets it.
    public var state: CellState = .normal
    public var accessory: Accessory = .none
    public var editingAccessory: Accessory = .none
    public var indentationLevel: Int = 0
    public var alpha: Double = 1
    /// Laid-out content, if the style sets it at configure time.
    public var content: ViewNode?
    /// UIKit's UIListContentConfiguration, used by the built-in styles and
    /// settable directly by Swift data sources (`cell.contentConfiguration = …`).
    public var contentConfiguration: ListContentConfiguration?
    /// The style's own per-cell object (a Lua table reference, …).
    public var storage: AnyObject?
    public internal(set) var indexPath: IndexPath?
    /// The style that made this cell (set by the table when the cell is created).
    public internal(set) var style: CellStyle?
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
    public init(width: Int, tableStyle: TableStyle = .plain, layoutMargins: Insets = .zero,
                state: CellState = .normal) {
        self.width = width; self.tableStyle = tableStyle
        self.layoutMargins = layoutMargins; self.state = state
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
        if cell.alpha != 1 { cell.alpha = 1 }
        let s = cell.state
        if s.isSelected || s.isHighlighted || s.isDisabled || s.isFocused || s.isEditing || s.isExpanded
            || s.isSwiped || s.isReordering || !s.custom.isEmpty {
            cell.state = .normal
        }
    }
}
