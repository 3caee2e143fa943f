import CellarText

/// UIKit's UIBackgroundConfiguration, in a grid of text: the colour drawn
/// behind a row's content, across the row's full width inside the table's
/// insets and on every line of the row. Set on a cell
/// (`cell.backgroundConfiguration`); a style's
/// `updateConfiguration(_:state:)` or the cell's `configurationUpdateHandler`
/// may change it with the state, as UIKit's updateConfiguration(using:) does.
///
/// The colour is attribute output only (ANSI, HTML, SVG): plain text stays
/// exactly what it is without a background. A selected or highlighted row
/// shows `selectedBackgroundColor` / `highlightedBackgroundColor` in place
/// of Cellar's own selection (inverse video); where that colour is nil the
/// row keeps Cellar's own selection, as a UIKit cell without a background
/// configuration keeps the system's. The selection marker in the leading
/// column shows either way, so plain text still tells selected rows apart.
///
/// Corners: in an insetGrouped table the section's box draws the rounded
/// corners (╭╮ on the line above the first row, ╰╯ below the last), as
/// UIKit rounds the first and last cells of an inset-grouped section. A
/// background fills the rows inside the box's sides and never covers the
/// box, so the coloured rows sit inside those rounded edges; a text grid
/// has no finer corner to round.
public struct BackgroundConfiguration: Hashable, Sendable {
    /// The colour behind the row in its normal state (UIKit's backgroundColor); nil draws none.
    public var backgroundColor: Color?
    /// The colour behind a selected row; nil keeps Cellar's own selection.
    public var selectedBackgroundColor: Color?
    /// The colour behind a highlighted row; nil keeps Cellar's own highlight.
    public var highlightedBackgroundColor: Color?

    /// Creates a configuration; every colour left out draws nothing of its own.
    public init(
        backgroundColor: Color? = nil, selectedBackgroundColor: Color? = nil,
        highlightedBackgroundColor: Color? = nil
    ) {
        self.backgroundColor = backgroundColor
        self.selectedBackgroundColor = selectedBackgroundColor
        self.highlightedBackgroundColor = highlightedBackgroundColor
    }

    /// The colour drawn for a row shown selected or highlighted (selection
    /// wins, as in UIKit); nil = none of the configuration's own (a selected
    /// or highlighted row then keeps Cellar's selection).
    @inline(__always)
    public func color(selected: Bool, highlighted: Bool) -> Color? {
        selected ? selectedBackgroundColor : highlighted ? highlightedBackgroundColor : backgroundColor
    }

    /// The keys of a document's `background` row key, named as UIKit names them.
    public static let documentKeys = ["color", "selectedColor", "highlightedColor"]

    /// A document's `background` value (or a Lua style's, with its own
    /// `names` for the normal, selected and highlighted colours): a mapping
    /// of those names to colours as Cellar names them everywhere (a
    /// semantic name, `default`, a palette index 0–255 or `#rrggbb`).
    /// Throws a `RowDataError` with the key path of the first problem.
    package static func parse(
        _ v: Value, key: String = "background", names: [String] = documentKeys
    ) throws -> BackgroundConfiguration {
        let o: [String: Value]
        switch v {
        case .object(let fields): o = fields
        case .array(let items) where items.isEmpty: o = [:]  // an empty Lua table
        default:
            throw RowDataError(
                keyPath: [key], message: "must be a mapping of \(names.joined(separator: ", ")) to colours")
        }
        var config = BackgroundConfiguration()
        for (k, value) in o.sorted(by: { $0.key < $1.key }) {
            let path = [key, k]
            guard let which = names.firstIndex(of: k) else {
                throw RowDataError(keyPath: path, message: Suggest.unknown("key", k, among: names))
            }
            let color = try RowData.color(value, path)
            switch which {
            case 0: config.backgroundColor = color
            case 1: config.selectedBackgroundColor = color
            default: config.highlightedBackgroundColor = color
            }
        }
        return config
    }
}
