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

/// A row height in lines: a fixed number, or measured from the content
/// (UITableView.automaticDimension).
public enum RowHeight: Hashable, Sendable {
    case fixed(Int)
    case automatic
}
