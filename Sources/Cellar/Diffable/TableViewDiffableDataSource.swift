/// UITableViewDiffableDataSource: a table's data source fed by snapshots.
/// The app builds a `DiffableDataSourceSnapshot` and `apply`s it; the data
/// source works out what changed and tells the table in one batch update,
/// and answers the table's questions (sections, rows, cells) from the
/// snapshot it last applied. Cells come from the cell provider, which
/// dequeues them from the table as a `cellForRowAt` would, and may throw.
///
/// Subclass it, as UIKit apps do, for section titles, editing and moving:
/// override `tableView(_:titleForHeaderInSection:)`,
/// `tableView(_:canEditRowAt:)`, `tableView(_:commit:forRowAt:)`,
/// `tableView(_:canMoveRowAt:)` and the rest. A row the user moves is moved
/// in the data source's snapshot too (then `tableView(_:moveRowAt:to:)`
/// of a subclass may do more: call `super` to keep the snapshot in step).
///
/// Threading: the data source and its table belong to one thread or actor,
/// as UIKit wants them on the main queue (or always on one queue).
/// Snapshots are `Sendable` values: build them on any task and hand them to
/// the table's own thread or actor to `apply`. An `apply` that starts while
/// another is running (another thread, or a cell provider that applies)
/// throws instead of racing on the table (`ApplyGate`).
///
/// Like every data source, this one is held weakly by its table: keep it
/// alive yourself (a property of the view controller, as in UIKit).
open class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: TableViewDataSource {
    /// The snapshots this data source takes.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// Makes the cell for an item: dequeue it from the table, configure it, return it.
    public typealias CellProvider = (TableView, IndexPath, ItemIdentifierType) throws -> Cell?

    /// The table this data source feeds (weak: the table does not keep its data source either).
    public private(set) weak var tableView: TableView?
    let cellProvider: CellProvider
    /// The animation `apply` names for the rows and sections it changes, as
    /// UIKit's defaultRowAnimation (a terminal draws the result at once).
    public var defaultRowAnimation: RowAnimation = .automatic
    /// The snapshot last applied, without its reload and reconfigure marks.
    var current = Snapshot()
    let gate = ApplyGate()

    /// Becomes `tableView`'s data source, with `cellProvider` making its cells.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the snapshot the table shows (no reload or reconfigure marks).
    public func snapshot() -> Snapshot { current }

    /// The item at a row, or nil for a row the snapshot does not have.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        current.itemIdentifier(at: indexPath)
    }

    /// Where an item is in the table, or nil for an item not in the snapshot.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(for: itemIdentifier)
    }

    /// The section at an index, or nil for an index the snapshot does not have.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifier(at: index)
    }

    /// The index of a section, or nil for a section not in the snapshot.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: TableViewDataSource

    open func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section >= 0 && section < current.rows.count ? current.rows[section].count : 0
    }

    /// The cell provider's cell for the row's item. A row the snapshot does
    /// not have, or a provider that returns nil, is an error naming the row.
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        guard let item = current.itemIdentifier(at: indexPath) else {
            throw CellarError(
                "the diffable data source has no item at row \(TableView.describe(indexPath)): the table asked for a row its snapshot does not have"
            )
        }
        guard let cell = try gate.providing({ try cellProvider(tableView, indexPath, item) }) else {
            throw CellarError(
                "the cell provider returned nil for row \(TableView.describe(indexPath)) (item \(DiffableSnapshotError.name(item))): it must return a cell dequeued from the table"
            )
        }
        return cell
    }

    /// No header title unless a subclass gives one.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title unless a subclass gives one.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No section index unless a subclass gives titles.
    open func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    /// A section index title leads to the section at the same position.
    open func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }

    /// No row can be edited unless a subclass says so, as UITableViewDiffableDataSource.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

    /// Throws: a subclass that lets rows be edited commits the edit (deleting
    /// the item from a snapshot and applying it, as UIKit apps do).
    open func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt indexPath: IndexPath)
        throws
    {
        throw CellarError(
            "the diffable data source does not commit editing (\(editingStyle.rawValue) at \(TableView.describe(indexPath))): override tableView(_:commit:forRowAt:) in a subclass"
        )
    }

    /// No row can be moved unless a subclass says so.
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

    /// The user moved a row: its item moves in the snapshot to the row's
    /// new place (`destinationIndexPath`, a row of the table as it is after the move).
    open func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) throws {
        try gate.run("moveRowAt") { try current.moveItem(at: sourceIndexPath, to: destinationIndexPath) }
    }
}

extension DiffableDataSourceSnapshot {
    /// Moves the item at `from` so that it ends at `to` (both rows of the
    /// table: `to` as it is once the item has moved).
    mutating func moveItem(at from: IndexPath, to: IndexPath) throws {
        guard let item = itemIdentifier(at: from) else {
            throw CellarError("cannot move row \(TableView.describe(from)): the snapshot has no item there")
        }
        guard to.section >= 0, to.section < sections.count else {
            throw CellarError(
                "cannot move row \(TableView.describe(from)) to \(TableView.describe(to)): no such section")
        }
        let room = rows[to.section].count - (to.section == from.section ? 1 : 0)
        guard to.row >= 0, to.row <= room else {
            throw CellarError("cannot move row \(TableView.describe(from)) to \(TableView.describe(to)): no such row")
        }
        detach([item])
        insert([item], inSection: to.section, at: to.row)
    }
}
