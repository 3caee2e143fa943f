import Cellar
import CellarText

/// A document's selection model: UIKit's four flags, with UIKit's defaults
/// (one row selected at a time; nothing selectable while editing).
package struct DocumentSelection: Sendable, Equatable {
    package static let keys = TableSchema.selectionKeys
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

extension NodeReader {
    func editingKey(_ key: String, _ node: YAMLNode) throws -> Value {
        switch key {
        case "editingStyle": return .string(try choice(node, EditingStyle.self, key).rawValue)
        case "selectionStyle": return .string(try choice(node, SelectionStyle.self, key).rawValue)
        case "leadingSwipeActions", "trailingSwipeActions":
            let list = try value(node)
            do { _ = try ContextualAction.actions(from: list) } catch {
                let at = error.keyPath.isEmpty ? node : locate(error.keyPath, in: node)
                throw fail(at, "\(error.path(under: key)): \(error.message)")
            }
            return list
        case "movable":
            if case .scalar(let s) = node, s.string == RowMovability.withinSection.rawValue { return .string(s.string) }
            guard case .scalar = node, case .bool(let b)? = try? value(node) else {
                throw fail(
                    node,
                    "movable must be true, false or withinSection (got '\(Sanitizer.excerpt(node.string ?? "?"))')")
            }
            return .bool(b)
        default:  // "template": the row a tap on this row's ⊕ inserts, read as any row is
            guard case .mapping = node else {
                throw fail(node, "template must be a row (a mapping with 'cell' and its data)")
            }
            return try row(node)
        }
    }
}
