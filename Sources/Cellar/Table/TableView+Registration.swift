/// UITableView's registration: a table made with `init(style:)` has a
/// registry of its own (the built-in styles), and the app registers its
/// cell classes and styles on the table, as in UIKit.
extension TableView {
    /// A table with a registry of its own holding the built-in styles, as
    /// UITableView's init(frame:style:).
    public convenience init(style: TableStyle = .plain) {
        self.init(style: style, registry: Registry())
    }

    /// Registers a `Cell` subclass under `id`, as UITableView's
    /// register(_:forCellReuseIdentifier:): `dequeueReusableCell(withIdentifier:for:)`
    /// then returns instances of `cellClass` (`as! FoodCell` holds), reused
    /// through the identifier's queue. An identifier can be registered once.
    public func register(_ cellClass: Cell.Type, forCellReuseIdentifier id: String) throws {
        try registry.register(cellClass, forCellReuseIdentifier: id)
    }

    /// Registers a cell style (a Swift `CellStyle`, a built-in style or a
    /// loaded Lua style) under `id`, in the table's registry.
    public func register(_ style: CellStyle, forCellReuseIdentifier id: String) throws {
        try registry.register(style, forCellReuseIdentifier: id)
    }
}
