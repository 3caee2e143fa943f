import Cellar
import CellarText

/// A document's selection model: UIKit's four flags, with UIKit's defaults
/// (one row selected at a time; nothing selectable while editing).
public struct DocumentSelection: Sendable, Equatable {
    /// The top-level document keys that set the four flags.
    public static let keys = TableSchema.selectionKeys
    /// Whether taps select rows, as UITableView's allowsSelection.
    public var allowsSelection = true
    /// Whether taps toggle rows in and out of the selection, as UITableView's allowsMultipleSelection.
    public var allowsMultipleSelection = false
    /// Whether taps select rows while editing, as UITableView's allowsSelectionDuringEditing.
    public var allowsSelectionDuringEditing = false
    /// Whether taps toggle several rows while editing, as UITableView's allowsMultipleSelectionDuringEditing.
    public var allowsMultipleSelectionDuringEditing = false

    /// Creates UIKit's defaults: single selection, nothing selectable while editing.
    public init() {}

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
public enum RowMovability: String, Sendable {
    /// ≡ shows; the row may land anywhere.
    case anywhere
    /// ≡ shows; a drop outside the row's section is kept inside it.
    case withinSection
    /// No ≡.
    case fixed

    /// From a row's `movable` value (true, false or "withinSection"); true when absent.
    init(_ value: Value?) {
        switch value {
        case .bool(false)?: self = .fixed
        case .string(RowMovability.withinSection.rawValue)?: self = .withinSection
        default: self = .anywhere
        }
    }
}

extension NodeReader {
    /// The row keys of editing, selection and swipe actions, checked as they are read.
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

    /// `indexTitles`: a list of short texts, each at most once.
    func indexTitles(_ node: YAMLNode) throws -> [String] {
        guard case .sequence(let seq, _) = node else {
            throw fail(node, "indexTitles must be a list of titles, e.g. [A, B, C, '#']")
        }
        var titles: [String] = []
        for item in seq {
            guard let t = try text(item, "an index title"), !t.isEmpty else {
                throw fail(item, "an index title must not be empty")
            }
            if titles.contains(t) { throw fail(item, "index title '\(Sanitizer.excerpt(t))' is listed twice") }
            titles.append(t)
        }
        return titles
    }

    /// Several rows marked `selected` need a table that selects several:
    /// UIKit's selectRow would keep only the last, silently.
    func checkInitialSelection(_ doc: TableDocument) throws {
        guard !doc.selection.allowsMultipleSelection else { return }
        var first: (Int, Int)?
        for (s, section) in doc.sections.enumerated() {
            for (r, (row, location)) in zip(section.rows, section.rowLocations).enumerated()
            where row["selected"]?.boolValue == true {
                guard let (fs, fr) = first else {
                    first = (s, r)
                    continue
                }
                throw CellarError(
                    "row [\(s), \(r)] is selected, and so is row [\(fs), \(fr)], but the table selects one row at a time "
                        + "(UIKit's default): add 'allowsMultipleSelection: true' to select several", at: location)
            }
        }
    }

    /// With a table-wide index, every section's own title must be in it
    /// (else the section could never be reached from the index).
    func checkIndexTitles(_ doc: TableDocument, _ root: YAMLNode) throws {
        guard let titles = doc.indexTitles else { return }
        for section in doc.sections {
            guard let own = section.indexTitle, !titles.contains(own) else { continue }
            throw CellarError(
                "the section's indexTitle '\(Sanitizer.excerpt(own))' is not in the table's indexTitles (\(titles.map(Sanitizer.excerpt).joined(separator: " ")))",
                at: section.location ?? loc(root))
        }
    }
}
