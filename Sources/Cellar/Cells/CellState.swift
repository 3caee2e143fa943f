import CellarText

/// UIKit's UICellConfigurationState: what a style may react to.
public struct CellState: Hashable, Sendable {
    /// The row is selected, as UICellConfigurationState.isSelected.
    public var isSelected = false
    /// The row is being touched, as UICellConfigurationState.isHighlighted.
    public var isHighlighted = false
    /// The cell does not respond to taps and is drawn dimmed, as UICellConfigurationState.isDisabled.
    public var isDisabled = false
    /// The cell has focus, as UICellConfigurationState.isFocused.
    public var isFocused = false
    /// The table is editing, as UICellConfigurationState.isEditing.
    public var isEditing = false
    /// The cell's outline item is expanded, as UICellConfigurationState.isExpanded.
    public var isExpanded = false
    /// The cell is swiped open, as UICellConfigurationState.isSwiped.
    public var isSwiped = false
    /// The cell is being reordered, as UICellConfigurationState.cellDragState.
    public var isReordering = false
    /// UIConfigurationStateCustomKey values.
    public var custom: [String: Value] = [:]
    /// Creates a state with no flag set and no custom state.
    public init() {}
    /// No flag set and no custom state.
    public static let normal = CellState()

    /// No flag set and no custom state.
    public var isNormal: Bool { !isNotNormal }

    /// Any flag set or any custom state (read in place: no copy of `custom`).
    var isNotNormal: Bool {
        isSelected || isHighlighted || isDisabled || isFocused || isEditing || isExpanded
            || isSwiped || isReordering || !custom.isEmpty
    }
}

/// UITableViewCell.AccessoryType.
public enum AccessoryType: String, CaseIterable, Sendable {
    case none, disclosureIndicator, checkmark, detailButton, detailDisclosureButton

    /// The text drawn in the accessory column.
    public var glyph: String {
        switch self {
        case .none: return ""
        case .disclosureIndicator: return "›"
        case .checkmark: return "✓"
        case .detailButton: return "ⓘ"
        case .detailDisclosureButton: return "ⓘ ›"
        }
    }

    /// Only the two detail buttons call accessoryButtonTapped.
    public var tracksTaps: Bool { self == .detailButton || self == .detailDisclosureButton }
}

/// An accessory: a type, or a custom view that overrides the type
/// (UIKit's accessoryView).
public enum Accessory: Hashable, Sendable {
    // Boxed, so that an accessory is one word. Declared first, so that its box's
    // address is stored as it is (the other case keeps its tag in the word's
    // spare bits), where a leak checker can follow it.
    indirect case custom(ViewNode)
    case type(AccessoryType)

    /// No accessory, as UITableViewCell.AccessoryType.none.
    public static let none = Accessory.type(.none)

    /// A custom accessory showing `text` in the tint colour.
    public static func text(_ text: String) -> Accessory {
        .custom(.label(Label(text, style: TextStyle(foreground: .semantic(.tint)), width: .fit)))
    }

    /// Whether the accessory draws nothing (type none or an empty custom view).
    public var isNone: Bool {
        if case .type(.none) = self { return true }
        if case .custom(.empty) = self { return true }
        return false
    }

    /// Custom accessory views are controls of their own; only the detail types track taps.
    public var tracksTaps: Bool {
        if case .type(let t) = self { return t.tracksTaps }
        return false
    }
}
