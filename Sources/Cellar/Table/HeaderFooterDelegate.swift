/// A delegate that gives sections header and footer views
/// (UITableViewDelegate's viewForHeaderInSection and its kin). Conforming
/// is how the table knows to ask: a delegate without it costs no calls, and
/// every section shows its titles.
///
/// A section whose view is nil shows its title, as in UIKit. The heights
/// (`heightForHeaderInSection`, else the table's `sectionHeaderHeight`)
/// apply to views; titles keep the lines they wrap to. With
/// `estimatedSectionHeaderHeight` (or the footer's) set, sections start at
/// the estimate and views are asked for only as sections appear; without,
/// every section's view is asked for and measured when the table builds its
/// height index, as rows are without `estimatedRowHeight`.
public protocol TableViewDelegateHeaderFooterViews: TableViewDelegate {
    /// The section's header view (dequeue it with
    /// `dequeueReusableHeaderFooterView(withIdentifier:)`), or nil for its title.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) throws -> HeaderFooterView?
    /// The section's footer view, or nil for its title.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) throws -> HeaderFooterView?
    /// nil = the table's sectionHeaderHeight.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> RowHeight?
    /// nil = the table's sectionFooterHeight.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> RowHeight?
    /// false: no section of this table has a view, so the table asks for
    /// none and measures its titles as a delegate without views would. For
    /// a type that conforms for every table it serves, some of which have none.
    /// Read when the table lays out its sections (after `reloadData()`).
    var hasSectionViews: Bool { get }
}

extension TableViewDelegateHeaderFooterViews {
    /// No header view: the section's title shows.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) throws -> HeaderFooterView? {
        nil
    }
    /// No footer view: the section's title shows.
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) throws -> HeaderFooterView? {
        nil
    }
    /// Leaves the header's height to the table's sectionHeaderHeight.
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> RowHeight? { nil }
    /// Leaves the footer's height to the table's sectionFooterHeight.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> RowHeight? { nil }
    /// Any section may have a view.
    public var hasSectionViews: Bool { true }
}
