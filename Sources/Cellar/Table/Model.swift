/// UITableView.Style.
public enum TableStyle: String, CaseIterable, Sendable {
    case plain, grouped, insetGrouped
}

/// UITableViewCell.SeparatorStyle.
public enum SeparatorStyle: String, CaseIterable, Sendable {
    case none, singleLine
}

/// UITableViewCell.EditingStyle.
public enum EditingStyle: String, CaseIterable, Sendable {
    case none, delete, insert
}

/// UITableViewCell.SelectionStyle: whether a selected or highlighted row
/// shows it. With `none` the row is still selected (its state says so and
/// the delegate hears of it); the table just draws no selection.
public enum SelectionStyle: String, CaseIterable, Sendable {
    case none, `default`
}

/// A row height in lines: a fixed number, or measured from the content
/// (UITableView.automaticDimension).
public enum RowHeight: Hashable, Sendable {
    case fixed(Int)
    case automatic
}
