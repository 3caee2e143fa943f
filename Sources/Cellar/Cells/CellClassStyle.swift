import CellarText

/// A registered `Cell` subclass, as UITableView's
/// register(_:forCellReuseIdentifier:) with a class: cells dequeued under
/// the identifier are instances of the class (made with `init()`), and each
/// draws its own content (its content configuration's view, its `content`
/// tree, or its list configuration) since no style lays it out.
public final class CellClassStyle: CellStyle {
    /// The class cells are made of.
    public let cellClass: Cell.Type
    /// The identifier the class was registered under.
    public let reuseIdentifier: String

    /// A style making `cellClass` cells for `reuseIdentifier`.
    public init(_ cellClass: Cell.Type, reuseIdentifier: String) {
        self.cellClass = cellClass
        self.reuseIdentifier = reuseIdentifier
    }

    /// The class's name, as registrations and errors name it.
    public var source: String { "class \(String(reflecting: cellClass))" }

    /// The cell draws its own content (`Cell.ownContentNode(in:)`).
    public var readsCellContent: Bool { false }

    /// A new instance of the class.
    public func makeCell() throws -> Cell {
        let cell = cellClass.init()
        cell.reuseIdentifier = reuseIdentifier
        return cell
    }

    /// A class's cells take no row data: their data source sets their properties.
    public func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        throw CellarError(
            "row \(indexPath): cells of \(Sanitizer.excerpt(source)) (identifier '\(Sanitizer.excerpt(reuseIdentifier))') take no row data; set their properties or contentConfiguration in cellForRowAt"
        )
    }

    /// What the cell draws itself (see `Cell.ownContentNode(in:)`).
    public func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        cell.ownContentNode(in: context)
    }
}
