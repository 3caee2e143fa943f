import CellarText

/// The keys a table document holds, declared once: the row keys the table
/// and the built-in styles read, the section keys and the top-level keys,
/// each with its type, who reads it, its line of documentation and the
/// names UIKit gives it. Everything that knows a key by name derives from
/// this table: the readers' dispatch, the row checks (quick and full), the
/// "did you mean" suggestions, the load index's layout (`fingerprint`), the
/// JSON Schema editors read (`cellar schema`); the README's key tables and
/// the Lua annotations' choices are tested against it.
///
/// Adding a row key is one entry in `row` (plus the code that draws it).
package enum TableSchema {
    /// What a key's value must be.
    package enum ValueType: Sendable, Equatable {
        /// A reuse identifier: non-empty text.
        case identifier
        /// Text; a number or flag is drawn as written, null is no text.
        case text
        /// `true` or `false`.
        case flag
        /// `automatic` or a whole number of lines from 0 to `TableView.maximumRowHeight`.
        case height
        /// A whole number within the bounds.
        case count(ClosedRange<Int>)
        /// One of the names.
        case choice([String])
        /// `true`, `false` or `withinSection`.
        case movability
        /// A mapping of `RowData.propertyKeys`.
        case textProperties
        /// A mapping of `BackgroundConfiguration.documentKeys`.
        case background
        /// A list of `{title, style, color}`.
        case swipeActions
        /// A row (a mapping with `cell` and its data).
        case row
        /// Anything else a section or document holds (a list, a mapping, a view), read by its own code.
        case structure(String)

        /// The type as the docs word it.
        package var summary: String {
            switch self {
            case .identifier: "a reuse identifier"
            case .text: "text"
            case .flag: "true or false"
            case .height: "automatic or a whole number of lines"
            case .count(let r): "a whole number from \(r.lowerBound) to \(r.upperBound)"
            case .choice(let names): names.joined(separator: " | ")
            case .movability: "true, false or withinSection"
            case .textProperties: "{\(RowData.propertyKeys.joined(separator: ", "))}"
            case .background: "{\(BackgroundConfiguration.documentKeys.joined(separator: ", "))}"
            case .swipeActions: "[{title, style, color}]"
            case .row: "a row"
            case .structure(let what): what
            }
        }
    }

    /// Which part of Cellar reads a key, and what for.
    package enum Role: String, Sendable, Equatable {
        /// The row's reuse identifier (`cell`).
        case cell
        /// A state the table starts the row in (`selected`, `highlighted`, `disabled`).
        case state
        /// The row's declared height.
        case height
        /// Editing and selection, read by the table's data source when asked.
        case editing
        /// Content the built-in styles draw; `readBy` names which.
        case content
        /// A section's or a document's key.
        case structure
    }

    /// One key.
    package struct Key: Sendable {
        package let name: String
        package let type: ValueType
        package let role: Role
        /// The built-in styles that read it (content keys only; the table's keys are read for every row).
        package let readBy: [BuiltinCellStyle.Kind]
        /// UIKit's names for it, suggested from when written by mistake.
        package let uikit: [String]
        /// One line for the docs.
        package let doc: String

        init(
            _ name: String, _ type: ValueType, _ role: Role, readBy: [BuiltinCellStyle.Kind] = [],
            uikit: [String] = [], _ doc: String
        ) {
            self.name = name
            self.type = type
            self.role = role
            self.readBy = role == .content && readBy.isEmpty ? BuiltinCellStyle.Kind.allCases : readBy
            self.uikit = uikit
            self.doc = doc
        }

        /// Whether the table reads it (every row's), not a style.
        package var isTableKey: Bool { role != .content }
    }

    private static let accessories = AccessoryType.allCases.map(\.rawValue)

    /// Row keys: the table's first, then the built-in styles' (the order messages list them in).
    package static let row: [Key] = [
        Key(
            "cell", .identifier, .cell, uikit: ["reuseIdentifier", "style"],
            "the reuse identifier of the style that draws the row"),
        Key("selected", .flag, .state, uikit: ["isSelected"], "the row starts selected"),
        Key("highlighted", .flag, .state, uikit: ["isHighlighted"], "the row starts highlighted"),
        Key("disabled", .flag, .state, "the row is drawn dimmed and cannot be selected"),
        Key("height", .height, .height, uikit: ["rowHeight"], "the row's own height, as heightForRowAt"),
        Key("editable", .flag, .editing, uikit: ["canEditRowAt"], "whether the row can be edited (canEditRowAt)"),
        Key(
            "editingStyle", .choice(EditingStyle.allCases.map(\.rawValue)), .editing,
            "the editing control: ⊖ delete, ⊕ insert or none"),
        Key("movable", .movability, .editing, uikit: ["canMoveRowAt"], "whether the row can be reordered"),
        Key("template", .row, .editing, "the row a ⊕ insert adds"),
        Key(
            "selectionStyle", .choice(SelectionStyle.allCases.map(\.rawValue)), .editing,
            "whether a selection shows"),
        Key("deselectAfterSelect", .flag, .editing, "the row deselects once tapped, as a button"),
        Key("selectable", .flag, .editing, uikit: ["shouldHighlightRowAt"], "whether a tap selects the row"),
        Key("background", .background, .editing, uikit: ["backgroundConfiguration"], "colours under the row"),
        Key(
            "leadingSwipeActions", .swipeActions, .editing, uikit: ["leadingSwipeActionsConfiguration"],
            "the actions a swipe from the leading edge reveals"),
        Key(
            "trailingSwipeActions", .swipeActions, .editing, uikit: ["trailingSwipeActionsConfiguration"],
            "the actions a swipe from the trailing edge reveals"),
        Key("text", .text, .content, uikit: ["textLabel"], "the primary text"),
        Key(
            "secondaryText", .text, .content, readBy: [.subtitle, .value1, .value2],
            uikit: ["detailTextLabel", "detailText"], "the detail text"),
        Key("image", .text, .content, uikit: ["imageView"], "a glyph or emoji at the leading edge"),
        Key(
            "accessory", .choice(accessories), .content, uikit: ["accessoryType"], "the accessory at the trailing edge"),
        Key(
            "accessoryText", .text, .content, uikit: ["accessoryView"],
            "a custom accessory drawn as tinted text; it overrides `accessory`"),
        Key(
            "editingAccessory", .choice(accessories), .content, uikit: ["editingAccessoryType"],
            "the accessory while the table edits"),
        Key(
            "indentation", .count(InputLimits.smallCount), .content, uikit: ["indentationLevel"],
            "the indentation level"),
        Key("textProperties", .textProperties, .content, "how the text is drawn"),
        Key("secondaryTextProperties", .textProperties, .content, "how the detail text is drawn"),
    ]

    /// Section keys.
    package static let section: [Key] = [
        Key("header", .text, .structure, uikit: ["titleForHeaderInSection"], "the header title"),
        Key("footer", .text, .structure, uikit: ["titleForFooterInSection"], "the footer title"),
        Key("headerView", .structure("{view: ID, …data}"), .structure, "a header view in place of the title"),
        Key("footerView", .structure("{view: ID, …data}"), .structure, "a footer view in place of the title"),
        Key("indexTitle", .text, .structure, "the section's entry in the section index"),
        Key("rows", .structure("a list of rows"), .structure, "the rows"),
    ]

    /// The keys of the table's selection flags (UITableView's), at the top level.
    package static let selectionKeys = [
        "allowsSelection", "allowsMultipleSelection", "allowsSelectionDuringEditing",
        "allowsMultipleSelectionDuringEditing",
    ]
    /// The keys of the section heights, at the top level.
    package static let sectionHeightKeys = [
        "sectionHeaderHeight", "sectionFooterHeight", "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight",
    ]

    /// Top-level keys.
    package static let document: [Key] =
        [
            Key("style", .choice(TableStyle.allCases.map(\.rawValue)), .structure, "the table's style"),
            Key("rowHeight", .height, .structure, "every row's height"),
            Key("estimatedRowHeight", .count(1...TableView.maximumRowHeight), .structure, "the rows' estimate"),
            Key("separatorStyle", .choice(SeparatorStyle.allCases.map(\.rawValue)), .structure, "row separators"),
            Key("ambiguousWide", .flag, .structure, "East Asian Ambiguous characters take two columns"),
            Key("register", .structure("{identifier: style}"), .structure, "the document's own reuse identifiers"),
            Key("sections", .structure("a list of sections"), .structure, "the sections"),
            Key("indexTitles", .structure("a list of titles"), .structure, "the section index"),
        ] + selectionKeys.map { Key($0, .flag, .structure, "as UITableView's \($0)") }
        + sectionHeightKeys.map { name in
            // An estimate is a count of lines, as `estimatedRowHeight` is; the heights may be automatic.
            let type: ValueType = name.hasPrefix("estimated") ? .count(1...TableView.maximumRowHeight) : .height
            return Key(name, type, .structure, "as UITableView's \(name)")
        }

    /// Row keys by name.
    private static let rowByName = Dictionary(uniqueKeysWithValues: row.map { ($0.name, $0) })

    /// The row key named `name`, or nil.
    package static func rowKey(_ name: String) -> Key? { rowByName[name] }

    /// The row keys the table reads.
    package static let tableRowKeys = row.filter(\.isTableKey).map(\.name)
    /// The row keys the built-in styles read.
    package static let builtinRowKeys = row.filter { !$0.isTableKey }.map(\.name)
    /// The row keys of editing and selection.
    package static let editingRowKeys = row.filter { $0.role == .editing }.map(\.name)

    /// The error for `name` where a document or a section holds no such key:
    /// a key of a level below says where it belongs (a first table often
    /// writes `rows:` or a row's keys at the top), else "did you mean".
    package static func unknownKey(_ name: String, inSection: Bool) -> String {
        let what = inSection ? "section key" : "key"
        let quoted = "unknown \(what) '\(Sanitizer.excerpt(name))'"
        if !inSection, section.contains(where: { $0.name == name }) {
            return "\(quoted): it is a section's key; a table lists its sections under 'sections' "
                + "(sections: [{\(name): …}])"
        }
        if rowKey(name) != nil {
            // At the top, a file of rows alone is more often JSON Lines named as a document.
            return "\(quoted): it is a row's key; rows are listed under a section's 'rows' "
                + "(sections: [{rows: [{\(name): …}]}])" + (inSection ? "" : ", or one to a line in a JSON Lines file")
        }
        if name == "<<" { return quoted + mergeKeyNote }
        let known = (inSection ? section : document).map(\.name)
        if let meant = suggestion(for: name, among: known) { return "\(quoted) — did you mean '\(meant)'?" }
        return Suggest.unknown(what, name, among: known)
    }

    /// What an unknown key named `<<` is taken for: YAML 1.1's merge key,
    /// which the 1.2 core schema Cellar reads has not (a `docker-compose` habit).
    package static let mergeKeyNote =
        " ('<<' merges mappings in YAML 1.1 only; YAML 1.2 has no merge key: "
        + "write the keys out, or give the whole mapping as an alias, `*name`)"

    /// The key among `known` that `name` was most likely meant as: UIKit's
    /// name for one of them (`detailTextLabel` is `secondaryText`), else the closest spelling.
    package static func suggestion(for name: String, among known: [String]) -> String? {
        for key in row + section + document where key.uikit.contains(name) && known.contains(key.name) {
            return key.name
        }
        return Suggest.closest(name, among: known)
    }

    /// The error for a row of built-in style `kind` with a value under a content key `kind` does not draw.
    package static func notDrawn(_ key: Key, by kind: BuiltinCellStyle.Kind) -> String {
        let what = key.doc.hasPrefix("the ") ? String(key.doc.dropFirst(4)) : key.name
        let uikit = key.uikit.first.map { " (UIKit's \($0) is nil)" } ?? ""
        var styles = key.readBy.map(\.rawValue)
        let last = styles.popLast() ?? ""
        let use = styles.isEmpty ? last : styles.joined(separator: ", ") + " or " + last
        return "style '\(kind.rawValue)' has no \(what)\(uikit); use \(use), or drop \(key.name)"
    }

    /// A hash of every key's name, type, role and readers: a file laid out
    /// by one schema (the load index) is not read by a build with another.
    package static let fingerprint = fingerprint(of: row + section + document)

    /// The FNV-1a hash of `keys`' descriptions, in order.
    static func fingerprint(of keys: [Key]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for key in keys {
            let readers = key.readBy.map(\.rawValue).joined(separator: ",")
            // Words, not `\(key.type)`: describing a value by reflection costs milliseconds at start-up.
            for b in "\(key.name)|\(key.type.summary)|\(key.role.rawValue)|\(readers);".utf8 {
                h = (h ^ UInt64(b)) &* 0x100_0000_01b3
            }
        }
        return h
    }
}
