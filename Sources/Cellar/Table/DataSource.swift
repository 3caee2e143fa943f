/// A data source whose last section grows while a full render streams it
/// (rows read from a pipe as they arrive). The stream draws a row once it
/// knows whether another follows (the last row has no separator), writing
/// out what it has drawn before it waits for more.
public protocol TableViewGrowingDataSource: TableViewDataSource {
    /// Whether rows may still arrive in the last section.
    var mayGrow: Bool { get }
    /// Waits until the last section has more than `count` rows or no more
    /// can come, and returns its row count then. An error (a bad row read)
    /// ends the render; lines already written stay written.
    func tableView(_ tableView: TableView, rowCountOfLastSectionAfter count: Int) throws -> Int
}

/// UITableViewDataSource. Required: rows in section and cell for row; the
/// rest defaults as in UIKit.
public protocol TableViewDataSource: AnyObject {
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// Must dequeue (`tableView.dequeueReusableCell(withIdentifier:for:)`).
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    func sectionIndexTitles(for tableView: TableView) -> [String]?
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
        throws
}

extension TableViewDataSource {
    /// One section unless the data source says otherwise, as UITableViewDataSource's default.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No header title unless the data source gives one, as tableView(_:titleForHeaderInSection:).
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title unless the data source gives one, as tableView(_:titleForFooterInSection:).
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// No section index unless the data source gives titles, as sectionIndexTitles(for:).
    public func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    /// Maps a section index title to the section at the same position, as tableView(_:sectionForSectionIndexTitle:at:).
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    /// Every row may be edited unless the data source says otherwise, as tableView(_:canEditRowAt:).
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Throws: a data source that offers delete or insert must commit it (tableView(_:commit:forRowAt:)).
    public func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt indexPath: IndexPath)
        throws
    {
        throw CellarError("the data source does not commit editing (\(editingStyle.rawValue) at \(indexPath))")
    }
    /// UIKit shows the reorder control only when moveRowAt exists; the
    /// default moveRowAt below refuses, so the default here is false.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Throws: a data source that shows reorder controls must move the row (tableView(_:moveRowAt:to:)).
    public func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) throws {
        throw CellarError("the data source does not move rows (\(sourceIndexPath) to \(destinationIndexPath))")
    }
}

/// UITableViewDelegate. Every method is optional.
public protocol TableViewDelegate: AnyObject {
    /// nil = the table's rowHeight.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight?
    /// false halts selection.
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// May redirect to another row, or cancel with nil.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) throws
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) throws
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) throws
    func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> EditingStyle
    /// Where a row being reordered lands when the finger is over
    /// `proposedDestinationIndexPath`; may redirect it (e.g. keep it in its section).
    func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath
    /// The actions a swipe from the leading edge reveals; nil = the style's, else none.
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    /// The actions a swipe from the trailing edge reveals; nil = the style's,
    /// else UIKit's Delete for a row whose editing style is delete.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
}

extension TableViewDelegate {
    /// Leaves the row's height to the table's rowHeight, as tableView(_:heightForRowAt:).
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> RowHeight? { nil }
    /// Lets every row highlight on touch, as tableView(_:shouldHighlightRowAt:).
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// Selects the row tapped, unredirected, as tableView(_:willSelectRowAt:).
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Deselects the row asked for, unredirected, as tableView(_:willDeselectRowAt:).
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// Does nothing when a row becomes selected, as tableView(_:didSelectRowAt:).
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) throws {}
    /// Does nothing when a row becomes deselected, as tableView(_:didDeselectRowAt:).
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) throws {}
    /// Does nothing when a detail button is tapped, as tableView(_:accessoryButtonTappedForRowWith:).
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) throws {}
    /// UIKit default 0; the table draws max(this, cell.indentationLevel).
    public func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
    /// Offers delete for every editable row, as tableView(_:editingStyleForRowAt:).
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> EditingStyle { .delete }
    /// Lets a reordered row land where the finger is (targetIndexPathForMoveFromRowAt:toProposedIndexPath:).
    public func tableView(
        _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        proposedDestinationIndexPath
    }
    /// No leading actions of the delegate's own, as tableView(_:leadingSwipeActionsConfigurationForRowAt:).
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    { nil }
    /// No trailing actions of the delegate's own, as tableView(_:trailingSwipeActionsConfigurationForRowAt:).
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    { nil }
}

/// A delegate that estimates row heights row by row (UITableViewDelegate's
/// estimatedHeightForRowAt). Conforming is how the table knows to ask: a
/// delegate without it costs no calls, and the table-wide
/// `estimatedRowHeight` (if any) stands for every row.
///
/// With an estimating delegate, estimates are on (as if `estimatedRowHeight`
/// were set): the table asks once for every row when it builds its height
/// index (after a reload, an update or a width change), as UIKit does to size
/// its content, and measures rows only as they appear.
public protocol TableViewDelegateEstimating: TableViewDelegate {
    /// Lines the row will probably take; nil = the table's estimatedRowHeight (else 1).
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Int?
}

/// Row data that a data source can hand to style hooks (documents do; a Swift
/// data source may). Style hooks such as didSelect may change it.
public protocol TableViewRowData: AnyObject {
    func rowValue(at indexPath: IndexPath) -> Value?
    func setRowValue(_ value: Value, at indexPath: IndexPath)
}
