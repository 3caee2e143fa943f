/// UITableViewController: a controller that owns a table and is its data
/// source and delegate, so a subclass overrides the methods it needs
/// (`override func tableView(_:cellForRowAt:)`, …) as a UIKit app does.
/// The methods here answer as the protocols' defaults do; `viewDidLoad` is
/// where a subclass registers its cells (Cellar's registration throws).
open class TableViewController: TableViewDataSource, TableViewDelegate {
    /// The table the controller manages, as UITableViewController's tableView.
    public let tableView: TableView

    /// A controller with a table of `style`, its data source and delegate set to the controller.
    public init(style: TableStyle = .plain) {
        tableView = TableView(style: style)
        tableView.dataSource = self
        tableView.delegate = self
    }

    /// Called once the table exists; override to register cells and set the table up.
    open func viewDidLoad() throws {}

    // MARK: Data source

    /// One section, as UITableViewDataSource's default.
    open func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No rows until a subclass says otherwise.
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// A subclass that has rows makes their cells.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        throw CellarError("\(type(of: self)) has rows but does not override tableView(_:cellForRowAt:)")
    }
    /// No header title.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No section index.
    open func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    /// The section at the title's position.
    open func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    /// Every row may be edited.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Throws: a controller that offers delete or insert commits it.
    open func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt indexPath: IndexPath)
        throws
    {
        throw CellarError("\(type(of: self)) does not commit editing (\(editingStyle.rawValue) at \(indexPath))")
    }
    /// No reorder controls.
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Throws: a controller that shows reorder controls moves the row.
    open func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) throws {
        throw CellarError("\(type(of: self)) does not move rows (\(sourceIndexPath) to \(destinationIndexPath))")
    }

    // MARK: Delegate

    /// The table's row height.
    open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight? { nil }
    /// The row as proposed.
    open func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Nothing to do.
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) throws {}
    /// Nothing to do.
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) throws {}
    /// Nothing to do.
    open func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) throws {}
    /// Delete for every editable row.
    open func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> EditingStyle { .delete }
    /// No leading swipe actions.
    open func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    { nil }
    /// No trailing swipe actions.
    open func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    { nil }
}
