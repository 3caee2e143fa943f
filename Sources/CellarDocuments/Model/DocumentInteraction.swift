import Cellar

/// A document's selection model: UIKit's four flags, with UIKit's defaults
/// (one row selected at a time; nothing selectable while editing).
package struct DocumentSelection: Sendable, Equatable {
    package var allowsSelection = true
    package var allowsMultipleSelection = false
    package var allowsSelectionDuringEditing = false
    package var allowsMultipleSelectionDuringEditing = false

    package init() {}

    mutating func set(_ key: String, _ on: Bool) throws {
        switch key {
        case "allowsSelection": allowsSelection = on
        case "allowsMultipleSelection": allowsMultipleSelection = on
        case "allowsSelectionDuringEditing": allowsSelectionDuringEditing = on
        case "allowsMultipleSelectionDuringEditing": allowsMultipleSelectionDuringEditing = on
        default: throw CellarError("not a selection key: \(key)")
        }
    }

    func apply(to table: TableView) {
        table.allowsSelection = allowsSelection
        table.allowsMultipleSelection = allowsMultipleSelection
        table.allowsSelectionDuringEditing = allowsSelectionDuringEditing
        table.allowsMultipleSelectionDuringEditing = allowsMultipleSelectionDuringEditing
    }
}

/// How a row may be reordered: the `movable` row key.
package enum RowMovability: String, Sendable {
    /// ≡ shows; the row may land anywhere.
    case anywhere
    /// ≡ shows; a drop outside the row's section is kept inside it.
    case withinSection
    /// No ≡.
    case fixed

    /// Anywhere when absent.
    init(_ value: Value?) {
        switch value {
        case .bool(false)?: self = .fixed
        case .string(RowMovability.withinSection.rawValue)?: self = .withinSection
        default: self = .anywhere
        }
    }
}
